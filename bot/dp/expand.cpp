// Graph expansion (docs/dp.md, "The model"): the candidates' draw states, and for each draw state
// its draws: forward to a discard state that lowers the shanten, a win, or a hand change; the
// shanten-back candidates are made here too.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>

#include "bot/dp/laid_down_meld.hpp"
#include "bot/dp/solver_impl.hpp"
#include "engine/action.hpp"
#include "engine/meld.hpp"
#include "engine/shanten.hpp"
#include "engine/waits.hpp"

namespace tenbin::dp {
namespace {

constexpr int kMaxChangeShanten = 1;  // hand changes are looked for at 1-shanten and tenpai
constexpr float kAnyWidth = -1.0f;    // an ukeire threshold every hand change passes

// A hand's key with `flags`.
HandKey with_flags(const TileCounts& hand, std::uint64_t flags) {
  HandKey key = key_of(hand);
  key.hi |= flags;
  return key;
}

// The key of a hand with one tile of `kind` discarded from the hand of `key`, with `flags`.
HandKey after_discard_key(HandKey key, int kind, std::uint64_t flags) {
  remove_kind(key, kind);
  key.hi = (key.hi & kCountMaskHi) | flags;
  return key;
}

// The flags of the hand after discarding `kind` from a hand with `flags` and the laid-down meld
// `meld`: a red five leaves when its last copy goes (one laid down stays).
std::uint64_t flags_after_discard(std::uint64_t flags, const TileCounts& after, int kind, int meld) {
  if (!is_five(kind) || after[kind] > 0 || meld_holds(meld, kind)) return flags;
  return flags & ~red_flag(suit_of(kind));
}

// The key under which the ukeire of x less one `kind` is kept: its counts and laid-down meld.
HandKey ukeire_key_after_discard(const HandKey& x_key, int kind) {
  HandKey key = counts_and_meld(x_key);
  remove_kind(key, kind);
  return key;
}

// The key of the win (x, k): the hand, its red fives and the winning kind.
HandKey win_key(const HandKey& x_key, int k) {
  HandKey key = counts_only(x_key);
  key.lo |= x_key.lo & ~kCountMaskLo;  // opened, and the laid-down meld
  key.hi |= (flags_of(x_key) & ~kChangedFlag) | (std::uint64_t{static_cast<unsigned>(k)} << kWinKindShift);
  return key;
}

}  // namespace

// draw_weight[kind][copies]: the wall's weight of `kind` less the copies held beyond the root's.
void Solver::Impl::set_up_draw_weights() {
  for (int kind = 0; kind < kNumKinds; ++kind) {
    for (int copies = 0; copies <= kCopiesPerKind; ++copies) {
      const int extra = std::max(0, copies - root[kind]);
      draw_weight[kind][copies] = static_cast<float>(std::max(0.0, position.weights[kind] - extra));
    }
  }
}

namespace {
// Whether `hand` holds two tiles of a run with `kind` (a chi of it).
bool chi_shape(const TileCounts& hand, int kind) {
  const ChiPartners partners = chi_partners(kind);
  for (int i = 0; i < partners.count; ++i) {
    if (hand[partners.pairs[i][0]] > 0 && hand[partners.pairs[i][1]] > 0) return true;
  }
  return false;
}
}  // namespace

// The chance per go-round that `kind` is offered to `hand` as a call it can make (docs/dp.md,
// "Calls"): a pon (two held) on any other seat's discard, a chi (two tiles of a run with it held)
// on the discard of the seat before. Each unseen copy, less the copies this path holds beyond the
// root's (`held`: the concealed tiles with a laid-down meld's), is offered at the position's rate.
double Solver::Impl::call_chance(const TileCounts& hand, const TileCounts& held, int kind) const {
  double rate = 0;
  if (hand[kind] >= 2) rate = position.pon_offer_rate[kind];
  if (chi_shape(hand, kind)) rate = std::max(rate, position.chi_offer_rate[kind]);
  const int copies = std::max(0, static_cast<int>(position.unseen_copies[kind]) - std::max(0, held[kind] - root[kind]));
  if (rate <= 0 || copies == 0) return 0;
  return 1 - std::pow(1 - rate, copies);
}

// Appends a draw edge, and with calls its call chance beside it (and with a closed hand's calls,
// the opened discard state the call leads to).
inline void Solver::Impl::add_edge(const DrawEdge& edge, double call, std::uint32_t call_target) {
  edges.push_back(edge);
  if (calls) call_chances.push_back(call);
  if (closed_calls) call_targets.push_back(call_target);
}

// Records a hand's ukeire known already (a draw state's own).
inline void Solver::Impl::remember_ukeire(const HandKey& key, float ukeire) {
  if (ukeire_index.find_or_insert(key, static_cast<std::uint32_t>(ukeire_values.size())).second) ukeire_values.push_back(ukeire);
}

// The ukeire of a hand (its improving draws' weight), computed once per solve.
inline float Solver::Impl::ukeire_of(const HandKey& key, const TileCounts& hand) {
  const auto [id, inserted] = ukeire_index.find_or_insert(key, static_cast<std::uint32_t>(ukeire_values.size()));
  if (!inserted) return ukeire_values[id];
  const ShantenProbe probe(hand, group_cache, Neighbours::draws_and_discards);
  const TileCounts held = with_meld_tiles(hand, meld_code(key));
  float total = 0;
  for (std::uint64_t kinds = probe.improving_draws(); kinds != 0; kinds &= kinds - 1) {
    const int kind = std::countr_zero(kinds);
    total += weight_of(held, kind);
  }
  ukeire_values.push_back(total);
  return total;
}

// The ukeire of a hand met outside the graph (a candidate the DP does not value).
float Solver::Impl::ukeire_of_hand(const TileCounts& hand) { return ukeire_of(key_of(hand), hand); }

// The draw state of `key`, made (and queued for expansion) when new.
inline std::uint32_t Solver::Impl::draw_node(const HandKey& key, int hand_shanten) {
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


// x = v + k, with the probe of v: the discards of x are exchanges of v.
inline std::uint32_t Solver::Impl::improving_discard(const HandKey& x_key, const TileCounts& x, int x_shanten,
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
  const std::uint64_t flags = flags_of(x_key);
  const int meld = meld_code(x_key);
  // The discards that keep x's shanten.
  std::array<HandKey, kNumKinds> next_keys;
  std::array<std::uint8_t, kNumKinds> kept{};
  int count = 0;
  TileCounts y = x;
  for (std::uint64_t best = probe.best_discards(k); best != 0; best &= best - 1) {
    const int d = std::countr_zero(best);
    --y[d];
    next_keys[static_cast<std::size_t>(count)] = after_discard_key(x_key, d, flags_after_discard(flags, y, d, meld));
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

namespace {
// The melds a hand can make of the offered `kind`: a pon with two held, a chi with each pair of
// run partners held. Their codes, and what each takes from the hand.
struct MeldChoice {
  int code = kNoMeld;
  std::array<int, 2> from_hand{};
};

int meld_choices(const TileCounts& hand, int kind, std::array<MeldChoice, 4>& out) {
  int count = 0;
  if (hand[kind] >= 2) out[static_cast<std::size_t>(count++)] = {pon_code(kind), {kind, kind}};
  const ChiPartners partners = chi_partners(kind);
  for (int i = 0; i < partners.count; ++i) {
    const std::array<int, 2>& pair = partners.pairs[static_cast<std::size_t>(i)];
    if (hand[pair[0]] == 0 || hand[pair[1]] == 0) continue;
    out[static_cast<std::size_t>(count++)] = {chi_code(std::min(kind, pair[0])), pair};
  }
  return count;
}

// Kuikae (engine/action.hpp): the discard right after the call may not be the called kind, nor,
// after a chi with the called tile at one end, the kind beyond the other end.
bool forbidden_after_call(const MeldChoice& meld, int called, int discard) {
  TileGroup consumed;
  consumed.push(Tile::of(meld.from_hand[0]));
  consumed.push(Tile::of(meld.from_hand[1]));
  return is_kuikae(is_chi_code(meld.code) ? EventType::chi : EventType::pon, called, consumed, discard);
}
}  // namespace

// A closed hand v (shanten s) calls the offered `kind` and lays the meld down (docs/dp.md,
// "Calls"): one discard state per (v, kind), whose successors are every meld v can make of the
// tile, each with every discard after it that kuikae allows and that reaches shanten s - 1, into
// the opened draw state holding that meld. kNone when no meld of it lowers the shanten. Its key
// is v + kind with the called kind beside it: another hand calling another tile may reach the
// same fourteen tiles, with other melds and another kuikae.
inline std::uint32_t Solver::Impl::laid_down_call(const HandKey& v_key, const TileCounts& v, int s, int kind) {
  HandKey key = opened(v_key);
  add_kind(key, kind);
  key.hi |= kImprovingFlag | std::uint64_t{static_cast<unsigned>(kind)} << kCalledKindShift;
  const auto [id, inserted] = discard_index.find_or_insert(key, static_cast<std::uint32_t>(discards.size()));
  if (!inserted) return discards[id].begin == discards[id].end ? kNone : id;
  DiscardNode node;
  node.key = key;
  node.improving = true;
  node.source_shanten = static_cast<std::int8_t>(s);
  node.begin = static_cast<std::uint32_t>(successors.size());
  std::array<MeldChoice, 4> choices;
  const int count = meld_choices(v, kind, choices);
  const std::uint64_t flags = flags_of(v_key);
  for (int m = 0; m < count; ++m) {
    const MeldChoice& meld = choices[static_cast<std::size_t>(m)];
    TileCounts y = v;  // the concealed tiles left: v less the two the meld takes from it
    --y[meld.from_hand[0]];
    --y[meld.from_hand[1]];
    const HandKey y_key = opened(with_flags(y, flags));
    for (int d = 0; d < kNumKinds; ++d) {
      if (y[d] == 0 || forbidden_after_call(meld, kind, d)) continue;
      --y[d];
      if (shanten(y) == s - 1) {
        const HandKey next = after_discard_key(y_key, d, flags_after_discard(flags, y, d, meld.code));
        successors.push_back({draw_node(with_meld_code(next, meld.code), s - 1), 0, static_cast<std::uint8_t>(d)});
      }
      ++y[d];
    }
  }
  node.end = static_cast<std::uint32_t>(successors.size());
  discards.push_back(node);
  return node.begin == node.end ? kNone : id;
}

// The hand changes of x = v + k (x does not improve v): discards keeping shanten s. Where every
// such discard may be made (any_change), all of them, for the DP to value (a wider wait, a yaku,
// a dora, a better wait: whatever scores more); elsewhere the widest, which an edge may take when
// strictly wider than its own hand. Every discard is looked at, the drawn kind's too: x is shared
// by all the hands one draw below it, and a hand is never strictly wider than itself.
inline std::uint32_t Solver::Impl::change_discard(const HandKey& x_key, const TileCounts& x, int s, const ShantenProbe& probe,
                                           int k) {
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
    if (!any) ukeire_index.prefetch(ukeire_key_after_discard(x_key, d));  // looked up just below
    successors.push_back({kNone, 0.0f, static_cast<std::uint8_t>(d)});
  }
  if (!any) {
    TileCounts y = x;
    for (std::uint32_t p = node.begin; p < successors.size(); ++p) {
      const int d = successors[p].discard;
      --y[d];
      successors[p].ukeire = ukeire_of(ukeire_key_after_discard(x_key, d), y);
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
inline void Solver::Impl::keep_widest(std::uint32_t begin) {
  float widest = 0;
  for (std::uint32_t p = begin; p < successors.size(); ++p) widest = std::max(widest, successors[p].ukeire);
  const auto narrower = [&](const Successor& s) { return s.ukeire < widest - 1e-6f; };
  successors.erase(std::remove_if(successors.begin() + begin, successors.end(), narrower), successors.end());
}

// Hand-change successors of `j` with ukeire above `threshold`; makes them draw states.
inline std::uint16_t Solver::Impl::allow_changes(std::uint32_t j, float threshold) {
  DiscardNode& node = discards[j];
  std::uint32_t allowed = 0;
  while (node.begin + allowed < node.end && successors[node.begin + allowed].ukeire > threshold + 1e-6f) {
    ++allowed;
  }
  if (node.enqueued >= allowed) return static_cast<std::uint16_t>(allowed);
  const HandKey x_key = node.key;
  const TileCounts x = hand_of_key(x_key);
  const std::uint64_t flags = flags_of(x_key);
  const int s = node.source_shanten;
  while (discards[j].enqueued < allowed) {
    Successor& next = successors[discards[j].begin + discards[j].enqueued];
    TileCounts y = x;
    --y[next.discard];
    const std::uint32_t id =
        draw_node(after_discard_key(x_key, next.discard,
                                    flags_after_discard(flags, y, next.discard, meld_code(x_key)) | kChangedFlag),
                  s);
    successors[discards[j].begin + discards[j].enqueued].node = id;
    ++discards[j].enqueued;
  }
  return static_cast<std::uint16_t>(allowed);
}



// The win (x, k): its index in `wins`, scored when first met; -1 when it does not score at all.
inline std::int32_t Solver::Impl::win_of(const HandKey& x_key, const TileCounts& x, int k) {
  const auto [id, inserted] = win_index.find_or_insert(win_key(x_key, k), static_cast<std::uint32_t>(wins.size()));
  if (inserted) wins.push_back(score_win(x_key, x, k));
  const WinValue& value = wins[id];
  return value.dama || value.riichi ? static_cast<std::int32_t>(id) : -1;
}

// Whether a hand change at shanten s may make any discard keeping s (or only a wider one).
inline bool Solver::Impl::any_change(int s) const { return s == 0 || options.any_change_before_tenpai; }

inline bool Solver::Impl::changes_allowed(int s, const HandKey& key) const {
  if (!options.hand_change || (key.hi & kChangedFlag) != 0 || s > kMaxChangeShanten) return false;
  return !(s == 0 && riichi_allowed(key) && options.riichi == RiichiMode::always);  // riichi locks it
}

// A tenpai hand that may not change only wins or lets its draws go: its waits, from the
// completion tables, are all it needs.
inline void Solver::Impl::expand_locked_tenpai(std::uint32_t i, const TileCounts& hand) {
  const KindMask waits = waits_of(hand);
  const TileCounts held = with_meld_tiles(hand, meld_code(nodes[i].key));
  // The winning draws and their hands, whose win slots start loading before they are scored.
  std::array<int, kNumKinds> drawn{};
  std::array<HandKey, kNumKinds> x_keys;
  int count = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (((waits >> k) & 1) == 0 || held[k] >= kCopiesPerKind || weight_of(held, k) <= 0) continue;
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
    const float weight = weight_of(held, k);
    const HandKey& x_key = x_keys[static_cast<std::size_t>(w)];
    ukeire += weight;
    ++x[k];
    DrawEdge edge;
    edge.kind = static_cast<std::uint8_t>(k);
    edge.weight = weight;
    edge.win = win_of(x_key, x, k);
    --x[k];
    if (edge.win >= 0) add_edge(edge, 0.0);
  }
  nodes[i].ukeire = ukeire;
  nodes[i].edge_begin = edge_begin;
  nodes[i].edge_end = static_cast<std::uint32_t>(edges.size());
}

// The draws of state i that lead somewhere, with their discard states and wins.
inline void Solver::Impl::expand(std::uint32_t i) {
  expanding_depth = nodes[i].depth;
  const HandKey key = nodes[i].key;
  const TileCounts hand = hand_of_key(key);
  const TileCounts held = with_meld_tiles(hand, meld_code(key));  // what the draws' weights count
  const int s = nodes[i].shanten;
  const bool changes = changes_allowed(s, key);
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
    for (int k = 0; k < kNumKinds; ++k) candidates |= held[k] < kCopiesPerKind ? std::uint64_t{1} << k : 0;
  }
  std::array<std::uint8_t, kNumKinds> drawn;
  std::array<float, kNumKinds> weight;
  std::array<HandKey, kNumKinds> x_keys;
  int count = 0;
  float ukeire = 0;
  for (; candidates != 0; candidates &= candidates - 1) {
    const int k = std::countr_zero(candidates);
    const float w = weight_of(held, k);
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
  if (changes && !any_change(s)) remember_ukeire(counts_and_meld(key), ukeire);
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
    // A closed hand's call takes the tile into the same hand opened, or lays its meld down, where
    // the option allows it (a yakuhai has no chi, so its call is a pon).
    const bool closed_state = closed_calls && !is_opened(key);
    const bool may_call = calls && improves && s > 0 && (!closed_state || ((opening_kinds >> k) & 1) != 0);
    double call = may_call ? call_chance(hand, held, k) : 0.0;
    const bool opens = call > 0 && closed_state;
    std::uint32_t call_target = kNone;
    if (opens) {
      call_target = options.lay_down_calls ? laid_down_call(key, hand, s, k)
                                           : improving_discard(opened(x_key), x, s - 1, probe, k);
      if (call_target == kNone) call = 0;  // no meld of it lowers the shanten
    }
    --x[k];
    if (edge.discard != kNone || edge.win >= 0) add_edge(edge, call, call_target);
  }
  nodes[i].edge_begin = edge_begin;
  nodes[i].edge_end = static_cast<std::uint32_t>(edges.size());
  if (calls) {
    // The offers of a go-round are one event each (at most one is the first): scaled to sum to 1
    // at most, so that the values stay probabilities.
    double total = 0;
    for (std::uint32_t e = edge_begin; e < edges.size(); ++e) total += call_chances[e];
    if (total > 1) {
      for (std::uint32_t e = edge_begin; e < edges.size(); ++e) call_chances[e] /= total;
    }
  }
}

// The root hand's red fives as key flags.
inline std::uint64_t Solver::Impl::root_flags() const {
  std::uint64_t flags = 0;
  for (int suit = 0; suit < 3; ++suit) {
    if (position.red_in_hand[suit] && position.rules.red_fives) flags |= red_flag(suit);
  }
  return flags;
}

// The candidates: the 3n+1 hand itself, or each allowed discard of the 3n+2 hand (those that
// raise the shanten with the shanten-back option only, their paths marked as changed).
void Solver::Impl::make_candidates() {
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
    c.discard_red = is_five(d) && root[d] == 1 &&
                    (flags & red_flag(suit_of(d))) != 0;
    c.shanten = ys;
    c.shanten_back = ys > root_shanten;
    c.evaluated = ys == root_shanten || (ys == root_shanten + 1 && options.shanten_back);
    if (c.evaluated) {
      const std::uint64_t after = flags_after_discard(flags, y, d, kNoMeld) | (c.shanten_back ? kChangedFlag : 0);
      c.node = draw_node(with_flags(y, after), ys);
    }
    result.candidates.push_back(c);
  }
}

// Expands the states in the order they are made (each new state is appended), up to the cap on
// states: one comparison per state expanded, none in the sweep.
void Solver::Impl::build() {
  expanding_depth = -1;
  const std::size_t cap = options.max_states;
  for (std::uint32_t i = 0; i < nodes.size(); ++i) {
    expand(i);
    if (cap != 0 && nodes.size() > cap) {
      throw TooManyStates("the hand is too large for the limit: its graph passes " + std::to_string(cap) +
                          " draw states (raise --max-states, or value fewer plans: shanten_back, hand_change off)");
    }
  }
}

}  // namespace tenbin::dp
