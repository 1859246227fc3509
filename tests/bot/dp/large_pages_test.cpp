// The DP's table allocator: large blocks come back aligned to the 2 MiB huge-page size and hold
// what is written to them through growth and release; small blocks are ordinary allocations.
#include "bot/dp/large_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace tenbin {
namespace {

template <typename T>
using LargeVector = std::vector<T, LargePageAllocator<T>>;

bool aligned_to_huge_page(const void* memory) {
  return reinterpret_cast<std::uintptr_t>(memory) % LargePageAllocator<char>::kHugePage == 0;
}

TEST(LargePages, LargeBlocksAreAlignedAndKeepTheirContents) {
  LargeVector<std::uint64_t> values;
  for (std::uint64_t i = 0; i < 1'000'000; ++i) values.push_back(i * 2654435761u);  // grows past 2 MiB
  EXPECT_TRUE(aligned_to_huge_page(values.data()));
  for (std::uint64_t i = 0; i < values.size(); i += 997) ASSERT_EQ(values[i], i * 2654435761u);
  values.resize(3'000'000, 7);  // a larger block, the old one released
  EXPECT_TRUE(aligned_to_huge_page(values.data()));
  EXPECT_EQ(values[999'999], std::uint64_t{999'999} * 2654435761u);
  EXPECT_EQ(values[2'999'999], 7u);
}

TEST(LargePages, SmallBlocksWork) {
  LargeVector<int> small(100, 3);
  small.push_back(4);
  EXPECT_EQ(small.size(), 101u);
  EXPECT_EQ(small.front(), 3);
  EXPECT_EQ(small.back(), 4);
}

}  // namespace
}  // namespace tenbin
