// The luck adjustment (eval/report/luck.hpp) is unbiased: at every chance event of played games
// (the deal tile by tile, draws, rinshan draws, the first and the kan dora indicators, the last
// ura indicator of a riichi win) the luck of every tile that could have come, each physical tile
// once, sums to exactly zero for every seat. The walk through a log counts each hand's score
// change and luck consistently, and a riichi win's ura indicator is priced by what it scores.
#include "eval/report/luck.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <fstream>
#include <set>
#include <string>

#include "engine/action.hpp"
#include "engine/game.hpp"

namespace tenbin::arena {
namespace {

// Every weight and dealing value different from zero, so that every figure moves the value.
LuckModel busy_model() {
  LuckModel model;
  for (int i = 0; i < kLuckFeatures; ++i) model.weights[i] = 137 * (i + 1) - 900;
  for (int dealt = 0; dealt < 13; ++dealt) {
    for (int bucket = 0; bucket < kDealingShantenBuckets; ++bucket) model.dealing[dealt][bucket] = 50 * dealt - 311 * bucket + 7;
  }
  return model;
}

// Seats that call every kan and pon, win whenever they can and riichi: games with rinshan draws
// and kan dora.
Action eager(const std::vector<Action>& legal, const Table& table) {
  for (const EventType type : {EventType::hora, EventType::ankan, EventType::kakan, EventType::daiminkan,
                               EventType::pon, EventType::reach}) {
    for (const Action& action : legal) {
      if (action.type == type) return action;
    }
  }
  return table.safe_action();
}

std::vector<Event> play(std::uint64_t seed) {
  GameConfig config;
  config.seed = seed;
  config.tonpuu = true;
  Game referee(config);
  while (!referee.finished()) {
    std::array<std::optional<Action>, 4> replies;
    for (int seat = 0; seat < 4; ++seat) {
      const auto& legal = referee.pending().legal[seat];
      if (!legal.empty()) replies[seat] = eager(legal, referee.table(seat));
    }
    referee.answer(replies);
  }
  return referee.log();
}

// At each chance event: the luck of every unseen tile, weighted by its copies, sums to zero.
class ZeroSumCheck : public HandVisitor {
 public:
  explicit ZeroSumCheck(const LuckModel& model) : model_(model) {}

  void chance(const HandPosition& before, ChanceEvent event, int seat, Tile, const HandPosition&) override {
    PerSeat<std::int64_t> sum{};
    std::int64_t denominator = 0;
    for (int identity = 0; identity < kTileIdentities; ++identity) {
      for (int copy = 0; copy < before.unseen[identity]; ++copy) {
        const EventLuck luck = event_luck(before, event, seat, tile_of_identity(identity), model_, cache_);
        if (denominator == 0) denominator = luck.denominator;
        ASSERT_EQ(luck.denominator, denominator);
        for (int s = 0; s < 4; ++s) {
          sum[s] += luck.numerator[s];
          if (luck.numerator[s] != 0) ++nonzero_;
        }
      }
    }
    for (int s = 0; s < 4; ++s) ASSERT_EQ(sum[s], 0) << "seat " << s << " at a " << kind_name(event, before, seat);
    ++seen_[kind_name(event, before, seat)];
  }
  void ura(const UraStake& stake) override {
    PerSeat<std::int64_t> sum{};
    for (int identity = 0; identity < kTileIdentities; ++identity) {
      for (int copy = 0; copy < stake.unseen[identity]; ++copy) {
        const EventLuck luck = ura_luck(stake, tile_of_identity(identity));
        for (int s = 0; s < 4; ++s) {
          sum[s] += luck.numerator[s];
          if (luck.numerator[s] != 0) ++nonzero_;
        }
      }
    }
    const char* kind = stake.earlier.empty() ? "ura indicator" : "ura indicator after a kan";
    for (int s = 0; s < 4; ++s) ASSERT_EQ(sum[s], 0) << "seat " << s << " at an " << kind;
    ++seen_[kind];
    if (stake.wins.size() > 1) ++seen_["ura of a double ron"];
  }
  void hand_end(const PerSeat<int>&) override {}

  std::map<std::string, int> seen_;
  long nonzero_ = 0;

 private:
  static std::string kind_name(ChanceEvent event, const HandPosition& before, int seat) {
    switch (event) {
      case ChanceEvent::deal: return before.dealt[seat] == 12 ? "last deal" : "deal";
      case ChanceEvent::draw: return before.calls[seat] > 0 ? "draw with melds" : "draw";
      case ChanceEvent::indicator: return before.indicators == 0 ? "first indicator" : "kan indicator";
    }
    return "";
  }
  const LuckModel& model_;
  GroupNeedsCache cache_;
};

// A rinshan draw follows a kan by the same seat: the log says so.
bool has_rinshan_draw(const std::vector<Event>& log) {
  for (std::size_t i = 0; i + 1 < log.size(); ++i) {
    const EventType type = log[i].type;
    if ((type == EventType::ankan || type == EventType::daiminkan || type == EventType::kakan) &&
        log[i + 1].type == EventType::tsumo && log[i + 1].actor == log[i].actor) {
      return true;
    }
  }
  return false;
}

TEST(Luck, EveryChanceEventAveragesToExactlyZeroOverItsOutcomes) {
  const LuckModel model = busy_model();
  ZeroSumCheck check(model);
  bool rinshan = false;
  for (std::uint64_t seed = 1;
       seed <= 8 && !(rinshan && check.seen_.count("kan indicator") && check.seen_.count("ura indicator")); ++seed) {
    const std::vector<Event> log = play(seed);
    rinshan = rinshan || has_rinshan_draw(log);
    walk_hands(log, check);
    if (HasFatalFailure()) return;
  }
  EXPECT_TRUE(rinshan);
  for (const char* kind : {"deal", "last deal", "first indicator", "draw", "draw with melds", "kan indicator",
                           "ura indicator"}) {
    EXPECT_GT(check.seen_[kind], 0) << kind;
  }
  EXPECT_GT(check.nonzero_, 0);
}

TEST(Luck, TheCompiledModelIsUnbiasedToo) {
  ZeroSumCheck check(LuckModel::compiled());
  walk_hands(play(11), check);
  EXPECT_GT(check.seen_["draw"], 0);
}

// A hand-made position: the red five counts apart from the plain fives. Seat 0 holds two plain
// 5m with 5m the dora; one plain 5m and the red one are unseen, so the red draw is worth one dora
// more than the plain one, and the expectation counts each once among the unseen tiles.
TEST(Luck, RedFivesAreOutcomesOfTheirOwn) {
  LuckModel model;
  model.weights[static_cast<int>(LuckFeature::dora)] = 100;  // one point per dora
  HandPosition position;
  std::vector<Tile> hand0;
  for (const char* name : {"5m", "5m", "1p", "2p", "3p", "7s", "8s", "9s", "E", "E", "E", "P", "F"}) hand0.push_back(parse_tile(name));
  for (const Tile tile : hand0) position.deal(0, tile);
  // The other seats' 39 tiles: no five and no 4m.
  int kind = 0;
  for (int seat = 1; seat < 4; ++seat) {
    while (position.dealt[seat] < 13) {
      kind = (kind + 1) % kNumKinds;
      if (is_five(kind) || kind == kinds::m5 - 1 || position.unseen[kind] <= 1) continue;
      position.deal(seat, Tile::of(kind));
    }
  }
  position.reveal_indicator(Tile::of(kinds::m5 - 1));  // 4m: the dora is 5m
  GroupNeedsCache cache;
  const std::int64_t unseen = position.unseen_total();
  ASSERT_EQ(unseen, 136 - 52 - 1);
  const EventLuck red = event_luck(position, ChanceEvent::draw, 0, Tile::of(kinds::m5, true), model, cache);
  const EventLuck plain = event_luck(position, ChanceEvent::draw, 0, Tile::of(kinds::m5), model, cache);
  const EventLuck other = event_luck(position, ChanceEvent::draw, 0, Tile::of(kinds::s1), model, cache);
  // Seat 0's value after the draw, less the 2 dora it holds: 2 for the red 5m (a 5m and a red
  // five), 1 for a plain 5m or another suit's red five, 0 otherwise; its expectation is
  // (2 + 1 + 1 + 1) / unseen. With only seat 0's value moving, its numerator is 3 N (f - E f) in
  // centipoints and each other seat's a third of it, negated.
  EXPECT_EQ(red.denominator, 3 * unseen * 100);
  EXPECT_EQ(red.numerator[0], 3 * (200 * unseen - 500));
  EXPECT_EQ(plain.numerator[0], 3 * (100 * unseen - 500));
  EXPECT_EQ(other.numerator[0], 3 * -500);
  for (int seat = 1; seat < 4; ++seat) EXPECT_EQ(3 * red.numerator[seat], -red.numerator[0]);
}

// Each hand's score change takes the seats from the scores its start_kyoku shows to the next one's.
TEST(Luck, HandsAddUpToTheGame) {
  const std::vector<Event> log = play(3);
  GroupNeedsCache cache;
  const GameLuck luck = game_luck(log, busy_model(), cache);
  std::vector<PerSeat<int>> starts;
  for (const Event& e : log) {
    if (e.type == EventType::start_kyoku) starts.push_back(e.scores);
  }
  ASSERT_EQ(luck.hands.size(), starts.size());
  ASSERT_GE(starts.size(), 2u);
  PerSeat<double> total{};
  for (std::size_t hand = 0; hand < luck.hands.size(); ++hand) {
    for (int s = 0; s < 4; ++s) {
      total[s] += luck.hands[hand].luck[s];
      if (hand + 1 < starts.size()) {
        EXPECT_EQ(starts[hand][s] + luck.hands[hand].score_change[s], starts[hand + 1][s]);
      }
    }
  }
  double all = 0;
  for (int s = 0; s < 4; ++s) {
    EXPECT_DOUBLE_EQ(total[s], luck.total[s]);
    all += luck.total[s];
  }
  // V is each seat's estimate less the others' mean: the four seats' luck sums to zero.
  EXPECT_NEAR(all, 0, 1e-6);
}

// A hand written out: seat 1 declares riichi on its second draw, waiting on 1m-4m with
// 123m 23m 456p 789s 99p, and wins by ron on the dealer's 4m within the go-round: riichi, ippatsu
// and pinfu, 3 han 30 fu, 3,900 points. The ura indicator 8p makes the pair of 9p dora: 5 han, a
// mangan of 8,000. Each ura dora the indicator adds is priced from the scoring table by hand (0:
// 3,900; 1: 7,700 at 4 han 30 fu; 2: 8,000), never by the engine.
std::vector<Event> ura_hand(const char* ura_marker, int dealer_pays, int winner_takes) {
  std::vector<std::string> lines = {
      R"({"type":"start_game","names":["a","b","c","d"]})",
      R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"F",
          "scores":[25000,25000,25000,25000],"tehais":[
          ["E","E","E","S","S","S","W","W","W","N","N","N","P"],
          ["1m","2m","3m","2m","3m","4p","5p","6p","7s","8s","9s","9p","9p"],
          ["1s","1s","1s","2s","2s","2s","3s","3s","3s","4s","4s","4s","P"],
          ["6m","6m","6m","7m","7m","7m","8m","8m","8m","1p","1p","1p","P"]]})",
      R"({"type":"tsumo","actor":0,"pai":"C"})",
      R"({"type":"dahai","actor":0,"pai":"C","tsumogiri":true})",
      R"({"type":"tsumo","actor":1,"pai":"C"})",
      R"({"type":"dahai","actor":1,"pai":"C","tsumogiri":true})",
      R"({"type":"tsumo","actor":2,"pai":"C"})",
      R"({"type":"dahai","actor":2,"pai":"C","tsumogiri":true})",
      R"({"type":"tsumo","actor":3,"pai":"F"})",
      R"({"type":"dahai","actor":3,"pai":"F","tsumogiri":true})",
      R"({"type":"tsumo","actor":0,"pai":"F"})",
      R"({"type":"dahai","actor":0,"pai":"F","tsumogiri":true})",
      R"({"type":"tsumo","actor":1,"pai":"F"})",
      R"({"type":"reach","actor":1})",
      R"({"type":"dahai","actor":1,"pai":"F","tsumogiri":true})",
      R"({"type":"reach_accepted","actor":1,"deltas":[0,-1000,0,0],"scores":[25000,24000,25000,25000]})",
      R"({"type":"tsumo","actor":2,"pai":"1s"})",
      R"({"type":"dahai","actor":2,"pai":"1s","tsumogiri":true})",
      R"({"type":"tsumo","actor":3,"pai":"1p"})",
      R"({"type":"dahai","actor":3,"pai":"1p","tsumogiri":true})",
      R"({"type":"tsumo","actor":0,"pai":"4m"})",
      R"({"type":"dahai","actor":0,"pai":"4m","tsumogiri":true})"};
  const nlohmann::json hora = {{"type", "hora"}, {"actor", 1}, {"target", 0}, {"pai", "4m"},
                               {"ura_markers", {ura_marker}}, {"deltas", {-dealer_pays, winner_takes, 0, 0}},
                               {"scores", {25000 - dealer_pays, 24000 + winner_takes, 25000, 25000}}};
  lines.push_back(hora.dump());
  lines.push_back(R"({"type":"end_kyoku"})");
  std::vector<Event> log;
  for (const std::string& line : lines) log.push_back(parse_event(nlohmann::json::parse(line)).event);
  return log;
}

class UraCatch : public HandVisitor {
 public:
  void chance(const HandPosition&, ChanceEvent, int, Tile, const HandPosition&) override {}
  void ura(const UraStake& stake) override { stakes.push_back(stake); }
  void hand_end(const PerSeat<int>& change) override { changes.push_back(change); }
  std::vector<UraStake> stakes;
  std::vector<PerSeat<int>> changes;
};

TEST(Luck, TheLastUraIndicatorIsPricedByWhatTheWinScores) {
  UraCatch caught;
  walk_hands(ura_hand("8p", 8000, 9000), caught);  // the riichi stick goes to the winner
  ASSERT_EQ(caught.stakes.size(), 1u);
  const UraStake& stake = caught.stakes.front();
  EXPECT_EQ(caught.changes.front(), (PerSeat<int>{-8000, 8000, 0, 0}));
  // Unseen: 136 less 52 dealt, the dora indicator and nine draws. The winning hand's kinds
  // (1m, 2m 2m, 3m 3m, 4m, 4p, 5p, 6p, 7s, 8s, 9s, 9p 9p) are what an indicator can hit.
  std::int64_t unseen = 0;
  for (const int copies : stake.unseen) unseen += copies;
  ASSERT_EQ(unseen, 136 - 52 - 1 - 9);
  const std::map<std::string, int> hits = {{"9m", 1}, {"1m", 2}, {"2m", 2}, {"3m", 1}, {"3p", 1}, {"4p", 1},
                                           {"5p", 1}, {"5pr", 1}, {"6s", 1}, {"7s", 1}, {"8s", 1}, {"8p", 2}};
  const auto points = [&](int identity) {
    const auto hit = hits.find(tile_of_identity(identity).to_string());
    const int ura = hit == hits.end() ? 0 : hit->second;
    return ura == 0 ? 3900 : ura == 1 ? 7700 : 8000;
  };
  std::int64_t total = 0;
  for (int identity = 0; identity < kTileIdentities; ++identity) total += stake.unseen[identity] * points(identity);
  for (const char* tile : {"8p", "9m", "E"}) {
    const int pays = points(identity_of(parse_tile(tile)));
    const EventLuck luck = ura_luck(stake, parse_tile(tile));
    ASSERT_EQ(luck.denominator, unseen) << tile;
    EXPECT_EQ(luck.numerator[1], unseen * pays - total) << tile;
    EXPECT_EQ(luck.numerator[0], -(unseen * pays - total)) << tile;
    EXPECT_EQ(luck.numerator[2], 0) << tile;
  }
  // The 8p that came was lucky for the winner: 8,000 against a mean under it.
  EXPECT_GT(ura_luck(stake, parse_tile("8p")).points(1), 0);
}

TEST(Luck, AWinThatScoresOtherwiseThanTheEngineIsRefused) {
  UraCatch caught;
  EXPECT_NO_THROW(walk_hands(ura_hand("E", 3900, 4900), caught));  // no ura dora: 3,900
  EXPECT_THROW(walk_hands(ura_hand("E", 8000, 9000), caught), std::invalid_argument);
  EXPECT_THROW(walk_hands(ura_hand("8p", 7700, 8700), caught), std::invalid_argument);
}

// A hand of an arena match (tests/fixtures/logs): seats 1 and 3, both in riichi, ron seat 0's
// discard of the wall's last tile, each scoring houtei. The walk scores both wins against their
// tables as the first hora found them: the second, scored after the first had been taken, lost
// its houtei and disagreed with the log. Both wins share the one ura indicator, and its luck sums
// to zero over the tiles it could have been.
TEST(Luck, ADoubleRonOnTheLastDiscardKeepsItsHoutei) {
  std::ifstream in(std::string(TENBIN_FIXTURES_DIR) + "/logs/houtei_double_ron.jsonl");
  ASSERT_TRUE(in) << "the fixture";
  std::vector<Event> log;
  for (std::string line; std::getline(in, line);) log.push_back(parse_event(nlohmann::json::parse(line)).event);
  UraCatch caught;
  ASSERT_NO_THROW(walk_hands(log, caught));
  ASSERT_EQ(caught.stakes.size(), 1u);
  const UraStake& stake = caught.stakes.front();
  ASSERT_EQ(stake.wins.size(), 2u);
  EXPECT_TRUE(stake.wins[0].collects_sticks);
  EXPECT_FALSE(stake.wins[1].collects_sticks);
  EXPECT_EQ(ura_deltas(stake, stake.last), (PerSeat<int>{-12900 - 5800, 19900, 0, 5800}));
  EXPECT_EQ(caught.changes.front(), (PerSeat<int>{-1000 - 12900 - 5800, -1000 + 19900, 0, -1000 + 5800}));
  const LuckModel model = busy_model();
  ZeroSumCheck check(model);
  walk_hands(log, check);
  EXPECT_EQ(check.seen_["ura of a double ron"], 1);
}

TEST(Luck, AHiddenTileIsRefused) {
  std::vector<Event> log = play(2);
  for (Event& e : log) {
    if (e.type == EventType::tsumo) {
      e.pai = Tile::hidden();
      break;
    }
  }
  GroupNeedsCache cache;
  EXPECT_THROW(game_luck(log, busy_model(), cache), std::invalid_argument);
}

TEST(Luck, AFifthCopyIsRefused) {
  std::vector<Event> log = play(2);
  for (Event& e : log) {
    if (e.type == EventType::start_kyoku) {
      for (int i = 0; i < 5; ++i) e.tehais[i % 4][i / 4] = Tile::of(kinds::north);
      break;
    }
  }
  GroupNeedsCache cache;
  EXPECT_THROW(game_luck(log, busy_model(), cache), std::invalid_argument);
}

// A seat that draws twice without discarding (an edited log) is refused, not scored.
TEST(Luck, AHandThatCannotBeIsRefused) {
  std::vector<Event> log = play(2);
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i].type == EventType::dahai) {
      log.erase(log.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    }
  }
  GroupNeedsCache cache;
  EXPECT_THROW(game_luck(log, busy_model(), cache), std::invalid_argument);
}

}  // namespace
}  // namespace tenbin::arena
