// The shanten tables: how a suit's (or the honours') figures are represented, ranked and built.
// Internal to engine/shanten.cpp, the table generator run at build time, and the tests.
//
// For every pattern s of one group of kinds (a suit: nine counts 0-4; the honours: seven) with
// at most 14 tiles, and for k = 0..4 sets with or without the pair:
//
//   need(s, k, p) = min over complete patterns t of k sets (+ the pair if p), every kind <= 4,
//                   of the number of tiles t has beyond s.
//
// A suit has 405,350 such patterns and the honours 43,130; each owns one 8-byte entry (ten 4-bit
// figures). The tables are computed at build time by tenbin_make_shanten_tables
// (engine/tools/) and compiled into the binary, so they cost nothing at start-up.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/tile.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tenbin::shanten_tables {


constexpr int kMaxSets = 4;
constexpr int kMaxTilesPerGroup = 14;
constexpr int kSlackBias = 32;  // above any need (at most 14), and twice it fits a byte

// Lanes 0-4: k sets without the pair; lanes 9-13: k sets and the pair; the rest stay 0 so that
// shifting by up to four lanes never moves one half into the other.
constexpr int kPairLane = 9;
constexpr std::array<bool, 16> kUsedLanes = {true,  true,  true,  true,  true,  false,
                                             false, false, false, true,  true,  true,
                                             true,  true,  false, false};

// One group's figures unpacked for arithmetic: slack = kSlackBias - need per lane, 0 = unused.
struct alignas(16) SetNeeds {
  std::array<std::uint8_t, 16> slack{};

  int need(int sets, bool pair) const {
    return kSlackBias - slack[(pair ? kPairLane : 0) + sets];
  }
  void set_need(int sets, bool pair, int need) {
    slack[(pair ? kPairLane : 0) + sets] = static_cast<std::uint8_t>(kSlackBias - need);
  }
  // Lane-wise max: every need becomes the lesser of the two.
  void lower_to(const SetNeeds& other) {
    for (std::size_t lane = 0; lane < slack.size(); ++lane) {
      slack[lane] = std::max(slack[lane], other.slack[lane]);
    }
  }
};

// The stored form: lane L's need (0-14) in bits 4L..4L+3 of one 64-bit word (half the size of
// one byte per lane).
using PackedNeeds = std::uint64_t;

inline PackedNeeds pack(const SetNeeds& needs) {
  PackedNeeds packed = 0;
#if defined(__SSE2__)
  // Lane needs as bytes, then each 16-bit word w = even | odd << 8 becomes even | odd << 4.
  const __m128i used = _mm_setr_epi8(-1, -1, -1, -1, -1, 0, 0, 0, 0, -1, -1, -1, -1, -1, 0, 0);
  const __m128i slack = _mm_load_si128(reinterpret_cast<const __m128i*>(needs.slack.data()));
  const __m128i bytes = _mm_and_si128(_mm_sub_epi8(_mm_set1_epi8(kSlackBias), slack), used);
  const __m128i merged = _mm_and_si128(_mm_or_si128(bytes, _mm_srli_epi16(bytes, 4)),
                                       _mm_set1_epi16(0x00FF));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(&packed), _mm_packus_epi16(merged, merged));
#else
  for (std::size_t lane = 0; lane < kUsedLanes.size(); ++lane) {
    if (!kUsedLanes[lane]) continue;
    packed |= static_cast<PackedNeeds>(kSlackBias - needs.slack[lane]) << (4 * lane);
  }
#endif
  return packed;
}

#if defined(__SSE2__)
inline __m128i unpack_slack(const PackedNeeds* packed) {
  const __m128i nibbles = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(packed));
  const __m128i low_nibble = _mm_set1_epi8(0x0F);
  const __m128i even = _mm_and_si128(nibbles, low_nibble);
  const __m128i odd = _mm_and_si128(_mm_srli_epi16(nibbles, 4), low_nibble);
  const __m128i needs = _mm_unpacklo_epi8(even, odd);
  const __m128i used = _mm_setr_epi8(-1, -1, -1, -1, -1, 0, 0, 0, 0, -1, -1, -1, -1, -1, 0, 0);
  return _mm_and_si128(_mm_sub_epi8(_mm_set1_epi8(kSlackBias), needs), used);
}
#endif

inline SetNeeds unpack(const PackedNeeds& packed) {
  SetNeeds needs;
#if defined(__SSE2__)
  _mm_store_si128(reinterpret_cast<__m128i*>(needs.slack.data()), unpack_slack(&packed));
#else
  for (std::size_t lane = 0; lane < kUsedLanes.size(); ++lane) {
    if (!kUsedLanes[lane]) continue;
    needs.slack[lane] = static_cast<std::uint8_t>(kSlackBias - ((packed >> (4 * lane)) & 0xF));
  }
#endif
  return needs;
}

// Max-plus product of two groups' slacks for up to Sets sets (the min-plus product of their
// needs): lane k takes the best split j + (k - j) of the sets, the pair from either side. A lane
// where either side has no pattern stays 0. engine/shanten combines a hand's four groups with it,
// engine/neighbour_shanten a hand's neighbours.
#if defined(__SSE2__)
// Lane `Lane` of a figure in every lane, from the figure's bytes doubled into words (lanes 0-7 in
// `low`, 8-15 in `high`): two shuffles, where a byte broadcast from memory takes five steps.
template <int Lane>
__m128i broadcast_lane(__m128i low, __m128i high) {
  constexpr int word = Lane % 8;
  const __m128i doubled = Lane < 8 ? low : high;
  if constexpr (word < 4) return _mm_shuffle_epi32(_mm_shufflelo_epi16(doubled, word * 0x55), 0x00);
  return _mm_shuffle_epi32(_mm_shufflehi_epi16(doubled, (word - 4) * 0x55), 0xAA);
}

template <int J>
__m128i add_split(__m128i result, __m128i a_low, __m128i a_high, __m128i b) {
  const __m128i bias = _mm_set1_epi8(kSlackBias);
  const __m128i a_plain = broadcast_lane<J>(a_low, a_high);
  const __m128i a_pair = broadcast_lane<kPairLane + J>(a_low, a_high);
  const __m128i b_plain_to_plain = _mm_slli_si128(b, J);            // lane k <- b[k - J]
  const __m128i b_plain_to_pair = _mm_slli_si128(b, kPairLane + J);  // lane 9 + k <- b[k - J]
  result = _mm_max_epu8(result, _mm_subs_epu8(_mm_adds_epu8(a_plain, b_plain_to_plain), bias));
  return _mm_max_epu8(result, _mm_subs_epu8(_mm_adds_epu8(a_pair, b_plain_to_pair), bias));
}

template <int Sets>
SetNeeds max_plus(const SetNeeds& a, const SetNeeds& b) {
  const __m128i av = _mm_load_si128(reinterpret_cast<const __m128i*>(a.slack.data()));
  const __m128i low = _mm_unpacklo_epi8(av, av);
  const __m128i high = _mm_unpackhi_epi8(av, av);
  const __m128i bv = _mm_load_si128(reinterpret_cast<const __m128i*>(b.slack.data()));
  __m128i r = add_split<0>(_mm_setzero_si128(), low, high, bv);
  if constexpr (Sets >= 1) r = add_split<1>(r, low, high, bv);
  if constexpr (Sets >= 2) r = add_split<2>(r, low, high, bv);
  if constexpr (Sets >= 3) r = add_split<3>(r, low, high, bv);
  if constexpr (Sets >= 4) r = add_split<4>(r, low, high, bv);
  const __m128i used = _mm_setr_epi8(-1, -1, -1, -1, -1, 0, 0, 0, 0, -1, -1, -1, -1, -1, 0, 0);
  SetNeeds out;
  _mm_store_si128(reinterpret_cast<__m128i*>(out.slack.data()), _mm_and_si128(r, used));
  return out;
}
#else
template <int Sets>
SetNeeds max_plus(const SetNeeds& a, const SetNeeds& b) {
  SetNeeds out;
  for (int k = 0; k <= kMaxSets; ++k) {
    int plain = 0;
    int pair = 0;
    for (int j = 0; j <= std::min(k, Sets); ++j) {
      plain = std::max(plain, a.slack[j] + b.slack[k - j] - kSlackBias);
      pair = std::max({pair, a.slack[kPairLane + j] + b.slack[k - j] - kSlackBias,
                       a.slack[j] + b.slack[kPairLane + k - j] - kSlackBias});
    }
    out.slack[k] = static_cast<std::uint8_t>(plain);
    out.slack[kPairLane + k] = static_cast<std::uint8_t>(pair);
  }
  return out;
}
#endif

// Lexicographic ranking of the patterns of a group: rank(s) = sum over kinds i of the number of
// patterns that agree with s before i and hold fewer of kind i, given the room left.
template <int Kinds>
class PatternRanks {
 public:
  static constexpr int kRooms = kMaxTilesPerGroup + 2;  // room 15 serves neighbour ranks

  constexpr PatternRanks() {
    std::array<std::array<std::uint32_t, kRooms>, Kinds + 1> fillings{};  // patterns of kinds i..
    for (auto& f : fillings[Kinds]) f = 1;
    for (int i = Kinds - 1; i >= 0; --i) {
      for (int room = 0; room < kRooms; ++room) {
        std::uint32_t total = 0;
        for (int c = 0; c <= kCopiesPerKind; ++c) {
          offsets_[i][room][c] = total;
          if (c <= room) total += fillings[i + 1][room - c];
        }
        fillings[i][room] = total;
      }
    }
    size_ = fillings[0][kMaxTilesPerGroup];
  }

  constexpr std::size_t size() const { return size_; }
  constexpr std::uint32_t offset(int kind, int room, int count) const {
    return offsets_[kind][room][count];
  }
  std::uint32_t rank(const std::uint8_t* counts) const {
    std::uint32_t index = 0;
    int room = kMaxTilesPerGroup;
    for (int i = 0; i < Kinds; ++i) {
      index += offsets_[i][room][counts[i]];
      room -= counts[i];
    }
    return index;
  }

 private:
  std::uint32_t offsets_[Kinds][kRooms][kCopiesPerKind + 1]{};
  std::size_t size_ = 0;
};

inline constexpr PatternRanks<9> kSuitRanks{};
inline constexpr PatternRanks<7> kHonorRanks{};
inline constexpr std::size_t kSuitPatterns = kSuitRanks.size();    // 405,350
inline constexpr std::size_t kHonorPatterns = kHonorRanks.size();  // 43,130

// Compute the tables (the generator calls these at build time).
std::vector<PackedNeeds> build_suit_table();
std::vector<PackedNeeds> build_honor_table();

// The compiled tables, generated at build time (shanten_tables_data.cpp in the build tree).
extern const PackedNeeds kSuitTable[kSuitPatterns];
extern const PackedNeeds kHonorTable[kHonorPatterns];

}  // namespace tenbin::shanten_tables
