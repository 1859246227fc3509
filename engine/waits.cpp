#include "engine/waits.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <vector>

#include "engine/shanten_tables.hpp"

namespace tenbin {
namespace {

using shanten_tables::kHonorPatterns;
using shanten_tables::kHonorRanks;
using shanten_tables::kMaxTilesPerGroup;
using shanten_tables::kSuitPatterns;
using shanten_tables::kSuitRanks;

template <int Kinds>
struct CompletionTable {
  std::vector<std::uint16_t> entries;

  // Every complete pattern: sets from `first` on (non-decreasing, so each multiset once).
  void add_sets(std::array<std::uint8_t, Kinds>& counts, int total, int sets, int first) {
    mark_complete(counts, total);
    if (sets == 4) return;
    const int kinds_of_set = Kinds == 9 ? Kinds + 7 : Kinds;  // triplets, then runs (suits only)
    for (int s = first; s < kinds_of_set; ++s) {
      if (total + 3 > kMaxTilesPerGroup) return;
      if (!add_set(counts, s, +1)) {
        add_set(counts, s, -1);
        continue;
      }
      add_sets(counts, total + 3, sets + 1, s);
      add_set(counts, s, -1);
    }
  }

  // Adds (or removes) set s: a triplet of kind s, or for s >= Kinds a run from kind s - Kinds.
  // Returns whether every count stays at most four.
  static bool add_set(std::array<std::uint8_t, Kinds>& counts, int s, int sign) {
    bool ok = true;
    const auto bump = [&](int kind, int by) {
      counts[kind] = static_cast<std::uint8_t>(counts[kind] + sign * by);
      if (counts[kind] > kCopiesPerKind) ok = false;
    };
    if (s < Kinds) {
      bump(s, 3);
    } else {
      for (int i = 0; i < 3; ++i) bump(s - Kinds + i, 1);
    }
    return ok;
  }

  // A complete pattern without the pair, and with each possible pair.
  void mark_complete(std::array<std::uint8_t, Kinds>& counts, int total) {
    mark(counts);
    if (total + 2 > kMaxTilesPerGroup) return;
    for (int pair = 0; pair < Kinds; ++pair) {
      if (counts[pair] + 2 > kCopiesPerKind) continue;
      counts[pair] = static_cast<std::uint8_t>(counts[pair] + 2);
      mark(counts);
      counts[pair] = static_cast<std::uint8_t>(counts[pair] - 2);
    }
  }

  void mark(std::array<std::uint8_t, Kinds>& counts) {
    entries[rank(counts.data())] |= kCompleteBit;
    for (int i = 0; i < Kinds; ++i) {
      if (counts[i] == 0) continue;
      --counts[i];
      entries[rank(counts.data())] |= static_cast<std::uint16_t>(1u << i);
      ++counts[i];
    }
  }

  static std::uint32_t rank(const std::uint8_t* counts) {
    if constexpr (Kinds == 9) return kSuitRanks.rank(counts);
    return kHonorRanks.rank(counts);
  }

  CompletionTable() {
    entries.assign(Kinds == 9 ? kSuitPatterns : kHonorPatterns, 0);
    std::array<std::uint8_t, Kinds> counts{};
    add_sets(counts, 0, 0, 0);
  }
};

const CompletionTable<9>& suit_table() {
  static const CompletionTable<9> table;
  return table;
}

const CompletionTable<7>& honor_table() {
  static const CompletionTable<7> table;
  return table;
}

constexpr int kGroups = 4;
constexpr std::array<int, kGroups> kGroupFirst = {0, 9, 18, 27};

// A group of at most 14 tiles (callers check the size).
std::uint16_t group_completion(const TileCounts& counts, int group) {
  const std::uint8_t* first = counts.data() + kGroupFirst[group];
  return group < 3 ? suit_table().entries[kSuitRanks.rank(first)]
                   : honor_table().entries[kHonorRanks.rank(first)];
}

KindMask group_mask(std::uint16_t entry, int group) {
  return static_cast<KindMask>(entry & 0x1FF) << kGroupFirst[group];
}

}  // namespace

std::uint16_t suit_completion(const std::uint8_t* counts) {
  int total = 0;
  for (int i = 0; i < 9; ++i) total += counts[i];
  if (total > kMaxTilesPerGroup) return 0;
  return suit_table().entries[kSuitRanks.rank(counts)];
}

std::uint16_t honor_completion(const std::uint8_t* counts) {
  int total = 0;
  for (int i = 0; i < 7; ++i) total += counts[i];
  if (total > kMaxTilesPerGroup) return 0;
  return honor_table().entries[kHonorRanks.rank(counts)];
}

std::uint16_t suit_completion_at(std::uint32_t rank) { return suit_table().entries[rank]; }
std::uint16_t honor_completion_at(std::uint32_t rank) { return honor_table().entries[rank]; }

KindMask regular_waits(const TileCounts& concealed) {
  std::array<int, kGroups> size{};
  for (int kind = 0; kind < kNumKinds; ++kind) size[suit_of(kind)] += concealed[kind];
  return regular_waits(concealed, size);
}

KindMask regular_waits(const TileCounts& concealed, const std::array<int, 4>& size) {
  for (const int s : size) {
    if (s > kMaxTilesPerGroup) return 0;
  }
  int one = -1;           // the group of size 3m+1
  int two[2] = {-1, -1};  // the groups of size 3m+2
  for (int g = 0; g < kGroups; ++g) {
    const int residue = size[g] % 3;
    if (residue == 1) {
      if (one >= 0) return 0;
      one = g;
    } else if (residue == 2) {
      if (two[1] >= 0) return 0;
      two[two[0] >= 0 ? 1 : 0] = g;
    }
  }
  const bool shape_a = one >= 0 && two[0] < 0;
  const bool shape_b = one < 0 && two[1] >= 0;
  if (!shape_a && !shape_b) return 0;
  // Every other group must read as sets on its own.
  for (int g = 0; g < kGroups; ++g) {
    if (g == one || g == two[0] || g == two[1]) continue;
    if (!(group_completion(concealed, g) & kCompleteBit)) return 0;
  }
  if (shape_a) return group_mask(group_completion(concealed, one), one);
  const std::uint16_t first = group_completion(concealed, two[0]);
  const std::uint16_t second = group_completion(concealed, two[1]);
  KindMask waits = 0;
  if (second & kCompleteBit) waits |= group_mask(first, two[0]);
  if (first & kCompleteBit) waits |= group_mask(second, two[1]);
  return waits;
}

KindMask waits_after_removal(const TileCounts& concealed, const std::array<int, 4>& size, int removed) {
  const int g = suit_of(removed);
  const std::uint16_t entry = group_completion(concealed, g);
  const KindMask waits = group_mask(entry, g);
  // Size 3m+1: the pair was here, the rest reads as sets; 3m+2: the pair is in the other group
  // of size 3m+2, which also waits when this one reads as sets and a pair.
  if (size[g] % 3 == 1 || !(entry & kCompleteBit)) return waits;
  for (int p = 0; p < kGroups; ++p) {
    if (p != g && size[p] % 3 == 2) return waits | group_mask(group_completion(concealed, p), p);
  }
  return waits;
}

namespace {

// The 34 counts as five little-endian words of bytes (the last holds kinds 32 and 33), for
// branch-free byte tests: counts are 0-4, so bit 0 is set for 1 and 3, bit 1 for 2 and 3, bit 2
// for 4.
struct CountWords {
  std::array<std::uint64_t, 5> word{};
  explicit CountWords(const TileCounts& counts) {
    std::memcpy(word.data(), counts.data(), kNumKinds);
  }
};

constexpr std::uint64_t kLowBits = 0x0101010101010101ULL;

// Bytes (kinds) of each word that are not terminals or honours: 2-8 of each suit.
constexpr std::array<std::uint64_t, 5> simple_bytes() {
  std::array<std::uint64_t, 5> mask{};
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (is_simple(kind)) mask[kind / 8] |= std::uint64_t{0xFF} << (8 * (kind % 8));
  }
  return mask;
}
constexpr std::array<std::uint64_t, 5> kSimpleBytes = simple_bytes();

}  // namespace

KindMask seven_pairs_waits(const TileCounts& concealed) {
  // Six kinds with exactly 2, one with exactly 1, none with more: the single is the wait.
  const CountWords counts(concealed);
  int pairs = 0;
  int singles = 0;
  int single = -1;
  for (int w = 0; w < 5; ++w) {
    const std::uint64_t x = counts.word[w];
    const std::uint64_t b0 = x & kLowBits;
    const std::uint64_t b1 = (x >> 1) & kLowBits;
    const std::uint64_t b2 = (x >> 2) & kLowBits;
    if ((b2 | (b0 & b1)) != 0) return 0;
    pairs += static_cast<int>((b1 * kLowBits) >> 56);  // one bit per byte: the sum lands on top
    if (b0 != 0) {
      singles += static_cast<int>((b0 * kLowBits) >> 56);
      single = 8 * w + std::countr_zero(b0) / 8;
    }
  }
  if (pairs != 6 || singles != 1) return 0;
  return KindMask{1} << single;
}

KindMask thirteen_orphans_waits(const TileCounts& concealed) {
  const CountWords counts(concealed);
  for (int w = 0; w < 5; ++w) {
    if (counts.word[w] & kSimpleBytes[w]) return 0;
  }
  int tiles = 0;
  int kinds = 0;
  int missing = -1;
  KindMask orphans = 0;
  for (const int kind : kOrphanKinds) {
    orphans |= KindMask{1} << kind;
    const int c = concealed[kind];
    if (c > 2) return 0;
    tiles += c;
    if (c == 0) {
      missing = kind;
    } else {
      ++kinds;
    }
  }
  if (tiles != 13) return 0;
  if (kinds == 13) return orphans;
  if (kinds == 12) return KindMask{1} << missing;
  return 0;
}

KindMask waits_of(const TileCounts& concealed) {
  return regular_waits(concealed) | seven_pairs_waits(concealed) | thirteen_orphans_waits(concealed);
}

}  // namespace tenbin
