#include "eval/report/luck.hpp"

#include <stdexcept>

namespace tenbin::arena {
namespace {

constexpr std::int64_t kCentipoints = 100;

HandPosition position_after(const HandPosition& before, ChanceEvent event, int seat, Tile outcome) {
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
    walk(e);
    for (Table& table : tables_) apply_to(table, e);
  }

  void finish() {
    if (!in_hand_) return;
    settle_ura();
    visitor_.hand_end(change_);
    in_hand_ = false;
  }

 private:
  void walk(const Event& e) {
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
        add_deltas(e);
        return;
      case EventType::hora:
        in_hand();
        stake_win(e);
        add_deltas(e);
        return;
      case EventType::ryukyoku:
        in_hand();
        add_deltas(e);
        return;
      case EventType::end_kyoku:
      case EventType::end_game: finish(); return;
      default: return;
    }
  }

  void add_deltas(const Event& e) {
    if (!e.has_deltas) return;
    for (int seat = 0; seat < 4; ++seat) change_[seat] += e.deltas[seat];
  }

  HandPosition& in_hand() {
    if (!in_hand_) throw std::invalid_argument("a hand's event before its start_kyoku");
    return position_;
  }

  void chance(ChanceEvent kind, int seat, Tile outcome) {
    const HandPosition before = in_hand();
    if (kind != ChanceEvent::indicator && (seat < 0 || seat > 3)) throw std::invalid_argument("a draw without its seat");
    position_ = position_after(before, kind, seat, outcome);
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
    stake_ = {};
    won_ = false;
    for (int i = 0; i < 4; ++i) {
      const int seat = (e.oya + i) % 4;
      for (const Tile tile : e.tehais[seat]) chance(ChanceEvent::deal, seat, tile);
    }
    chance(ChanceEvent::indicator, -1, e.dora_marker);
  }

  static void apply_to(Table& table, const Event& e) {
    try {
      table.apply(e);
    } catch (const TableError& error) {
      throw std::invalid_argument(std::string("the log does not follow the rules: ") + error.what());
    }
  }

  // A win with ura indicators is kept with its seat's table as the win found it (the tables take
  // each event after the walk; a double ron's second winner keeps the claim it won on).
  void stake_win(const Event& hora) {
    const bool first = !won_;
    won_ = true;
    if (hora.ura_markers.empty()) return;
    if (hora.actor < 0 || hora.actor > 3 || !hora.has_pai) throw std::invalid_argument("a win without its seat or tile");
    stake_.wins.push_back({tables_[hora.actor], hora, first});
  }

  // The hand's wins against its last ura indicator: checked against the log's deltas, then told.
  void settle_ura() {
    if (stake_.wins.empty()) return;
    const std::vector<Tile>& ura = stake_.wins.front().hora.ura_markers;
    stake_.earlier.assign(ura.begin(), ura.end() - 1);
    stake_.last = ura.back();
    stake_.unseen = position_.unseen;
    const auto unseen_copies = [&](Tile tile) -> std::uint8_t& {
      std::uint8_t& left = stake_.unseen[identity_of(tile)];
      if (left == 0) throw std::invalid_argument("an ura indicator already seen: the log is not one wall's game");
      return left;
    };
    for (const Tile tile : stake_.earlier) --unseen_copies(tile);
    unseen_copies(stake_.last);
    PerSeat<int> logged{};
    for (const UraWin& win : stake_.wins) {
      for (int seat = 0; seat < 4; ++seat) logged[seat] += win.hora.deltas[seat];
    }
    if (ura_deltas(stake_, stake_.last) != logged) {
      throw std::invalid_argument("a riichi win scores otherwise than the log says");
    }
    visitor_.ura(stake_);
  }

  HandVisitor& visitor_;
  HandPosition position_;
  bool in_hand_ = false;
  PerSeat<int> change_{};
  PerSeat<Table> tables_{Table(0), Table(1), Table(2), Table(3)};
  UraStake stake_;
  bool won_ = false;  // the hand has had a win (the first takes the honba and the riichi sticks)
};

class LuckSum : public HandVisitor {
 public:
  LuckSum(const LuckModel& model, GroupNeedsCache& cache) : model_(model), cache_(cache) {}

  void chance(const HandPosition& before, ChanceEvent event, int seat, Tile outcome, const HandPosition&) override {
    const EventLuck luck = event_luck(before, event, seat, outcome, model_, cache_);
    for (int s = 0; s < 4; ++s) hand_.luck[s] += luck.points(s);
  }
  void ura(const UraStake& stake) override {
    const EventLuck luck = ura_luck(stake, stake.last);
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

EventOutcomes::EventOutcomes(const HandPosition& before, ChanceEvent event, int seat, GroupNeedsCache& cache)
    : before_(before), event_(event), seat_(seat), cache_(cache) {
  if (event_ == ChanceEvent::indicator) return;
  for (int s = 0; s < 4; ++s) {
    if (before.dealt[s] == 13 && s != seat) others_[s] = summarize(before, s, cache);
  }
}

PerSeat<SeatFigures> EventOutcomes::after(Tile outcome) {
  const HandPosition next = position_after(before_, event_, seat_, outcome);
  const bool moves_a_hand = event_ != ChanceEvent::indicator;
  PerSeat<HandSummary> hands = moves_a_hand ? others_ : summarize_all(next, cache_);
  if (moves_a_hand && next.dealt[seat_] == 13) {
    std::optional<HandSummary>& summary = moved_[static_cast<std::size_t>(identity_of(outcome))];
    if (!summary) summary = summarize(next, seat_, cache_);
    hands[seat_] = *summary;
  }
  PerSeat<SeatFigures> figures;
  for (int s = 0; s < 4; ++s) figures[s] = seat_figures(next, s, hands);
  return figures;
}

EventLuck event_luck(const HandPosition& before, ChanceEvent event, int seat, Tile outcome, const LuckModel& model,
                     GroupNeedsCache& cache) {
  const std::int64_t unseen = before.unseen_total();
  if (unseen == 0) throw std::invalid_argument("a tile after every tile was seen");
  // D_s = N * f_s(outcome) - sum over the unseen tiles of f_s(tile).
  EventOutcomes outcomes(before, event, seat, cache);
  const auto values = [&](Tile tile) {
    const PerSeat<SeatFigures> figures = outcomes.after(tile);
    PerSeat<std::int64_t> f{};
    for (int s = 0; s < 4; ++s) f[s] = value_of(figures[s], model);
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

EventLuck ura_luck(const UraStake& stake, Tile outcome) {
  // The seat's score change D_s(tile) from the wins: N * D_s(outcome) - sum over the unseen of D_s.
  std::int64_t unseen = 0;
  PerSeat<std::int64_t> expected{};
  for (int identity = 0; identity < kTileIdentities; ++identity) {
    const int copies = stake.unseen[identity];
    if (copies == 0) continue;
    unseen += copies;
    const PerSeat<int> deltas = ura_deltas(stake, tile_of_identity(identity));
    for (int s = 0; s < 4; ++s) expected[s] += copies * static_cast<std::int64_t>(deltas[s]);
  }
  if (unseen == 0) throw std::invalid_argument("an ura indicator after every tile was seen");
  const PerSeat<int> actual = ura_deltas(stake, outcome);
  EventLuck luck;
  luck.denominator = unseen;
  for (int s = 0; s < 4; ++s) luck.numerator[s] = unseen * actual[s] - expected[s];
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
