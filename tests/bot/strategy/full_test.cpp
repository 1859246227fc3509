// The `full` strategy on positions whose right answer follows from the rules and the scores (each
// argued in its comment), its placement model against hand-computed ranks, its determinism, its
// budget (also when set between decisions), and the --meta figures it reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/mj0/mj0.hpp"
#include "bot/protocol/mjai_bot.hpp"
#include "bot/strategy/full.hpp"
#include "engine/shanten.hpp"
#include "engine/table.hpp"
#include "tests/mjai_lines.hpp"

namespace tenbin {
namespace {

using namespace lines;

Table after(const std::vector<std::string>& stream) {
  Table table(0);
  for (const std::string& line : stream) table.apply(parse_event(nlohmann::json::parse(line)).event);
  return table;
}

FullSettings without_placement() {
  FullSettings settings;
  settings.placement = false;
  return settings;
}

// The settings that price every later turn with today's danger: the rivers not counted in the
// lines (docs/full.md, "The rivers"; counted by default).
FullSettings todays_danger() {
  FullSettings settings;
  settings.params.count_rivers = false;
  return settings;
}

Action full(const Table& table, FullSettings settings = {}, nlohmann::json* why = nullptr) {
  FullPolicy policy(settings);
  const std::vector<Action> legal = table.legal_actions();
  EXPECT_FALSE(legal.empty());
  const Action action = policy.choose(table, legal);
  if (why != nullptr) *why = policy.explanation();
  return action;
}

// The candidate `why` lists for an action of `type` on `tile` (empty for a pass).
const nlohmann::json* candidate(const nlohmann::json& why, const std::string& type, const std::string& tile) {
  for (const nlohmann::json& c : why["candidates"]) {
    if (c["action"]["type"] == type && c["action"].value("pai", std::string()) == tile) return &c;
  }
  return nullptr;
}

// The figure `field` of the candidate `why` lists for `type` of `tile` (NaN, and a failure, when
// it lists none).
double figure(const nlohmann::json& why, const std::string& type, const std::string& tile, const std::string& field) {
  const nlohmann::json* c = candidate(why, type, tile);
  if (c == nullptr) {
    ADD_FAILURE() << "no candidate " << type << " " << tile << " in " << why.dump(1);
    return std::nan("");
  }
  return (*c)[field].get<double>();
}

// The candidate `why` lists for the discard of `tile`.
const nlohmann::json* discard_candidate(const nlohmann::json& why, const std::string& tile) {
  return candidate(why, "dahai", tile);
}

// The line (push or fold) of the candidate `why` lists for `action` (a discard, a call or a pass).
std::string line_of(const nlohmann::json& why, const Action& action) {
  const std::string tile = action.type == EventType::none ? std::string() : action.pai.to_string();
  const nlohmann::json* c = candidate(why, std::string(event_type_name(action.type)), tile);
  return c != nullptr ? (*c)["line"].get<std::string>() : "none";
}

// Seat 1 (the dealer) opens with 9s, seats 2 and 3 throw honours, we throw N; seat 1 declares
// riichi on 1m; we draw `draw`.
std::vector<std::string> dealer_riichi(const std::string& hand, const std::string& draw, Deal deal = {}) {
  deal.oya = 1;
  deal.kyoku = 2;
  return {start_game(0), start_kyoku(hand, deal), tsumo(1), dahai(1, "9s"), tsumo(2), dahai(2, "S"),
          tsumo(3), dahai(3, "W"), tsumo(0, "N"), dahai(0, "N", true), tsumo(1), reach(1), dahai(1, "1m"),
          reach_accepted(1), tsumo(2), dahai(2, "S"), tsumo(3), dahai(3, "W"), tsumo(0, draw)};
}

// The riichi's ron chances read from the table (riichi_ron_chances_push_power): against the
// dealer's riichi, seats 2 and 3 have thrown S and W, not genbutsu, so they read as pushing more
// than the population, and a chasing riichi (tenpai on 7s after the East) counts more rons: its
// win odds rise with the power; dama's do not move.
TEST(Full, AChasingRiichiCountsMoreRonsAtATableThatPushes) {
  const Table table = after(dealer_riichi("2m 3m 4m 6m 7m 8m 3p 4p 5p 8s 9s 1s 1s", "E"));
  // The reach candidate is shown without its discard: the East is the only one that keeps tenpai.
  const auto odds = [&](double power, const std::string& type) {
    FullSettings settings;
    settings.params.seat_reading_prior = 4;
    settings.params.riichi_ron_chances_push_power = power;
    nlohmann::json why;
    full(table, settings, &why);
    const nlohmann::json* c = candidate(why, type, type == "reach" ? "" : "E");
    EXPECT_NE(c, nullptr) << why.dump(1);
    return c != nullptr ? (*c)["push_win_prob"].get<double>() : 0.0;
  };
  EXPECT_GT(odds(1, "reach"), odds(0, "reach") + 1e-3);
  EXPECT_DOUBLE_EQ(odds(1, "dahai"), odds(0, "dahai"));
  // --meta shows the figures the decision played with, the table's.
  FullSettings settings;
  settings.params.riichi_ron_chances_push_power = 1;
  nlohmann::json why;
  full(table, settings, &why);
  EXPECT_GT(why["params_in_force"]["riichi_ron_chances_facing_riichi"].get<double>(), settings.params.riichi_ron_chances_facing_riichi);
  EXPECT_EQ(why["params_in_force"]["dama_ron_chances"].get<double>(), settings.params.dama_ron_chances);
}

// Must fold: a cheap 1-shanten hand (no yaku but riichi, two shapes to fill) against the dealer's
// riichi. Pushing risks a dealer's ron (12000 on a mangan) for a hand that rarely wins before the
// riichi does; 9s is the dealer's own discard (genbutsu: it cannot deal in), so it goes, although
// it breaks the 89s shape the push line keeps.
TEST(Full, FoldsAJunkOneShantenHandAgainstTheDealersRiichi) {
  const Table table = after(dealer_riichi("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", "2s"));
  ASSERT_EQ(shanten(table.hand()), 1);
  nlohmann::json why;
  const Action action = full(table, {}, &why);
  ASSERT_EQ(action.type, EventType::dahai);
  EXPECT_EQ(action.pai.to_string(), "9s") << why.dump(1);
}

// Must push: tenpai for a mangan (tanyao and four dora: 5p 5p 5pr with 4p the indicator) against
// one riichi, holding a 9p whose 78p wait is a one-chance (three 8p visible). The hand wins about
// as often as the riichi and for as much; folding throws that away to avoid one tile's small risk.
TEST(Full, PushesAManganTenpaiThroughAOneChanceTile) {
  Deal deal;
  deal.dora_marker = "4p";
  std::vector<std::string> stream = {start_game(0), start_kyoku("2m 3m 4m 6s 7s 8s 2p 3p 5p 5p 5pr 8m 8m", deal)};
  // Rivers: seat 1 riichi on its third discard; three 8p visible elsewhere.
  for (const auto& [one, two, three] : std::vector<std::array<const char*, 3>>{{"E", "8p", "8p"}, {"S", "8p", "N"}}) {
    stream.push_back(tsumo(0, "W"));
    stream.push_back(dahai(0, "W", true));
    stream.push_back(tsumo(1));
    stream.push_back(dahai(1, one));
    stream.push_back(tsumo(2));
    stream.push_back(dahai(2, two));
    stream.push_back(tsumo(3));
    stream.push_back(dahai(3, three));
  }
  stream.push_back(tsumo(0, "F"));
  stream.push_back(dahai(0, "F", true));
  stream.push_back(tsumo(1));
  stream.push_back(reach(1));
  stream.push_back(dahai(1, "1s"));
  stream.push_back(reach_accepted(1));
  stream.push_back(tsumo(2));
  stream.push_back(dahai(2, "1s"));
  stream.push_back(tsumo(3));
  stream.push_back(dahai(3, "1s"));
  stream.push_back(tsumo(0, "9p"));
  const Table table = after(stream);
  nlohmann::json why;
  const Action action = full(table, {}, &why);
  EXPECT_TRUE(action.type == EventType::dahai || action.type == EventType::reach) << why.dump(1);
  if (action.type == EventType::dahai) {
    EXPECT_EQ(action.pai.to_string(), "9p") << why.dump(1);
  }
}

// Which later calls the DP counts: an open hand's (open_hand_calls), a closed hand's
// (closed_hand_calls), a closed hand's yakuhai pons (closed_hand_yakuhai_pons).
struct LaterCalls {
  bool open = false;
  bool closed = false;
  bool yakuhai_pons = false;
};

// A pon of 9s would make this closed 1-shanten hand tenpai, but with no yaku at all (no honour,
// no all-simples with 1s and 9s): it could never win, while passing keeps riichi. Pass, also when
// the DP counts a closed hand's later calls (closed_hand_calls) or its yakuhai pons.
TEST(Full, PassesAPonThatLeavesNoYaku) {
  const std::string hand = "2m 3m 4m 6p 7p 8p 1s 1s 9s 9s 5m 7m W";
  const Table table = after({start_game(0), start_kyoku(hand), tsumo(0, "N"), dahai(0, "N", true), tsumo(1), dahai(1, "9s")});
  for (const LaterCalls calls : {LaterCalls{}, LaterCalls{.closed = true}, LaterCalls{.yakuhai_pons = true}}) {
    FullSettings settings;
    settings.params.closed_hand_calls = calls.closed;
    settings.params.closed_hand_yakuhai_pons = calls.yakuhai_pons;
    nlohmann::json why;
    const Action action = full(table, settings, &why);
    EXPECT_EQ(action.type, EventType::none) << calls.closed << calls.yakuhai_pons << why.dump(1);
  }
}

// Far hands holding a pair of a wind of no value to them (or a pair of simples) in the first
// go-round, offered the pon: the pon's hand has no yaku in sight and its best line folds, as the
// pass's does. The two fold lines are a few points apart (the call skips two seats' turns), so
// some of these calls win on value when a call that folds may be taken; none is taken when not.
TEST(Full, PassesACallWhoseLineFolds) {
  const std::vector<std::pair<std::string, std::string>> offers = {
      {"1m 3m 4m 6m 6p 6p 2s 5s 6s E W W C", "W"}, {"1m 4m 7m 2p 6p 6p 9p 2s 5s 8s W W C", "W"},
      {"1m 3m 4m 6m 6p 6p 2s 5s 6s S W W C", "W"}, {"1m 4m 7m 2p 6p 6p 9p 2s 5s 8s W W C", "6p"},
      {"1m 3m 4m 6m 6p 6p 2s 5s 6s E N N C", "N"}, {"1m 4m 7m 2p 6p 6p 9p 2s 5s 8s N N C", "N"}};
  int folding_calls_taken = 0;
  for (const auto& [hand, offered] : offers) {
    for (const int honba : {0, 1}) {
      Deal deal;
      deal.dora_marker = "3p";
      deal.honba = honba;
      const Table table = after({start_game(0), start_kyoku(hand, deal), tsumo(0, "S"), dahai(0, "S", true), tsumo(1),
                                 dahai(1, offered, true)});
      FullSettings settings;
      settings.params.calls_that_fold = true;
      nlohmann::json why;
      Action taken = full(table, settings, &why);
      if (taken.type == EventType::pon && line_of(why, taken) == "fold") ++folding_calls_taken;
      settings.params.calls_that_fold = false;
      taken = full(table, settings, &why);
      if (taken.type == EventType::none) continue;
      EXPECT_EQ(line_of(why, taken), "push") << hand << " honba " << honba << why.dump(1);
    }
  }
  EXPECT_GT(folding_calls_taken, 0);
}

// The best win odds `full` gives the candidates of `type` ("pon", "chi", "none" for the pass) at
// the table's decision, with the DP counting the later calls `calls` names.
double best_win_odds(const Table& table, LaterCalls calls, const std::string& type) {
  FullSettings settings = without_placement();
  settings.params.open_hand_calls = calls.open;
  settings.params.closed_hand_calls = calls.closed;
  settings.params.closed_hand_yakuhai_pons = calls.yakuhai_pons;
  nlohmann::json why;
  full(table, settings, &why);
  double best = -1;
  for (const nlohmann::json& c : why["candidates"]) {
    if (c["action"]["type"] == type) best = std::max(best, c["win_prob"].get<double>());
  }
  return best;
}

// A closed hand (a pair of 8s and two open-ended shapes beside its haku pair) offered a pon of
// haku: its pass keeps the closed hand, whose DP counts no call, so neither side counts later
// calls and open_hand_calls changes nothing; with a closed hand's calls (closed_hand_calls) the
// pass's DP may call too, its calls opening the hand, and both sides win more often; so they do
// with its yakuhai pons alone (the pass may pon haku later, the pon's hand calls on). Offered the
// pon of 8s instead, that pon's hand counts no later call with yakuhai pons alone, while its pass
// still counts the haku pon. Once haku is ponned, offered a chi of 4m: both the chi's hand and
// the pass's are open, and both win more often counting their later calls, by either switch.
TEST(Full, CountsLaterCallsOnceTheHandIsOpen) {
  const std::string hand = "2m 3m 5p 6p 8s 8s P P 1m 9p E S N";
  const Table closed = after({start_game(0), start_kyoku(hand), tsumo(0, "W"), dahai(0, "W", true), tsumo(1),
                              dahai(1, "P", true)});
  for (const std::string type : {"pon", "none"}) {
    ASSERT_GE(best_win_odds(closed, {}, type), 0) << type;
    EXPECT_DOUBLE_EQ(best_win_odds(closed, {.open = true}, type), best_win_odds(closed, {}, type)) << type;
    EXPECT_GT(best_win_odds(closed, {.closed = true}, type), best_win_odds(closed, {}, type) + 0.005) << type;
    EXPECT_GT(best_win_odds(closed, {.yakuhai_pons = true}, type), best_win_odds(closed, {}, type) + 0.005) << type;
  }
  const Table offered_8s = after({start_game(0), start_kyoku(hand), tsumo(0, "W"), dahai(0, "W", true), tsumo(1),
                                  dahai(1, "8s", true)});
  ASSERT_GE(best_win_odds(offered_8s, {}, "pon"), 0);
  EXPECT_DOUBLE_EQ(best_win_odds(offered_8s, {.yakuhai_pons = true}, "pon"), best_win_odds(offered_8s, {}, "pon"));
  EXPECT_GT(best_win_odds(offered_8s, {.yakuhai_pons = true}, "none"), best_win_odds(offered_8s, {}, "none") + 0.005);
  const Table open = after({start_game(0), start_kyoku(hand), tsumo(0, "W"), dahai(0, "W", true), tsumo(1),
                            dahai(1, "P", true), pon(0, 1, "P", "P P"), dahai(0, "N"), tsumo(1),
                            dahai(1, "1s", true), tsumo(2), dahai(2, "9s", true), tsumo(3), dahai(3, "4m", true)});
  for (const std::string type : {"chi", "none"}) {
    ASSERT_GE(best_win_odds(open, {}, type), 0) << type;
    EXPECT_GT(best_win_odds(open, {.open = true}, type), best_win_odds(open, {}, type) + 0.005) << type;
    EXPECT_DOUBLE_EQ(best_win_odds(open, {.yakuhai_pons = true}, type), best_win_odds(open, {.open = true}, type)) << type;
  }
}

// Nine kinds of terminals and honours and nothing else: a thirteen-orphans try needs four more
// kinds; the abortive draw is the better deal.
TEST(Full, AbortsWithNineTerminalKinds) {
  const Table table = after({start_game(0), start_kyoku("1m 9m 1p 9p 1s E S W N 2m 3m 5p 6s"), tsumo(0, "4s")});
  EXPECT_EQ(full(table).type, EventType::ryukyoku);
}

// All-last (South 4), we are the non-dealer in last place at 10000: a pinfu tanyao tsumo (2700)
// leaves us last, and the game ends with it (the dealer still has 32700, over the 30000 target).
// Declining it costs nothing in rank; a bigger win later may lift us. With placement off, win.
TEST(Full, DeclinesAWinThatEndsTheMatchInLastPlace) {
  Deal deal;
  deal.bakaze = "S";
  deal.kyoku = 4;
  deal.oya = 1;
  deal.scores = std::array<int, 4>{10000, 34000, 28000, 28000};
  const std::vector<std::string> stream = {start_game(0), start_kyoku("2m 3m 4m 6p 7p 8p 3s 4s 6s 7s 8s 8m 8m", deal),
                                           tsumo(1), dahai(1, "E"), tsumo(2), dahai(2, "E"), tsumo(3), dahai(3, "N"),
                                           tsumo(0, "W"), dahai(0, "W", true), tsumo(1), dahai(1, "E"), tsumo(2),
                                           dahai(2, "N"), tsumo(3), dahai(3, "N"), tsumo(0, "2s")};
  const Table table = after(stream);
  ASSERT_TRUE(table.evaluate_win(parse_tile("2s"), true, 0).has_value());
  EXPECT_NE(full(table).type, EventType::hora);
  EXPECT_EQ(full(table, without_placement()).type, EventType::hora);
  // The same win in East 1 is taken.
  Deal early = deal;
  early.bakaze = "E";
  early.kyoku = 2;
  std::vector<std::string> east = stream;
  east[1] = start_kyoku("2m 3m 4m 6p 7p 8p 3s 4s 6s 7s 8s 8m 8m", early);
  EXPECT_EQ(full(after(east)).type, EventType::hora);
}

// All-last (South 4), seat 1 the dealer: seat 1 opens with 9s, seats 2 and 3 throw honours, we
// throw N; seat 1 declares riichi on `riichi_tile`; we draw `draw`. The scores are before the
// riichi deposit.
std::vector<std::string> all_last_dealer_riichi(const std::string& hand, const std::string& riichi_tile,
                                                const std::string& draw, const std::array<int, 4>& scores) {
  Deal deal;
  deal.bakaze = "S";
  deal.kyoku = 4;
  deal.oya = 1;
  deal.dora_marker = "4p";
  deal.scores = scores;
  return {start_game(0), start_kyoku(hand, deal), tsumo(1), dahai(1, "9s"), tsumo(2), dahai(2, "S"),
          tsumo(3), dahai(3, "W"), tsumo(0, "N"), dahai(0, "N", true), tsumo(1), reach(1), dahai(1, riichi_tile),
          reach_accepted(1), tsumo(2), dahai(2, "S"), tsumo(3), dahai(3, "W"), tsumo(0, draw)};
}

// All-last, comfortably first (53000 against the dealer's 25000): whoever wins, we stay first,
// unless we deal the dealer a big hand (a haneman from us, 18000, puts the dealer ahead). Our
// mangan tenpai (tanyao, dora 5p 5p 5pr) would push the dangerous 6p it drew in points; in rank
// points pushing gains nothing and can lose a rank, so the 8m the dealer declared riichi with
// (genbutsu) goes instead.
TEST(Full, KeepsAComfortableFirstPlaceByFoldingInTheLastHand) {
  const std::string hand = "2m 3m 4m 6s 7s 8s 2p 3p 5p 5p 5pr 8m 8m";
  const Table table = after(all_last_dealer_riichi(hand, "8m", "6p", {53000, 25000, 11000, 11000}));
  ASSERT_EQ(shanten(table.hand()), 0);
  nlohmann::json why;
  const Action folded = full(table, {}, &why);
  ASSERT_EQ(folded.type, EventType::dahai) << why.dump(1);
  EXPECT_EQ(folded.pai.to_string(), "8m") << why.dump(1);
  const Action pushed = full(table, without_placement(), &why);
  EXPECT_TRUE(pushed.type == EventType::reach || pushed.pai.to_string() == "6p") << why.dump(1);
}

// All-last, first by 45,000 with nothing declared: no outcome of this hand but an absurd one
// changes our rank, so the discards' rank values differ only by the models' noise (hundredths of
// a rank point). Those are no reason to play otherwise than in points: on the first draw of
// several hands `full` discards as `full-no-placement` does.
TEST(Full, FarAheadInTheLastHandDiscardsAsInPoints) {
  Deal deal;
  deal.bakaze = "S";
  deal.kyoku = 4;
  deal.oya = 1;
  deal.scores = std::array<int, 4>{60000, 15000, 13000, 12000};
  const std::vector<std::pair<std::string, std::string>> hands = {
      {"1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N", "P"},   {"2m 3m 5m 9m 3p 4p 7p 1s 2s 6s 8s E E", "C"},
      {"1m 2m 5m 6m 9m 1p 5p 7p 3s 4s 8s 9s N", "F"}, {"3m 4m 5m 6p 7p 8p 2s 3s 5s 5s 9p 1m W", "7s"},
      {"2m 4m 6m 8m 1p 3p 5p 7p 9p 2s 4s 6s 8s", "E"},
  };
  for (const auto& [hand, draw] : hands) {
    const Table table =
        after({start_game(0), start_kyoku(hand, deal), tsumo(1), dahai(1, "9s"), tsumo(2), dahai(2, "S"), tsumo(3),
               dahai(3, "W"), tsumo(0, draw)});
    nlohmann::json why;
    const Action ranked = full(table, {}, &why);
    const Action in_points = full(table, without_placement());
    EXPECT_EQ(ranked.type, in_points.type) << hand << " + " << draw;
    EXPECT_EQ(ranked.pai.to_string(), in_points.pai.to_string()) << hand << " + " << draw << "\n" << why.dump(1);
  }
}

// How much the push line of the candidate `why` lists for the discard `action` is worth over
// its fold line, in points.
double push_over_fold(const nlohmann::json& why, const Action& action) {
  const nlohmann::json* c = discard_candidate(why, action.pai.to_string());
  return c != nullptr ? (*c)["push_value"].get<double>() - (*c)["fold_value"].get<double>() : NAN;
}

// All-last, last at 20000 (the dealer 25000 after its riichi deposit, the others 26000 and
// 28000): a deal-in cannot make things worse than fourth, and only a win lifts us. A junk
// 1-shanten hand (a closed and an edge wait to fill, no dora) that gains nothing in points by
// pushing against the dealer's riichi (its push worth no more than its fold, within the 80 points
// the models cannot tell apart) plays on for its win in rank points: its discard is priced on the
// push line.
TEST(Full, PushesForTheWinThatAloneLiftsItOutOfLast) {
  const std::string hand = "2m 3m 4m 6m 7m 8m 1p 3p 8s 9s 1s 1s 7p";
  const Table table = after(all_last_dealer_riichi(hand, "1m", "2s", {20000, 26000, 26000, 28000}));
  ASSERT_EQ(shanten(table.hand()), 1);
  for (const bool rivers : {false, true}) {
    FullSettings settings = rivers ? FullSettings{} : todays_danger();
    nlohmann::json why;
    const Action pushed = full(table, settings, &why);
    ASSERT_EQ(pushed.type, EventType::dahai) << why.dump(1);
    EXPECT_EQ(line_of(why, pushed), "push") << "rivers " << rivers << why.dump(1);
    settings.placement = false;
    const Action in_points = full(table, settings, &why);
    ASSERT_EQ(in_points.type, EventType::dahai) << why.dump(1);
    EXPECT_LE(push_over_fold(why, in_points), kDefaultFullParams.equivalent_points) << "rivers " << rivers << why.dump(1);
  }
}

// The rank value `why` lists for the discard of `tile`.
double rank_value_of(const nlohmann::json& why, const std::string& tile) {
  const nlohmann::json* c = discard_candidate(why, tile);
  return c != nullptr ? (*c)["rank_value"].get<double>() : NAN;
}

// All-last, first at 28000 by 2000 over the dealer (26000 after its riichi deposit): any win of
// the dealer's (at least 1500, and its deposit back) puts it ahead of us, whoever pays, and so
// does its tenpai at the draw against our noten (3000 from the noten hands). Folding gives first
// place away in most lines, and the genbutsu's rank value must count those lines at second
// place's 45, not at the 90 of the scores as they stand. The mangan tenpai above is played on
// (6p, or riichi with it): a win keeps first.
TEST(Full, FoldingCountsTheWinsOfOthersThatPassUs) {
  const std::string hand = "2m 3m 4m 6s 7s 8s 2p 3p 5p 5p 5pr 8m 8m";
  const Table table = after(all_last_dealer_riichi(hand, "8m", "6p", {28000, 27000, 23000, 22000}));
  for (const FullSettings& settings : {todays_danger(), FullSettings{}}) {
    nlohmann::json why;
    const Action chosen = full(table, settings, &why);
    const double folding = rank_value_of(why, "8m");
    ASSERT_FALSE(std::isnan(folding)) << why.dump(1);
    // Second place in at least two thirds of the fold's outcomes.
    EXPECT_LT(folding, 90 - 2.0 / 3 * 45) << why.dump(1);
    EXPECT_TRUE(chosen.type == EventType::reach || chosen.pai.to_string() == "6p") << why.dump(1);
  }
}

// Candidates are compared in points until the last hand, in rank points there: the same opening
// priced in East 2, in South 3 and in South 4 with the scores apart.
TEST(Full, PricesInRankPointsOnlyNearTheEnd) {
  const auto candidates = [](const char* bakaze, int kyoku) {
    Deal deal;
    deal.bakaze = bakaze;
    deal.kyoku = kyoku;
    deal.scores = std::array<int, 4>{18000, 34000, 28000, 20000};
    nlohmann::json why;
    full(after({start_game(0), start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", deal), tsumo(0, "2s")}), {}, &why);
    return why["candidates"];
  };
  for (const auto& [bakaze, kyoku] : {std::pair{"E", 2}, std::pair{"S", 3}}) {
    const nlohmann::json early = candidates(bakaze, kyoku);
    ASSERT_FALSE(early.empty());
    for (const nlohmann::json& c : early) EXPECT_DOUBLE_EQ(c["rank_value"].get<double>(), c["value"].get<double>());
  }
  const nlohmann::json late = candidates("S", 4);
  ASSERT_FALSE(late.empty());
  const bool ranked = std::any_of(late.begin(), late.end(), [](const nlohmann::json& c) {
    return std::abs(c["rank_value"].get<double>() - c["value"].get<double>()) > 1e-6;
  });
  EXPECT_TRUE(ranked) << late.dump(1);
}

// The least own expected loss among the candidates `why` lists within the equivalent points of
// the best value.
double least_loss_among_equivalents(const nlohmann::json& why) {
  double best_value = -1e300;
  for (const nlohmann::json& c : why["candidates"]) best_value = std::max(best_value, c["value"].get<double>());
  double least = 1e300;
  for (const nlohmann::json& c : why["candidates"]) {
    if (best_value - c["value"].get<double>() > kDefaultFullParams.equivalent_points) continue;
    least = std::min(least, c["expected_loss"].get<double>());
  }
  return least;
}

// Safety first facing a riichi: a four-shanten hand against the dealer's riichi holds its
// genbutsu 1m and an East no one has shown. The two discards' values come within the equivalent
// points; by progress East goes (it keeps a shanten), with the switch the least own expected
// loss among the equivalent discards goes: the genbutsu.
TEST(Full, FacingARiichiSafetyFirstThrowsTheSafestEquivalentDiscard) {
  const Table table = after(dealer_riichi("1m 2m 4p 5p 7p 3s 4s 6s 8s C C E 9m", "1s"));
  FullSettings settings = todays_danger();
  settings.params.riichi_safety_first = true;
  nlohmann::json why;
  const Action chosen = full(table, settings, &why);
  ASSERT_EQ(chosen.type, EventType::dahai) << why.dump(1);
  const double least_equivalent_loss = least_loss_among_equivalents(why);
  const nlohmann::json* thrown = discard_candidate(why, chosen.pai.to_string());
  ASSERT_NE(thrown, nullptr);
  EXPECT_DOUBLE_EQ((*thrown)["expected_loss"].get<double>(), least_equivalent_loss) << why.dump(1);
  EXPECT_EQ(chosen.pai.to_string(), "1m") << why.dump(1);

  // Without the switch (nor safety first for far hands) the progress decides, and with today's
  // danger this position is one where the two part (counting the rivers, the genbutsu goes by
  // value: below).
  FullSettings by_progress_settings = todays_danger();
  by_progress_settings.params.riichi_safety_first_from_shanten = kNoSafetyFirst;
  nlohmann::json by_progress;
  const Action kept = full(table, by_progress_settings, &by_progress);
  EXPECT_NE(kept.pai.to_string(), "1m") << by_progress.dump(1);
  const nlohmann::json* east = discard_candidate(by_progress, "E");
  const nlohmann::json* genbutsu = discard_candidate(by_progress, "1m");
  ASSERT_TRUE(east != nullptr && genbutsu != nullptr);
  EXPECT_GT((*east)["expected_loss"].get<double>(), (*genbutsu)["expected_loss"].get<double>() + 100);
}

// Far hands alone: the same four-shanten hand, whose every equivalent discard leaves it two
// shanten or more away, throws the genbutsu with safety first from two shanten (the default), as
// with the switch; from five shanten (further than any of its discards leaves it) the progress
// decides, as with it never.
TEST(Full, SafetyFirstFromTwoShantenFoldsAFarHand) {
  const Table table = after(dealer_riichi("1m 2m 4p 5p 7p 3s 4s 6s 8s C C E 9m", "1s"));
  ASSERT_EQ(kDefaultFullParams.riichi_safety_first_from_shanten, 2);
  EXPECT_EQ(full(table, todays_danger()).pai.to_string(), "1m");
  FullSettings further = todays_danger();
  further.params.riichi_safety_first_from_shanten = 5;
  FullSettings never = todays_danger();
  never.params.riichi_safety_first_from_shanten = kNoSafetyFirst;
  EXPECT_NE(full(table, never).pai.to_string(), "1m");
  EXPECT_EQ(full(table, further), full(table, never));
}

// A one-shanten hand against the dealer's riichi, whose genbutsu 1m is an equivalent discard that
// goes back to two shanten: the switch throws it; from two shanten safety is not first, since a
// discard as good keeps the hand one shanten away, and the progress decides as without.
TEST(Full, SafetyFirstFromTwoShantenLeavesANearHandToItsProgress) {
  const Table table = after(dealer_riichi("6s 7m 2m 6s 8s 7p 6m 3s 3m 1m 3s C C", "6s"));
  ASSERT_EQ(shanten(table.hand()), 1);
  FullSettings on;
  on.params.riichi_safety_first = true;
  EXPECT_EQ(full(table, on).pai.to_string(), "1m");
  FullSettings never;
  never.params.riichi_safety_first_from_shanten = kNoSafetyFirst;
  const Action plain = full(table, never);
  ASSERT_EQ(plain.type, EventType::dahai);
  TileCounts left = table.hand();
  --left[plain.pai.kind()];
  EXPECT_EQ(shanten(left), 1) << plain.pai.to_string();
  FullSettings far;
  far.params.riichi_safety_first_from_shanten = 2;
  EXPECT_EQ(full(table, far), plain);
}

// The rivers: the same position, counting the tiles that turn safe while the fold goes on (the
// rivers, and our own discards of the kinds we keep). A fold keeps finding safe tiles, so what
// it throws later costs less than today's danger says, and keeping the genbutsu for later is no
// longer worth about what the East costs now: the genbutsu goes by value, not by a tie-break.
TEST(Full, CountingTheRiversAFarHandFacingARiichiThrowsItsGenbutsu) {
  const Table table = after(dealer_riichi("1m 2m 4p 5p 7p 3s 4s 6s 8s C C E 9m", "1s"));
  ASSERT_TRUE(kDefaultFullParams.count_rivers);
  nlohmann::json why;
  const Action chosen = full(table, {}, &why);
  ASSERT_EQ(chosen.type, EventType::dahai) << why.dump(1);
  EXPECT_EQ(chosen.pai.to_string(), "1m") << why.dump(1);
  const nlohmann::json* east = discard_candidate(why, "E");
  const nlohmann::json* genbutsu = discard_candidate(why, "1m");
  ASSERT_TRUE(east != nullptr && genbutsu != nullptr);
  EXPECT_GT((*genbutsu)["value"].get<double>(), (*east)["value"].get<double>() + kDefaultFullParams.equivalent_points)
      << why.dump(1);
  // Every fold line is worth more than it was with today's danger at every turn.
  nlohmann::json today;
  full(table, todays_danger(), &today);
  const nlohmann::json* east_today = discard_candidate(today, "E");
  ASSERT_NE(east_today, nullptr);
  EXPECT_GT((*east)["fold_value"].get<double>(), (*east_today)["fold_value"].get<double>()) << today.dump(1);
}

// Seat 3 pons East off seat 2 and chun off seat 1 (two calls, no riichi) and throws 5m; we hold
// a three-shanten hand whose 5m, P and 1s float. By progress the 5m stays (it takes more tiles
// forward than P); with safety first facing open hands from two shanten the least own expected
// loss among the equivalent discards goes. Not from a one-call hand (open_safety_first_calls 3),
// nor when a discard as good keeps the hand nearer (from four shanten).
TEST(Full, FacingTwoCallsSafetyFirstFoldsAFarHand) {
  Deal deal;
  deal.oya = 1;
  const Table table = after({start_game(0), start_kyoku("1m 2m 4p 5p 7p 3s 4s 6s 8s N N P 5m", deal), tsumo(1),
                             dahai(1, "9s"), tsumo(2), dahai(2, "E"), pon(3, 2, "E", "E E"), dahai(3, "5m"),
                             tsumo(0, "W"), dahai(0, "W", true), tsumo(1), dahai(1, "C"), pon(3, 1, "C", "C C"),
                             dahai(3, "S"), tsumo(0, "1s")});
  ASSERT_EQ(table.most_calls_facing(0), 2);
  ASSERT_EQ(kDefaultFullParams.open_safety_first_from_shanten, kNoSafetyFirst);
  FullSettings safe;
  safe.params.open_safety_first_from_shanten = 2;
  nlohmann::json why;
  const Action chosen = full(table, safe, &why);
  ASSERT_EQ(chosen.type, EventType::dahai) << why.dump(1);
  const double least_equivalent_loss = least_loss_among_equivalents(why);
  const nlohmann::json* thrown = discard_candidate(why, chosen.pai.to_string());
  ASSERT_NE(thrown, nullptr);
  EXPECT_DOUBLE_EQ((*thrown)["expected_loss"].get<double>(), least_equivalent_loss) << why.dump(1);
  EXPECT_EQ(chosen.pai.to_string(), "5m") << why.dump(1);

  nlohmann::json by_progress;
  const Action plain = full(table, {}, &by_progress);
  const nlohmann::json* kept = discard_candidate(by_progress, plain.pai.to_string());
  ASSERT_NE(kept, nullptr);
  EXPECT_GT((*kept)["expected_loss"].get<double>(), least_equivalent_loss + 10) << by_progress.dump(1);
  FullSettings three_calls = safe;
  three_calls.params.open_safety_first_calls = 3;
  EXPECT_EQ(full(table, three_calls), plain);
  FullSettings further = safe;
  further.params.open_safety_first_from_shanten = 4;
  EXPECT_EQ(full(table, further), plain);
}

// The switch acts facing a riichi only: with nothing declared the same hand's discard is the
// progress's, with or without it.
TEST(Full, SafetyFirstLeavesAHandFacingNoRiichiAlone) {
  const Table table = after({start_game(0), start_kyoku("1m 2m 4p 5p 7p 3s 4s 6s 8s C C E 9m", Deal{}),
                             tsumo(0, "1s")});
  FullSettings settings;
  settings.params.riichi_safety_first = true;
  EXPECT_EQ(full(table, settings), full(table));
}

// An opening two shanten away whose blocks are two pairs, a closed wait and a run shape (16 tiles
// take it forward) against the hand one shanten back that keeps both 57m and 78m around the dora
// 6m (71 tiles): the DP values the step back higher, and with shanten-back weighed (the default)
// full takes it. Weighed only from tenpai (shanten_back_up_to = 0), no discard that raises the
// shanten is priced as a push, and full keeps the two shanten.
TEST(Full, WeighsShantenBackOnlyAsFarFromTenpaiAsAllowed) {
  Deal deal;
  deal.dora_marker = "5m";
  const Table table = after({start_game(0), start_kyoku("2m 3m 4m 5m 7m 8m 8m 2p 5pr 6p 3s 6s 6s", deal), tsumo(0, "F")});
  ASSERT_EQ(shanten(table.hand()), 2);
  const auto shanten_after = [&](const Action& action) {
    TileCounts hand = table.hand();
    --hand[action.pai.kind()];
    return shanten(hand);
  };
  nlohmann::json why;
  const Action by_default = full(table, {}, &why);
  ASSERT_EQ(by_default.type, EventType::dahai);
  EXPECT_EQ(shanten_after(by_default), 3) << why.dump(1);
  FullSettings forward_only;
  forward_only.params.shanten_back_up_to = 0;
  const Action forward = full(table, forward_only, &why);
  ASSERT_EQ(forward.type, EventType::dahai);
  EXPECT_EQ(shanten_after(forward), 2) << why.dump(1);
  for (const nlohmann::json& c : why["candidates"]) {
    if (c["shanten"].get<int>() == 3) {
      EXPECT_NE(c["line"], "push") << c.dump();
    }
  }
  EXPECT_EQ(plan_for_budget(1000, forward_only.params).shanten_back_up_to, 0);
  EXPECT_EQ(plan_for_budget(1000).shanten_back_up_to, 2);
  EXPECT_EQ(plan_for_budget(100).shanten_back_up_to, 1);
}

// The win odds as progress: an opening three shanten away, nothing shown, whose discards
// mostly fold and come within the equivalent points of each other. With progress_by_win_odds (the
// default) the push line's win odds decide among those that keep three shanten (to a tenth of a
// percent, the ukeire after them); without it the ukeire alone does, and on this hand the two part.
TEST(Full, TheWinOddsAsProgressTakeTheEquivalentDiscardThatWinsMostOften) {
  Deal deal;
  deal.dora_marker = "4m";
  const Table table = after({start_game(0), start_kyoku("2m 8m 3p 9p 2s 2s 4s 5sr W P P C C", deal), tsumo(0, "6p")});
  ASSERT_EQ(shanten(table.hand()), 3);
  ASSERT_TRUE(kDefaultFullParams.progress_by_win_odds);
  nlohmann::json why;
  const Action chosen = full(table, {}, &why);
  ASSERT_EQ(chosen.type, EventType::dahai) << why.dump(1);

  // The equivalent discards nearest tenpai, and the best win odds among them in tenths of a percent.
  double best_value = -1e300;
  for (const nlohmann::json& c : why["candidates"]) best_value = std::max(best_value, c["value"].get<double>());
  int nearest = 99;
  for (const nlohmann::json& c : why["candidates"]) {
    if (best_value - c["value"].get<double>() <= kDefaultFullParams.equivalent_points) nearest = std::min(nearest, c["shanten"].get<int>());
  }
  long best_odds = -1;
  int equivalents = 0;
  for (const nlohmann::json& c : why["candidates"]) {
    if (best_value - c["value"].get<double>() > kDefaultFullParams.equivalent_points || c["shanten"] != nearest) continue;
    ++equivalents;
    best_odds = std::max(best_odds, std::lround(c["push_win_prob"].get<double>() * 1000));
  }
  ASSERT_GE(equivalents, 2) << why.dump(1);
  const nlohmann::json* thrown = discard_candidate(why, chosen.pai.to_string());
  ASSERT_NE(thrown, nullptr);
  EXPECT_EQ((*thrown)["shanten"], nearest) << why.dump(1);
  EXPECT_EQ(std::lround((*thrown)["push_win_prob"].get<double>() * 1000), best_odds) << why.dump(1);

  // Without the switch the ukeire decides, and here it keeps another tile, which wins less often.
  FullSettings by_ukeire_alone;
  by_ukeire_alone.params.progress_by_win_odds = false;
  const Action by_ukeire = full(table, by_ukeire_alone);
  ASSERT_EQ(by_ukeire.type, EventType::dahai);
  EXPECT_NE(by_ukeire.pai, chosen.pai) << why.dump(1);
  const nlohmann::json* kept = discard_candidate(why, by_ukeire.pai.to_string());
  ASSERT_NE(kept, nullptr);
  EXPECT_LT(std::lround((*kept)["push_win_prob"].get<double>() * 1000), best_odds);
}

// The band before a riichi (equivalent_points_factor_before_riichi): at a dealer's first draw (one
// of main's games against majiang-ai, seed 25660), a band twice as wide (160) takes in a discard
// that trails the best value by more than 80 and makes more progress (as near tenpai and winning
// more often), and the progress takes it. Facing a riichi the band before one plays no part.
TEST(Full, BeforeARiichiTheWiderBandLetsTheProgressDecide) {
  Deal deal;
  deal.dora_marker = "8s";
  deal.kyoku = 2;
  deal.scores = std::array<int, 4>{23000, 25000, 27000, 25000};
  const Table table = after({start_game(0), start_kyoku("2m 9m 8p 7m 2m 5m 9s 3s 2p 4m 7p 9p 5pr", deal), tsumo(0, "6p")});
  ASSERT_EQ(kDefaultFullParams.equivalent_points_factor_before_riichi, 1);
  ASSERT_EQ(kDefaultFullParams.equivalent_points, 80);
  nlohmann::json why;
  const Action narrow = full(table, {}, &why);
  FullSettings wide;
  wide.params.equivalent_points_factor_before_riichi = 2;
  nlohmann::json why_wide;
  const Action chosen = full(table, wide, &why_wide);
  ASSERT_EQ(chosen.type, EventType::dahai);
  EXPECT_EQ(why_wide["params_in_force"]["equivalent_points"], 160.0);
  EXPECT_FALSE(why_wide.contains("params")) << "the params in force are not the tunables as set";
  ASSERT_NE(chosen.pai, narrow.pai) << why_wide.dump(1);

  double best_value = -1e300;
  for (const nlohmann::json& c : why_wide["candidates"]) best_value = std::max(best_value, c["value"].get<double>());
  const nlohmann::json* thrown = discard_candidate(why_wide, chosen.pai.to_string());
  const nlohmann::json* kept = discard_candidate(why_wide, narrow.pai.to_string());
  ASSERT_NE(thrown, nullptr);
  ASSERT_NE(kept, nullptr);
  const double trails = best_value - (*thrown)["value"].get<double>();
  EXPECT_GT(trails, kDefaultFullParams.equivalent_points) << why_wide.dump(1);
  EXPECT_LE(trails, 160) << why_wide.dump(1);
  const auto progress = [](const nlohmann::json& c) {
    return std::make_pair(-c["shanten"].get<int>(), std::lround(c["push_win_prob"].get<double>() * 1000));
  };
  EXPECT_GT(progress(*thrown), progress(*kept)) << why_wide.dump(1);

  // Facing the dealer's riichi the band is the one facing a riichi, however wide the band before
  // one: the junk one-shanten hand folds as with the one band.
  const Table facing = after(dealer_riichi("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", "2s"));
  wide.params.equivalent_points_factor_before_riichi = 100;
  nlohmann::json why_facing;
  EXPECT_EQ(full(facing, wide, &why_facing), full(facing));
  EXPECT_EQ(why_facing["params_in_force"]["equivalent_points"], kDefaultFullParams.equivalent_points);
}

// The settings of a test whose position was chosen while a claim was priced without later calls:
// claim_call_weight 0 whatever the default, so that it tests what it was written for, not the weight.
FullSettings claims_without_later_calls() {
  FullSettings settings;
  settings.params.claim_call_weight = 0;
  return settings;
}

// The settings under which the positions of calls in the tie were chosen: calls and their pass
// compare by progress (calls_tie_by_progress), a closed hand's first call within four bands (both
// off by default since their pair against the champion), and claims priced without later calls.
FullSettings calls_in_the_tie() {
  FullSettings settings = claims_without_later_calls();
  settings.params.calls_tie_by_progress = true;
  settings.params.first_call_band_factor = 4;
  return settings;
}

// Calls in the tie (calls_tie_by_progress): West's first call chance of a hand against
// majiang-ai (seed 25660), the chi of 1p with 2p3p. The chi trails the pass by less than the band
// and wins more often, so the progress takes it; without the switch the value keeps the pass.
TEST(Full, CallsInTheTieTakeTheFasterCallWithinTheBand) {
  Deal deal;
  deal.seat = 2;
  deal.dora_marker = "5mr";
  std::vector<std::string> stream = {start_game(2), start_kyoku("C F 5pr 5p E 4s 6s 3p S 4m 5p E 2p", deal)};
  for (const std::string& line : {tsumo(0), dahai(0, "W", true), tsumo(1), dahai(1, "C"), tsumo(2, "5sr"), dahai(2, "C"),
                                  tsumo(3), dahai(3, "9p"), tsumo(0), dahai(0, "N"), tsumo(1), dahai(1, "S"),
                                  tsumo(2, "9s"), dahai(2, "S"), tsumo(3), dahai(3, "1m", true), tsumo(0),
                                  dahai(0, "P", true), tsumo(1), dahai(1, "1p", true)}) {
    stream.push_back(line);
  }
  const Table table = after(stream);
  const FullSettings as_chosen = calls_in_the_tie();
  FullSettings by_value_alone = as_chosen;
  by_value_alone.params.calls_tie_by_progress = false;
  nlohmann::json why;
  const Action by_value = full(table, by_value_alone, &why);
  EXPECT_EQ(by_value.type, EventType::none) << why.dump(1);

  nlohmann::json why_tie;
  ASSERT_EQ(full(table, as_chosen, &why_tie).type, EventType::chi) << why_tie.dump(1);
  const double trails = figure(why_tie, "none", "", "value") - figure(why_tie, "chi", "1p", "value");
  EXPECT_GT(trails, 0) << why_tie.dump(1);
  EXPECT_LE(trails, kDefaultFullParams.equivalent_points) << why_tie.dump(1);
  EXPECT_GT(figure(why_tie, "chi", "1p", "push_win_prob"), figure(why_tie, "none", "", "push_win_prob")) << why_tie.dump(1);
  EXPECT_LE(figure(why_tie, "chi", "1p", "shanten"), figure(why_tie, "none", "", "shanten")) << why_tie.dump(1);
}

// The other side of calls in the tie: late in East 2 of a game against majiang-ai (seed 25660; West's
// view of the hand, tests/fixtures/streams/calls_tie_pass.jsonl), a pon of 7m leads the pass by less
// than the band but leaves a hand no nearer tenpai that wins less often: by value alone it is
// taken, by progress the pass keeps the closed hand.
TEST(Full, CallsInTheTiePassTheSlowerCallWithinTheBand) {
  const Table table = after(read_stream("calls_tie_pass.jsonl"));
  const FullSettings in_the_tie = calls_in_the_tie();
  FullSettings by_value_alone = in_the_tie;
  by_value_alone.params.calls_tie_by_progress = false;
  nlohmann::json why;
  const Action by_value = full(table, by_value_alone, &why);
  ASSERT_EQ(by_value.type, EventType::pon) << why.dump(1);

  nlohmann::json why_tie;
  EXPECT_EQ(full(table, in_the_tie, &why_tie).type, EventType::none) << why_tie.dump(1);
  const double leads = figure(why_tie, "pon", "7m", "value") - figure(why_tie, "none", "", "value");
  EXPECT_GT(leads, 0) << why_tie.dump(1);
  EXPECT_LE(leads, kDefaultFullParams.equivalent_points) << why_tie.dump(1);
  EXPECT_GE(figure(why_tie, "pon", "7m", "shanten"), figure(why_tie, "none", "", "shanten")) << why_tie.dump(1);
  EXPECT_LT(figure(why_tie, "pon", "7m", "push_win_prob"), figure(why_tie, "none", "", "push_win_prob")) << why_tie.dump(1);
}

// Whether a gap in value is wider than the one band and within four of it.
bool beyond_one_band_within_four(double gap) {
  const double band = kDefaultFullParams.equivalent_points;
  return gap > band && gap <= 4 * band;
}

// A closed hand's first call in a wider tie: the dealer's closed 2-shanten hand, first by 17,200
// in East 4 of a game against majiang-ai (seed 25790, tests/fixtures/streams/first_call_band_chi.jsonl),
// is offered a chi of 3p with 2p4p, which opens a tanyao 1-shanten that wins far more often but
// scores less: it trails the pass by more than the one band and less than four of it. With the
// band at 1 the pass is kept; at 4 (the default until the pair against the champion) the
// progress decides and the chi is taken.
TEST(Full, AClosedHandsFirstCallTiesInTheWiderBand) {
  const Table table = after(read_stream("first_call_band_chi.jsonl"));
  const FullSettings wider = calls_in_the_tie();
  FullSettings one_band = wider;
  one_band.params.first_call_band_factor = 1;
  nlohmann::json why;
  EXPECT_EQ(full(table, one_band, &why).type, EventType::none) << why.dump(1);
  EXPECT_TRUE(beyond_one_band_within_four(figure(why, "none", "", "value") - figure(why, "chi", "3p", "value"))) << why.dump(1);
  EXPECT_LT(figure(why, "chi", "3p", "shanten"), figure(why, "none", "", "shanten")) << why.dump(1);

  nlohmann::json why_wider;
  EXPECT_EQ(full(table, wider, &why_wider).type, EventType::chi) << why_wider.dump(1);
}

// The wider band is a closed hand's, with no riichi declared. Facing a riichi (seat 3 in a
// development game against majiang-ai, seed 25698, first_call_band_facing_riichi.jsonl), a chi
// that trails the pass within four bands and leaves the hand nearer tenpai is still passed; with
// our hand open (first_call_band_open_hand.jsonl), a daiminkan that leads the pass by just over
// the one band is still taken, where a band of four would let the pass's progress beat the kan's none.
TEST(Full, TheWiderBandIsAClosedHandsWithNoRiichiDeclared) {
  const FullSettings wider = calls_in_the_tie();

  const Table facing = after(read_stream("first_call_band_facing_riichi.jsonl"));
  nlohmann::json why;
  EXPECT_EQ(full(facing, wider, &why).type, EventType::none) << why.dump(1);
  EXPECT_TRUE(beyond_one_band_within_four(figure(why, "none", "", "value") - figure(why, "chi", "2s", "value"))) << why.dump(1);
  EXPECT_LT(figure(why, "chi", "2s", "shanten"), figure(why, "none", "", "shanten")) << why.dump(1);

  const Table open = after(read_stream("first_call_band_open_hand.jsonl"));
  ASSERT_FALSE(open.player(open.seat()).closed());
  nlohmann::json why_open;
  EXPECT_EQ(full(open, wider, &why_open).type, EventType::daiminkan) << why_open.dump(1);
  EXPECT_TRUE(beyond_one_band_within_four(figure(why_open, "daiminkan", "8p", "value") - figure(why_open, "none", "", "value")))
      << why_open.dump(1);
}

// Full's settings with a closed hand's later calls counted in its discards at `weight`.
FullSettings later_calls_at(double weight) {
  FullSettings settings;
  settings.params.discard_call_weight = weight;
  return settings;
}

// Later calls in a closed hand's discards: West's 4-shanten hand on its first draw in East 3 of a
// development game against majiang-ai (seed 25698, tests/fixtures/streams/later_calls_seat_wind.jsonl)
// folds whatever it throws, and the win odds decide among its discards. Without later calls its
// lone West (its seat wind) goes; with them the West, which a pon would make a yaku, wins more
// often kept, and the lone 9s goes instead.
TEST(Full, LaterCallsInAClosedHandsDiscardsKeepItsLoneSeatWind) {
  const Table table = after(read_stream("later_calls_seat_wind.jsonl"));
  nlohmann::json why;
  EXPECT_EQ(full(table, later_calls_at(0), &why).pai.to_string(), "W") << why.dump(1);

  nlohmann::json why_calls;
  EXPECT_EQ(full(table, later_calls_at(0.5), &why_calls).pai.to_string(), "9s") << why_calls.dump(1);
  // Throwing the 9s (the West kept) wins more often with the calls, and more often than throwing the West.
  EXPECT_GT(figure(why_calls, "dahai", "9s", "push_win_prob"), figure(why, "dahai", "9s", "push_win_prob")) << why_calls.dump(1);
  EXPECT_GT(figure(why_calls, "dahai", "9s", "push_win_prob"), figure(why_calls, "dahai", "W", "push_win_prob"))
      << why_calls.dump(1);
}

// lay_down_calls reaches the DP wherever the later calls count: the same discards' second solve
// then lays each call's meld down, a graph of other states than the tile kept among the counts.
TEST(Full, LaidDownCallsChangeTheSecondSolveOfAClosedHandsDiscards) {
  const Table table = after(read_stream("later_calls_seat_wind.jsonl"));
  nlohmann::json without;
  nlohmann::json kept;
  nlohmann::json laid_down;
  full(table, later_calls_at(0), &without);
  full(table, later_calls_at(1), &kept);
  FullSettings laying_down = later_calls_at(1);
  laying_down.params.lay_down_calls = true;
  full(table, laying_down, &laid_down);
  const auto states = [](const nlohmann::json& why) { return why["dp_states"].get<std::size_t>(); };
  EXPECT_GT(states(kept), states(without)) << kept.dump(1);
  EXPECT_GT(states(laid_down), states(without)) << laid_down.dump(1);
  EXPECT_NE(states(laid_down), states(kept)) << laid_down.dump(1);
  // Without the later calls counted, the switch changes nothing.
  FullSettings off_but_laying_down = later_calls_at(0);
  off_but_laying_down.params.lay_down_calls = true;
  nlohmann::json off;
  full(table, off_but_laying_down, &off);
  EXPECT_EQ(states(off), states(without));
}

// The later calls are counted for a closed hand with no riichi declared by another seat alone:
// facing a riichi (East 4 of the same game, later_calls_facing_riichi.jsonl) and with our hand
// open (East 1, later_calls_open_hand.jsonl), every discard is priced as without them.
TEST(Full, LaterCallsAreCountedInAClosedHandsDiscardsWithNoRiichiDeclared) {
  for (const std::string stream : {"later_calls_facing_riichi.jsonl", "later_calls_open_hand.jsonl"}) {
    SCOPED_TRACE(stream);
    const Table table = after(read_stream(stream));
    nlohmann::json why;
    nlohmann::json why_calls;
    const Action plain = full(table, later_calls_at(0), &why);
    const Action with_calls = full(table, later_calls_at(1), &why_calls);
    EXPECT_EQ(with_calls.pai.to_string(), plain.pai.to_string());
    ASSERT_EQ(why["candidates"].size(), why_calls["candidates"].size());
    for (std::size_t i = 0; i < why["candidates"].size(); ++i) {
      EXPECT_EQ(why["candidates"][i]["push_win_prob"], why_calls["candidates"][i]["push_win_prob"]) << why_calls.dump(1);
    }
  }
}

// Each candidate's win odds at the table's decision, with later calls in a closed hand's claims
// at `weight`.
std::vector<double> claim_win_odds(const Table& table, double weight) {
  FullSettings settings = without_placement();
  settings.params.claim_call_weight = weight;
  nlohmann::json why;
  full(table, settings, &why);
  std::vector<double> odds;
  for (const nlohmann::json& c : why["candidates"]) odds.push_back(c["win_prob"].get<double>());
  return odds;
}

// Later calls in a closed hand's claims (claim_call_weight): the closed hand of
// CountsLaterCallsOnceTheHandIsOpen offered the pon of haku with no riichi declared: the pass
// (which may pon haku later) and the pon (whose hand calls on) both win more often with them
// counted. Facing a riichi, and with the hand open (offered the chi of 4m after its haku pon),
// every candidate is priced as without them.
TEST(Full, LaterCallsAreCountedInAClosedHandsClaimsWithNoRiichiDeclared) {
  const std::string hand = "2m 3m 5p 6p 8s 8s P P 1m 9p E S N";
  const Table closed = after({start_game(0), start_kyoku(hand), tsumo(0, "W"), dahai(0, "W", true), tsumo(1),
                              dahai(1, "P", true)});
  const std::vector<double> plain = claim_win_odds(closed, 0);
  const std::vector<double> with_calls = claim_win_odds(closed, 1);
  ASSERT_GE(plain.size(), 2u);
  ASSERT_EQ(with_calls.size(), plain.size());
  for (std::size_t i = 0; i < plain.size(); ++i) EXPECT_GT(with_calls[i], plain[i] + 0.005) << i;

  const Table facing = after({start_game(0), start_kyoku(hand), tsumo(0, "W"), dahai(0, "W", true), tsumo(1), reach(1),
                              dahai(1, "1m"), reach_accepted(1), tsumo(2), dahai(2, "S"), tsumo(3), dahai(3, "W"),
                              tsumo(0, "N"), dahai(0, "N", true), tsumo(1), dahai(1, "P", true)});
  const Table open = after({start_game(0), start_kyoku(hand), tsumo(0, "W"), dahai(0, "W", true), tsumo(1),
                            dahai(1, "P", true), pon(0, 1, "P", "P P"), dahai(0, "N"), tsumo(1),
                            dahai(1, "1s", true), tsumo(2), dahai(2, "9s", true), tsumo(3), dahai(3, "4m", true)});
  // Facing the riichi the pon folds and is not a candidate: the pass alone is priced.
  for (const Table* table : {&facing, &open}) {
    const std::vector<double> unchanged = claim_win_odds(*table, 0);
    ASSERT_GE(unchanged.size(), table == &open ? 2u : 1u);
    EXPECT_EQ(claim_win_odds(*table, 1), unchanged);
  }
}

// The push line's win odds of each discard, by tile.
std::map<std::string, double> push_win_odds(const Table& table, const FullSettings& settings) {
  nlohmann::json why;
  full(table, settings, &why);
  std::map<std::string, double> odds;
  for (const nlohmann::json& c : why["candidates"]) odds[c["action"]["pai"].get<std::string>()] = c["push_win_prob"].get<double>();
  return odds;
}

// A closed one-shanten hand counts a riichi's ron chances: while the dealer's riichi stands those
// facing a riichi, so more of them win more often; with no riichi declared the figure facing one
// changes nothing, and the one with none shown does.
TEST(Full, CountsTheRonChancesFacingARiichiOnlyWhileOneStands) {
  const Table facing = after(dealer_riichi("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", "2s"));
  const Table unthreatened = after({start_game(0), start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", Deal{}),
                                    tsumo(0, "2s")});
  FullSettings more_facing;
  more_facing.params.riichi_ron_chances_facing_riichi = 3;
  FullSettings more_unthreatened;
  more_unthreatened.params.riichi_ron_chances = 3;
  const auto as_main = push_win_odds(facing, {});
  const auto with_more = push_win_odds(facing, more_facing);
  ASSERT_EQ(as_main.size(), with_more.size());
  for (const auto& [tile, odds] : as_main) {
    if (odds > 0) {
      EXPECT_GT(with_more.at(tile), odds) << tile;
    }
  }
  EXPECT_EQ(push_win_odds(facing, more_unthreatened), as_main);
  const auto calm = push_win_odds(unthreatened, {});
  EXPECT_EQ(push_win_odds(unthreatened, more_facing), calm);
  const auto calm_with_more = push_win_odds(unthreatened, more_unthreatened);
  for (const auto& [tile, odds] : calm) {
    if (odds > 0) {
      EXPECT_GT(calm_with_more.at(tile), odds) << tile;
    }
  }
}

// At a riichi chance with no threat (234m 456m 234p 66p 4s 9s, drawing 5s: 9s leaves tanyao pinfu
// on 3s-6s), `rons_at_ron_points` (on by default) prices the rons of both tenpai lines, dama and
// the declaration, below the DP's mean win (a tsumo's): their odds stay and their push values
// fall. Every discard that leaves the hand short of tenpai is priced exactly as without it.
TEST(Full, RonsAtRonPointsMoveOnlyTheTenpaiLines) {
  const Table table = after({start_game(0), start_kyoku("2m 3m 4m 4m 5m 6m 2p 3p 4p 6p 6p 4s 9s"), tsumo(0, "5s")});
  const auto figures = [&](const FullSettings& settings) {
    nlohmann::json why;
    full(table, settings, &why);
    std::map<std::string, std::pair<double, double>> by_candidate;
    for (const nlohmann::json& c : why["candidates"]) {
      const std::string name = c["action"]["type"].get<std::string>() + " " + c["action"].value("pai", "");
      by_candidate[name] = {c["push_win_prob"].get<double>(), c["push_value"].get<double>()};
    }
    return by_candidate;
  };
  FullSettings off;
  off.params.rons_at_ron_points = false;
  const auto as_main = figures(off);
  const auto with_ron_points = figures({});
  ASSERT_EQ(as_main.size(), with_ron_points.size());
  ASSERT_TRUE(as_main.count("reach "));  // the declaration with 9s, the hand's one tenpai discard
  ASSERT_TRUE(as_main.count("dahai 9s"));
  for (const auto& [name, main_figures] : as_main) {
    const auto& [odds, value] = main_figures;
    EXPECT_DOUBLE_EQ(with_ron_points.at(name).first, odds) << name;
    if (name == "reach " || name == "dahai 9s") {
      EXPECT_LT(with_ron_points.at(name).second, value - 100) << name;
    } else {
      EXPECT_DOUBLE_EQ(with_ron_points.at(name).second, value) << name;
    }
  }
}

// The same input gives the same reply and the same figures (seeded sampling).
TEST(Full, IsDeterministic) {
  const Table table = after(dealer_riichi("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", "2s"));
  nlohmann::json first;
  nlohmann::json second;
  const Action a = full(table, {}, &first);
  const Action b = full(table, {}, &second);
  EXPECT_EQ(a, b);
  EXPECT_EQ(first, second);
}

// The hardest opening found (a 3-shanten hand of many shapes, the wall full) decides inside the
// default budget, and inside a small one.
TEST(Full, StaysInsideItsBudgetOnAHardOpening) {
  const Table table = after({start_game(0), start_kyoku("2m 3m 4m 5m 7m 8m 1p 6p 8p 9p 3s 5s 7s"), tsumo(0, "E")});
  for (const int budget : {1000, 300}) {
    FullSettings settings;
    settings.budget_ms = budget;
    const auto start = std::chrono::steady_clock::now();
    full(table, settings);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(ms, budget) << "budget " << budget;
  }
}

// A budget of 0, so that every deadline has passed when the decision starts (a machine too loaded
// to carry out any of the plan): the sampling stops at its first check, no DP is started, and the
// reply is still legal, priced by what there is: the junk hand still folds (from 32 samples, a
// tile one sample in 30 deals in on counts as about as safe as the genbutsu).
TEST(Full, AnExpiredBudgetStillRepliesFromTheStandIns) {
  const Table table = after(dealer_riichi("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", "2s"));
  FullSettings settings;
  settings.budget_ms = 0;
  nlohmann::json why;
  const Action action = full(table, settings, &why);
  const std::vector<Action> legal = table.legal_actions();
  EXPECT_NE(std::find(legal.begin(), legal.end(), action), legal.end());
  EXPECT_TRUE(why["cut_short"].get<bool>()) << why.dump(1);
  EXPECT_EQ(why["dp_states"].get<std::size_t>(), 0u) << why.dump(1);
  EXPECT_LE(why["samples"].get<int>(), mj0::kDeadlineCheckEvery) << why.dump(1);
  ASSERT_EQ(action.type, EventType::dahai);
  EXPECT_EQ(line_of(why, action), "fold") << why.dump(1);
}

// A budget set between decisions (a host's clock) plans the next one as a strategy made with that
// budget would: the same figures, from fewer samples than the default plan's. A machine too
// loaded to keep up cuts a decision short by its deadlines (WorkPlan), and then its figures are
// the clock's: such a pair is played again, and only the plan's cap is checked on it.
TEST(Full, ABudgetSetLaterPlansLikeOneGivenAtTheStart) {
  const Table table = after(dealer_riichi("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", "2s"));
  FullSettings small;
  small.budget_ms = 40;
  const int planned = plan_for_budget(small.budget_ms, small.params).samples;
  const std::vector<Action> legal = table.legal_actions();
  FullPolicy roomy_policy;
  roomy_policy.choose(table, legal);
  ASSERT_LT(planned, roomy_policy.explanation()["samples"].get<int>());
  for (int attempt = 0; attempt < 5; ++attempt) {
    nlohmann::json expected;
    full(table, small, &expected);
    FullPolicy policy;
    policy.choose(table, legal);
    policy.set_budget_ms(small.budget_ms);
    policy.choose(table, legal);
    const nlohmann::json later = policy.explanation();
    EXPECT_LE(later["samples"].get<int>(), planned);
    EXPECT_LE(expected["samples"].get<int>(), planned);
    if (expected["cut_short"].get<bool>() || later["cut_short"].get<bool>()) continue;
    EXPECT_EQ(later, expected);
    EXPECT_EQ(later["samples"].get<int>(), planned);
    return;
  }
  GTEST_SKIP() << "every attempt was cut short by the machine's load";
}

// --meta: the reply carries every candidate with its figures.
TEST(Full, MetaListsEveryCandidate) {
  BotOptions options;
  options.meta = true;
  MjaiBot bot(std::make_unique<FullPolicy>(), options);
  bot.on_line(start_game(0));
  bot.on_line(start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p"));
  const std::vector<std::string> replies = bot.on_line(tsumo(0, "2s"));
  ASSERT_EQ(replies.size(), 1u);
  const nlohmann::json reply = nlohmann::json::parse(replies[0]);
  ASSERT_TRUE(reply.contains("meta"));
  const nlohmann::json& candidates = reply["meta"]["candidates"];
  EXPECT_EQ(candidates.size(), 13u);  // 14 tiles, 1s twice: 13 kinds
  for (const char* field : {"win_prob", "exp_score", "deal_in_prob", "expected_loss", "value", "rank_value", "line",
                            "push_value", "fold_value", "push_win_prob", "push_deal_in_prob", "fold_deal_in_prob"}) {
    EXPECT_TRUE(candidates[0].contains(field)) << field;
  }
  // East 1 is priced in points: each candidate's value is its own risk, then the better line.
  for (const nlohmann::json& c : candidates) {
    const double push = c["push_value"].get<double>();
    ASSERT_TRUE(c["fold_value"].is_number()) << c;
    const double fold = c["fold_value"].get<double>();
    const double risk = c["deal_in_prob"].get<double>();
    EXPECT_NEAR(c["value"].get<double>(), -c["expected_loss"].get<double>() + (1 - risk) * std::max(push, fold), 1e-6) << c;
    EXPECT_EQ(c["line"], fold > push ? "fold" : "push") << c;
    // The chosen line's win odds are the push line's after this discard's risk, none folding.
    const double push_win = c["push_win_prob"].get<double>();
    EXPECT_GT(push_win, 0) << c;
    EXPECT_NEAR(c["win_prob"].get<double>(), fold > push ? 0.0 : (1 - risk) * push_win, 1e-9) << c;
    EXPECT_GE(c["push_deal_in_prob"].get<double>(), 0) << c;
    EXPECT_GE(c["fold_deal_in_prob"].get<double>(), 0) << c;
    // 2m3m4m 6m7m8m 3p4p 8s9s 1s1s 7p 2s: one-shanten after 7p or 2s (two runs, two partial
    // runs, a pair), two after any other tile.
    const std::string pai = c["action"]["pai"];
    EXPECT_EQ(c["shanten"], pai == "7p" || pai == "2s" ? 1 : 2) << c;
  }
}

// Riichi in the tie (riichi_ties_as_its_discard). After three go-rounds of honours and terminals
// we draw 6m to 333m 3345p 678m 56s PP: 3p leaves tenpai on 4-7s with no yaku but riichi or
// tsumo, so dama on it is worth little and declaring most; P keeps a one-shanten hand worth
// nearly as much. By default the declaration ties as its discard, at tenpai, and is taken;
// without the switch it counts no progress, P wins the tie and the hand goes back a shanten from
// the riichi that leads. The later calls in a closed hand's discards are left out (weight 0): with
// them the discards' values move (P's by some 15 points) and the declaration's lead leaves the band.
TEST(Full, RiichiInTheTieCountsItsDiscardsProgress) {
  Deal deal;
  deal.dora_marker = "5p";
  std::vector<std::string> stream{start_game(0), start_kyoku("3m 4p 3m 5p 3p P 5s 3p 7m 6s 8m 3m P", deal)};
  const std::vector<std::array<const char*, 4>> rounds = {{"C", "F", "9m", "E"}, {"1p", "9s", "1m", "1s"}, {"E", "9s", "W", "1p"}};
  for (const auto& round : rounds) {
    stream.push_back(tsumo(0, round[0]));
    stream.push_back(dahai(0, round[0], true));
    for (int seat = 1; seat < 4; ++seat) {
      stream.push_back(tsumo(seat));
      stream.push_back(dahai(seat, round[static_cast<std::size_t>(seat)]));
    }
  }
  stream.push_back(tsumo(0, "6m"));
  const Table table = after(stream);
  ASSERT_TRUE(kDefaultFullParams.riichi_ties_as_its_discard);
  const FullSettings tied = later_calls_at(0);
  nlohmann::json why;
  EXPECT_EQ(full(table, tied, &why).type, EventType::reach) << why.dump(1);
  const nlohmann::json* declaration = candidate(why, "reach", "");
  ASSERT_NE(declaration, nullptr) << why.dump(1);
  EXPECT_EQ((*declaration)["discard"], "3p");  // the one tenpai discard
  EXPECT_EQ((*declaration)["shanten"], 0) << why.dump(1);  // its discard's: tenpai

  // The declaration leads every discard, by less than the equivalent points, so without the
  // switch the tie alone turns it down.
  double best_declaration = -1e300;
  double best_discard = -1e300;
  for (const nlohmann::json& c : why["candidates"]) {
    double& best = c["action"]["type"] == "reach" ? best_declaration : best_discard;
    best = std::max(best, c["value"].get<double>());
  }
  ASSERT_GT(best_declaration, best_discard) << why.dump(1);
  ASSERT_LE(best_declaration - best_discard, kDefaultFullParams.equivalent_points) << why.dump(1);

  FullSettings untied = tied;
  untied.params.riichi_ties_as_its_discard = false;
  nlohmann::json why_untied;
  const Action without_switch = full(table, untied, &why_untied);
  EXPECT_EQ(without_switch.type, EventType::dahai) << why_untied.dump(1);
  EXPECT_EQ(without_switch.pai.to_string(), "P") << why_untied.dump(1);
  const nlohmann::json* untied_declaration = candidate(why_untied, "reach", "");
  ASSERT_NE(untied_declaration, nullptr);
  EXPECT_FALSE(untied_declaration->contains("shanten"));  // without the switch it counts no progress
}

}  // namespace
}  // namespace tenbin
