#include "eval/report/luck_value.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "engine/shanten.hpp"

namespace tenbin::arena {

// The text of data/luck_model.json, written into a generated source file at configure time
// (CMakeLists.txt).
extern const char* const kLuckModelJson;

namespace {

constexpr std::array<const char*, kLuckFeatures> kFeatureNames = {
    "complete", "tenpai", "one_shanten", "two_shanten", "three_shanten",
    "tenpai_draws_left", "one_shanten_draws_left", "two_shanten_draws_left", "three_shanten_draws_left",
    "ukeire", "waits", "dora", "dora_when_ready", "dealer_when_ready", "open_when_ready", "riichi_when_ready",
    "ron_chance", "ron_chance_dora", "deal_in_risk", "deal_in_risk_dora", "deal_in_risk_riichi",
    "win_points", "ready_points", "win_chance", "ron_points", "deal_in_points", "tenpai_without_win",
    "opponents_tenpai_when_ready", "opponents_ready_points_when_ready", "opponents_ready_points_when_dealer",
    "one_shanten_facing_riichi", "waits_held_points", "waits_held_points_when_ready", "tenpai_furiten",
    "ron_candidates_points", "ron_candidates_points_safe_held", "deal_in_candidates_points",
    "deal_in_candidates_points_safe_held", "isolated_waits_held_points", "waits_isolated_in_others_points",
    "ron_candidates_points_riichi_drawer", "deal_in_candidates_points_riichi_drawer",
    "ron_candidates_points_one_candidate", "deal_in_candidates_points_one_candidate"};

void set(LuckFeatures& features, LuckFeature feature, int value) { features[static_cast<int>(feature)] = value; }

int hundreds(int points) { return (points + 50) / 100; }

// A tenpai hand's prospects, its tiles `waiting` on `waits`, written into its summary.
void price_waits(HandSummary& summary, const HandPosition& position, int seat, const TileCounts& waiting,
                 std::uint64_t waits) {
  const ReadyProspects prospects = ready_prospects(position, seat, waiting, waits);
  summary.ron_points = prospects.ron;
  summary.win_chance = prospects.win_chance;
  summary.ready_points = prospects.mean_points * prospects.win_chance / 100;
}

// Copies of `kind` left for the seat to draw, as far as its own tiles tell.
int copies_left(const HandPosition& position, int seat, int kind) {
  return kCopiesPerKind - position.concealed[seat][kind] - position.melded[seat][kind];
}

// Ukeire of a 3n+1 hand: the copies left of every kind whose draw lowers the shanten.
int ukeire_of(const ShantenProbe& probe, const HandPosition& position, int seat) {
  int tiles = 0;
  for (std::uint64_t kinds = probe.improving_draws(); kinds != 0; kinds &= kinds - 1) {
    tiles += copies_left(position, seat, __builtin_ctzll(kinds));
  }
  return tiles;
}

// A 3n+2 hand: its shanten, the best ukeire among the discards that keep it, and the discard.
HandSummary after_draw(const HandPosition& position, int seat, GroupNeedsCache& cache) {
  const TileCounts& hand = position.concealed[seat];
  const ShantenProbe probe(hand, cache, Neighbours::draws_and_discards);
  HandSummary result{probe.base(), -1, 0, -1};
  if (result.shanten == kComplete) {
    result.tsumo_points = tsumo_points(position, seat);
    return result;
  }
  const bool drew = position.last_drawer == seat;
  const int drawn = drew ? position.last_draw.kind() : -1;
  TileCounts rest = hand;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (hand[kind] == 0 || probe.after_discard(kind) != result.shanten) continue;
    result.candidates |= std::uint64_t{1} << kind;
    --rest[kind];
    const ShantenProbe kept(rest, cache, Neighbours::draws_and_discards);
    const int ukeire = ukeire_of(kept, position, seat);
    ++rest[kind];
    if (ukeire > result.ukeire || (ukeire == result.ukeire && kind == drawn)) {
      result.ukeire = ukeire;
      result.discard = kind;
    }
  }
  result.ukeire = std::max(result.ukeire, 0);
  if (drew && position.riichi[seat]) {
    result.discard = drawn;
    result.candidates = std::uint64_t{1} << drawn;
  }
  if (result.shanten == 0 && result.discard >= 0 && hand[result.discard] > 0) {
    --rest[result.discard];
    const ShantenProbe waiting(rest, cache, Neighbours::draws_and_discards);
    if (waiting.base() == 0) price_waits(result, position, seat, rest, waiting.improving_draws());
  }
  return result;
}

HandSummary before_draw(const HandPosition& position, int seat, GroupNeedsCache& cache) {
  const ShantenProbe probe(position.concealed[seat], cache, Neighbours::draws_and_discards);
  HandSummary result{probe.base(), ukeire_of(probe, position, seat), 0};
  if (result.shanten != 0) return result;
  result.waits = probe.improving_draws();
  price_waits(result, position, seat, position.concealed[seat], result.waits);
  return result;
}

// What a ready (tenpai or complete) hand threatens, in hundreds of points: its ready_points, or
// its win_points when complete.
int threat(const HandSummary& hand) {
  if (hand.shanten == kComplete) return hundreds(hand.tsumo_points);
  return hand.shanten == 0 ? hundreds(hand.ready_points) : 0;
}

// A tenpai seat that can be dealt into: not furiten on its river, nor, in riichi, on a tile
// discarded since its declaration (it would have won on it).
bool ron_open(const HandPosition& position, int seat, const HandSummary& hand) {
  return hand.shanten == 0 && hand.waits != 0 && !position.furiten(seat, hand.waits);
}

// The kinds the seat holds (bit k for kind k).
std::uint64_t kinds_held(const TileCounts& hand) {
  std::uint64_t kinds = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (hand[kind] > 0) kinds |= std::uint64_t{1} << kind;
  }
  return kinds;
}

// Single tiles with no tile of their suit within two ranks (single honours): what an efficiency
// player lets go first.
std::uint64_t isolated_tiles(const TileCounts& hand) {
  std::uint64_t kinds = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (hand[kind] != 1) continue;
    bool alone = true;
    if (!is_honor(kind)) {
      const int first = kind - kind % 9;
      for (int other = std::max(first, kind - 2); other <= std::min(first + 8, kind + 2); ++other) {
        if (other != kind && hand[other] > 0) alone = false;
      }
    }
    if (alone) kinds |= std::uint64_t{1} << kind;
  }
  return kinds;
}

// `holder` would rather discard a tile safe against `waiting` than one of its waits: `waiting`
// is in riichi, `holder` is not (it chooses its discards) and holds such a tile.
bool defends_against(const HandPosition& position, const PerSeat<HandSummary>& hands, int holder, int waiting) {
  if (!position.riichi[waiting] || position.riichi[holder]) return false;
  return (hands[holder].held & position.safe_against[waiting]) != 0;
}

// The ron values of `waiting`'s waits among `kinds` (each kind once), in hundreds.
int waits_points(const HandSummary& waiting, std::uint64_t kinds) {
  int points = 0;
  for (std::uint64_t hit = waiting.waits & kinds; hit != 0; hit &= hit - 1) {
    points += hundreds(waiting.ron_points[static_cast<std::size_t>(std::countr_zero(hit))]);
  }
  return points;
}


// The mean ron value of `waiting`'s waits among the drawer's candidates, hundreds.
int candidates_points(const HandSummary& drawer, const HandSummary& waiting) {
  const int candidates = std::popcount(drawer.candidates);
  return candidates == 0 ? 0 : waits_points(waiting, drawer.candidates) / candidates;
}

// The ron values of `waiting`'s waits among the holder's isolated tiles (a 3n+1 hand that
// chooses its discards), unless it defends against it; hundreds.
int isolated_points(const HandPosition& position, const PerSeat<HandSummary>& hands, int holder, int waiting) {
  if (position.riichi[holder] || defends_against(position, hands, holder, waiting)) return 0;
  return waits_points(hands[waiting], hands[holder].isolated);
}

// The opponents' hands as they bear on this seat's: their threats against its own readiness, its
// paying double as the dealer, a riichi it is one tile short against, and their waits it holds.
void add_opponents(LuckFeatures& features, const HandPosition& position, int seat, const PerSeat<HandSummary>& hands) {
  int ready = 0;
  int threats = 0;
  int riichi = 0;
  int held = 0;
  int isolated_held = 0;
  int isolated_out = 0;
  for (int other = 0; other < 4; ++other) {
    if (other == seat || position.dealt[other] < 13) continue;
    if (hands[other].shanten <= 0) ++ready;
    threats += threat(hands[other]);
    if (position.riichi[other]) ++riichi;
    if (hands[seat].can_ron) isolated_out += isolated_points(position, hands, other, seat);
    if (!hands[other].can_ron) continue;
    held += waits_points(hands[other], hands[seat].held);
    isolated_held += isolated_points(position, hands, seat, other);
  }
  set(features, LuckFeature::waits_held_points, held);
  set(features, LuckFeature::isolated_waits_held_points, isolated_held);
  set(features, LuckFeature::waits_isolated_in_others_points, isolated_out);
  const int shanten = hands[seat].shanten;
  if (shanten <= 0) {
    set(features, LuckFeature::opponents_tenpai_when_ready, ready);
    set(features, LuckFeature::opponents_ready_points_when_ready, threats);
    set(features, LuckFeature::waits_held_points_when_ready, held);
  }
  if (seat == position.dealer) set(features, LuckFeature::opponents_ready_points_when_dealer, threats);
  if (shanten == 1) set(features, LuckFeature::one_shanten_facing_riichi, riichi);
}

// Which figure a stake on the drawer's discard goes into, by how sure that discard is: a drawer in
// riichi must let its drawn tile go, one with a single candidate lets that go, others choose.
LuckFeature by_sureness(const HandPosition& position, const PerSeat<HandSummary>& hands, int drawer,
                        LuckFeature in_riichi, LuckFeature one_candidate, LuckFeature choosing) {
  if (position.riichi[drawer]) return in_riichi;
  return std::popcount(hands[drawer].candidates) == 1 ? one_candidate : choosing;
}

// The drawer's candidates against the tenpai seats: this seat's ron on them, or the drawer's
// deal-ins, each apart when the drawer holds a tile safe against the riichi it faces.
void add_drawer_candidates(LuckFeatures& features, const HandPosition& position, int seat, int drawer,
                           const PerSeat<HandSummary>& hands) {
  if (drawer != seat) {
    if (!hands[seat].can_ron) return;
    const bool safe_held = defends_against(position, hands, drawer, seat);
    const LuckFeature feature = safe_held ? LuckFeature::ron_candidates_points_safe_held
                                          : by_sureness(position, hands, drawer, LuckFeature::ron_candidates_points_riichi_drawer,
                                                        LuckFeature::ron_candidates_points_one_candidate,
                                                        LuckFeature::ron_candidates_points);
    set(features, feature, candidates_points(hands[drawer], hands[seat]));
    return;
  }
  int exposed = 0;
  int exposed_safe_held = 0;
  for (int other = 0; other < 4; ++other) {
    if (other == seat || position.dealt[other] < 13 || !hands[other].can_ron) continue;
    (defends_against(position, hands, seat, other) ? exposed_safe_held : exposed) +=
        candidates_points(hands[seat], hands[other]);
  }
  set(features,
      by_sureness(position, hands, seat, LuckFeature::deal_in_candidates_points_riichi_drawer,
                  LuckFeature::deal_in_candidates_points_one_candidate, LuckFeature::deal_in_candidates_points),
      exposed);
  set(features, LuckFeature::deal_in_candidates_points_safe_held, exposed_safe_held);
}

std::int64_t integer(const nlohmann::json& value, const char* what) {
  if (!value.is_number_integer()) throw std::invalid_argument(std::string("luck model: ") + what + " is not a whole number");
  return value.get<std::int64_t>();
}

}  // namespace

const char* feature_name(LuckFeature feature) { return kFeatureNames[static_cast<int>(feature)]; }

int dealing_bucket(const TileCounts& concealed) {
  return std::clamp(shanten_regular(concealed), -1, kDealingShantenBuckets - 2) + 1;
}

HandSummary summarize(const HandPosition& position, int seat, GroupNeedsCache& cache) {
  const int tiles = total_tiles(position.concealed[seat]);
  if (tiles % 3 == 0) {
    throw std::invalid_argument("seat " + std::to_string(seat) + " holds " + std::to_string(tiles) + " tiles: the log is not a game");
  }
  HandSummary summary = tiles % 3 == 2 ? after_draw(position, seat, cache) : before_draw(position, seat, cache);
  summary.held = kinds_held(position.concealed[seat]);
  summary.isolated = tiles % 3 == 1 ? isolated_tiles(position.concealed[seat]) : 0;
  summary.can_ron = ron_open(position, seat, summary);
  return summary;
}

PerSeat<HandSummary> summarize_all(const HandPosition& position, GroupNeedsCache& cache) {
  PerSeat<HandSummary> hands{};
  for (int seat = 0; seat < 4; ++seat) {
    if (position.dealt[seat] == 13) hands[seat] = summarize(position, seat, cache);
  }
  return hands;
}

LuckFeatures seat_features(const HandPosition& position, int seat, const PerSeat<HandSummary>& hands) {
  const HandSummary& hand = hands[seat];
  LuckFeatures features{};
  const int draws_left = position.live_draws_left();
  switch (hand.shanten) {
    case kComplete:
      set(features, LuckFeature::complete, 1);
      set(features, LuckFeature::win_points, hundreds(hand.tsumo_points));
      break;
    case 0:
      set(features, LuckFeature::tenpai, 1);
      set(features, LuckFeature::ready_points, hundreds(hand.ready_points));
      set(features, LuckFeature::win_chance, hand.win_chance);
      set(features, LuckFeature::tenpai_draws_left, draws_left);
      set(features, LuckFeature::waits, hand.ukeire);
      if (hundreds(hand.ready_points) == 0) set(features, LuckFeature::tenpai_without_win, 1);
      if (hand.waits != 0 && !hand.can_ron) set(features, LuckFeature::tenpai_furiten, 1);
      break;
    case 1:
      set(features, LuckFeature::one_shanten, 1);
      set(features, LuckFeature::one_shanten_draws_left, draws_left);
      break;
    case 2:
      set(features, LuckFeature::two_shanten, 1);
      set(features, LuckFeature::two_shanten_draws_left, draws_left);
      break;
    case 3:
      set(features, LuckFeature::three_shanten, 1);
      set(features, LuckFeature::three_shanten_draws_left, draws_left);
      break;
    default: break;
  }
  set(features, LuckFeature::ukeire, hand.ukeire);
  const int dora = position.dora_held(seat);
  set(features, LuckFeature::dora, dora);
  if (hand.shanten <= 0) {
    set(features, LuckFeature::dora_when_ready, dora);
    set(features, LuckFeature::dealer_when_ready, seat == position.dealer ? 1 : 0);
    set(features, LuckFeature::open_when_ready, position.calls[seat]);
    set(features, LuckFeature::riichi_when_ready, position.riichi[seat] ? 1 : 0);
  }
  add_opponents(features, position, seat, hands);
  const int drawer = position.last_drawer;
  if (drawer < 0 || hands[drawer].discard < 0) return features;
  add_drawer_candidates(features, position, seat, drawer, hands);
  const int discard_kind = hands[drawer].discard;
  const std::uint64_t discard = std::uint64_t{1} << discard_kind;
  if (drawer != seat && hand.can_ron && (hand.waits & discard) != 0) {
    set(features, LuckFeature::ron_chance, 1);
    set(features, LuckFeature::ron_chance_dora, dora);
    set(features, LuckFeature::ron_points, hundreds(hand.ron_points[static_cast<std::size_t>(discard_kind)]));
  }
  if (drawer == seat) {
    int waiting = 0;
    int their_dora = 0;
    int their_points = 0;
    for (int other = 0; other < 4; ++other) {
      if (other == seat || position.dealt[other] < 13 || (hands[other].waits & discard) == 0) continue;
      if (!hands[other].can_ron) continue;
      ++waiting;
      their_dora += position.dora_held(other);
      their_points += hands[other].ron_points[static_cast<std::size_t>(discard_kind)];
    }
    set(features, LuckFeature::deal_in_points, hundreds(their_points));
    set(features, LuckFeature::deal_in_risk, waiting);
    set(features, LuckFeature::deal_in_risk_dora, their_dora);
    set(features, LuckFeature::deal_in_risk_riichi, position.riichi[seat] ? waiting : 0);
  }
  return features;
}

SeatFigures seat_figures(const HandPosition& position, int seat, const PerSeat<HandSummary>& hands) {
  SeatFigures figures;
  figures.dealt = position.dealt[seat];
  if (figures.dealt < 13) {
    figures.bucket = dealing_bucket(position.concealed[seat]);
    return figures;
  }
  figures.features = seat_features(position, seat, hands);
  return figures;
}

std::int64_t value_of(const SeatFigures& figures, const LuckModel& model) {
  if (figures.dealt < 13) return model.dealing[figures.dealt][figures.bucket];
  std::int64_t value = 0;
  for (int i = 0; i < kLuckFeatures; ++i) value += model.weights[i] * figures.features[i];
  return value;
}

nlohmann::json LuckModel::to_json() const {
  nlohmann::json weights_json = nlohmann::json::object();
  for (int i = 0; i < kLuckFeatures; ++i) weights_json[kFeatureNames[i]] = weights[i];
  return {{"unit", "centipoints"}, {"weights", weights_json}, {"dealing", dealing}, {"fitted_on", fitted_on}};
}

LuckModel LuckModel::from_json(const nlohmann::json& json) {
  LuckModel model;
  if (!json.is_object() || !json.contains("weights") || !json.contains("dealing")) {
    throw std::invalid_argument("luck model: needs \"weights\" and \"dealing\"");
  }
  const nlohmann::json& weights = json.at("weights");
  for (int i = 0; i < kLuckFeatures; ++i) {
    if (!weights.contains(kFeatureNames[i])) throw std::invalid_argument(std::string("luck model: no weight for ") + kFeatureNames[i]);
    model.weights[i] = integer(weights.at(kFeatureNames[i]), kFeatureNames[i]);
  }
  const nlohmann::json& dealing = json.at("dealing");
  if (!dealing.is_array() || dealing.size() != model.dealing.size()) throw std::invalid_argument("luck model: \"dealing\" needs 13 rows");
  for (std::size_t dealt = 0; dealt < model.dealing.size(); ++dealt) {
    const nlohmann::json& row = dealing.at(dealt);
    if (!row.is_array() || row.size() != kDealingShantenBuckets) throw std::invalid_argument("luck model: a \"dealing\" row needs 8 values");
    for (int bucket = 0; bucket < kDealingShantenBuckets; ++bucket) model.dealing[dealt][bucket] = integer(row.at(bucket), "a dealing value");
  }
  model.fitted_on = json.value("fitted_on", nlohmann::json());
  return model;
}

std::string LuckModel::id() const {
  // FNV-1a, 64 bits, over the priced events' revision, the weights and the dealing table.
  std::uint64_t hash = 0xcbf29ce484222325ull;
  const auto mix = [&](std::int64_t value) {
    for (int byte = 0; byte < 8; ++byte) {
      hash ^= static_cast<std::uint64_t>(value >> (8 * byte)) & 0xffu;
      hash *= 0x100000001b3ull;
    }
  };
  mix(kPricedEventsRevision);
  for (const std::int64_t weight : weights) mix(weight);
  for (const auto& row : dealing) {
    for (const std::int64_t value : row) mix(value);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) text[static_cast<std::size_t>(i)] = kHex[hash & 0xfu];
  return text;
}

const LuckModel& LuckModel::compiled() {
  static const LuckModel model = from_json(nlohmann::json::parse(kLuckModelJson));
  return model;
}

}  // namespace tenbin::arena
