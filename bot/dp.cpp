// The expected-score / win-probability DP (see dp.hpp for the recurrence and its source).
//
// The graph. Draw states are (concealed hand, shanten-back used, red fives still held); their
// edges are the draws that can change something, each with its weight
//   a_k(v) = max(0, w_k - copies of k drawn and still held)
// (the unseen weight of the kind less what this hand has taken out of the wall). From draw state v
// (shanten s) the draw k leads to the discard state x = v + k, whose choices are:
//   - forward: x improves (shanten(x) = s - 1): every discard that keeps shanten(x);
//   - win: x is complete and scores (a closed tsumo always has menzen tsumo; an open hand with no
//     yaku has no winning edge), with the choice to win or to go on;
//   - hand change (option): x does not improve, and a discard gives another hand of shanten s
//     with strictly more ukeire than v (so chains of hand changes are finite: acyclic);
//   - shanten-back (option): x does not improve, and a discard raises the shanten to s + 1; once
//     per path (a flag in the state);
//   - tsumogiri: back to v (the self-loop; always there, never stored).
// A discard state is keyed by (x, flags, whether it improves), so states reached from several
// hands are built and valued once per time step; the hand-change successors of a non-improving
// state are sorted by ukeire, and each edge into it keeps the length of the prefix it may use.
//
// Riichi. A closed tenpai hand has three values per time: dama D (may still change hands), riichi
// declared with the last discard Rf (the next draw is ippatsu) and riichi Rs (locked: win or
// tsumogiri). Entering a tenpai hand (by any discard, tsumogiri included) chooses per objective:
// auto max(D, Rf), always Rf, never D.
//
// Scores. A winning edge (x, k) is scored once by engine/score (tsumo, the real winds and melds,
// riichi and ippatsu and haitei as the variant says) without dora; dora, red fives and ura dora
// then add han, and the expected points are taken over their distribution (not the points at the
// mean): dora from the indicators, red fives held from the start (kept while a copy of that five
// is), a drawn five red with probability m/c (m extra copies held, c unseen copies), and for
// riichi one ura indicator drawn from the unseen weights, P(u ura) = sum of w_i/S over indicator
// kinds i pointing at a kind the hand holds u of.
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
// pair is marked (kImpossible, read as 0, counted in Result::impossible_entries, reported as a
// negative by_draws entry) and the tests check that the simulator of the real game never meets
// one. With hand changes or shanten-back a thrown kind can become useful again and the model
// overcounts it (the source's fixed edge weights); an impossible pair then means the model cannot
// account for the hand, and it gets no credit (0) rather than an invented probability.
#include "bot/dp.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "engine/score.hpp"
#include "engine/shanten.hpp"

namespace tenbin::dp {
namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;
constexpr double kImpossible = -1.0;
constexpr int kFiveOffset = 4;

// ---- hand keys: the 34 counts in 3 bits each, kinds 0-20 in `lo`, 21-33 and flags in `hi` ----

struct HandKey {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  friend bool operator==(const HandKey&, const HandKey&) = default;
};

constexpr int kLoKinds = 21;
constexpr std::uint64_t kBackFlag = std::uint64_t{1} << 40;
constexpr std::uint64_t kImprovingFlag = std::uint64_t{1} << 41;
constexpr int kRedShift = 42;  // three bits: the red five of each suit still held
constexpr std::uint64_t kCountMaskHi = (std::uint64_t{1} << 39) - 1;

void add_kind(HandKey& key, int kind) {
  if (kind < kLoKinds) {
    key.lo += std::uint64_t{1} << (3 * kind);
  } else {
    key.hi += std::uint64_t{1} << (3 * (kind - kLoKinds));
  }
}

void remove_kind(HandKey& key, int kind) {
  if (kind < kLoKinds) {
    key.lo -= std::uint64_t{1} << (3 * kind);
  } else {
    key.hi -= std::uint64_t{1} << (3 * (kind - kLoKinds));
  }
}

HandKey key_of(const TileCounts& counts) {
  HandKey key;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    for (int c = 0; c < counts[kind]; ++c) add_kind(key, kind);
  }
  return key;
}

TileCounts counts_of(const HandKey& key) {
  TileCounts counts{};
  for (int kind = 0; kind < kLoKinds; ++kind) {
    counts[kind] = static_cast<std::uint8_t>((key.lo >> (3 * kind)) & 7);
  }
  for (int kind = kLoKinds; kind < kNumKinds; ++kind) {
    counts[kind] = static_cast<std::uint8_t>((key.hi >> (3 * (kind - kLoKinds))) & 7);
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

// Open addressing, linear probing, power-of-two capacity: key -> dense id.
class KeyIndex {
 public:
  KeyIndex() { slots_.resize(1024); }

  // The id of `key`, inserting `fresh` when absent; second is true when inserted.
  std::pair<std::uint32_t, bool> find_or_insert(const HandKey& key, std::uint32_t fresh) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    Slot& slot = probe(key);
    if (slot.id != kNone) return {slot.id, false};
    slot = {key, fresh};
    ++size_;
    return {fresh, true};
  }

  std::uint32_t find(const HandKey& key) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash_key(key) & mask;; i = (i + 1) & mask) {
      if (slots_[i].id == kNone || slots_[i].key == key) return slots_[i].id;
    }
  }

  std::size_t bytes() const { return slots_.capacity() * sizeof(Slot); }

 private:
  struct Slot {
    HandKey key;
    std::uint32_t id = kNone;
  };

  Slot& probe(const HandKey& key) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash_key(key) & mask;; i = (i + 1) & mask) {
      if (slots_[i].id == kNone || slots_[i].key == key) return slots_[i];
    }
  }

  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    size_ = 0;
    for (const Slot& slot : old) {
      if (slot.id == kNone) continue;
      probe(slot.key) = slot;
      ++size_;
    }
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

// ---- the graph ----

struct DrawNode {
  HandKey key;  // the hand, the back flag and the red fives held
  std::int8_t shanten = 0;
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
  std::uint32_t begin = 0;         // successors: [begin, change_end) forward or hand changes
  std::uint32_t change_end = 0;
  std::uint32_t back_end = 0;      // [change_end, back_end) shanten-back
  std::uint32_t enqueued = 0;      // hand-change successors made draw states so far
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

HanDistribution convolve(const HanDistribution& a, const HanDistribution& b) {
  HanDistribution out{};
  for (int i = 0; i < kHanBins; ++i) {
    if (a[i] == 0) continue;
    for (int j = 0; j < kHanBins; ++j) {
      out[std::min(i + j, kHanBins - 1)] += a[i] * b[j];
    }
  }
  return out;
}

HanDistribution point_mass(int han) {
  HanDistribution d{};
  d[std::min(han, kHanBins - 1)] = 1;
  return d;
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

  std::vector<DrawNode> nodes;
  std::vector<DrawEdge> edges;
  std::vector<DiscardNode> discards;
  std::vector<Successor> successors;
  std::vector<WinValue> wins;
  KeyIndex node_index;
  KeyIndex discard_index;
  KeyIndex win_index;        // (x, k) -> wins
  KeyIndex ukeire_index;     // hands whose ukeire was computed -> ukeire_values
  std::vector<float> ukeire_values;
  std::size_t tenpai_slots = 0;

  // Values. E[(node * (n+1) + t) * 3 + objective] is the value of entering the draw state at time
  // t; T[(slot * (n+1) + t) * 6 + 2 * table + objective - 1] holds, for tenpai hands and the win
  // and score objectives, D (dama), Rf (riichi, ippatsu next) and Rs (riichi).
  std::vector<double> entry;
  std::vector<double> tenpai_table;
  std::size_t impossible = 0;

  // Fixed score inputs.
  int dora_fixed_melds = 0;  // dora among the melds
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
    closed = closed_hand(position.melds);
    riichi_possible = closed;
  }

  // ---- hands ----

  static TileCounts hand_of_key(const HandKey& key) { return counts_of(counts_only(key)); }

  float weight_of(const TileCounts& hand, int kind) const {
    const int extra = std::max(0, hand[kind] - root[kind]);
    return static_cast<float>(std::max(0.0, position.weights[kind] - extra));
  }

  float ukeire_of(const TileCounts& hand, int hand_shanten) {
    const HandKey key = key_of(hand);
    const auto [id, inserted] = ukeire_index.find_or_insert(key, static_cast<std::uint32_t>(ukeire_values.size()));
    if (!inserted) return ukeire_values[id];
    TileCounts drawn = hand;
    float total = 0;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (hand[kind] >= kCopiesPerKind) continue;
      const float w = weight_of(hand, kind);
      if (w <= 0) continue;
      ++drawn[kind];
      if (shanten(drawn) < hand_shanten) total += w;
      --drawn[kind];
    }
    ukeire_values.push_back(total);
    return total;
  }

  HandKey with_flags(const TileCounts& hand, std::uint64_t flags) const {
    HandKey key = key_of(hand);
    key.hi |= flags;
    return key;
  }

  std::uint32_t draw_node(const HandKey& key, int hand_shanten) {
    const auto [id, inserted] = node_index.find_or_insert(key, static_cast<std::uint32_t>(nodes.size()));
    if (!inserted) return id;
    DrawNode node;
    node.key = key;
    node.shanten = static_cast<std::int8_t>(hand_shanten);
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

  std::uint32_t improving_discard(const HandKey& x_key, const TileCounts& x, int x_shanten) {
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
    TileCounts y = x;
    for (int d = 0; d < kNumKinds; ++d) {
      if (x[d] == 0) continue;
      --y[d];
      if (shanten(y) == x_shanten) {
        const std::uint32_t next = draw_node(with_flags(y, flags_after_discard(flags, y, d)), x_shanten);
        successors.push_back({next, 0, static_cast<std::uint8_t>(d)});
      }
      ++y[d];
    }
    node.change_end = node.back_end = static_cast<std::uint32_t>(successors.size());
    discards.push_back(node);
    return id;
  }

  std::uint32_t level_discard(const HandKey& x_key, const TileCounts& x, int s, bool changes, bool backs) {
    const auto [id, inserted] = discard_index.find_or_insert(x_key, static_cast<std::uint32_t>(discards.size()));
    if (!inserted) return id;
    DiscardNode node;
    node.key = x_key;
    node.source_shanten = static_cast<std::int8_t>(s);
    node.begin = static_cast<std::uint32_t>(successors.size());
    const std::uint64_t flags = x_key.hi & ~kCountMaskHi;
    std::vector<Successor> back_list;
    TileCounts y = x;
    for (int d = 0; d < kNumKinds; ++d) {
      if (x[d] == 0) continue;
      --y[d];
      const int ys = shanten(y);
      if (changes && ys == s) {
        successors.push_back({kNone, ukeire_of(y, ys), static_cast<std::uint8_t>(d)});
      } else if (backs && ys == s + 1) {
        const std::uint64_t after = flags_after_discard(flags, y, d) | kBackFlag;
        back_list.push_back({draw_node(with_flags(y, after), ys), 0, static_cast<std::uint8_t>(d)});
      }
      ++y[d];
    }
    std::sort(successors.begin() + node.begin, successors.end(),
              [](const Successor& a, const Successor& b) { return a.ukeire > b.ukeire; });
    node.change_end = static_cast<std::uint32_t>(successors.size());
    successors.insert(successors.end(), back_list.begin(), back_list.end());
    node.back_end = static_cast<std::uint32_t>(successors.size());
    discards.push_back(node);
    return id;
  }

  // Hand-change successors of `j` with ukeire above `threshold`; makes them draw states.
  std::uint16_t allow_changes(std::uint32_t j, float threshold) {
    DiscardNode& node = discards[j];
    std::uint32_t allowed = 0;
    while (node.begin + allowed < node.change_end && successors[node.begin + allowed].ukeire > threshold + 1e-6f) {
      ++allowed;
    }
    const HandKey x_key = node.key;
    const TileCounts x = hand_of_key(x_key);
    const std::uint64_t flags = x_key.hi & ~kCountMaskHi;
    const int s = node.source_shanten;
    while (discards[j].enqueued < allowed) {
      Successor& next = successors[discards[j].begin + discards[j].enqueued];
      TileCounts y = x;
      --y[next.discard];
      const std::uint32_t id = draw_node(with_flags(y, flags_after_discard(flags, y, next.discard)), s);
      successors[discards[j].begin + discards[j].enqueued].node = id;
      ++discards[j].enqueued;
    }
    return static_cast<std::uint16_t>(allowed);
  }

  // ---- winning hands ----

  HanDistribution extra_han(const TileCounts& x, std::uint64_t flags, bool with_ura) const {
    TileCounts all = x;
    for (const Meld& meld : position.melds) {
      for (const Tile tile : meld.all_tiles()) ++all[tile.kind()];
    }
    int fixed = aka_melds;
    for (const Tile marker : position.dora_markers) fixed += all[dora_from_indicator(marker.kind())];
    HanDistribution d = point_mass(0);
    for (int suit = 0; suit < 3; ++suit) {
      const int five = five_of_suit(suit);
      if ((flags >> (kRedShift + suit)) & 1) {
        ++fixed;  // held from the start (kept while a copy of that five is)
      } else if (position.red_unseen[suit] && position.unseen_copies[five] > 0) {
        const int drawn = std::max(0, x[five] - root[five]);
        const double p = std::min(1.0, static_cast<double>(drawn) / position.unseen_copies[five]);
        if (p > 0) {
          HanDistribution bernoulli{};
          bernoulli[0] = 1 - p;
          bernoulli[1] = p;
          d = convolve(d, bernoulli);
        }
      }
    }
    d = convolve(d, point_mass(fixed));
    if (!with_ura) return d;
    HanDistribution ura{};
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (ura_weight[kind] > 0) ura[std::min<int>(all[kind], kHanBins - 1)] += ura_weight[kind];
    }
    return convolve(d, ura);
  }

  double expected_points(const Score& base, int added_han, const HanDistribution& extra) const {
    const bool dealer = context.dealer_wins();
    const auto points = [&](int han) {
      const int basic = basic_points(han, base.fu, base.yakuman, position.rules);
      const Payment pay = payments(basic, dealer, true);
      return dealer ? 3 * pay.non_dealer : pay.dealer + 2 * pay.non_dealer;
    };
    if (base.yakuman > 0) return points(0);
    double total = 0;
    for (int e = 0; e < kHanBins; ++e) {
      if (extra[e] > 0) total += extra[e] * points(base.han + added_han + e);
    }
    return total;
  }

  // The winning hand x (k drawn), scored once; -1 when it does not score at all.
  std::int32_t win_of(const HandKey& x_key, const TileCounts& x, int k) {
    HandKey key = counts_only(x_key);
    key.hi |= (x_key.hi & ~kCountMaskHi & ~kBackFlag) | (std::uint64_t{static_cast<unsigned>(k)} << 48);
    const auto [id, inserted] = win_index.find_or_insert(key, static_cast<std::uint32_t>(wins.size()));
    if (!inserted) return wins[id].dama || wins[id].riichi ? static_cast<std::int32_t>(id) : -1;
    WinValue value;
    WinningHand hand;
    hand.concealed = x;
    hand.win_kind = k;
    for (const Meld& meld : position.melds) hand.melds[static_cast<std::size_t>(hand.meld_count++)] = meld;
    const ScoreOutcome dama = score_win(hand, context, position.rules);
    const std::uint64_t flags = x_key.hi & ~kCountMaskHi;
    if (dama.ok()) {
      value.dama = true;
      const HanDistribution extra = extra_han(x, flags, false);
      value.points[0] = static_cast<float>(expected_points(dama.score, 0, extra));
      value.points[1] = static_cast<float>(expected_points(dama.score, 1, extra));
    }
    if (riichi_possible) {
      WinContext riichi = context;
      riichi.riichi = true;
      const ScoreOutcome with_riichi = score_win(hand, riichi, position.rules);
      if (with_riichi.ok()) {
        value.riichi = true;
        const HanDistribution extra = extra_han(x, flags, true);
        for (int variant = kRiichi; variant <= kIppatsu; ++variant) {
          const int added = variant - kRiichi;  // the riichi han is in the score already
          value.points[2 * variant] = static_cast<float>(expected_points(with_riichi.score, added, extra));
          value.points[2 * variant + 1] =
              static_cast<float>(expected_points(with_riichi.score, added + 1, extra));
        }
      }
    }
    wins.push_back(value);
    return value.dama || value.riichi ? static_cast<std::int32_t>(id) : -1;
  }

  // ---- expanding a draw state ----

  bool wants_level_states(int s, bool back_used) const {
    const bool backs = options.shanten_back && !back_used;
    const bool changes = options.hand_change && !(s == 0 && riichi_possible && options.riichi == RiichiMode::always);
    return backs || changes;
  }

  void expand(std::uint32_t i) {
    const HandKey key = nodes[i].key;
    const TileCounts hand = hand_of_key(key);
    const int s = nodes[i].shanten;
    const bool back_used = (key.hi & kBackFlag) != 0;
    std::array<float, kNumKinds> weight{};
    std::array<std::int8_t, kNumKinds> after{};
    float ukeire = 0;
    TileCounts x = hand;
    for (int k = 0; k < kNumKinds; ++k) {
      if (hand[k] >= kCopiesPerKind) continue;
      weight[k] = weight_of(hand, k);
      if (weight[k] <= 0) continue;
      ++x[k];
      after[k] = static_cast<std::int8_t>(shanten(x));
      --x[k];
      if (after[k] < s) ukeire += weight[k];
    }
    nodes[i].ukeire = ukeire;
    const bool level = wants_level_states(s, back_used);
    const bool changes = options.hand_change && !(s == 0 && riichi_possible && options.riichi == RiichiMode::always);
    const bool backs = options.shanten_back && !back_used;
    const auto edge_begin = static_cast<std::uint32_t>(edges.size());
    for (int k = 0; k < kNumKinds; ++k) {
      if (weight[k] <= 0) continue;
      ++x[k];
      HandKey x_key = key;
      add_kind(x_key, k);
      DrawEdge edge;
      edge.kind = static_cast<std::uint8_t>(k);
      edge.weight = weight[k];
      if (after[k] < s && after[k] >= 0) {
        edge.discard = improving_discard(x_key, x, after[k]);
      } else {
        if (after[k] < 0) edge.win = win_of(x_key, x, k);
        if (level) {
          const std::uint32_t j = level_discard(x_key, x, s, changes, backs);
          edge.allowed = allow_changes(j, ukeire);
          if (edge.allowed > 0 || discards[j].back_end > discards[j].change_end) edge.discard = j;
        }
      }
      --x[k];
      if (edge.discard != kNone || edge.win >= 0) edges.push_back(edge);
    }
    nodes[i].edge_begin = edge_begin;
    nodes[i].edge_end = static_cast<std::uint32_t>(edges.size());
  }

  // ---- the sweep ----

  double& E(std::uint32_t node, int t, int objective) {
    return entry[(static_cast<std::size_t>(node) * (draws + 1) + t) * kObjectives + objective];
  }
  double E(std::uint32_t node, int t, int objective) const {
    return entry[(static_cast<std::size_t>(node) * (draws + 1) + t) * kObjectives + objective];
  }
  // table 0 D, 1 Rf, 2 Rs; objective 1 or 2.
  double& T(std::int32_t slot, int t, int table, int objective) {
    return tenpai_table[(static_cast<std::size_t>(slot) * (draws + 1) + t) * 6 + 2 * table + objective - 1];
  }
  double T(std::int32_t slot, int t, int table, int objective) const {
    return tenpai_table[(static_cast<std::size_t>(slot) * (draws + 1) + t) * 6 + 2 * table + objective - 1];
  }
  double read(std::uint32_t node, int t, int objective) const {
    return std::max(0.0, E(node, t, objective));
  }

  // Best continuation values of every discard state at time t+1, per objective.
  std::vector<double> forward_best;   // per discard state: max over forward successors
  std::vector<double> back_best;      // per discard state: max over shanten-back successors
  std::vector<double> prefix_best;    // per successor slot: max over the hand changes up to it

  void discard_values(int t1) {
    for (std::size_t j = 0; j < discards.size(); ++j) {
      const DiscardNode& node = discards[j];
      std::array<double, kObjectives> best{};
      if (node.improving) {
        for (std::uint32_t p = node.begin; p < node.change_end; ++p) {
          for (int o = 0; o < kObjectives; ++o) best[o] = std::max(best[o], read(successors[p].node, t1, o));
        }
        for (int o = 0; o < kObjectives; ++o) forward_best[j * kObjectives + o] = best[o];
        continue;
      }
      for (std::uint32_t p = node.begin; p < node.begin + node.enqueued; ++p) {
        for (int o = 0; o < kObjectives; ++o) {
          best[o] = std::max(best[o], read(successors[p].node, t1, o));
          prefix_best[p * kObjectives + o] = best[o];
        }
      }
      std::array<double, kObjectives> back{};
      for (std::uint32_t p = node.change_end; p < node.back_end; ++p) {
        for (int o = 0; o < kObjectives; ++o) back[o] = std::max(back[o], read(successors[p].node, t1, o));
      }
      for (int o = 0; o < kObjectives; ++o) back_best[j * kObjectives + o] = back[o];
    }
  }

  // The best continuation after drawing along `edge` (not counting the win or tsumogiri).
  double continuation(const DrawEdge& edge, int objective) const {
    if (edge.discard == kNone) return 0;
    const DiscardNode& node = discards[edge.discard];
    if (node.improving) return forward_best[edge.discard * kObjectives + objective];
    double best = back_best[edge.discard * kObjectives + objective];
    if (edge.allowed > 0) best = std::max(best, prefix_best[(node.begin + edge.allowed - 1) * kObjectives + objective]);
    return best;
  }

  double win_points(const DrawEdge& edge, int variant, int t) const {
    const bool haitei = position.haitei_on_last_draw && t == draws - 1;
    return wins[static_cast<std::size_t>(edge.win)].get(variant, haitei);
  }

  // One step of eq. 9/10: base is the value of staying (tsumogiri), best_k per edge from `pick`.
  template <typename Pick>
  double step(const DrawNode& node, double base, double wall_left, Pick pick) {
    double gain = 0;
    double helpful = 0;
    for (std::uint32_t e = node.edge_begin; e < node.edge_end; ++e) {
      const double best = pick(edges[e]);
      if (best > base) {
        gain += edges[e].weight * (best - base);
        helpful += edges[e].weight;
      }
    }
    if (helpful > wall_left + 1e-9) {
      ++impossible;
      return kImpossible;
    }
    return base + gain / wall_left;
  }

  void draw_values(int t) {
    const double wall_left = wall - t;
    for (std::uint32_t i = 0; i < nodes.size(); ++i) {
      const DrawNode& node = nodes[i];
      if (node.shanten == 0) {
        tenpai_values(i, t, wall_left);
        continue;
      }
      for (int o = 0; o < kObjectives; ++o) {
        const double base = read(i, t + 1, o);
        E(i, t, o) = step(node, base, wall_left, [&](const DrawEdge& edge) {
          return std::max(base, continuation(edge, o));
        });
      }
    }
  }

  void tenpai_values(std::uint32_t i, int t, double wall_left) {
    const DrawNode& node = nodes[i];
    const std::int32_t slot = node.tenpai_slot;
    E(i, t, 0) = 1;
    for (int o = 1; o < kObjectives; ++o) {
      const auto win_value = [&](const DrawEdge& edge, int variant) {
        return o == 1 ? 1.0 : win_points(edge, variant, t);
      };
      // Dama: win (if the hand has a yaku) or go on (hand change, back, tsumogiri).
      const double stay = read(i, t + 1, o);
      const double dama = step(node, stay, wall_left, [&](const DrawEdge& edge) {
        double best = std::max(stay, continuation(edge, o));
        if (edge.win >= 0 && wins[static_cast<std::size_t>(edge.win)].dama) best = std::max(best, win_value(edge, kDama));
        return best;
      });
      T(slot, t, 0, o) = dama;
      double value = dama;
      if (riichi_possible && options.riichi != RiichiMode::never) {
        const double locked = std::max(0.0, T(slot, t + 1, 2, o));
        const auto riichi_step = [&](int variant) {
          return step(node, locked, wall_left, [&](const DrawEdge& edge) {
            if (edge.win < 0 || !wins[static_cast<std::size_t>(edge.win)].riichi) return locked;
            return std::max(locked, win_value(edge, variant));
          });
        };
        const double fresh = riichi_step(kIppatsu);
        T(slot, t, 1, o) = fresh;
        T(slot, t, 2, o) = riichi_step(kRiichi);
        value = options.riichi == RiichiMode::always ? fresh : std::max(dama, fresh);
      }
      E(i, t, o) = value;
    }
  }

  void sweep() {
    const std::size_t stride = static_cast<std::size_t>(draws + 1) * kObjectives;
    entry.assign(nodes.size() * stride, 0.0);
    tenpai_table.assign(tenpai_slots * static_cast<std::size_t>(draws + 1) * 6, 0.0);
    for (std::uint32_t i = 0; i < nodes.size(); ++i) E(i, draws, 0) = nodes[i].shanten == 0 ? 1 : 0;
    forward_best.assign(discards.size() * kObjectives, 0.0);
    back_best.assign(discards.size() * kObjectives, 0.0);
    prefix_best.assign(successors.size() * kObjectives, 0.0);
    for (int t = draws - 1; t >= 0; --t) {
      discard_values(t + 1);
      draw_values(t);
    }
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
      if (root[d] == 0) continue;
      TileCounts y = root;
      --y[d];
      const int ys = shanten(y);
      Candidate c;
      c.discard = d;
      c.discard_red = !is_honor(d) && d % 9 == kFiveOffset && root[d] == 1 &&
                      ((flags >> (kRedShift + suit_of(d))) & 1);
      c.shanten = ys;
      c.shanten_back = ys > root_shanten;
      const std::uint64_t after = flags_after_discard(flags, y, d) | (c.shanten_back ? kBackFlag : 0);
      c.node = draw_node(with_flags(y, after), ys);
      result.candidates.push_back(c);
    }
  }

  void build() {
    for (std::uint32_t i = 0; i < nodes.size(); ++i) expand(i);
  }

  void fill_result() {
    for (Candidate& c : result.candidates) {
      c.ukeire = nodes[c.node].ukeire;
      for (int o = 0; o < kObjectives; ++o) {
        c.value[o] = read(c.node, 0, o);
        c.by_draws[o].resize(static_cast<std::size_t>(draws));
        for (int r = 1; r <= draws; ++r) c.by_draws[o][static_cast<std::size_t>(r - 1)] = E(c.node, draws - r, o);
      }
    }
    std::stable_sort(result.candidates.begin(), result.candidates.end(), [](const Candidate& a, const Candidate& b) {
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
                         entry.capacity() * sizeof(double) + tenpai_table.capacity() * sizeof(double) +
                         (forward_best.capacity() + back_best.capacity() + prefix_best.capacity()) * sizeof(double);
  }

  void run() {
    check_position();
    set_up_scoring();
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
    return T(n.tenpai_slot, t, 1, objective) >= T(n.tenpai_slot, t, 0, objective);
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
      const double go_on = std::max(0.0, T(nodes[node].tenpai_slot, t1, 2, objective));
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
      if (v > best) {
        best = v;
        pick = Choice{false, s.discard, s.node, riichi_at(s.node, t1, objective)};
      }
    };
    const std::uint32_t changes_end = d.improving ? d.change_end : d.begin + edge->allowed;
    for (std::uint32_t p = d.begin; p < changes_end; ++p) consider(successors[p]);
    for (std::uint32_t p = d.change_end; p < d.back_end; ++p) consider(successors[p]);
    return pick;
  }
};

Solver::Solver(const Position& position, const Options& options) : impl_(std::make_unique<Impl>()) {
  impl_->position = position;
  impl_->options = options;
  impl_->run();
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
