// A DP state's key: the hand's 34 counts packed two kinds to a 5-bit field (a + 5b, both at most
// 4) in two words, with the state's flags beside them; adding or removing a tile is one addition.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/tile.hpp"

namespace tenbin::dp {

// Fields 0-11 (kinds 0-23) live in `lo`; fields 12-16 (kinds 24-33) and the flags in `hi`, whose
// top bits stay free for the hash index's id and generation. No member initialisers: arrays of
// keys filled just after are not cleared first (HandKey{} is 0).
struct HandKey {
  std::uint64_t lo;
  std::uint64_t hi;
  friend bool operator==(const HandKey&, const HandKey&) = default;
};

inline constexpr int kFieldBits = 5;
inline constexpr int kLoFields = 12;
inline constexpr int kFields = (kNumKinds + 1) / 2;
inline constexpr std::uint64_t kCountMaskHi = (std::uint64_t{1} << (kFieldBits * (kFields - kLoFields))) - 1;  // bits 0-24
inline constexpr std::uint64_t kChangedFlag = std::uint64_t{1} << 25;    // the path changed plan
inline constexpr std::uint64_t kImprovingFlag = std::uint64_t{1} << 26;  // discard states only
inline constexpr int kRedShift = 27;      // three bits: the red five of each suit still held
inline constexpr int kWinKindShift = 30;  // six bits: the winning kind (win keys only)
// The same six bits in a laid-down call's discard key: the kind called.
inline constexpr int kCalledKindShift = kWinKindShift;
inline constexpr int kMeldShiftHi = 36;   // three bits: the laid-down meld's code, high part
inline constexpr int kKeyBitsHi = 39;     // hi's bits that belong to the key

// In `lo`, above its twelve fields: the hand was opened by a call the DP valued from a closed
// hand (docs/dp.md, "Calls"); its wins score open.
inline constexpr std::uint64_t kOpenedFlagLo = std::uint64_t{1} << (kFieldBits * kLoFields);
inline constexpr std::uint64_t kCountMaskLo = kOpenedFlagLo - 1;
// Above it, the laid-down meld's code, low part (bot/dp/laid_down_meld.hpp: 0 when the call's
// tiles stay among the counts, or no call was made). Its high part is in `hi`.
inline constexpr int kMeldShiftLo = kFieldBits * kLoFields + 1;
inline constexpr std::uint64_t kMeldMaskLo = std::uint64_t{7} << kMeldShiftLo;
inline constexpr std::uint64_t kMeldMaskHi = std::uint64_t{7} << kMeldShiftHi;

inline constexpr std::uint64_t red_flag(int suit) { return std::uint64_t{1} << (kRedShift + suit); }

// One copy of `kind` as a number to add to its word.
inline std::uint64_t unit_of(int kind, bool& in_lo) {
  const int field = kind / 2;
  const std::uint64_t digit = (kind & 1) != 0 ? 5 : 1;
  in_lo = field < kLoFields;
  return digit << (kFieldBits * (in_lo ? field : field - kLoFields));
}

inline void add_kind(HandKey& key, int kind) {
  bool in_lo = true;
  const std::uint64_t unit = unit_of(kind, in_lo);
  (in_lo ? key.lo : key.hi) += unit;
}

inline void remove_kind(HandKey& key, int kind) {
  bool in_lo = true;
  const std::uint64_t unit = unit_of(kind, in_lo);
  (in_lo ? key.lo : key.hi) -= unit;
}

inline HandKey key_of(const TileCounts& counts) {
  HandKey key{};
  for (int field = 0; field < kFields; ++field) {
    const std::uint64_t value = counts[static_cast<std::size_t>(2 * field)] + 5u * counts[static_cast<std::size_t>(2 * field + 1)];
    if (field < kLoFields) {
      key.lo |= value << (kFieldBits * field);
    } else {
      key.hi |= value << (kFieldBits * (field - kLoFields));
    }
  }
  return key;
}

inline TileCounts counts_of(const HandKey& key) {
  TileCounts counts{};
  for (int field = 0; field < kFields; ++field) {
    const std::uint64_t word = field < kLoFields ? key.lo >> (kFieldBits * field) : key.hi >> (kFieldBits * (field - kLoFields));
    const auto value = static_cast<std::uint8_t>(word & 31);
    counts[static_cast<std::size_t>(2 * field)] = static_cast<std::uint8_t>(value % 5);
    counts[static_cast<std::size_t>(2 * field + 1)] = static_cast<std::uint8_t>(value / 5);
  }
  return counts;
}

// The key without its flags.
inline HandKey counts_only(HandKey key) {
  key.lo &= kCountMaskLo;
  key.hi &= kCountMaskHi;
  return key;
}

inline bool is_opened(const HandKey& key) { return (key.lo & kOpenedFlagLo) != 0; }

// The same hand in the opened family.
inline HandKey opened(HandKey key) {
  key.lo |= kOpenedFlagLo;
  return key;
}

inline std::uint64_t flags_of(const HandKey& key) { return key.hi & ~kCountMaskHi; }

// The code of the meld a closed hand's call laid down on this path (0: none).
inline int meld_code(const HandKey& key) {
  const auto low = static_cast<int>((key.lo & kMeldMaskLo) >> kMeldShiftLo);
  const auto high = static_cast<int>((key.hi & kMeldMaskHi) >> kMeldShiftHi);
  return low | high << 3;
}

inline HandKey with_meld_code(HandKey key, int code) {
  const auto bits = static_cast<std::uint64_t>(code);
  key.lo = (key.lo & ~kMeldMaskLo) | (bits & 7) << kMeldShiftLo;
  key.hi = (key.hi & ~kMeldMaskHi) | (bits >> 3 & 7) << kMeldShiftHi;
  return key;
}

// The key's counts and laid-down meld, without its other flags: what a hand's ukeire depends on.
inline HandKey counts_and_meld(HandKey key) {
  key.lo &= kCountMaskLo | kMeldMaskLo;
  key.hi &= kCountMaskHi | kMeldMaskHi;
  return key;
}

// The hand a key holds.
inline TileCounts hand_of_key(const HandKey& key) { return counts_of(counts_only(key)); }

inline std::uint64_t hash_key(const HandKey& key) {
  std::uint64_t x = key.lo * 0x9E3779B97F4A7C15ull ^ (key.hi + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
  x ^= x >> 31;
  x *= 0xD6E8FEB86659FD93ull;
  x ^= x >> 32;
  return x;
}

}  // namespace tenbin::dp
