#include "eval/report/luck.hpp"

#include <array>
#include <optional>
#include <stdexcept>

namespace tenbin::arena {
namespace {

constexpr std::int64_t kCentipoints = 100;

HandPosition after(const HandPosition& before, ChanceEvent event, int seat, Tile outcome) {
  HandPosition position = before;
  switch (event) {
    case ChanceEvent::deal: position.deal(seat, outcome); break;
    case ChanceEvent::draw: position.draw(seat, outcome); break;
    case ChanceEvent::indicator: position.reveal_indicator(outcome); break;
  }
  return position;
}

// Walks a log's hands: the chance events in the order the header describes, the decisions as
// they come, the score changes from every delta (riichi deposits, wins, draws).
class Walk {
 public:
  explicit Walk(HandVisitor& visitor) : visitor_(visitor) {}

  void event(const Event& e) {
    switch (e.type) {
      case EventType::start_kyoku: start(e); return;
      case EventType::tsumo: chance(ChanceEvent::draw, e.actor, e.pai); return;
      case EventType::dora: chance(ChanceEvent::indicator, -1, e.dora_marker); return;
      case EventType::dahai: in_hand().discard(e.actor, e.pai); return;
      case EventType::chi:
      case EventType::pon:
      case EventType::daiminkan:
      case EventType::ankan:
      case EventType::kakan: in_hand().call(e); return;
      case EventType::reach_accepted:
        in_hand().declare_riichi(e.actor);
        [[fallthrough]];
      case EventType::hora:
      case EventType::ryukyoku:
        in_hand();
        if (!e.has_deltas) return;
        for (int seat = 0; seat < 4; ++seat) change_[seat] += e.deltas[seat];
        return;
      case EventType::end_kyoku:
      case EventType::end_game: finish(); return;
      default: return;
    }
  }

  void finish() {
    if (!in_hand_) return;
    visitor_.hand_end(change_);
    in_hand_ = false;
  }

 private:
  HandPosition& in_hand() {
    if (!in_hand_) throw std::invalid_argument("a hand's event before its start_kyoku");
    return position_;
  }

  void chance(ChanceEvent kind, int seat, Tile outcome) {
    const HandPosition before = in_hand();
    if (kind != ChanceEvent::indicator && (seat < 0 || seat > 3)) throw std::invalid_argument("a draw without its seat");
    position_ = after(before, kind, seat, outcome);
    visitor_.chance(before, kind, seat, outcome, position_);
  }

  void start(const Event& e) {
    finish();
    position_ = HandPosition{};
    position_.dealer = e.oya;
    position_.round_wind = e.bakaze;
    position_.honba = e.honba;
    position_.riichi_sticks = e.kyotaku;
    in_hand_ = true;
    change_ = {};
    for (int i = 0; i < 4; ++i) {
      const int seat = (e.oya + i) % 4;
      for (const Tile tile : e.tehais[seat]) chance(ChanceEvent::deal, seat, tile);
    }
    chance(ChanceEvent::indicator, -1, e.dora_marker);
  }

  HandVisitor& visitor_;
  HandPosition position_;
  bool in_hand_ = false;
  PerSeat<int> change_{};
};

class LuckSum : public HandVisitor {
 public:
  LuckSum(const LuckModel& model, GroupNeedsCache& cache) : model_(model), cache_(cache) {}

  void chance(const HandPosition& before, ChanceEvent event, int seat, Tile outcome, const HandPosition&) override {
    const EventLuck luck = event_luck(before, event, seat, outcome, model_, cache_);
    for (int s = 0; s < 4; ++s) hand_.luck[s] += luck.points(s);
  }
  void hand_end(const PerSeat<int>& score_change) override {
    hand_.score_change = score_change;
    for (int s = 0; s < 4; ++s) game_.total[s] += hand_.luck[s];
    game_.hands.push_back(hand_);
    hand_ = {};
  }
  GameLuck result() { return std::move(game_); }

 private:
  const LuckModel& model_;
  GroupNeedsCache& cache_;
  HandLuck hand_;
  GameLuck game_;
};

}  // namespace

EventLuck event_luck(const HandPosition& before, ChanceEvent event, int seat, Tile outcome, const LuckModel& model,
                     GroupNeedsCache& cache) {
  const std::int64_t unseen = before.unseen_total();
  if (unseen == 0) throw std::invalid_argument("a tile after every tile was seen");
  // D_s = N * f_s(outcome) - sum over the unseen tiles of f_s(tile). Only the seat dealt or
  // drawing to changes its own tiles; the others' summaries are taken once.
  // A draw or deal moves one hand: the others are summarised once, before it. An indicator
  // reprices every hand, so each outcome summarises them all.
  const bool moves_a_hand = event != ChanceEvent::indicator;
  PerSeat<HandSummary> others{};
  if (moves_a_hand) {
    for (int s = 0; s < 4; ++s) {
      if (before.dealt[s] == 13 && s != seat) others[s] = summarize(before, s, cache);
    }
  }
  // The moved hand's summary by the tile's identity (a red five prices as dora).
  std::array<std::optional<HandSummary>, kTileIdentities> by_identity;
  const auto values = [&](Tile tile) {
    const HandPosition next = after(before, event, seat, tile);
    PerSeat<HandSummary> hands = moves_a_hand ? others : summarize_all(next, cache);
    if (moves_a_hand && next.dealt[seat] == 13) {
      std::optional<HandSummary>& summary = by_identity[static_cast<std::size_t>(identity_of(tile))];
      if (!summary) summary = summarize(next, seat, cache);
      hands[seat] = *summary;
    }
    PerSeat<std::int64_t> f{};
    for (int s = 0; s < 4; ++s) f[s] = own_value(next, s, model, hands);
    return f;
  };
  PerSeat<std::int64_t> expected{};
  for (int identity = 0; identity < kTileIdentities; ++identity) {
    if (before.unseen[identity] == 0) continue;
    const PerSeat<std::int64_t> f = values(tile_of_identity(identity));
    for (int s = 0; s < 4; ++s) expected[s] += before.unseen[identity] * f[s];
  }
  const PerSeat<std::int64_t> actual = values(outcome);
  PerSeat<std::int64_t> deviation{};
  for (int s = 0; s < 4; ++s) deviation[s] = unseen * actual[s] - expected[s];
  // V_s = f_s - (sum of the others' f) / 3, so 3 V_s's deviation is 3 D_s less the others' D.
  std::int64_t all = 0;
  for (const std::int64_t d : deviation) all += d;
  EventLuck luck;
  luck.denominator = 3 * unseen * kCentipoints;
  for (int s = 0; s < 4; ++s) luck.numerator[s] = 4 * deviation[s] - all;
  return luck;
}

void walk_hands(const std::vector<Event>& log, HandVisitor& visitor) {
  Walk walk(visitor);
  for (const Event& e : log) walk.event(e);
  walk.finish();
}

GameLuck game_luck(const std::vector<Event>& log, const LuckModel& model, GroupNeedsCache& cache) {
  LuckSum sum(model, cache);
  walk_hands(log, sum);
  return sum.result();
}

GameLuck game_luck(const std::vector<Event>& log) {
  thread_local GroupNeedsCache cache;
  return game_luck(log, LuckModel::compiled(), cache);
}

}  // namespace tenbin::arena
