// An allocator for the DP's large tables that asks Linux for transparent huge pages.
//
// The DP's graph and value tables grow large on 3-shanten hands, and a solver's first call would
// spend much of its time taking page faults on them, one per 4 KiB page (README gives the
// figures). Allocations of 2 MiB and more are aligned to 2 MiB and marked MADV_HUGEPAGE, which the
// kernel honours when transparent huge pages are enabled for marked memory ("madvise", Debian's
// default) or everywhere; elsewhere, and on other systems, this is plain aligned allocation.
// (Stockfish marks its hash table the same way.)
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tenbin {

template <typename T>
struct LargePageAllocator {
  using value_type = T;

  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  LargePageAllocator() = default;
  template <typename U>
  LargePageAllocator(const LargePageAllocator<U>&) {}  // rebinding to another type converts implicitly

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return static_cast<T*>(::operator new(bytes));
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* memory = std::aligned_alloc(kHugePage, rounded);
    if (memory == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(memory, rounded, MADV_HUGEPAGE);  // a hint: failure leaves ordinary pages
#endif
    return static_cast<T*>(memory);
  }

  void deallocate(T* memory, std::size_t n) {
    if (n * sizeof(T) < kHugePage) {
      ::operator delete(memory);
      return;
    }
    std::free(memory);
  }

  template <typename U>
  bool operator==(const LargePageAllocator<U>&) const { return true; }
};

// A vector whose storage comes from LargePageAllocator.
template <typename T>
using LargePageVector = std::vector<T, LargePageAllocator<T>>;

}  // namespace tenbin
