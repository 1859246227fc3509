// The expected-score / win-probability DP (see dp.hpp for the recurrence and its source).
//
// The graph. Draw states are (concealed hand, whether the path has changed plan, red fives still
// held); their edges are the draws that can change something, each with its weight
//   a_k(v) = max(0, w_k - copies of k drawn and still held)
// (the unseen weight of the kind less what this hand has taken out of the wall). From draw state v
// (shanten s) the draw k leads to the discard state x = v + k, whose choices are:
//   - forward: x improves (shanten(x) = s - 1): every discard that keeps shanten(x);
//   - win: x is complete and scores (a closed tsumo always has menzen tsumo; an open hand with no
//     yaku has no winning edge), with the choice to win or to go on;
//   - hand change (option): x does not improve, and a discard gives another hand of shanten s:
//     at tenpai any such discard (the values pick the changes that widen the wait or raise the
//     score), at 1-shanten the widest when it has strictly more ukeire than v (or any, with
//     Options::any_change_before_tenpai);
//   - tsumogiri: back to v (the self-loop; always there, never stored).
// Shanten-back (option) is a first discard that raises the shanten by one: those candidates are
// valued too. A path changes plan at most once: one hand change, or the shanten-back it started
// with (the flag in the state). This keeps the options' graphs within a small multiple of the
// plain one; a change allowed again later costs a whole new problem per state. Measured on the
// bench hands (../shared/bench-hands.md): with shanten-back alone, H1 (1-shanten) has 300 states
// when backs are first discards and 8,222 when any later draw may back, H2 (2-shanten) 1,730 and
// 130,247; hand changes limited only by "strictly more ukeire" take H1 past 420,000 states, and
// one per shanten level (reset on improving) with backs on later draws past 1.4 million; with
// both options as here H1 has 305. Hand changes are looked for at shanten <= kMaxChangeShanten,
// where the shape decides the wait (allowing them at 2-shanten too: H2 2,341 -> 4,355 states,
// H3 56,143 -> 76,804, for 3% and 12% more expected score).
//
// A discard state is keyed by (x, flags, whether it improves), so one reached from several hands
// is built once (each edge into it reads the best of its successors' rows); an edge into a
// hand-change state may use its widest discards when they are strictly wider than the edge's own
// hand, or all of them where any change is allowed (the count it may use is kept).
//
// Riichi. A closed tenpai hand has three values per time: dama D (may still change hands), riichi
// declared with the last discard Rf (the next draw is ippatsu) and riichi Rs (locked: win or
// tsumogiri). Riichi wins take the 1000-point deposit back, and declaring pays it: entering a
// tenpai hand (by any discard, tsumogiri included) chooses per objective auto max(D, Rf - 1000),
// always Rf - 1000, never D (the deposit counts for the expected score only). A win also collects
// the honba (300 each) and the sticks on the table.
//
// Scores. A winning edge (x, k) is scored once by engine/score (tsumo, the real winds and melds)
// without dora; riichi, ippatsu and haitei add their han, and dora, red fives and ura dora add
// theirs as a distribution, the expected points being taken over it (not the points at the mean):
// dora from the indicators; red fives held from the start (kept while a copy of that five is); a
// drawn five red with probability m/c (m extra copies held, c unseen copies); for riichi one ura
// indicator drawn from the unseen weights, P(u ura) = sum of w_i/S over the indicator kinds i that
// point at a kind the hand holds u of. For each number of extra han the best of the hand's
// readings is taken (engine/score's score_readings), since a reading of more han may overtake one
// of more fu as the han add up. (A drawn red five is not swapped for a plain copy already held,
// the states knowing kinds only.)
//
// Why every value stays a probability without patching the draw odds (the source's note on the
// inconsistency when the useful weight exceeds S - t). The recurrence is a convex combination,
// coefficients a_k/(S-t) and 1 - H/(S-t), as long as the helpful weight H (draws whose best
// continuation beats staying) is at most S - t, the wall left. Without options the useful kinds
// are nested along every path: if x is useful to v' = v + k - d with shanten(v') = shanten(v) - 1,
// then shanten(v' + x) = shanten(v) - 2, and v + x is one exchange from v' + x, so x is useful to
// v. Hence a tile thrown as useless (or discarded from the hand) is useless for the rest of the
// path, the weights a_k(v) of the kinds that matter are exactly what the wall still holds, and at
// every (v, t) that can occur H <= S - t. A pair (v, t) with H > S - t cannot occur (the wall of
// S - t tiles would have to hold the H useful tiles the bookkeeping says are still there), and the
// recurrence never reaches it with a positive coefficient: from an occurring state the self-loop
// to (v, t+1) has weight S - t - H, zero exactly when (v, t+1) cannot occur, and a useful draw
// takes at least one useful tile out of the wall. So no draw probability is patched: an impossible
// pair is marked (kImpossible, a NaN read as 0, counted in Result::impossible_entries, reported
// as a NaN by_draws entry, null in `tenbin nanikiru`) and the tests check that the simulator of the
// real game never meets one. With a hand change a thrown kind can become useful again and the model overcounts it (the
// source's fixed edge weights); an impossible pair then means the model cannot account for the
// hand, and it gets no credit (0) rather than an invented probability. The same holds for
// fractional weights (a wall estimate), where a draw takes less than one unit of a kind's weight:
// every value is still a convex combination of values in [0, 1] (or of scores), or marked.
#include "bot/dp/dp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/waits.hpp"
#include "bot/dp/large_pages.hpp"
#include "engine/agari.hpp"
#include "engine/neighbour_shanten.hpp"
#include "engine/score.hpp"
#include "engine/shanten.hpp"

namespace tenbin::dp {
namespace {

// The graph and value tables, which reach tens of MiB (bot/dp/large_pages.hpp).
template <typename T>
using LargeVector = std::vector<T, LargePageAllocator<T>>;

constexpr std::uint32_t kNone = 0xFFFFFFFFu;
constexpr double kImpossible = std::numeric_limits<double>::quiet_NaN();
bool is_impossible(double value) { return std::isnan(value); }
double or_zero(double value) { return is_impossible(value) ? 0.0 : value; }
constexpr int kFiveOffset = 4;
constexpr int kMaxChangeShanten = 1;  // hand changes are looked for at 1-shanten and tenpai
constexpr float kAnyWidth = -1.0f;    // an ukeire threshold every hand change passes

// The sweep's row operations over [from, to), two lanes at a time.
// out[k] = max(out[k], in[k]): the best of several draw states.
void raise_to(double* out, const double* in, std::size_t from, std::size_t to) {
  std::size_t k = from;
#if defined(__SSE2__)
  for (; k + 2 <= to; k += 2) _mm_storeu_pd(out + k, _mm_max_pd(_mm_loadu_pd(out + k), _mm_loadu_pd(in + k)));
#endif
  for (; k < to; ++k) out[k] = std::max(out[k], in[k]);
}

// out[k] = max(a[k], b[k]).
void best_of_two(double* out, const double* a, const double* b, std::size_t from, std::size_t to) {
  std::size_t k = from;
#if defined(__SSE2__)
  for (; k + 2 <= to; k += 2) _mm_storeu_pd(out + k, _mm_max_pd(_mm_loadu_pd(a + k), _mm_loadu_pd(b + k)));
#endif
  for (; k < to; ++k) out[k] = std::max(a[k], b[k]);
}

// sums[k] += weight * in[k] and least[k] = min(least[k], in[k]): a state's draws, summed.
void add_row(double* sums, double* least, double weight, const double* in, std::size_t from, std::size_t to) {
  std::size_t k = from;
#if defined(__SSE2__)
  const __m128d w = _mm_set1_pd(weight);
  for (; k + 2 <= to; k += 2) {
    const __m128d v = _mm_loadu_pd(in + k);
    _mm_storeu_pd(sums + k, _mm_add_pd(_mm_loadu_pd(sums + k), _mm_mul_pd(w, v)));
    _mm_storeu_pd(least + k, _mm_min_pd(_mm_loadu_pd(least + k), v));
  }
#endif
  for (; k < to; ++k) {
    sums[k] += weight * in[k];
    least[k] = std::min(least[k], in[k]);
  }
}

// The same for the first of the draws: sums[k] = weight * in[k], least[k] = in[k].
void start_row(double* sums, double* least, double weight, const double* in, std::size_t from, std::size_t to) {
  for (std::size_t k = from; k < to; ++k) {
    sums[k] = weight * in[k];
    least[k] = in[k];
  }
}

// Whether `value` is better than `base` by more than the rounding of the sums behind them (the
// sweep sums a state's draws in different orders, and the policy compares what it summed).
bool beats(double value, double base) { return value - base > 1e-12 * std::max(1.0, std::abs(base)); }

// ---- hand keys: the 34 counts, two kinds to a 5-bit field (a + 5b: both at most 4), fields 0-11
// (kinds 0-23) in `lo`, fields 12-16 (kinds 24-33) and the flags in `hi`. Adding or removing a
// tile is one addition; 36 bits of `hi` stay free for the hash index's id and generation. ----

// No member initialisers: arrays of keys filled just after are not cleared first (HandKey{} is 0).
struct HandKey {
  std::uint64_t lo;
  std::uint64_t hi;
  friend bool operator==(const HandKey&, const HandKey&) = default;
};

constexpr int kFieldBits = 5;
constexpr int kLoFields = 12;
constexpr int kFields = (kNumKinds + 1) / 2;
constexpr std::uint64_t kCountMaskHi = (std::uint64_t{1} << (kFieldBits * (kFields - kLoFields))) - 1;  // bits 0-24
constexpr std::uint64_t kChangedFlag = std::uint64_t{1} << 25;    // the path changed plan
constexpr std::uint64_t kImprovingFlag = std::uint64_t{1} << 26;  // discard states only
constexpr int kRedShift = 27;    // three bits: the red five of each suit still held
constexpr int kWinKindShift = 30;  // six bits: the winning kind (win keys only)
constexpr int kKeyBitsHi = 36;     // hi's bits that belong to the key

// One copy of `kind` as a number to add to its word.
std::uint64_t unit_of(int kind, bool& in_lo) {
  const int field = kind / 2;
  const std::uint64_t digit = (kind & 1) != 0 ? 5 : 1;
  in_lo = field < kLoFields;
  return digit << (kFieldBits * (in_lo ? field : field - kLoFields));
}

void add_kind(HandKey& key, int kind) {
  bool in_lo = true;
  const std::uint64_t unit = unit_of(kind, in_lo);
  (in_lo ? key.lo : key.hi) += unit;
}

void remove_kind(HandKey& key, int kind) {
  bool in_lo = true;
  const std::uint64_t unit = unit_of(kind, in_lo);
  (in_lo ? key.lo : key.hi) -= unit;
}

HandKey key_of(const TileCounts& counts) {
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

TileCounts counts_of(const HandKey& key) {
  TileCounts counts{};
  for (int field = 0; field < kFields; ++field) {
    const std::uint64_t word = field < kLoFields ? key.lo >> (kFieldBits * field) : key.hi >> (kFieldBits * (field - kLoFields));
    const auto value = static_cast<std::uint8_t>(word & 31);
    counts[static_cast<std::size_t>(2 * field)] = static_cast<std::uint8_t>(value % 5);
    counts[static_cast<std::size_t>(2 * field + 1)] = static_cast<std::uint8_t>(value / 5);
  }
  return counts;
}

HandKey counts_only(HandKey key) {
  key.hi &= kCountMaskHi;
  return key;
}

std::uint64_t hash_key(const HandKey& key) {
  std::uint64_t x = key.lo * 0x9E3779B97F4A7C15ull ^ (key.hi + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
  x ^= x >> 31;
  x *= 0xD6E8FEB86659FD93ull;
  x ^= x >> 32;
  return x;
}

// Open addressing, linear probing, power-of-two capacity: key -> dense id. A slot is 16 bytes: the
// key's `lo`, and its `hi` with the id (24 bits) and the generation (4 bits) in the bits the key
// leaves free. clear() starts a new generation instead of wiping the slots, so a reused index
// costs nothing to empty (every 15th clear wipes them).
class KeyIndex {
 public:
  KeyIndex() { slots_.resize(1024); }

  void clear() {
    size_ = 0;
    if (++generation_ < kGenerations) return;
    std::fill(slots_.begin(), slots_.end(), Slot{});  // the counter wrapped: wipe once
    generation_ = 1;
  }

  // The id of `key`, inserting `fresh` when absent; second is true when inserted.
  std::pair<std::uint32_t, bool> find_or_insert(const HandKey& key, std::uint32_t fresh) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    if (fresh >= kMaxIds) throw std::length_error("dp: more than 16 million states");
    Slot& slot = probe(key);
    if (generation_of(slot) == generation_) return {id_of(slot), false};
    slot = {key.lo, key.hi | std::uint64_t{fresh} << kKeyBitsHi | generation_ << kGenerationShift};
    ++size_;
    return {fresh, true};
  }

  std::size_t bytes() const { return slots_.capacity() * sizeof(Slot); }

  // Starts loading the slot `key` hashes to, for a lookup a little later (the tables outgrow the
  // caches on the larger hands, and the lookups are otherwise independent misses).
  void prefetch(const HandKey& key) const {
    __builtin_prefetch(&slots_[hash_key(key) & (slots_.size() - 1)]);
  }

 private:
  static constexpr std::uint64_t kMaxIds = std::uint64_t{1} << 24;
  static constexpr int kGenerationShift = 60;
  static constexpr std::uint64_t kGenerations = 16;
  static constexpr std::uint64_t kKeyMaskHi = (std::uint64_t{1} << kKeyBitsHi) - 1;

  struct Slot {
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;  // the key's hi, then the id and the generation (0: empty)
  };

  static std::uint64_t generation_of(const Slot& slot) { return slot.hi >> kGenerationShift; }
  static std::uint32_t id_of(const Slot& slot) {
    return static_cast<std::uint32_t>((slot.hi >> kKeyBitsHi) & (kMaxIds - 1));
  }
  static HandKey key_of_slot(const Slot& slot) { return {slot.lo, slot.hi & kKeyMaskHi}; }

  Slot& probe(const HandKey& key) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash_key(key) & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (generation_of(slot) != generation_ || (slot.lo == key.lo && (slot.hi & kKeyMaskHi) == key.hi)) return slot;
    }
  }

  void grow() {
    LargeVector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    const std::uint64_t live = generation_;
    generation_ = 1;
    size_ = 0;
    for (const Slot& slot : old) {
      if (generation_of(slot) != live) continue;
      const HandKey key = key_of_slot(slot);
      probe(key) = {slot.lo, key.hi | std::uint64_t{id_of(slot)} << kKeyBitsHi | generation_ << kGenerationShift};
      ++size_;
    }
  }

  LargeVector<Slot> slots_;
  std::size_t size_ = 0;
  std::uint64_t generation_ = 1;
};

// ---- the graph ----

struct DrawNode {
  HandKey key;  // the hand, the changed-plan flag and the red fives held
  std::int8_t shanten = 0;
  std::uint8_t depth = 0;  // the fewest draws from a candidate (states are made in this order)
  float ukeire = 0;
  std::uint32_t edge_begin = 0;
  std::uint32_t edge_end = 0;
  std::int32_t tenpai_slot = -1;  // row of the dama / riichi tables
};

struct DrawEdge {
  std::uint32_t discard = kNone;  // the discard state, kNone when the draw can only win
  std::int32_t win = -1;          // the winning hand, -1 when x does not score
  float weight = 0;
  std::uint16_t allowed = 0;      // hand-change successors this edge may use (a prefix)
  std::uint8_t kind = 0;
};

struct DiscardNode {
  HandKey key;
  bool improving = false;
  std::int8_t source_shanten = 0;  // shanten of the hands it is drawn from
  std::uint32_t begin = 0;         // successors [begin, end): forward, or hand changes by ukeire
  std::uint32_t end = 0;
  std::uint32_t enqueued = 0;      // hand changes made draw states so far (a prefix)
};

struct Successor {
  std::uint32_t node = kNone;
  float ukeire = 0;
  std::uint8_t discard = 0;
};

// Expected points of one winning hand, per variant: dama, riichi, riichi with ippatsu; each
// without and with haitei.
struct WinValue {
  std::array<float, 6> points{};
  bool dama = false;    // wins without riichi (has a yaku)
  bool riichi = false;  // wins with riichi (closed)
  float get(int variant, bool haitei) const { return points[2 * variant + (haitei ? 1 : 0)]; }
};
constexpr int kDama = 0, kRiichi = 1, kIppatsu = 2;

// Extra han (dora, red fives, ura dora) as a distribution; the last bin holds everything from it
// up (13 han or more is the same limit).
constexpr int kHanBins = 16;
using HanDistribution = std::array<double, kHanBins>;

int last_nonzero(const HanDistribution& d) {
  int last = kHanBins - 1;
  while (last > 0 && d[static_cast<std::size_t>(last)] == 0) --last;
  return last;
}

HanDistribution convolve(const HanDistribution& a, const HanDistribution& b) {
  HanDistribution out{};
  const int a_last = last_nonzero(a);
  const int b_last = last_nonzero(b);
  for (int i = 0; i <= a_last; ++i) {
    if (a[i] == 0) continue;
    for (int j = 0; j <= b_last; ++j) out[std::min(i + j, kHanBins - 1)] += a[i] * b[j];
  }
  return out;
}

bool closed_hand(const std::vector<Meld>& melds) {
  return std::none_of(melds.begin(), melds.end(), [](const Meld& m) { return m.is_open(); });
}

int five_of_suit(int suit) { return suit * 9 + kFiveOffset; }

}  // namespace

TileCounts count_unseen(const Position& position, const TileCounts& also_seen) {
  std::array<int, kNumKinds> seen{};
  for (int kind = 0; kind < kNumKinds; ++kind) seen[kind] = position.hand[kind] + also_seen[kind];
  for (const Meld& meld : position.melds) {
    for (const Tile tile : meld.all_tiles()) ++seen[tile.kind()];
  }
  for (const Tile marker : position.dora_markers) ++seen[marker.kind()];
  TileCounts unseen{};
  for (int kind = 0; kind < kNumKinds; ++kind) {
    unseen[kind] = static_cast<std::uint8_t>(std::max(0, kCopiesPerKind - seen[kind]));
  }
  return unseen;
}

void set_flat_unseen(Position& position, const TileCounts& also_seen, std::array<bool, 3> reds_seen) {
  position.unseen_copies = count_unseen(position, also_seen);
  for (int kind = 0; kind < kNumKinds; ++kind) position.weights[kind] = position.unseen_copies[kind];
  for (const Meld& meld : position.melds) {
    for (const Tile tile : meld.all_tiles()) {
      if (tile.is_red()) reds_seen[suit_of(tile.kind())] = true;
    }
  }
  for (const Tile marker : position.dora_markers) {
    if (marker.is_red()) reds_seen[suit_of(marker.kind())] = true;
  }
  for (int suit = 0; suit < 3; ++suit) {
    position.red_unseen[suit] = position.rules.red_fives && !position.red_in_hand[suit] &&
                                !reds_seen[suit] && position.unseen_copies[five_of_suit(suit)] > 0;
  }
}

struct Solver::Impl {
  Position position;
  Options options;
  int draws = 0;             // n
  double wall = 0;           // S: total weight
  int melds = 0;
  bool closed = true;
  bool riichi_possible = false;
  TileCounts root{};         // the hand the extra copies are counted from
  int root_shanten = 0;
  bool root_is_draw = true;

  LargeVector<DrawNode> nodes;
  LargeVector<DrawEdge> edges;
  LargeVector<DiscardNode> discards;
  LargeVector<Successor> successors;
  std::vector<WinValue> wins;
  GroupNeedsCache group_cache;
  KeyIndex node_index;
  KeyIndex discard_index;
  KeyIndex win_index;        // (x, k) -> wins
  KeyIndex ukeire_index;     // hands whose ukeire was computed -> ukeire_values
  std::vector<float> ukeire_values;
  std::size_t tenpai_slots = 0;
  int expanding_depth = -1;  // depth of the state being expanded (-1: making the candidates)

  // Fixed score inputs.
  int aka_melds = 0;
  std::array<double, kNumKinds> ura_weight{};  // P(the ura indicator points at this kind)
  WinContext context;

  Result result;

  // ---- set-up ----

  void check_position() {
    const int total = total_tiles(position.hand);
    melds = static_cast<int>(position.melds.size());
    const int draw_size = 13 - 3 * melds;
    if (melds > 4 || (total != draw_size && total != draw_size + 1)) {
      throw std::invalid_argument(std::to_string(total) + " concealed tiles with " +
                                  std::to_string(melds) + " melds");
    }
    if (position.draws_left < 1 || position.draws_left > kMaxDraws) {
      throw std::invalid_argument("draws_left must be 1.." + std::to_string(kMaxDraws));
    }
    draws = position.draws_left;
    wall = 0;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      const double w = position.weights[kind];
      if (!(w >= 0) || !std::isfinite(w)) throw std::invalid_argument("weights must be >= 0");
      wall += w;
    }
    if (wall < draws) throw std::invalid_argument("the unseen weights sum to less than draws_left");
    root = position.hand;
    root_is_draw = total == draw_size;
    if (position.honba < 0 || position.riichi_sticks < 0) throw std::invalid_argument("honba and sticks must be >= 0");
    if (!root_is_draw) {
      bool any = false;
      for (int kind = 0; kind < kNumKinds; ++kind) any = any || (root[kind] > 0 && position.discardable[kind]);
      if (!any) throw std::invalid_argument("no tile of the hand may be discarded");
    }
    closed = closed_hand(position.melds);
    riichi_possible = closed;
  }

  // ---- hands ----

  static TileCounts hand_of_key(const HandKey& key) { return counts_of(counts_only(key)); }

  // The weight of a draw of `kind` to a hand holding `copies` of it: the unseen weight less the
  // copies this path has taken out of the wall (set_up_draw_weights fills the table).
  std::array<std::array<float, kCopiesPerKind + 1>, kNumKinds> draw_weight{};

  void set_up_draw_weights() {
    for (int kind = 0; kind < kNumKinds; ++kind) {
      for (int copies = 0; copies <= kCopiesPerKind; ++copies) {
        const int extra = std::max(0, copies - root[kind]);
        draw_weight[kind][copies] = static_cast<float>(std::max(0.0, position.weights[kind] - extra));
      }
    }
  }

  float weight_of(const TileCounts& hand, int kind) const { return draw_weight[kind][hand[kind]]; }

  // The ukeire of a hand, computed once per solve; `key` holds its counts (no flags).
  float ukeire_of(const TileCounts& hand) { return ukeire_of(key_of(hand), hand); }
  void remember_ukeire(const HandKey& key, float ukeire) {
    if (ukeire_index.find_or_insert(key, static_cast<std::uint32_t>(ukeire_values.size())).second) ukeire_values.push_back(ukeire);
  }
  float ukeire_of(const HandKey& key, const TileCounts& hand) {
    const auto [id, inserted] = ukeire_index.find_or_insert(key, static_cast<std::uint32_t>(ukeire_values.size()));
    if (!inserted) return ukeire_values[id];
    const ShantenProbe probe(hand, group_cache, Neighbours::draws_and_discards);
    float total = 0;
    for (std::uint64_t kinds = probe.improving_draws(); kinds != 0; kinds &= kinds - 1) {
      const int kind = std::countr_zero(kinds);
      total += weight_of(hand, kind);
    }
    ukeire_values.push_back(total);
    return total;
  }

  HandKey with_flags(const TileCounts& hand, std::uint64_t flags) const {
    HandKey key = key_of(hand);
    key.hi |= flags;
    return key;
  }

  // The key of a hand with one tile of `kind` discarded from the hand of `key`, with `flags`.
  static HandKey after_discard_key(HandKey key, int kind, std::uint64_t flags) {
    remove_kind(key, kind);
    key.hi = (key.hi & kCountMaskHi) | flags;
    return key;
  }

  std::uint32_t draw_node(const HandKey& key, int hand_shanten) {
    const auto [id, inserted] = node_index.find_or_insert(key, static_cast<std::uint32_t>(nodes.size()));
    if (!inserted) return id;
    DrawNode node;
    node.key = key;
    node.shanten = static_cast<std::int8_t>(hand_shanten);
    node.depth = static_cast<std::uint8_t>(std::min(255, expanding_depth + 1));
    if (hand_shanten == 0) node.tenpai_slot = static_cast<std::int32_t>(tenpai_slots++);
    nodes.push_back(node);
    return id;
  }

  // The flags of the hand after discarding `kind` from a hand with `flags`: a red five leaves when
  // its last copy goes.
  static std::uint64_t flags_after_discard(std::uint64_t flags, const TileCounts& after, int kind) {
    if (is_honor(kind) || kind % 9 != kFiveOffset || after[kind] > 0) return flags;
    return flags & ~(std::uint64_t{1} << (kRedShift + suit_of(kind)));
  }

  // ---- discard states ----

  // x = v + k, with the probe of v: the discards of x are exchanges of v.
  std::uint32_t improving_discard(const HandKey& x_key, const TileCounts& x, int x_shanten,
                                  const ShantenProbe& probe, int k) {
    HandKey key = x_key;
    key.hi |= kImprovingFlag;
    const auto [id, inserted] = discard_index.find_or_insert(key, static_cast<std::uint32_t>(discards.size()));
    if (!inserted) return id;
    DiscardNode node;
    node.key = key;
    node.improving = true;
    node.source_shanten = static_cast<std::int8_t>(x_shanten + 1);
    node.begin = static_cast<std::uint32_t>(successors.size());
    const std::uint64_t flags = x_key.hi & ~kCountMaskHi;
    // The discards that keep x's shanten.
    std::array<HandKey, kNumKinds> next_keys;
    std::array<std::uint8_t, kNumKinds> kept{};
    int count = 0;
    TileCounts y = x;
    for (std::uint64_t best = probe.best_discards(k); best != 0; best &= best - 1) {
      const int d = std::countr_zero(best);
      --y[d];
      next_keys[static_cast<std::size_t>(count)] = after_discard_key(x_key, d, flags_after_discard(flags, y, d));
      node_index.prefetch(next_keys[static_cast<std::size_t>(count)]);
      kept[static_cast<std::size_t>(count++)] = static_cast<std::uint8_t>(d);
      ++y[d];
    }
    for (int i = 0; i < count; ++i) {
      const std::uint32_t next = draw_node(next_keys[static_cast<std::size_t>(i)], x_shanten);
      successors.push_back({next, 0, kept[static_cast<std::size_t>(i)]});
    }
    node.end = static_cast<std::uint32_t>(successors.size());
    discards.push_back(node);
    return id;
  }

  // The hand changes of x = v + k (x does not improve v): discards keeping shanten s. Where every
  // such discard may be made (any_change), all of them, for the DP to value (a wider wait, a yaku,
  // a dora, a better wait: whatever scores more); elsewhere the widest, which an edge may take when
  // strictly wider than its own hand. Every discard is looked at, the drawn kind's too: x is shared
  // by all the hands one draw below it, and a hand is never strictly wider than itself.
  std::uint32_t change_discard(const HandKey& x_key, const TileCounts& x, int s, const ShantenProbe& probe, int k) {
    const auto [id, inserted] = discard_index.find_or_insert(x_key, static_cast<std::uint32_t>(discards.size()));
    if (!inserted) return id;
    DiscardNode node;
    node.key = x_key;
    node.source_shanten = static_cast<std::int8_t>(s);
    node.begin = static_cast<std::uint32_t>(successors.size());
    const bool any = any_change(s);
    // The discards that keep shanten s (from a complete hand, every one: each leaves it tenpai).
    for (std::uint64_t best = probe.best_discards(k); best != 0; best &= best - 1) {
      const int d = std::countr_zero(best);
      if (!any) ukeire_index.prefetch(after_discard_key(x_key, d, 0));  // looked up just below
      successors.push_back({kNone, 0.0f, static_cast<std::uint8_t>(d)});
    }
    if (!any) {
      TileCounts y = x;
      for (std::uint32_t p = node.begin; p < successors.size(); ++p) {
        const int d = successors[p].discard;
        --y[d];
        successors[p].ukeire = ukeire_of(after_discard_key(x_key, d, 0), y);
        ++y[d];
      }
      keep_widest(node.begin);
    }
    node.end = static_cast<std::uint32_t>(successors.size());
    discards.push_back(node);
    return id;
  }

  // A hand change is purposeful when it is the widest for its draw: of the same-shanten discards
  // appended from `begin`, keep those of the largest ukeire (a draw may allow several).
  void keep_widest(std::uint32_t begin) {
    float widest = 0;
    for (std::uint32_t p = begin; p < successors.size(); ++p) widest = std::max(widest, successors[p].ukeire);
    const auto narrower = [&](const Successor& s) { return s.ukeire < widest - 1e-6f; };
    successors.erase(std::remove_if(successors.begin() + begin, successors.end(), narrower), successors.end());
  }

  // Hand-change successors of `j` with ukeire above `threshold`; makes them draw states.
  std::uint16_t allow_changes(std::uint32_t j, float threshold) {
    DiscardNode& node = discards[j];
    std::uint32_t allowed = 0;
    while (node.begin + allowed < node.end && successors[node.begin + allowed].ukeire > threshold + 1e-6f) {
      ++allowed;
    }
    if (node.enqueued >= allowed) return static_cast<std::uint16_t>(allowed);
    const HandKey x_key = node.key;
    const TileCounts x = hand_of_key(x_key);
    const std::uint64_t flags = x_key.hi & ~kCountMaskHi;
    const int s = node.source_shanten;
    while (discards[j].enqueued < allowed) {
      Successor& next = successors[discards[j].begin + discards[j].enqueued];
      TileCounts y = x;
      --y[next.discard];
      const std::uint32_t id =
          draw_node(after_discard_key(x_key, next.discard, flags_after_discard(flags, y, next.discard) | kChangedFlag), s);
      successors[discards[j].begin + discards[j].enqueued].node = id;
      ++discards[j].enqueued;
    }
    return static_cast<std::uint16_t>(allowed);
  }

  // ---- winning hands ----

  // Every tile of the winning hand, melds included.
  TileCounts all_tiles(const TileCounts& x) const {
    TileCounts all = x;
    for (const Meld& meld : position.melds) {
      for (const Tile tile : meld.all_tiles()) ++all[tile.kind()];
    }
    return all;
  }

  // Dora and red fives of a winning hand x (without ura dora).
  HanDistribution extra_han(const TileCounts& x, std::uint64_t flags) const {
    const TileCounts all = all_tiles(x);
    int fixed = aka_melds;
    for (const Tile marker : position.dora_markers) fixed += all[dora_from_indicator(marker.kind())];
    // The drawn red fives: up to three independent chances, their count's distribution built in
    // place (reds[j]: j of them red).
    std::array<double, 4> reds{1, 0, 0, 0};
    int chances = 0;
    for (int suit = 0; suit < 3; ++suit) {
      const int five = five_of_suit(suit);
      if ((flags >> (kRedShift + suit)) & 1) {
        ++fixed;  // held from the start (kept while a copy of that five is)
      } else if (position.red_unseen[suit] && position.unseen_copies[five] > 0) {
        const int drawn = std::max(0, x[five] - root[five]);
        const double p = std::min(1.0, static_cast<double>(drawn) / position.unseen_copies[five]);
        if (p <= 0) continue;
        ++chances;
        for (int j = chances; j >= 1; --j) reds[j] = reds[j] * (1 - p) + reds[j - 1] * p;
        reds[0] *= 1 - p;
      }
    }
    HanDistribution d{};
    for (int j = 0; j <= chances; ++j) d[std::min(fixed + j, kHanBins - 1)] += reds[j];
    return d;
  }

  // Ura dora of a riichi win: one indicator drawn from the unseen weights.
  HanDistribution ura_han(const TileCounts& x) const {
    const TileCounts all = all_tiles(x);
    // Over the kinds held only (the rest of the indicator's odds is "no ura"), summed per number
    // of copies in four separate sums (not through the distribution in memory, a dependency chain).
    double one = 0, two = 0, three = 0, four = 0;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      const int copies = all[kind];
      if (copies == 0) continue;
      const double w = ura_weight[kind];
      one += copies == 1 ? w : 0.0;
      two += copies == 2 ? w : 0.0;
      three += copies == 3 ? w : 0.0;
      four += copies >= 4 ? w : 0.0;
    }
    HanDistribution ura{};
    ura[1] = one;
    ura[2] = two;
    ura[3] = three;
    ura[4] = four;
    ura[0] = std::max(0.0, 1.0 - (one + two + three + four));
    return ura;
  }

  // A tsumo's points for each number of extra han (13 han and more are one limit).
  using PointsByHan = std::array<double, 2 * kHanBins>;
  // For each number of extra han (dora, riichi, ...) up to `most`, the best reading's points:
  // which reading is best may change with the extra han (a reading of more han reaches haneman
  // first).
  PointsByHan points_by_han(const ReadingValues& readings, int most) {
    PointsByHan points;  // entries past `most` are never read
    std::fill(points.begin(), points.begin() + most + 1, 0.0);
    for (int r = 0; r < readings.count; ++r) {
      const ReadingValue& reading = readings.values[static_cast<std::size_t>(r)];
      for (int extra = 0; extra <= most; ++extra) {
        const double value = tsumo_points(reading.han + extra, reading.fu, reading.yakuman);
        auto& best = points[static_cast<std::size_t>(extra)];
        best = std::max(best, value);
        if (reading.yakuman > 0 || reading.han + extra >= 13) {
          for (int more = extra + 1; more <= most; ++more) {
            auto& later = points[static_cast<std::size_t>(more)];
            later = std::max(later, value);
          }
          break;
        }
      }
    }
    return points;
  }

  // What a tsumo of han/fu (or a yakuman multiple) takes from the others, remembered per solve
  // for the non-yakuman hands (every winning hand asks for a dozen of them).
  static constexpr int kMemoFu = 23;  // fu / 5 for fu up to 110
  std::array<std::int32_t, 14 * kMemoFu> points_memo{};

  int tsumo_points(int han, int fu, int yakuman) {
    const bool memo = yakuman == 0 && fu % 5 == 0 && fu / 5 < kMemoFu;
    const std::size_t slot = static_cast<std::size_t>(std::min(han, 13) * kMemoFu + fu / 5);
    if (memo && points_memo[slot] > 0) return points_memo[slot];
    const bool dealer = context.dealer_wins();
    const Payment pay = payments(basic_points(han, fu, yakuman, position.rules), dealer, true);
    const int points = dealer ? 3 * pay.non_dealer : pay.dealer + 2 * pay.non_dealer;
    if (memo) points_memo[slot] = points;
    return points;
  }

  static double expected_points(const PointsByHan& points, int added_han, const HanDistribution& extra) {
    double total = 0;
    const int last = last_nonzero(extra);
    for (int e = 0; e <= last; ++e) total += extra[e] * points[static_cast<std::size_t>(added_han + e)];
    return total;
  }

  // The regular readings of the complete hand x, read once for all its winning tiles (a complete
  // hand is met with several, a few on average).
  KeyIndex readings_index;                        // hand -> its index in readings_begin/end
  std::vector<std::uint32_t> readings_begin;      // per hand: its readings' range in reading_store
  std::vector<std::uint32_t> readings_end;
  std::vector<Decomposition> reading_store;

  std::span<const Decomposition> regular_readings(const HandKey& key, const TileCounts& x) {
    const auto [id, inserted] = readings_index.find_or_insert(key, static_cast<std::uint32_t>(readings_begin.size()));
    if (inserted) {
      readings_begin.push_back(static_cast<std::uint32_t>(reading_store.size()));
      for (const Decomposition& reading : decompose(x)) reading_store.push_back(reading);
      readings_end.push_back(static_cast<std::uint32_t>(reading_store.size()));
    }
    return {reading_store.data() + readings_begin[id], readings_end[id] - readings_begin[id]};
  }

  // The winning hand x (k drawn), scored once; -1 when it does not score at all.
  // The key of the win (x, k): the hand, its red fives and the winning kind.
  static HandKey win_key(const HandKey& x_key, int k) {
    HandKey key = counts_only(x_key);
    key.hi |= (x_key.hi & ~kCountMaskHi & ~kChangedFlag) | (std::uint64_t{static_cast<unsigned>(k)} << kWinKindShift);
    return key;
  }

  std::int32_t win_of(const HandKey& x_key, const TileCounts& x, int k) {
    const HandKey key = win_key(x_key, k);
    const auto [id, inserted] = win_index.find_or_insert(key, static_cast<std::uint32_t>(wins.size()));
    if (!inserted) return wins[id].dama || wins[id].riichi ? static_cast<std::int32_t>(id) : -1;
    WinValue value;
    WinningHand hand;
    hand.concealed = x;
    hand.win_kind = k;
    for (const Meld& meld : position.melds) hand.melds[static_cast<std::size_t>(hand.meld_count++)] = meld;
    // The readings serve every variant: a closed tsumo always has menzen tsumo, so a dama win
    // exists whenever riichi is possible, and riichi, ippatsu and haitei only add han.
    const ReadingValues readings = score_readings(hand, context, position.rules, regular_readings(counts_only(x_key), x));
    if (readings.error == ScoreError::none) {
      const std::uint64_t flags = x_key.hi & ~kCountMaskHi;
      value.dama = true;
      const HanDistribution extra = extra_han(x, flags);
      const HanDistribution with_ura = riichi_possible ? convolve(extra, ura_han(x)) : extra;
      // Riichi, ippatsu and haitei add up to three han to the extra ones.
      const PointsByHan points = points_by_han(readings, last_nonzero(with_ura) + 3);
      // Besides the points a win collects the honba and the sticks on the table, and under riichi
      // its own deposit back.
      const double sticks = 300.0 * position.honba + 1000.0 * position.riichi_sticks;
      value.points[0] = static_cast<float>(expected_points(points, 0, extra) + sticks);
      value.points[1] = static_cast<float>(expected_points(points, 1, extra) + sticks);
      if (riichi_possible) {
        value.riichi = true;
        for (int variant = kRiichi; variant <= kIppatsu; ++variant) {
          const int added = variant;  // riichi, and ippatsu
          value.points[2 * variant] = static_cast<float>(expected_points(points, added, with_ura) + sticks + kRiichiDeposit);
          value.points[2 * variant + 1] =
              static_cast<float>(expected_points(points, added + 1, with_ura) + sticks + kRiichiDeposit);
        }
      }
    }
    wins.push_back(value);
    return value.dama || value.riichi ? static_cast<std::int32_t>(id) : -1;
  }

  // ---- expanding a draw state ----

  // Whether a hand change at shanten s may make any discard keeping s (or only a wider one).
  bool any_change(int s) const { return s == 0 || options.any_change_before_tenpai; }

  bool changes_allowed(int s, std::uint64_t flags) const {
    if (!options.hand_change || (flags & kChangedFlag) != 0 || s > kMaxChangeShanten) return false;
    return !(s == 0 && riichi_possible && options.riichi == RiichiMode::always);  // riichi locks it
  }

  // A tenpai hand that may not change only wins or lets its draws go: its waits, from the
  // completion tables, are all it needs.
  void expand_locked_tenpai(std::uint32_t i, const TileCounts& hand) {
    const KindMask waits = waits_of(hand);
    // The winning draws and their hands, whose win slots start loading before they are scored.
    std::array<int, kNumKinds> drawn{};
    std::array<HandKey, kNumKinds> x_keys;
    int count = 0;
    for (int k = 0; k < kNumKinds; ++k) {
      if (((waits >> k) & 1) == 0 || hand[k] >= kCopiesPerKind || weight_of(hand, k) <= 0) continue;
      HandKey& x_key = x_keys[static_cast<std::size_t>(count)];
      x_key = nodes[i].key;
      add_kind(x_key, k);
      win_index.prefetch(win_key(x_key, k));
      drawn[static_cast<std::size_t>(count++)] = k;
    }
    float ukeire = 0;
    const auto edge_begin = static_cast<std::uint32_t>(edges.size());
    TileCounts x = hand;
    for (int w = 0; w < count; ++w) {
      const int k = drawn[static_cast<std::size_t>(w)];
      const float weight = weight_of(hand, k);
      const HandKey& x_key = x_keys[static_cast<std::size_t>(w)];
      ukeire += weight;
      ++x[k];
      DrawEdge edge;
      edge.kind = static_cast<std::uint8_t>(k);
      edge.weight = weight;
      edge.win = win_of(x_key, x, k);
      --x[k];
      if (edge.win >= 0) edges.push_back(edge);
    }
    nodes[i].ukeire = ukeire;
    nodes[i].edge_begin = edge_begin;
    nodes[i].edge_end = static_cast<std::uint32_t>(edges.size());
  }

  void expand(std::uint32_t i) {
    expanding_depth = nodes[i].depth;
    const HandKey key = nodes[i].key;
    const TileCounts hand = hand_of_key(key);
    const int s = nodes[i].shanten;
    const bool changes = changes_allowed(s, key.hi);
    if (s == 0 && !changes) {
      expand_locked_tenpai(i, hand);
      return;
    }
    const ShantenProbe probe(hand, group_cache, Neighbours::exchanges);
    // A draw lowers the shanten by one (to s - 1; at tenpai, a win) or leaves it at s.
    const std::uint64_t improving = probe.improving_draws();
    // The draws that lead somewhere: those that lower the shanten and, where hand changes are
    // looked for, every other one too. Their discard states' index slots start loading now.
    std::uint64_t candidates = improving;
    if (changes) {
      for (int k = 0; k < kNumKinds; ++k) candidates |= hand[k] < kCopiesPerKind ? std::uint64_t{1} << k : 0;
    }
    std::array<std::uint8_t, kNumKinds> drawn;
    std::array<float, kNumKinds> weight;
    std::array<HandKey, kNumKinds> x_keys;
    int count = 0;
    float ukeire = 0;
    for (; candidates != 0; candidates &= candidates - 1) {
      const int k = std::countr_zero(candidates);
      const float w = weight_of(hand, k);
      if (w <= 0) continue;
      const bool improves = ((improving >> k) & 1) != 0;
      if (improves) ukeire += w;
      const auto at = static_cast<std::size_t>(count++);
      drawn[at] = static_cast<std::uint8_t>(k);
      weight[at] = w;
      x_keys[at] = key;
      add_kind(x_keys[at], k);
      if (improves && s > 0) {
        HandKey improving_key = x_keys[at];
        improving_key.hi |= kImprovingFlag;
        discard_index.prefetch(improving_key);
      } else {
        discard_index.prefetch(x_keys[at]);
      }
    }
    nodes[i].ukeire = ukeire;
    // Its hand changes compare other hands' ukeire with this one's: known already.
    if (changes && !any_change(s)) remember_ukeire(counts_only(key), ukeire);
    const auto edge_begin = static_cast<std::uint32_t>(edges.size());
    TileCounts x = hand;
    for (int at = 0; at < count; ++at) {
      const int k = drawn[static_cast<std::size_t>(at)];
      const bool improves = ((improving >> k) & 1) != 0;
      ++x[k];
      const HandKey& x_key = x_keys[static_cast<std::size_t>(at)];
      DrawEdge edge;
      edge.kind = static_cast<std::uint8_t>(k);
      edge.weight = weight[static_cast<std::size_t>(at)];
      if (improves && s > 0) {
        edge.discard = improving_discard(x_key, x, s - 1, probe, k);
      } else {
        if (improves) edge.win = win_of(x_key, x, k);  // at tenpai
        if (changes) {
          const std::uint32_t j = change_discard(x_key, x, s, probe, k);
          edge.allowed = allow_changes(j, any_change(s) ? kAnyWidth : ukeire);
          if (edge.allowed > 0) edge.discard = j;
        }
      }
      --x[k];
      if (edge.discard != kNone || edge.win >= 0) edges.push_back(edge);
    }
    nodes[i].edge_begin = edge_begin;
    nodes[i].edge_end = static_cast<std::uint32_t>(edges.size());
  }

  // ---- the sweep ----

  // Every state's values over all times, a row per state (t = 0..draws, kObjectives each): the
  // graph is acyclic apart from the self-loops (a forward edge lowers the shanten, a hand change
  // sets the changed-plan flag, which no edge clears), so the states are valued one at a time, each
  // for every time at once, after its successors. A state's edges then read each successor's row
  // as one stream instead of one scattered read per edge and per time. An impossible (state, t)
  // holds 0 and sets its bit in `impossible_at` (bit 20 * objective + t).
  LargeVector<double> values;
  std::vector<std::uint64_t> impossible_at;
  LargeVector<double> tenpai_table;
  std::vector<double> zero_row;         // the continuation of a draw that only wins
  std::vector<double> scratch;          // continuation rows of the edges of one state
  std::vector<const double*> edge_rows; // per edge of that state: its continuation row
  std::vector<double> row_sums;         // per time and objective: the edges' weighted sum
  std::vector<double> row_least;        // and their least continuation
  std::vector<std::uint32_t> order;     // the states in the order they are valued
  std::size_t impossible = 0;

  std::size_t row_length = 0;  // (draws + 1) * kObjectives, set by sweep()
  std::size_t row_size() const { return row_length; }
  const double* row(std::uint32_t node) const { return values.data() + node * row_size(); }
  double read(std::uint32_t node, int t, int objective) const {
    return row(node)[static_cast<std::size_t>(t) * kObjectives + static_cast<std::size_t>(objective)];
  }
  static std::uint64_t impossible_bit(int t, int objective) { return std::uint64_t{1} << (20 * objective + t); }
  // The value as reported: NaN where the time cannot occur.
  double E(std::uint32_t node, int t, int objective) const {
    if ((impossible_at[node] & impossible_bit(t, objective)) != 0) return kImpossible;
    return read(node, t, objective);
  }
  void set(std::uint32_t node, int t, int objective, double value) {
    double& slot = values[node * row_size() + static_cast<std::size_t>(t) * kObjectives + static_cast<std::size_t>(objective)];
    if (is_impossible(value)) {
      impossible_at[node] |= impossible_bit(t, objective);
      slot = 0;
      return;
    }
    slot = value;
  }
  // table 0 D, 1 Rf, 2 Rs; objective 1 or 2 (NaN where impossible).
  double& T(std::int32_t slot, int t, int table, int objective) {
    return tenpai_table[(static_cast<std::size_t>(slot) * static_cast<std::size_t>(draws + 1) + static_cast<std::size_t>(t)) * 6 +
                        static_cast<std::size_t>(2 * table + objective - 1)];
  }
  double T(std::int32_t slot, int t, int table, int objective) const {
    return tenpai_table[(static_cast<std::size_t>(slot) * static_cast<std::size_t>(draws + 1) + static_cast<std::size_t>(t)) * 6 +
                        static_cast<std::size_t>(2 * table + objective - 1)];
  }

  // Successors first: by shanten, and within a shanten the states whose path has changed plan
  // (a hand change leads from an unchanged state to a changed one of the same shanten).
  void order_states() {
    const auto rank = [&](std::uint32_t i) {
      return static_cast<std::size_t>(2 * nodes[i].shanten + ((nodes[i].key.hi & kChangedFlag) != 0 ? 0 : 1));
    };
    // A counting sort: a few ranks, many states.
    std::array<std::uint32_t, 2 * 8 + 1> starts{};
    for (std::uint32_t i = 0; i < nodes.size(); ++i) ++starts[rank(i) + 1];
    for (std::size_t r = 1; r < starts.size(); ++r) starts[r] += starts[r - 1];
    order.resize(nodes.size());
    for (std::uint32_t i = 0; i < nodes.size(); ++i) order[starts[rank(i)]++] = i;
  }

  // The best continuation after drawing along `edge` (not counting the win or tsumogiri), over
  // the row entries [from, to): the successor's own row when the draw leads to one hand, else the
  // best of them per time, written to `out`.
  const double* continuation_row(std::uint32_t edge, std::size_t from, std::size_t to, double* out) const {
    const std::uint32_t begin = edge_target_begin[edge];
    const std::uint32_t end = edge_target_begin[edge + 1];
    if (begin == end) return zero_row.data();
    if (end == begin + 1) return row(edge_targets[begin]);
    best_of_two(out, row(edge_targets[begin]), row(edge_targets[begin + 1]), from, to);
    for (std::uint32_t p = begin + 2; p < end; ++p) raise_to(out, row(edge_targets[p]), from, to);
    return out;
  }

  // Points the state's edges at their continuation rows, valid over the row entries [from, to).
  void gather_continuations(const DrawNode& node, std::size_t from, std::size_t to) {
    const std::size_t count = node.edge_end - node.edge_begin;
    if (scratch.size() < count * row_size()) scratch.resize(count * row_size());
    edge_rows.resize(count);
    for (std::size_t e = 0; e < count; ++e) {
      edge_rows[e] = continuation_row(node.edge_begin + static_cast<std::uint32_t>(e), from, to, scratch.data() + e * row_size());
    }
  }

  // Each edge's draw states (the successors its draw may lead to), listed once so that valuing a
  // state reads its draws' targets from one place.
  LargeVector<std::uint32_t> edge_targets;
  LargeVector<std::uint32_t> edge_target_begin;  // per edge, and one past the last

  void list_edge_targets() {
    edge_targets.clear();
    edge_target_begin.resize(edges.size() + 1);
    for (std::size_t e = 0; e < edges.size(); ++e) {
      edge_target_begin[e] = static_cast<std::uint32_t>(edge_targets.size());
      const DrawEdge& edge = edges[e];
      if (edge.discard == kNone) continue;
      const DiscardNode& node = discards[edge.discard];
      const std::uint32_t end = node.improving ? node.end : node.begin + edge.allowed;
      for (std::uint32_t p = node.begin; p < end; ++p) edge_targets.push_back(successors[p].node);
    }
    edge_target_begin[edges.size()] = static_cast<std::uint32_t>(edge_targets.size());
  }

  // Starts loading what valuing state i will read: its draws' targets, or (once those are in)
  // the rows of the targets from the state's first time on.
  void prefetch_targets(std::uint32_t i) const {
    const DrawNode& node = nodes[i];
    __builtin_prefetch(&edge_target_begin[node.edge_begin]);
    __builtin_prefetch(&edge_targets[edge_target_begin[node.edge_begin]]);
  }
  void prefetch_rows(std::uint32_t i) const {
    const DrawNode& node = nodes[i];
    const std::size_t from = static_cast<std::size_t>(std::min<int>(node.depth, draws) + 1) * kObjectives;
    for (std::uint32_t p = edge_target_begin[node.edge_begin]; p < edge_target_begin[node.edge_end]; ++p) {
      const double* target = row(edge_targets[p]) + from;
      __builtin_prefetch(target);
      __builtin_prefetch(target + 8);
    }
  }

  double win_points(const DrawEdge& edge, int variant, int t) const {
    const bool haitei = position.haitei_on_last_draw && t == draws - 1;
    return wins[static_cast<std::size_t>(edge.win)].get(variant, haitei);
  }

  // Eq. 9 for the three objectives of a state that is not tenpai, every time from its depth: a
  // draw helps an objective when its best continuation beats staying.
  void draw_values(std::uint32_t i) {
    const DrawNode& node = nodes[i];
    const int first = std::min<int>(node.depth, draws);
    // Each draw lowers the shanten by one at most: later than draws - shanten not even tenpai is
    // reachable (value 0). Times before the state's depth cannot occur (0, never read).
    const int last = draws - node.shanten;
    double* values_of_i = values.data() + i * row_size();
    std::fill(values_of_i, values_of_i + static_cast<std::size_t>(first) * kObjectives, 0.0);
    std::fill(values_of_i + static_cast<std::size_t>(std::max(first, last + 1)) * kObjectives, values_of_i + row_size(), 0.0);
    if (first > last) return;
    // The values at t + 1 for t from `first` to the last time computed.
    const int last_time = std::min(last, draws - 1);
    const std::size_t from = static_cast<std::size_t>(first + 1) * kObjectives;
    const std::size_t to = static_cast<std::size_t>(last_time + 2) * kObjectives;
    gather_continuations(node, from, to);
    const std::size_t count = edge_rows.size();
    // Per time and objective, the draws' weighted sum of continuations and their least one, over
    // whole rows at once. Where the least is not below the staying value, every draw counts in
    // eq. 9 and gain = sum - weight * base (a draw worth exactly the base adds nothing either way);
    // elsewhere the draws are weighed one by one.
    double total_weight = 0;
    for (std::size_t e = 0; e < count; ++e) {
      const double weight = edges[node.edge_begin + e].weight;
      const double* next = edge_rows[e];
      total_weight += weight;
      if (e == 0) {
        start_row(row_sums.data(), row_least.data(), weight, next, from, to);
      } else {
        add_row(row_sums.data(), row_least.data(), weight, next, from, to);
      }
    }
    if (count == 0) {
      std::fill(row_sums.begin() + static_cast<std::ptrdiff_t>(from), row_sums.begin() + static_cast<std::ptrdiff_t>(to), 0.0);
      std::fill(row_least.begin() + static_cast<std::ptrdiff_t>(from), row_least.begin() + static_cast<std::ptrdiff_t>(to),
                std::numeric_limits<double>::infinity());
    }
    // The value at t for one objective, from `base`, its value at t + 1, which it replaces.
    const auto step = [&](int t, int o, double& base) {
      const std::size_t at = static_cast<std::size_t>(t + 1) * kObjectives + static_cast<std::size_t>(o);
      if (total_weight <= wall - t && row_least[at] >= base) {
        base += (row_sums[at] - total_weight * base) * per_wall_left[t];  // never impossible
        values_of_i[static_cast<std::size_t>(t) * kObjectives + static_cast<std::size_t>(o)] = base;
        return;
      }
      Part part{base, 0, 0};
      for (std::size_t e = 0; e < count; ++e) part.add(edges[node.edge_begin + e].weight, edge_rows[e][at]);
      const double value = settle(part.base, part.gain, part.helpful, t);
      set(i, t, o, value);
      base = or_zero(value);
    };
    // The times form a chain (each value is the next one's base), one per objective, kept in
    // registers.
    static_assert(kObjectives == 3);
    double tenpai = read(i, last_time + 1, 0);
    double win = read(i, last_time + 1, 1);
    double score = read(i, last_time + 1, 2);
    for (int t = last_time; t >= first; --t) {
      step(t, 0, tenpai);
      step(t, 1, win);
      step(t, 2, score);
    }
  }

  // 1 / (S - t): a draw's share of the wall left at time t (eq. 9 multiplies by it, a division
  // being the slowest step of the chain over times).
  std::array<double, kMaxDraws + 1> per_wall_left{};

  // The value of eq. 9 from its parts, or kImpossible when the helpful weight exceeds the wall
  // left (see the file comment).
  double settle(double base, double gain, double helpful, int t) {
    if (helpful > wall - t + 1e-9) {
      ++impossible;
      return kImpossible;
    }
    return base + gain * per_wall_left[t];
  }

  // One term of eq. 9: a draw whose best value beats staying (base) adds its weight to the helpful
  // weight and its weighted gain. Without a branch (which draws help is unpredictable); a draw
  // that does not help adds exact zeros. "Beats" is by more than rounding (beats()), so that two
  // values equal but for the order of their sums tie, as they would exactly.
  struct Part {
    double base = 0, gain = 0, helpful = 0;
    void add(double weight, double best) {
      const double lead = best - base;
      const bool helps = beats(best, base);
      gain += helps ? weight * lead : 0.0;
      helpful += helps ? weight : 0.0;
    }
  };
  struct TenpaiEdge {
    const double* next = nullptr;
    double weight = 0;
    bool dama_win = false;
    std::array<double, 2> dama_points{};  // without and with haitei
  };
  struct RiichiWin {
    double weight = 0;
    std::array<double, 2> ippatsu_points{};
    std::array<double, 2> riichi_points{};
  };
  std::vector<TenpaiEdge> tenpai_edges;  // of the tenpai state being valued
  std::vector<RiichiWin> riichi_wins;

  // A tenpai hand's values for the win and score objectives, in one pass over its edges per time:
  // dama (win if the hand has a yaku, or go on: hand change or tsumogiri), riichi declared with the
  // last discard (ippatsu on this draw) and riichi declared earlier (locked: win or tsumogiri).
  void tenpai_values(std::uint32_t i) {
    const DrawNode& node = nodes[i];
    const std::int32_t slot = node.tenpai_slot;
    const int first = std::min<int>(node.depth, draws);
    // Times before the state's depth cannot occur (0, never read); the last is the terminal one
    // (0 but for tenpai itself). The loop below writes the times between.
    double* values_of_i = values.data() + i * row_size();
    std::fill(values_of_i, values_of_i + static_cast<std::size_t>(first) * kObjectives, 0.0);
    std::fill(values_of_i + static_cast<std::size_t>(draws) * kObjectives, values_of_i + row_size(), 0.0);
    const bool riichi_on = riichi_possible && options.riichi != RiichiMode::never;
    double* tables = &T(slot, 0, 0, 1);
    const std::size_t table_row = 6;
    if (riichi_on) {
      std::fill(tables, tables + static_cast<std::size_t>(first) * table_row, 0.0);
      std::fill(tables + static_cast<std::size_t>(draws) * table_row, tables + static_cast<std::size_t>(draws + 1) * table_row, 0.0);
    } else {
      std::fill(tables, tables + static_cast<std::size_t>(draws + 1) * table_row, 0.0);
    }
    for (int t = first; t <= draws; ++t) set(i, t, 0, 1);
    if (first >= draws) return;
    gather_continuations(node, static_cast<std::size_t>(first + 1) * kObjectives, row_size());
    // The edges as the loop over times reads them: continuation rows, and the wins' points
    // copied out of their table (without and with haitei).
    tenpai_edges.clear();
    riichi_wins.clear();
    double riichi_weight = 0;  // the draws that win under riichi
    for (std::size_t e = 0; e < edge_rows.size(); ++e) {
      const DrawEdge& edge = edges[node.edge_begin + e];
      const WinValue* win = edge.win >= 0 ? &wins[static_cast<std::size_t>(edge.win)] : nullptr;
      TenpaiEdge te;
      te.next = edge_rows[e];
      te.weight = edge.weight;
      if (win != nullptr && win->dama) {
        te.dama_win = true;
        te.dama_points = {win->get(kDama, false), win->get(kDama, true)};
      }
      tenpai_edges.push_back(te);
      if (!riichi_on || win == nullptr || !win->riichi) continue;
      riichi_weight += edge.weight;
      riichi_wins.push_back({edge.weight, {win->get(kIppatsu, false), win->get(kIppatsu, true)},
                             {win->get(kRiichi, false), win->get(kRiichi, true)}});
    }
    // The dama objectives' best value per draw and time (a win, or going on: a hand change or,
    // after declining a win, the same), summed and least over the draws as in draw_values.
    const std::size_t from = static_cast<std::size_t>(first + 1) * kObjectives;
    std::fill(row_sums.begin() + static_cast<std::ptrdiff_t>(from), row_sums.end(), 0.0);
    std::fill(row_least.begin() + static_cast<std::ptrdiff_t>(from), row_least.end(), std::numeric_limits<double>::infinity());
    double total_weight = 0;
    for (const TenpaiEdge& edge : tenpai_edges) {
      total_weight += edge.weight;
      for (std::size_t k = from; k < row_size(); k += kObjectives) {
        const std::size_t haitei = position.haitei_on_last_draw && k / kObjectives == static_cast<std::size_t>(draws) ? 1 : 0;
        const double win = edge.dama_win ? 1.0 : edge.next[k + 1];
        const double score = edge.dama_win ? std::max(edge.next[k + 2], edge.dama_points[haitei]) : edge.next[k + 2];
        row_sums[k + 1] += edge.weight * win;
        row_sums[k + 2] += edge.weight * score;
        row_least[k + 1] = std::min(row_least[k + 1], win);
        row_least[k + 2] = std::min(row_least[k + 2], score);
      }
    }
    // The chains over times (each value is the next one's base) are kept in registers: the value
    // (dama or riichi declared now) and the locked riichi table, for the win and score objectives.
    std::array<double, 2> value{read(i, draws, 1), read(i, draws, 2)};
    std::array<double, 2> locked{or_zero(T(slot, draws, 2, 1)), or_zero(T(slot, draws, 2, 2))};
    for (int t = draws - 1; t >= first; --t) {
      const std::size_t haitei = position.haitei_on_last_draw && t == draws - 1 ? 1 : 0;
      const std::size_t at = static_cast<std::size_t>(t + 1) * kObjectives;
      const bool all_draws_count = total_weight <= wall - t;
      // Accumulators per table (dama, fresh riichi, riichi) and objective (win, score); the two
      // riichi tables share their base and their win-probability part.
      Part dama_win{value[0], 0, 0};
      Part dama_score{value[1], 0, 0};
      const bool win_fast = all_draws_count && row_least[at + 1] >= dama_win.base;
      const bool score_fast = all_draws_count && row_least[at + 2] >= dama_score.base;
      if (win_fast) dama_win.gain = row_sums[at + 1] - total_weight * dama_win.base;
      if (score_fast) dama_score.gain = row_sums[at + 2] - total_weight * dama_score.base;
      if (!win_fast || !score_fast) {
        for (const TenpaiEdge& edge : tenpai_edges) {
          const double* next = edge.next + at;
          if (!win_fast) dama_win.add(edge.weight, edge.dama_win ? 1.0 : next[1]);
          if (!score_fast) dama_score.add(edge.weight, edge.dama_win ? std::max(next[2], edge.dama_points[haitei]) : next[2]);
        }
      }
      const Part riichi_win = riichi_on ? locked_win_part(locked[0], riichi_weight) : Part{};
      value[0] = or_zero(store_tenpai(i, slot, t, 1, dama_win, riichi_win, riichi_win));
      if (!riichi_on) {
        value[1] = or_zero(store_tenpai(i, slot, t, 2, dama_score, Part{}, Part{}));
        continue;
      }
      Part fresh_score{locked[1], 0, 0};
      Part locked_score{locked[1], 0, 0};
      for (const RiichiWin& win : riichi_wins) {
        fresh_score.add(win.weight, win.ippatsu_points[haitei]);
        locked_score.add(win.weight, win.riichi_points[haitei]);
      }
      value[1] = or_zero(store_tenpai(i, slot, t, 2, dama_score, fresh_score, locked_score));
      locked = {or_zero(T(slot, t, 2, 1)), or_zero(T(slot, t, 2, 2))};
    }
  }

  // Under riichi every winning draw wins (probability 1, above any base short of a certain win).
  static Part locked_win_part(double base, double riichi_weight) {
    Part part{base, 0, 0};
    if (part.base < 1) {
      part.gain = riichi_weight * (1 - part.base);
      part.helpful = riichi_weight;
    }
    return part;
  }

  // A tenpai state's tables at time t for one objective (win or score) and its value: dama, or
  // riichi declared now when it is better (or forced).
  double store_tenpai(std::uint32_t i, std::int32_t slot, int t, int objective, const Part& dama_part,
                      const Part& fresh_part, const Part& locked_part) {
    const double dama = settle(dama_part.base, dama_part.gain, dama_part.helpful, t);
    T(slot, t, 0, objective) = dama;
    double value = dama;
    if (riichi_possible && options.riichi != RiichiMode::never) {
      const double fresh = settle(fresh_part.base, fresh_part.gain, fresh_part.helpful, t);
      T(slot, t, 1, objective) = fresh;
      T(slot, t, 2, objective) = settle(locked_part.base, locked_part.gain, locked_part.helpful, t);
      const double declared = declaration_value(fresh, objective);
      value = options.riichi == RiichiMode::always ? declared : std::max(dama, declared);
    }
    set(i, t, objective, value);
    return value;
  }

  // Entering riichi with the fresh table's value: the score objective pays the deposit (the
  // tables count its return on a win).
  static double declaration_value(double fresh, int objective) {
    if (is_impossible(fresh)) return fresh;
    return objective == 2 ? fresh - kRiichiDeposit : fresh;
  }

  void sweep() {
    row_length = static_cast<std::size_t>(draws + 1) * kObjectives;
    for (int t = 0; t < draws; ++t) per_wall_left[static_cast<std::size_t>(t)] = 1.0 / (wall - t);
    // Every row is written whole by its state (no clearing of memory that is overwritten).
    values.resize(nodes.size() * row_size());
    impossible_at.assign(nodes.size(), 0);
    tenpai_table.resize(tenpai_slots * static_cast<std::size_t>(draws + 1) * 6);
    zero_row.assign(row_size(), 0.0);
    row_sums.resize(row_size());
    row_least.resize(row_size());
    order_states();
    list_edge_targets();
    // The rows a state reads were written long before (by states of the shanten below): their
    // loads are started two and one states ahead.
    for (std::size_t n = 0; n < order.size(); ++n) {
      if (n + 4 < order.size()) __builtin_prefetch(&nodes[order[n + 4]]);
      if (n + 2 < order.size()) prefetch_targets(order[n + 2]);
      if (n + 1 < order.size()) prefetch_rows(order[n + 1]);
      const std::uint32_t i = order[n];
      if (nodes[i].shanten == 0) {
        tenpai_values(i);
      } else {
        draw_values(i);
      }
    }
    for (Candidate& c : result.candidates) {
      for (auto& by_draws : c.by_draws) by_draws.assign(c.evaluated ? static_cast<std::size_t>(draws) : 0, 0.0);
      if (!c.evaluated) continue;
      // by_draws[o][r - 1] holds the value with r = draws - t draws left.
      for (int t = 0; t < draws; ++t) {
        for (int o = 0; o < kObjectives; ++o) c.by_draws[o][static_cast<std::size_t>(draws - t - 1)] = candidate_value(c, t, o);
      }
    }
  }

  // A candidate's value at time t: its draw state's, or for a hand already in riichi the locked
  // riichi's (ippatsu on the next draw when it is still due), the deposit being paid already.
  double candidate_value(const Candidate& c, int t, int objective) const {
    const DrawNode& node = nodes[c.node];
    if (!position.in_riichi || node.shanten != 0 || objective == 0 || !riichi_possible) return E(c.node, t, objective);
    return T(node.tenpai_slot, t, position.ippatsu && t == 0 ? 1 : 2, objective);
  }

  // ---- the whole computation ----

  void set_up_scoring() {
    context.round_wind = position.round_wind;
    context.seat_wind = position.seat_wind;
    context.winner = 0;
    context.dealer = (4 - (position.seat_wind - kinds::east)) % 4;
    context.discarder = 0;
    context.tsumo = true;
    for (const Meld& meld : position.melds) aka_melds += meld.red_fives();
    if (!position.rules.red_fives) aka_melds = 0;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      ura_weight[dora_from_indicator(kind)] += position.weights[kind] / wall;
    }
  }

  std::uint64_t root_flags() const {
    std::uint64_t flags = 0;
    for (int suit = 0; suit < 3; ++suit) {
      if (position.red_in_hand[suit] && position.rules.red_fives) flags |= std::uint64_t{1} << (kRedShift + suit);
    }
    return flags;
  }

  void make_candidates() {
    const std::uint64_t flags = root_flags();
    root_shanten = shanten(root);
    if (root_is_draw) {
      Candidate c;
      c.node = draw_node(with_flags(root, flags), root_shanten);
      c.shanten = root_shanten;
      result.candidates.push_back(c);
      return;
    }
    for (int d = 0; d < kNumKinds; ++d) {
      if (root[d] == 0 || !position.discardable[d]) continue;
      TileCounts y = root;
      --y[d];
      const int ys = shanten(y);
      Candidate c;
      c.discard = d;
      c.discard_red = !is_honor(d) && d % 9 == kFiveOffset && root[d] == 1 &&
                      ((flags >> (kRedShift + suit_of(d))) & 1);
      c.shanten = ys;
      c.shanten_back = ys > root_shanten;
      c.evaluated = ys == root_shanten || (ys == root_shanten + 1 && options.shanten_back);
      if (c.evaluated) {
        const std::uint64_t after = flags_after_discard(flags, y, d) | (c.shanten_back ? kChangedFlag : 0);
        c.node = draw_node(with_flags(y, after), ys);
      }
      result.candidates.push_back(c);
    }
  }

  void build() {
    expanding_depth = -1;
    for (std::uint32_t i = 0; i < nodes.size(); ++i) expand(i);
  }

  void fill_result() {
    for (Candidate& c : result.candidates) {
      if (!c.evaluated) {
        TileCounts y = root;
        --y[c.discard];
        c.ukeire = ukeire_of(y);
        continue;
      }
      c.ukeire = nodes[c.node].ukeire;
      for (int o = 0; o < kObjectives; ++o) c.value[o] = or_zero(candidate_value(c, 0, o));
    }
    std::stable_sort(result.candidates.begin(), result.candidates.end(), [](const Candidate& a, const Candidate& b) {
      if (a.evaluated != b.evaluated) return a.evaluated;
      if (a.value[2] != b.value[2]) return a.value[2] > b.value[2];
      if (a.value[1] != b.value[1]) return a.value[1] > b.value[1];
      if (a.value[0] != b.value[0]) return a.value[0] > b.value[0];
      return a.ukeire > b.ukeire;
    });
    result.draw_states = nodes.size();
    result.discard_states = discards.size();
    result.winning_hands = wins.size();
    result.impossible_entries = impossible;
    result.table_bytes = nodes.capacity() * sizeof(DrawNode) + edges.capacity() * sizeof(DrawEdge) +
                         discards.capacity() * sizeof(DiscardNode) + successors.capacity() * sizeof(Successor) +
                         wins.capacity() * sizeof(WinValue) + node_index.bytes() + discard_index.bytes() +
                         win_index.bytes() + ukeire_index.bytes() + ukeire_values.capacity() * sizeof(float) +
                         values.capacity() * sizeof(double) + impossible_at.capacity() * sizeof(std::uint64_t) +
                         tenpai_table.capacity() * sizeof(double) + scratch.capacity() * sizeof(double) +
                         order.capacity() * sizeof(std::uint32_t) +
                         (edge_targets.capacity() + edge_target_begin.capacity()) * sizeof(std::uint32_t) +
                         readings_index.bytes() + (readings_begin.capacity() + readings_end.capacity()) * sizeof(std::uint32_t) +
                         reading_store.capacity() * sizeof(Decomposition);
  }

  // Empties everything position-dependent, keeping the memory (and the group cache, which depends
  // on nothing) for the next position.
  void reset() {
    nodes.clear();
    edges.clear();
    discards.clear();
    successors.clear();
    wins.clear();
    node_index.clear();
    discard_index.clear();
    win_index.clear();
    readings_index.clear();
    readings_begin.clear();
    readings_end.clear();
    reading_store.clear();
    ukeire_index.clear();
    ukeire_values.clear();
    expanding_depth = -1;
    tenpai_slots = 0;
    impossible = 0;
    aka_melds = 0;
    ura_weight = {};
    points_memo.fill(0);
    context = WinContext{};
    result = Result{};
  }

  void run() {
    reset();
    check_position();
    set_up_scoring();
    set_up_draw_weights();
    make_candidates();
    build();
    sweep();
    fill_result();
  }

  // ---- policy ----

  bool riichi_at(std::uint32_t node, int t, int objective) const {
    const DrawNode& n = nodes[node];
    if (n.shanten != 0 || !riichi_possible || options.riichi == RiichiMode::never || t >= draws) return false;
    if (options.riichi == RiichiMode::always || objective == 0) return options.riichi == RiichiMode::always;
    return declaration_value(T(n.tenpai_slot, t, 1, objective), objective) >= T(n.tenpai_slot, t, 0, objective);
  }

  const DrawEdge* edge_of(std::uint32_t node, int kind) const {
    for (std::uint32_t e = nodes[node].edge_begin; e < nodes[node].edge_end; ++e) {
      if (edges[e].kind == kind) return &edges[e];
    }
    return nullptr;
  }

  Choice choose(std::uint32_t node, RiichiState riichi, int t, int drawn, int objective) const {
    Choice stay;
    stay.discard = drawn;
    stay.next = node;
    const DrawEdge* edge = edge_of(node, drawn);
    const int t1 = t + 1;
    if (riichi != RiichiState::none) {
      if (edge == nullptr || edge->win < 0 || !wins[static_cast<std::size_t>(edge->win)].riichi) return stay;
      const int variant = riichi == RiichiState::fresh ? kIppatsu : kRiichi;
      const double win = objective == 2 ? win_points(*edge, variant, t) : 1.0;
      const double go_on = or_zero(T(nodes[node].tenpai_slot, t1, 2, objective));
      if (objective == 0 || win >= go_on) stay.win = true;
      return stay;
    }
    const DrawNode& n = nodes[node];
    double best = read(node, t1, objective);
    stay.riichi = riichi_at(node, t1, objective);
    if (edge == nullptr) return stay;
    Choice pick = stay;
    if (edge->win >= 0 && wins[static_cast<std::size_t>(edge->win)].dama && n.shanten == 0 && objective != 0) {
      const double win = objective == 2 ? win_points(*edge, kDama, t) : 1.0;
      if (win >= best) {
        best = win;
        pick = stay;
        pick.win = true;
      }
    }
    if (edge->discard == kNone) return pick;
    const DiscardNode& d = discards[edge->discard];
    const auto consider = [&](const Successor& s) {
      const double v = read(s.node, t1, objective);
      if (beats(v, best)) {
        best = v;
        pick = Choice{false, s.discard, s.node, riichi_at(s.node, t1, objective)};
      }
    };
    const std::uint32_t end = d.improving ? d.end : d.begin + edge->allowed;
    for (std::uint32_t p = d.begin; p < end; ++p) consider(successors[p]);
    return pick;
  }
};

Solver::Solver() : impl_(std::make_unique<Impl>()) {}

Solver::Solver(const Position& position, const Options& options) : Solver() { solve(position, options); }

const Result& Solver::solve(const Position& position, const Options& options) {
  impl_->position = position;
  impl_->options = options;
  impl_->run();
  return impl_->result;
}

Solver::~Solver() = default;

const Result& Solver::result() const { return impl_->result; }

Choice Solver::choose(std::uint32_t node, RiichiState riichi, int t, int drawn, Objective objective) const {
  return impl_->choose(node, riichi, t, drawn, static_cast<int>(objective));
}

bool Solver::declares_riichi(std::uint32_t node, int t, Objective objective) const {
  return impl_->riichi_at(node, t, static_cast<int>(objective));
}

TileCounts Solver::hand_of(std::uint32_t node) const { return Impl::hand_of_key(impl_->nodes[node].key); }

int Solver::shanten_of(std::uint32_t node) const { return impl_->nodes[node].shanten; }

double Solver::value(std::uint32_t node, int t, Objective objective) const {
  return impl_->E(node, t, static_cast<int>(objective));
}

Result evaluate(const Position& position, const Options& options) {
  const Solver solver(position, options);
  return solver.result();
}

}  // namespace tenbin::dp
