// The table as seat 0 sees it, fed hand-written mjai streams: state after every event type,
// riichi and kans in the orders hosts send them, abortive and exhaustive draws, scores with and
// without start_kyoku.scores, and the legal actions at each decision (kuikae, riichi conditions,
// yaku and furiten for wins, exact call tiles, kans in riichi, the end of the wall). Events that
// contradict the table throw TableError and the next start_kyoku resynchronises it.
#include "engine/table.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/mjai_lines.hpp"

namespace tenbin {
namespace {

using nlohmann::json;
namespace L = lines;
using Scores = std::array<int, 4>;

// Seat 0's table, fed mjai lines.
struct Seat {
  explicit Seat(int seat = 0) : table(seat) {}
  Seat& operator<<(const std::string& line) {
    table.apply(parse_event(json::parse(line)).event);
    return *this;
  }
  Seat& operator<<(const std::vector<std::string>& lines) {
    for (const std::string& line : lines) *this << line;
    return *this;
  }
  Table table;
};

Tile tile(const char* name) { return parse_tile(name); }

std::string sorted_tiles(std::span<const Tile> tiles) {
  std::vector<Tile> sorted(tiles.begin(), tiles.end());
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (const Tile t : sorted) {
    if (!out.empty()) out += ' ';
    out += t.to_string();
  }
  return out;
}

// A legal action in short form: "dahai 7p", "tsumogiri 2s", "pon E [E E]", "hora 2s from 2",
// "tsumo 1m", "ankan [N N N N]", "kakan 5p [5p 5p 5pr]", "reach", "ryukyoku", "none".
std::string describe(const Action& a, int seat = 0) {
  const std::string type(event_type_name(a.type));
  switch (a.type) {
    case EventType::dahai: return (a.tsumogiri ? "tsumogiri " : "dahai ") + a.pai.to_string();
    case EventType::hora:
      return a.target == seat ? "tsumo " + a.pai.to_string()
                              : "hora " + a.pai.to_string() + " from " + std::to_string(a.target);
    case EventType::chi:
    case EventType::pon:
    case EventType::daiminkan:
    case EventType::kakan: return type + " " + a.pai.to_string() + " [" + sorted_tiles(a.consumed.view()) + "]";
    case EventType::ankan: return "ankan [" + sorted_tiles(a.consumed.view()) + "]";
    default: return type;
  }
}

std::vector<std::string> legal(const Table& table) {
  std::vector<std::string> out;
  for (const Action& a : table.legal_actions()) out.push_back(describe(a, table.seat()));
  std::sort(out.begin(), out.end());
  return out;
}

// Everything legal except discards.
std::vector<std::string> non_discards(const Table& table) {
  std::vector<std::string> out;
  for (const std::string& a : legal(table)) {
    if (a.rfind("dahai ", 0) != 0 && a.rfind("tsumogiri ", 0) != 0) out.push_back(a);
  }
  return out;
}

// The tiles that may be discarded (tsumogiri or not).
std::set<std::string> discards(const Table& table) {
  std::set<std::string> out;
  for (const Action& a : table.legal_actions()) {
    if (a.type == EventType::dahai) out.insert(a.pai.to_string());
  }
  return out;
}

bool offers(const Table& table, const std::string& action) {
  const auto all = legal(table);
  return std::find(all.begin(), all.end(), action) != all.end();
}

using Strings = std::vector<std::string>;

// Idle turns from `first` on: others draw hidden and discard `theirs`, we draw and discard
// `ours`. `count` draws in all.
Strings idle_turns(int first, int count, const char* ours = "F", const char* theirs = "C") {
  Strings out;
  for (int i = 0; i < count; ++i) {
    const int seat = (first + i) % 4;
    if (seat == 0) {
      out.push_back(L::tsumo(0, ours));
      out.push_back(L::dahai(0, ours, true));
    } else {
      for (const std::string& line : L::turn(seat, theirs)) out.push_back(line);
    }
  }
  return out;
}

L::Deal oya(int seat) {
  L::Deal deal;
  deal.oya = seat;
  return deal;
}

bool has_yaku(const std::optional<Score>& score, Yaku yaku) { return score && score->yaku.contains(yaku); }

int yaku_han(const Score& score, Yaku yaku) {
  for (const YakuEntry& entry : score.yaku.entries()) {
    if (entry.yaku == yaku) return entry.han;
  }
  return 0;
}

// A closed tenpai hand on 1m-4m (pinfu when S is not our wind).
constexpr const char* kPinfuTenpai = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S";

// --- every event type: the worked example of docs/mjai.md, step by step --------------------

TEST(TableStream, WorkedExampleStepByStep) {
  const Strings stream = L::read_stream("worked_example.jsonl");
  ASSERT_EQ(stream.size(), 28u);
  Seat me;
  std::size_t next = 0;
  const auto play_to = [&](std::size_t line) {  // applies lines [next, line]
    for (; next <= line; ++next) me << stream[next];
  };
  const Table& t = me.table;

  play_to(1);  // start_game, start_kyoku
  EXPECT_TRUE(t.synchronised());
  EXPECT_EQ(t.dealer(), 0);
  EXPECT_EQ(t.seat_wind(), kinds::east);
  EXPECT_EQ(t.round_wind(), kinds::east);
  EXPECT_EQ(t.tiles_left(), 70);
  EXPECT_EQ(t.dora_markers(), std::vector<Tile>{tile("3p")});
  EXPECT_EQ(total_tiles(t.hand()), 13);
  EXPECT_EQ(t.red_fives_in_hand(), 1);
  EXPECT_EQ(t.decision(), Decision::none);

  play_to(2);  // our draw of 2s: 13 different tiles to discard, nothing else (2-shanten)
  EXPECT_EQ(t.decision(), Decision::own_draw);
  EXPECT_EQ(t.last_draw(), tile("2s"));
  EXPECT_EQ(t.tiles_left(), 69);
  EXPECT_EQ(t.legal_actions().size(), 13u);
  EXPECT_TRUE(offers(t, "tsumogiri 2s"));
  EXPECT_FALSE(offers(t, "dahai 2s"));  // the only 2s is the drawn one
  EXPECT_TRUE(offers(t, "dahai 5pr"));
  EXPECT_TRUE(non_discards(t).empty());

  play_to(5);  // seat 1 (on our right) discards 9m: no call possible, not a decision
  EXPECT_EQ(t.decision(), Decision::claim_discard);
  EXPECT_TRUE(t.legal_actions().empty());
  EXPECT_EQ(t.player(0).river.size(), 1u);
  EXPECT_EQ(t.player(0).river[0].tile, tile("C"));

  play_to(9);  // seat 3 discards East: pon with our two, no chi on an honour, no kan
  EXPECT_EQ(legal(t), (Strings{"none", "pon E [E E]"}));

  play_to(10);  // the pon echo: discard, nothing drawn so never tsumogiri
  EXPECT_EQ(t.decision(), Decision::discard_after_call);
  EXPECT_EQ(discards(t), (std::set<std::string>{"1m", "2m", "3m", "4p", "5pr", "6p", "9p", "7s", "8s", "2s", "N"}));
  for (const Action& a : t.legal_actions()) EXPECT_FALSE(a.tsumogiri);
  EXPECT_FALSE(t.player(0).closed());
  EXPECT_TRUE(t.player(3).river.back().called_away);

  play_to(15);  // seat 2's reach: declared only
  EXPECT_TRUE(t.player(2).riichi_declared);
  EXPECT_FALSE(t.player(2).riichi);
  play_to(16);  // the declaration discard
  EXPECT_TRUE(t.player(2).riichi);
  EXPECT_FALSE(t.player(2).riichi_accepted);
  EXPECT_EQ(t.player(2).riichi_river_index, 1);
  EXPECT_EQ(t.score(2), 25000);
  play_to(17);  // reach_accepted: 1000 paid, one stick on the table, ippatsu
  EXPECT_TRUE(t.player(2).riichi_accepted);
  EXPECT_TRUE(t.player(2).ippatsu);
  EXPECT_EQ(t.score(2), 24000);
  EXPECT_EQ(t.kyotaku(), 1);

  play_to(19);  // seat 3's 6s: chi with 7s8s
  EXPECT_EQ(legal(t), (Strings{"chi 6s [7s 8s]", "none"}));
  play_to(20);  // the chi breaks seat 2's ippatsu
  EXPECT_FALSE(t.player(2).ippatsu);
  EXPECT_EQ(t.decision(), Decision::discard_after_call);
  EXPECT_EQ(discards(t), (std::set<std::string>{"1m", "2m", "3m", "4p", "5pr", "6p", "9p", "2s"}));

  play_to(21);  // 9p out: a single wait on 2s
  auto expected_waits = std::array<bool, kNumKinds>{};
  expected_waits[parse_kind("2s")] = true;
  EXPECT_EQ(t.waits(), expected_waits);
  EXPECT_FALSE(t.furiten());

  play_to(25);  // seat 2's 2s: ron, double East + dora 4p + red five = 4 han 30 fu, 11600 + the stick
  EXPECT_EQ(legal(t), (Strings{"hora 2s from 2", "none"}));
  const auto score = t.evaluate_win(tile("2s"), false, 2);
  ASSERT_TRUE(score);
  EXPECT_EQ(score->han, 4);
  EXPECT_EQ(score->fu, 30);
  EXPECT_EQ(score->points, 11600);
  EXPECT_EQ(score->deltas, (Scores{12600, 0, -11600, 0}));
  EXPECT_EQ(t.tiles_left(), 61);

  play_to(27);  // hora and end_kyoku: the deltas settle the scores
  EXPECT_EQ(t.score(0), 37600);
  EXPECT_EQ(t.score(1), 25000);
  EXPECT_EQ(t.score(2), 12400);
  EXPECT_EQ(t.score(3), 25000);
  EXPECT_EQ(t.kyotaku(), 0);
  EXPECT_EQ(t.decision(), Decision::none);
}

// Session events and anything unknown leave the table as it is.
TEST(TableStream, LifecycleAndUnknownEventsChangeNothing) {
  Seat me;
  me << L::start_game() << L::start_kyoku(kPinfuTenpai) << L::tsumo(0, "N");
  ASSERT_EQ(me.table.decision(), Decision::own_draw);
  const auto before = legal(me.table);
  // An unknown event in between is not an answer to the draw; the decision stands.
  for (const char* line : {R"({"type":"hello","protocol":"mjsonp","protocol_version":3})",
                           R"({"type":"none"})", R"({"type":"nukidora","actor":1})"}) {
    me << line;
  }
  EXPECT_EQ(legal(me.table), before);
  me << L::dahai(0, "N", true) << L::ryukyoku("fanpai", {0, 0, 0, 0}) << L::end_kyoku()
     << R"({"type":"end_game","scores":[25000,25000,25000,25000]})";
  EXPECT_EQ(me.table.decision(), Decision::none);
  EXPECT_EQ(me.table.score(0), 25000);
}

// start_game.id sets the seat; another seat's view reads its own hand from tehais.
TEST(TableStream, SeatFromStartGame) {
  Seat me(0);
  L::Deal deal;
  deal.seat = 2;
  deal.oya = 2;
  me << L::start_game(2) << L::start_kyoku(kPinfuTenpai, deal) << L::tsumo(2, "N");
  EXPECT_EQ(me.table.seat(), 2);
  EXPECT_EQ(me.table.seat_wind(), kinds::east);
  EXPECT_EQ(me.table.decision(), Decision::own_draw);
  EXPECT_TRUE(offers(me.table, "reach"));
}

// The yakuhai of the seat: in the South round, seat 0 with seat 1 the dealer sits North; its
// triplets of South (the round's wind), North (its own) and the dragons are yaku, of East and West
// not (East is the dealer's seat wind, not ours).
TEST(TableStream, YakuhaiFollowTheRoundAndTheSeat) {
  Seat me(0);
  L::Deal deal;
  deal.oya = 1;
  deal.bakaze = "S";
  deal.kyoku = 2;
  me << L::start_game(0) << L::start_kyoku(kPinfuTenpai, deal);
  ASSERT_EQ(me.table.seat_wind(), kinds::north);
  std::set<int> yakuhai;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (me.table.is_yakuhai(kind)) yakuhai.insert(kind);
  }
  EXPECT_EQ(yakuhai, (std::set<int>{kinds::south, kinds::north, kinds::white, kinds::green, kinds::red}));
}

// --- riichi ---------------------------------------------------------------------------------

TEST(TableRiichi, DeclaredAcceptedIppatsuTsumo) {
  Seat me;  // one go-round first, so that this is a plain riichi
  me << L::start_kyoku(kPinfuTenpai, oya(1)) << idle_turns(1, 7) << L::tsumo(0, "N");
  EXPECT_TRUE(offers(me.table, "reach"));
  me << L::reach(0);
  // After our reach only discards that keep tenpai: here just the drawn North.
  EXPECT_EQ(me.table.decision(), Decision::discard_after_riichi);
  EXPECT_EQ(legal(me.table), (Strings{"tsumogiri N"}));
  me << L::dahai(0, "N", true);
  EXPECT_TRUE(me.table.player(0).riichi);
  EXPECT_FALSE(me.table.player(0).double_riichi);  // not our first discard
  EXPECT_EQ(me.table.score(0), 25000);              // nothing paid before acceptance
  me << L::reach_accepted(0);
  EXPECT_EQ(me.table.score(0), 24000);
  EXPECT_EQ(me.table.kyotaku(), 1);
  EXPECT_TRUE(me.table.player(0).ippatsu);

  // Within the go-round a drawn winning tile is riichi + ippatsu + menzen tsumo (+ pinfu).
  me << idle_turns(1, 3) << L::tsumo(0, "4m");
  EXPECT_EQ(legal(me.table), (Strings{"tsumo 4m", "tsumogiri 4m"}));
  const auto score = me.table.evaluate_win(tile("4m"), true, 0);
  ASSERT_TRUE(score);
  EXPECT_TRUE(has_yaku(score, Yaku::riichi));
  EXPECT_TRUE(has_yaku(score, Yaku::ippatsu));
  EXPECT_TRUE(has_yaku(score, Yaku::menzen_tsumo));
  EXPECT_TRUE(has_yaku(score, Yaku::pinfu));
}

TEST(TableRiichi, InRiichiOnlyTheDrawnTileAndNoCalls) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai, oya(1)) << idle_turns(1, 3) << L::tsumo(0, "N") << L::reach(0)
     << L::dahai(0, "N", true) << L::reach_accepted(0) << idle_turns(1, 3) << L::tsumo(0, "9p");
  EXPECT_EQ(legal(me.table), (Strings{"tsumogiri 9p"}));
  me << L::dahai(0, "9p", true);
  EXPECT_FALSE(me.table.player(0).ippatsu);  // our next discard ends ippatsu
  // Seat 3 (our left) discards 1m: ron, but no chi 1m-2m-3m in riichi.
  me << idle_turns(1, 2) << L::tsumo(3) << L::dahai(3, "1m");
  EXPECT_EQ(legal(me.table), (Strings{"hora 1m from 3", "none"}));
}

TEST(TableRiichi, IppatsuEndsWithAnyCall) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai, oya(1)) << idle_turns(1, 3) << L::tsumo(0, "N") << L::reach(0)
     << L::dahai(0, "N", true) << L::reach_accepted(0);
  ASSERT_TRUE(me.table.player(0).ippatsu);
  me << L::tsumo(1) << L::dahai(1, "P") << L::pon(2, 1, "P", "P P");
  EXPECT_FALSE(me.table.player(0).ippatsu);
}

// A riichi whose declaration tile is ronned gets no reach_accepted: no stick, no payment.
TEST(TableRiichi, DeclarationTileRonnedCostsNothing) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai, oya(1)) << idle_turns(1, 3) << L::tsumo(0, "N") << L::reach(0)
     << L::dahai(0, "N", true) << L::hora(1, 0, "N", {-2000, 2000, 0, 0}) << L::end_kyoku();
  EXPECT_FALSE(me.table.player(0).riichi_accepted);
  EXPECT_EQ(me.table.kyotaku(), 0);
  EXPECT_EQ(me.table.score(0), 23000);
  EXPECT_EQ(me.table.score(1), 27000);
}

TEST(TableRiichi, DoubleRiichiOnAnUninterruptedFirstDiscard) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai) << L::tsumo(0, "N") << L::reach(0) << L::dahai(0, "N", true)
     << L::reach_accepted(0);
  EXPECT_TRUE(me.table.player(0).double_riichi);
  // Seat 3's 4m in the first go-round: double riichi and ippatsu, not plain riichi.
  me << idle_turns(1, 2) << L::tsumo(3) << L::dahai(3, "4m");
  EXPECT_EQ(legal(me.table), (Strings{"hora 4m from 3", "none"}));
  const auto score = me.table.evaluate_win(tile("4m"), false, 3);
  EXPECT_TRUE(has_yaku(score, Yaku::double_riichi));
  EXPECT_TRUE(has_yaku(score, Yaku::ippatsu));
  EXPECT_FALSE(has_yaku(score, Yaku::riichi));
}

TEST(TableRiichi, NoDoubleRiichiAfterACall) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai, oya(1)) << L::tsumo(1) << L::dahai(1, "P") << L::pon(2, 1, "P", "P P")
     << L::dahai(2, "C") << L::turn(3, "C") << L::tsumo(0, "N") << L::reach(0) << L::dahai(0, "N", true);
  EXPECT_TRUE(me.table.player(0).riichi);
  EXPECT_FALSE(me.table.player(0).double_riichi);
}

// Riichi: closed (an ankan is fine), tenpai after some discard, 1000 points, 4 draws left.
TEST(TableRiichi, Conditions) {
  {  // tenpai after discarding the drawn North
    Seat me;
    me << L::start_kyoku(kPinfuTenpai) << L::tsumo(0, "N");
    EXPECT_TRUE(offers(me.table, "reach"));
  }
  {  // one away from tenpai whatever we discard
    Seat me;
    me << L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 5m S W") << L::tsumo(0, "N");
    EXPECT_FALSE(offers(me.table, "reach"));
  }
  for (const int points : {900, 1000}) {  // the stick must be paid
    Seat me;
    L::Deal deal;
    deal.scores = Scores{points, 25000, 25000, 25000 + 24000 - points};
    me << L::start_kyoku(kPinfuTenpai, deal) << L::tsumo(0, "N");
    EXPECT_EQ(offers(me.table, "reach"), points >= 1000) << points;
  }
  {  // open: pon of East, tenpai on a 2m tanki, still no riichi
    Seat me;
    me << L::start_kyoku("E E 1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m", oya(1)) << idle_turns(1, 2)
       << L::turn(3, "E", false) << L::pon(0, 3, "E", "E E") << L::dahai(0, "3m") << idle_turns(1, 3)
       << L::tsumo(0, "N");
    EXPECT_FALSE(offers(me.table, "reach"));
  }
  {  // closed with an ankan: riichi offered on the rinshan draw
    Seat me;
    me << L::start_kyoku("N N N N 1m 2m 3m 4p 5p 6p 7s 8s 2m") << L::tsumo(0, "9p");
    EXPECT_TRUE(offers(me.table, "ankan [N N N N]"));
    me << L::ankan(0, "N N N N") << L::dora("1p") << L::tsumo(0, "2m");
    EXPECT_TRUE(me.table.player(0).closed());
    EXPECT_TRUE(offers(me.table, "reach"));
  }
  {  // 4 live draws left after ours: still allowed
    Seat me;
    me << L::start_kyoku(kPinfuTenpai, oya(3)) << idle_turns(3, 65) << L::tsumo(0, "N");
    ASSERT_EQ(me.table.tiles_left(), 4);
    EXPECT_TRUE(offers(me.table, "reach"));
  }
  {  // 3 left: too late
    Seat me;
    me << L::start_kyoku(kPinfuTenpai, oya(2)) << idle_turns(2, 66) << L::tsumo(0, "N");
    ASSERT_EQ(me.table.tiles_left(), 3);
    EXPECT_FALSE(offers(me.table, "reach"));
  }
}

// --- kans and their dora order --------------------------------------------------------------

// ankan -> dora -> rinshan tsumo: the new indicator counts for a rinshan win.
TEST(TableKan, AnkanDoraThenRinshanDraw) {
  Seat me;
  L::Deal deal;
  deal.dora_marker = "9p";  // dora 1p: none held
  me << L::start_kyoku("N N N 1m 2m 3m 4p 5p 6p 7s 8s 2m 2m", deal) << L::tsumo(0, "N");
  EXPECT_EQ(non_discards(me.table), (Strings{"ankan [N N N N]", "reach"}));
  me << L::ankan(0, "N N N N");
  EXPECT_EQ(me.table.kans(), 1);
  EXPECT_EQ(me.table.decision(), Decision::none);  // nothing to answer until the rinshan draw
  me << L::dora("1m");                              // dora 2m: three held
  EXPECT_EQ(me.table.decision(), Decision::none);
  me << L::tsumo(0, "9s");
  EXPECT_EQ(me.table.decision(), Decision::own_draw);
  EXPECT_EQ(me.table.tiles_left(), 68);  // rinshan draws come out of the 70
  EXPECT_TRUE(offers(me.table, "tsumo 9s"));
  const auto score = me.table.evaluate_win(tile("9s"), true, 0);
  ASSERT_TRUE(score);
  EXPECT_TRUE(has_yaku(score, Yaku::rinshan));
  EXPECT_TRUE(has_yaku(score, Yaku::menzen_tsumo));
  EXPECT_EQ(yaku_han(*score, Yaku::dora), 3);
  EXPECT_EQ(score->han, 5);
}

// daiminkan -> rinshan tsumo -> dora: the open-kan indicator arrives after our decision.
TEST(TableKan, DaiminkanRinshanDrawThenDora) {
  Seat me;  // seat 2 deals: North is nobody's wind for us (West)
  me << L::start_kyoku("N N N 1m 2m 3m 4p 5p 6p 7s 8s 2m 2m", oya(2)) << L::tsumo(2) << L::dahai(2, "N");
  EXPECT_EQ(legal(me.table), (Strings{"daiminkan N [N N N]", "none", "pon N [N N]"}));
  me << L::daiminkan(0, 2, "N", "N N N");
  EXPECT_EQ(me.table.decision(), Decision::none);
  EXPECT_EQ(me.table.kans(), 1);
  me << L::tsumo(0, "9s");
  ASSERT_EQ(me.table.decision(), Decision::own_draw);
  EXPECT_EQ(me.table.dora_markers().size(), 1u);
  // An open hand whose only yaku is rinshan kaihou; the pending dora does not count.
  EXPECT_TRUE(offers(me.table, "tsumo 9s"));
  const auto score = me.table.evaluate_win(tile("9s"), true, 0);
  ASSERT_TRUE(score);
  EXPECT_TRUE(has_yaku(score, Yaku::rinshan));
  EXPECT_EQ(score->han, 1);
  me << L::dora("1m") << L::dahai(0, "9s", true);
  EXPECT_EQ(me.table.dora_markers().size(), 2u);
}

// kakan -> (others may rob it) -> rinshan tsumo -> dora; the added five keeps its colour.
TEST(TableKan, KakanWithRedFives) {
  {  // pon with the red five, then a plain five added: pai 5p, consumed the pon's tiles
    Seat me;
    me << L::start_kyoku("5pr 5p 1m 2m 3m 7s 8s 9s E E E S W", oya(1)) << L::tsumo(1) << L::dahai(1, "5p");
    me << L::pon(0, 1, "5p", "5pr 5p") << L::dahai(0, "W") << idle_turns(1, 3) << L::tsumo(0, "5p");
    EXPECT_EQ(non_discards(me.table), (Strings{"kakan 5p [5p 5p 5pr]"}));
    me << L::kakan(0, "5p", "5pr 5p 5p");
    EXPECT_EQ(me.table.kans(), 1);
    EXPECT_EQ(me.table.player(0).melds[0].type, MeldType::kakan);
    EXPECT_EQ(me.table.decision(), Decision::none);
    me << L::tsumo(0, "S");
    // S pairs up: 123m 789s EEE SS + the kan, won on the rinshan draw.
    EXPECT_TRUE(offers(me.table, "tsumo S"));
    EXPECT_TRUE(has_yaku(me.table.evaluate_win(tile("S"), true, 0), Yaku::rinshan));
    me << L::dora("4m") << L::dahai(0, "S", true);
    EXPECT_EQ(me.table.dora_markers().size(), 2u);
  }
  {  // a plain pon, then the red five added: pai 5pr, consumed three plain fives
    Seat me;
    me << L::start_kyoku("5p 5p 5pr 1m 2m 3m 7s 8s 9s E E S W", oya(1)) << L::tsumo(1) << L::dahai(1, "5p");
    EXPECT_EQ(legal(me.table), (Strings{"daiminkan 5p [5p 5p 5pr]", "none", "pon 5p [5p 5p]", "pon 5p [5p 5pr]"}));
    me << L::pon(0, 1, "5p", "5p 5p") << L::dahai(0, "W") << idle_turns(1, 3) << L::tsumo(0, "N");
    EXPECT_EQ(non_discards(me.table), (Strings{"kakan 5pr [5p 5p 5p]"}));
  }
}

// Another seat's kakan of our winning tile can be robbed, and chankan is a yaku of its own.
TEST(TableKan, ChankanOnAnotherSeatsKakan) {
  // Closed, no riichi, a triplet and terminals: a ron on 1s or 4s has no yaku.
  const char* hand = "1m 2m 3m 7p 8p 9p 5m 5m 5m 2s 3s 9s 9s";
  Seat me;
  me << L::start_kyoku(hand, oya(1)) << L::tsumo(1) << L::dahai(1, "4s");
  EXPECT_EQ(me.table.decision(), Decision::claim_discard);
  EXPECT_TRUE(me.table.legal_actions().empty());  // a wait without yaku is not offered
  me << L::pon(2, 1, "4s", "4s 4s") << L::dahai(2, "C") << L::turn(3, "C") << L::tsumo(0, "F")
     << L::dahai(0, "F", true) << L::turn(1, "C") << L::tsumo(2) << L::kakan(2, "4s", "4s 4s 4s");
  EXPECT_EQ(me.table.decision(), Decision::claim_kakan);
  EXPECT_EQ(legal(me.table), (Strings{"hora 4s from 2", "none"}));
  const auto score = me.table.evaluate_win(tile("4s"), false, 2);
  EXPECT_TRUE(has_yaku(score, Yaku::chankan));
  EXPECT_EQ(score->han, 1);
}

// Robbing a kakan during our ippatsu keeps the ippatsu: the kan never happened.
TEST(TableKan, ChankanKeepsIppatsu) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai, oya(2)) << L::tsumo(2) << L::dahai(2, "P") << L::pon(1, 2, "P", "P P")
     << L::dahai(1, "C") << L::turn(2, "C") << L::turn(3, "C") << L::tsumo(0, "N") << L::reach(0)
     << L::dahai(0, "N", true) << L::reach_accepted(0) << L::tsumo(1) << L::kakan(1, "P", "P P P");
  EXPECT_TRUE(me.table.legal_actions().empty());  // P is not our wait: nothing to decide
  me << L::tsumo(1) << L::dahai(1, "C") << L::turn(2, "C");
  EXPECT_FALSE(me.table.player(0).ippatsu);  // that kan went through

  Seat rob;
  rob << L::start_kyoku(kPinfuTenpai, oya(2)) << L::tsumo(2) << L::dahai(2, "4m") << L::pon(1, 2, "4m", "4m 4m")
      << L::dahai(1, "C") << L::turn(2, "C") << L::turn(3, "C") << L::tsumo(0, "N") << L::reach(0)
      << L::dahai(0, "N", true) << L::reach_accepted(0) << L::tsumo(1) << L::kakan(1, "4m", "4m 4m 4m");
  EXPECT_EQ(legal(rob.table), (Strings{"hora 4m from 1", "none"}));
  const auto score = rob.table.evaluate_win(tile("4m"), false, 1);
  EXPECT_TRUE(has_yaku(score, Yaku::chankan));
  EXPECT_TRUE(has_yaku(score, Yaku::ippatsu));
}

// Only kokushi may rob an ankan; any other hand is not asked and is not made furiten by it.
TEST(TableKan, KokushiRobsAnAnkan) {
  Seat kokushi;
  kokushi << L::start_kyoku("1m 9m 1p 9p 1s 9s E S W N P F F", oya(1)) << L::tsumo(1) << L::ankan(1, "C C C C");
  EXPECT_EQ(kokushi.table.decision(), Decision::claim_ankan);
  EXPECT_EQ(legal(kokushi.table), (Strings{"hora C from 1", "none"}));
  EXPECT_TRUE(has_yaku(kokushi.table.evaluate_win(tile("C"), false, 1), Yaku::kokushi));

  Seat pinfu;
  pinfu << L::start_kyoku(kPinfuTenpai, oya(1)) << L::tsumo(1) << L::ankan(1, "4m 4m 4m 4m");
  EXPECT_TRUE(pinfu.table.legal_actions().empty());
  pinfu << L::dora("1p") << L::tsumo(1) << L::dahai(1, "1m");
  EXPECT_FALSE(pinfu.table.furiten());
  EXPECT_EQ(legal(pinfu.table), (Strings{"hora 1m from 1", "none"}));
}

// --- wins by several seats and the draws ----------------------------------------------------

TEST(TableEnd, DoubleRonTwoHoraEventsInARow) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai, oya(1)) << L::tsumo(1) << L::dahai(1, "P")
     << L::hora(2, 1, "P", {0, -8000, 8000, 0}) << L::hora(3, 1, "P", {0, -3900, 0, 3900}) << L::end_kyoku();
  EXPECT_EQ(me.table.score(0), 25000);
  EXPECT_EQ(me.table.score(1), 13100);
  EXPECT_EQ(me.table.score(2), 33000);
  EXPECT_EQ(me.table.score(3), 28900);
  EXPECT_EQ(me.table.decision(), Decision::none);
}

// Kyuushu kyuuhai: nine kinds of terminals and honours, on our first draw of an uninterrupted
// first go-round only.
TEST(TableEnd, KyuushuKyuuhaiOnTheFirstDrawOnly) {
  const char* nine_kinds = "1m 9m 1p 9p 1s E S W N 2m 3m 4m 5m";
  {
    Seat me;
    me << L::start_kyoku(nine_kinds, oya(1)) << idle_turns(1, 3) << L::tsumo(0, "6p");
    EXPECT_TRUE(offers(me.table, "ryukyoku"));
    me << L::dahai(0, "6p", true) << idle_turns(1, 3) << L::tsumo(0, "7p");
    EXPECT_FALSE(offers(me.table, "ryukyoku"));
  }
  {  // eight kinds dealt, the ninth drawn
    Seat me;
    me << L::start_kyoku("1m 9m 1p 9p 1s E S W 2m 3m 4m 5m 6m") << L::tsumo(0, "N");
    EXPECT_TRUE(offers(me.table, "ryukyoku"));
  }
  {  // eight kinds only
    Seat me;
    me << L::start_kyoku("1m 9m 1p 9p 1s E S W 2m 3m 4m 5m 6m") << L::tsumo(0, "7m");
    EXPECT_FALSE(offers(me.table, "ryukyoku"));
  }
  {  // a call before our first draw interrupts the go-round
    Seat me;
    me << L::start_kyoku(nine_kinds, oya(1)) << L::tsumo(1) << L::dahai(1, "P") << L::pon(2, 1, "P", "P P")
       << L::dahai(2, "C") << L::turn(3, "C") << L::tsumo(0, "6p");
    EXPECT_FALSE(offers(me.table, "ryukyoku"));
  }
}

// Abortive draws are plain events for the table: zero deltas, the sticks stay on the table.
TEST(TableEnd, AbortiveDraws) {
  {  // four winds: the same wind from all four in the first go-round
    Seat me;
    me << L::start_kyoku("E 1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S") << L::tsumo(0, "N") << L::dahai(0, "E")
       << L::turn(1, "E") << L::turn(2, "E") << L::turn(3, "E") << L::ryukyoku("sufonrenta", {0, 0, 0, 0});
    EXPECT_EQ(me.table.decision(), Decision::none);
    EXPECT_EQ(me.table.score(0), 25000);
  }
  {  // four riichi: four sticks paid and left for the next hand
    Seat me;
    me << L::start_kyoku(kPinfuTenpai) << L::tsumo(0, "N") << L::reach(0) << L::dahai(0, "N", true)
       << L::reach_accepted(0);
    for (int seat = 1; seat < 4; ++seat) {
      me << L::tsumo(seat) << L::reach(seat) << L::dahai(seat, "C") << L::reach_accepted(seat);
    }
    me << L::ryukyoku("suchareach", {0, 0, 0, 0});
    EXPECT_EQ(me.table.kyotaku(), 4);
    for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(me.table.score(seat), 24000);
  }
  {  // four kans by two seats; no fifth kan is offered before the abort
    Seat me;
    me << L::start_kyoku("5m 5m 5m 1m 2m 3m 4p 5p 6p 7s 8s S S", oya(1)) << L::tsumo(1)
       << L::ankan(1, "9m 9m 9m 9m") << L::dora("1p") << L::tsumo(1) << L::ankan(1, "W W W W") << L::dora("2p")
       << L::tsumo(1) << L::dahai(1, "C") << L::tsumo(2) << L::ankan(2, "9p 9p 9p 9p") << L::dora("3p")
       << L::tsumo(2) << L::ankan(2, "P P P P") << L::dora("4p") << L::tsumo(2) << L::dahai(2, "5m");
    EXPECT_EQ(me.table.kans(), 4);
    EXPECT_EQ(legal(me.table), (Strings{"none", "pon 5m [5m 5m]"}));  // no daiminkan
    me << L::ryukyoku("sukaikan", {0, 0, 0, 0});
    EXPECT_EQ(me.table.decision(), Decision::none);
  }
  {  // triple ron as a draw (the original server, Tenhou)
    Seat me;
    me << L::start_kyoku(kPinfuTenpai) << L::tsumo(0, "N") << L::dahai(0, "N", true)
       << L::ryukyoku("sanchaho", {0, 0, 0, 0});
    EXPECT_EQ(me.table.score(0), 25000);
  }
}

TEST(TableEnd, ExhaustiveDrawWithDeltas) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai, oya(1)) << idle_turns(1, 70, "F", "C");
  EXPECT_EQ(me.table.tiles_left(), 0);
  me << L::ryukyoku("fanpai", {1500, 1500, -1500, -1500}) << L::end_kyoku();
  EXPECT_EQ(me.table.score(0), 26500);
  EXPECT_EQ(me.table.score(2), 23500);
}

// --- scores --------------------------------------------------------------------------------

TEST(TableScores, FromStartKyokuScoresWhenSent) {
  Seat me;
  L::Deal deal;
  deal.scores = Scores{31000, 19000, 25000, 25000};
  deal.kyotaku = 2;
  me << L::start_kyoku(kPinfuTenpai, deal);
  EXPECT_EQ(me.table.score(0), 31000);
  EXPECT_EQ(me.table.score(1), 19000);
  EXPECT_EQ(me.table.kyotaku(), 2);
  // The next hand's scores replace whatever was tracked.
  me << L::hora(1, 0, "N", {-1000, 1000, 0, 0});
  deal.scores = Scores{10000, 30000, 30000, 30000};
  me << L::start_kyoku(kPinfuTenpai, deal);
  EXPECT_EQ(me.table.score(0), 10000);
}

// The original server sends no start_kyoku.scores: 25000 each, then reach_accepted and results.
TEST(TableScores, TrackedWithoutStartKyokuScores) {
  L::Deal deal;
  deal.scores.reset();
  Seat me;
  me << L::start_game() << L::start_kyoku(kPinfuTenpai, deal);
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(me.table.score(seat), 25000);
  // The original server's reach_accepted carries deltas and scores.
  me << L::tsumo(0, "N") << L::dahai(0, "N", true) << L::tsumo(1) << L::reach(1) << L::dahai(1, "C")
     << R"({"type":"reach_accepted","actor":1,"deltas":[0,-1000,0,0],"scores":[25000,24000,25000,25000]})";
  EXPECT_EQ(me.table.score(1), 24000);
  // A hora with deltas only: added.
  me << L::tsumo(2) << L::dahai(2, "1m") << L::hora(1, 2, "1m", {0, 6800, -5800, 0}) << L::end_kyoku();
  EXPECT_EQ(me.table.score(1), 30800);
  EXPECT_EQ(me.table.score(2), 19200);
  deal.kyoku = 2;
  deal.oya = 1;
  me << L::start_kyoku(kPinfuTenpai, deal);
  EXPECT_EQ(me.table.score(1), 30800);  // carried into the next hand
  EXPECT_EQ(me.table.kyotaku(), 0);
  // A Mortal-style bare reach_accepted costs 1000; a ryukyoku with scores sets them.
  me << L::tsumo(1) << L::reach(1) << L::dahai(1, "C") << L::reach_accepted(1);
  EXPECT_EQ(me.table.score(1), 29800);
  me << R"({"type":"ryukyoku","reason":"fanpai","deltas":[-1000,3000,-1000,-1000],"scores":[24000,32800,18200,24000]})";
  EXPECT_EQ(me.table.score(1), 32800);
  EXPECT_EQ(me.table.score(2), 18200);
  // A new game starts from 25000 again.
  me << L::end_kyoku() << L::start_game() << L::start_kyoku(kPinfuTenpai, L::Deal{.scores = std::nullopt});
  EXPECT_EQ(me.table.score(1), 25000);
}

// --- legal actions: discards and kuikae -----------------------------------------------------

TEST(TableLegal, KuikaeAfterChiAtTheEnd) {
  // Chi 3m with 4m5m: neither 3m nor the suji end 6m may be discarded.
  Seat me;
  me << L::start_kyoku("3m 4m 5m 6m 7m 1p 1p 2s 3s 4s E E N", oya(3)) << L::tsumo(3) << L::dahai(3, "3m");
  EXPECT_EQ(legal(me.table), (Strings{"chi 3m [4m 5m]", "none"}));
  me << L::chi(0, 3, "3m", "4m 5m");
  EXPECT_EQ(discards(me.table), (std::set<std::string>{"7m", "1p", "2s", "3s", "4s", "E", "N"}));

  // Chi 6m with 4m5m: 6m and 3m are forbidden.
  Seat high;
  high << L::start_kyoku("3m 4m 5m 6m 7m 1p 1p 2s 3s 4s E E N", oya(3)) << L::tsumo(3) << L::dahai(3, "6m");
  EXPECT_EQ(legal(high.table), (Strings{"chi 6m [4m 5m]", "chi 6m [5m 7m]", "none"}));
  high << L::chi(0, 3, "6m", "4m 5m");
  EXPECT_EQ(discards(high.table), (std::set<std::string>{"7m", "1p", "2s", "3s", "4s", "E", "N"}));
}

TEST(TableLegal, KuikaeAfterKanchanChiAndPon) {
  // Chi 4m into 3m_5m: only 4m is forbidden; 1m and 7m may go.
  Seat me;
  me << L::start_kyoku("1m 3m 4m 5m 7m 1p 1p 2s 3s 4s E E N", oya(3)) << L::tsumo(3) << L::dahai(3, "4m");
  EXPECT_EQ(legal(me.table), (Strings{"chi 4m [3m 5m]", "none"}));
  me << L::chi(0, 3, "4m", "3m 5m");
  EXPECT_EQ(discards(me.table), (std::set<std::string>{"1m", "7m", "1p", "2s", "3s", "4s", "E", "N"}));

  // Pon: the same kind only (the third East stays in hand), nothing else.
  Seat pon;
  pon << L::start_kyoku("E E E 1m 3m 4m 5m 1p 1p 2s 3s 4s N", oya(2)) << L::tsumo(2) << L::dahai(2, "E");
  EXPECT_EQ(legal(pon.table), (Strings{"daiminkan E [E E E]", "none", "pon E [E E]"}));
  pon << L::pon(0, 2, "E", "E E");
  EXPECT_EQ(discards(pon.table), (std::set<std::string>{"1m", "3m", "4m", "5m", "1p", "2s", "3s", "4s", "N"}));
}

// A call is not offered when everything left in hand would be kuikae.
TEST(TableLegal, NoCallThatLeavesOnlyKuikaeDiscards) {
  const auto three_pons = [](const char* last_discard) {
    // Pons of guest winds and a terminal: no yaku, so no ron on 3m either.
    Strings stream = {L::start_kyoku("S S W W 9p 9p 4m 5m 6m 6m P F C", oya(1))};
    const char* winds[] = {"S", "W", "9p"};
    const char* after[] = {"P", "F", "C"};
    for (int i = 0; i < 3; ++i) {
      stream.push_back(L::tsumo(1));
      stream.push_back(L::dahai(1, winds[i]));
      stream.push_back(L::pon(0, 1, winds[i], std::string(winds[i]) + " " + winds[i]));
      stream.push_back(L::dahai(0, after[i]));
    }
    for (const std::string& line : idle_turns(1, 2, "F", "C")) stream.push_back(line);
    for (const std::string& line : L::turn(3, last_discard)) stream.push_back(line);
    return stream;
  };
  // 3m with 4m5m would leave 6m6m, both forbidden (3m-6m suji): no chi.
  Seat me;
  me << three_pons("3m");
  EXPECT_EQ(total_tiles(me.table.hand()), 4);
  EXPECT_TRUE(me.table.legal_actions().empty());
  // 7m with 5m6m leaves 4m (forbidden) and 6m (allowed): chi offered.
  Seat other;
  other << three_pons("7m");
  EXPECT_EQ(legal(other.table), (Strings{"chi 7m [5m 6m]", "none"}));
}

// --- legal actions: calls with exact tiles --------------------------------------------------

TEST(TableLegal, CallsWithEveryRedFiveVariant) {
  const char* hand = "3p 4p 5p 5p 5pr 6p 7p 1m 9m E S W N";
  {  // 5p from the left: two pons, the kan, and all three chi shapes
    Seat me;
    me << L::start_kyoku(hand, oya(3)) << L::tsumo(3) << L::dahai(3, "5p");
    EXPECT_EQ(legal(me.table), (Strings{"chi 5p [3p 4p]", "chi 5p [4p 6p]", "chi 5p [6p 7p]",
                                        "daiminkan 5p [5p 5p 5pr]", "none", "pon 5p [5p 5p]",
                                        "pon 5p [5p 5pr]"}));
  }
  {  // 4p from the left: each chi with the plain or the red five
    Seat me;
    me << L::start_kyoku(hand, oya(3)) << L::tsumo(3) << L::dahai(3, "4p");
    EXPECT_EQ(legal(me.table), (Strings{"chi 4p [3p 5p]", "chi 4p [3p 5pr]", "chi 4p [5p 6p]", "chi 4p [5pr 6p]",
                                        "none"}));
  }
  {  // the red five from across: pon and kan of plain fives, no chi
    Seat me;
    me << L::start_kyoku("5p 5p 5p 4p 6p 1m 9m E S W N P F", oya(2)) << L::tsumo(2) << L::dahai(2, "5pr");
    EXPECT_EQ(legal(me.table), (Strings{"daiminkan 5pr [5p 5p 5p]", "none", "pon 5pr [5p 5p]"}));
  }
  {  // seat 1 is on our right: no chi from it
    Seat me;
    me << L::start_kyoku(hand, oya(1)) << L::tsumo(1) << L::dahai(1, "2p");
    EXPECT_TRUE(me.table.legal_actions().empty());
  }
}

// --- legal actions: wins need a yaku and no furiten -----------------------------------------

TEST(TableWin, OpenHandWithoutYakuIsNotOfferedRon) {
  // Pon of 2m, all simples; waits 6m (open tanyao) and 9m (no yaku).
  const Strings prefix = {L::start_kyoku("2m 2m 3p 4p 5p 6s 7s 8s 2s 2s 7m 8m N", oya(3)), L::tsumo(3),
                          L::dahai(3, "2m"), L::pon(0, 3, "2m", "2m 2m"), L::dahai(0, "N")};
  {
    Seat me;
    me << prefix << L::turn(1, "6m");
    EXPECT_EQ(legal(me.table), (Strings{"hora 6m from 1", "none"}));
  }
  {
    Seat me;
    me << prefix << L::turn(1, "9m");
    EXPECT_EQ(me.table.decision(), Decision::claim_discard);
    EXPECT_TRUE(me.table.legal_actions().empty());  // 9m: no yaku, nothing to decide
    // Passing it makes us furiten until our next discard: 6m is not offered either.
    me << L::turn(2, "6m");
    EXPECT_TRUE(me.table.furiten());
    EXPECT_TRUE(me.table.legal_actions().empty());
  }
  for (const char* draw : {"6m", "9m"}) {  // tsumo likewise: only where there is a yaku
    Seat me;
    me << prefix << idle_turns(1, 3) << L::tsumo(0, draw);
    EXPECT_EQ(offers(me.table, std::string("tsumo ") + draw), std::string(draw) == "6m") << draw;
  }
}

TEST(TableWin, DiscardFuritenAllowsTsumoOnly) {
  Seat me;
  me << L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S 4m") << L::tsumo(0, "S") << L::dahai(0, "4m");
  EXPECT_TRUE(me.table.furiten());
  me << L::turn(1, "1m");
  EXPECT_TRUE(me.table.legal_actions().empty());
  me << L::turn(2, "C") << L::turn(3, "C") << L::tsumo(0, "1m");
  EXPECT_TRUE(offers(me.table, "tsumo 1m"));
}

TEST(TableWin, TemporaryFuritenUntilOurNextDiscard) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai, oya(1)) << L::turn(1, "1m");
  EXPECT_EQ(legal(me.table), (Strings{"hora 1m from 1", "none"}));
  me << L::tsumo(2);  // we passed
  EXPECT_TRUE(me.table.furiten());
  me << L::dahai(2, "4m");
  EXPECT_TRUE(me.table.legal_actions().empty());
  me << L::tsumo(3) << L::dahai(3, "4m");  // from the left a chi is still possible, the ron is not
  EXPECT_EQ(legal(me.table), (Strings{"chi 4m [2m 3m]", "none"}));
  me << L::tsumo(0, "C");
  EXPECT_TRUE(me.table.furiten());
  me << L::dahai(0, "C", true);  // our discard ends it
  EXPECT_FALSE(me.table.furiten());
  me << L::turn(1, "4m");
  EXPECT_EQ(legal(me.table), (Strings{"hora 4m from 1", "none"}));
}

TEST(TableWin, RiichiFuritenLastsTheHand) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai) << L::tsumo(0, "N") << L::reach(0) << L::dahai(0, "N", true)
     << L::reach_accepted(0) << L::turn(1, "1m");
  EXPECT_EQ(legal(me.table), (Strings{"hora 1m from 1", "none"}));
  me << L::turn(2, "C") << L::turn(3, "C") << L::tsumo(0, "W") << L::dahai(0, "W", true) << L::turn(1, "4m");
  EXPECT_TRUE(me.table.furiten());
  EXPECT_TRUE(me.table.legal_actions().empty());
  me << L::turn(2, "C") << L::turn(3, "C") << L::tsumo(0, "4m");
  EXPECT_EQ(legal(me.table), (Strings{"tsumo 4m", "tsumogiri 4m"}));
}

// --- legal actions: kans ----------------------------------------------------------------------

TEST(TableLegal, AnkanInRiichiKeepsTheWaits) {
  // 1112m 345p 678s EEE waits 2m and 3m.
  const Strings riichi = {L::start_kyoku("1m 1m 1m 2m 3p 4p 5p 6s 7s 8s E E E"), L::tsumo(0, "N"), L::reach(0),
                          L::dahai(0, "N", true), L::reach_accepted(0)};
  {  // the fourth East: the waits stay 2m-3m, so the kan is allowed
    Seat me;
    me << riichi << idle_turns(1, 3) << L::tsumo(0, "E");
    EXPECT_EQ(legal(me.table), (Strings{"ankan [E E E E]", "tsumogiri E"}));
  }
  {  // the fourth 1m: 1111m2m would wait on 2m only, so no kan
    Seat me;
    me << riichi << idle_turns(1, 3) << L::tsumo(0, "1m");
    EXPECT_EQ(legal(me.table), (Strings{"tsumogiri 1m"}));
  }
  {  // a quad held since before the riichi: only the drawn tile's kind may be kanned
    Seat me;
    me << L::start_kyoku("1m 1m 1m 1m 2m 3m 4p 5p 6p 7s 8s 9s S") << L::tsumo(0, "N");
    EXPECT_TRUE(offers(me.table, "ankan [1m 1m 1m 1m]"));
    me << L::reach(0) << L::dahai(0, "N", true) << L::reach_accepted(0) << idle_turns(1, 3) << L::tsumo(0, "W");
    EXPECT_EQ(legal(me.table), (Strings{"tsumogiri W"}));
  }
}

TEST(TableLegal, NoKanOnTheLastDrawAndHaiteiWins) {
  const char* hand = "5m 5m 5m 1m 2m 3m 7p 8p 9p 2s 3s 9s 9s";
  {  // an earlier draw of the fourth 5m: ankan offered
    Seat me;
    me << L::start_kyoku(hand, oya(3)) << idle_turns(3, 1) << L::tsumo(0, "5m");
    EXPECT_TRUE(offers(me.table, "ankan [5m 5m 5m 5m]"));
  }
  {  // the 70th draw: no kan
    Seat me;
    me << L::start_kyoku(hand, oya(3)) << idle_turns(3, 69, "F", "C") << L::tsumo(0, "5m");
    ASSERT_EQ(me.table.tiles_left(), 0);
    EXPECT_EQ(non_discards(me.table), Strings{});
  }
  {  // winning on it: haitei
    Seat me;
    me << L::start_kyoku(hand, oya(3)) << idle_turns(3, 69, "F", "C") << L::tsumo(0, "4s");
    EXPECT_TRUE(offers(me.table, "tsumo 4s"));
    EXPECT_TRUE(has_yaku(me.table.evaluate_win(tile("4s"), true, 0), Yaku::haitei));
  }
}

TEST(TableLegal, NoCallOnTheLastDiscard) {
  // Closed, no yaku for a ron except houtei; seat 3 (our left) draws the 70th tile.
  const char* hand = "5m 5m 5m 1m 2m 3m 7p 8p 9p 2s 3s 9s 9s";
  const auto last_discard = [&](const char* pai) {
    Strings stream = {L::start_kyoku(hand, oya(2))};
    for (const std::string& line : idle_turns(2, 69, "F", "C")) stream.push_back(line);
    stream.push_back(L::tsumo(3));
    stream.push_back(L::dahai(3, pai));
    return stream;
  };
  {  // not the last discard: chi offered, no ron without yaku
    Seat me;
    me << L::start_kyoku(hand, oya(2)) << idle_turns(2, 1) << L::tsumo(3) << L::dahai(3, "4s");
    EXPECT_EQ(legal(me.table), (Strings{"chi 4s [2s 3s]", "none"}));
  }
  {  // the last discard: houtei ron, and no chi
    Seat me;
    me << last_discard("4s");
    ASSERT_EQ(me.table.tiles_left(), 0);
    EXPECT_EQ(legal(me.table), (Strings{"hora 4s from 3", "none"}));
    EXPECT_TRUE(has_yaku(me.table.evaluate_win(tile("4s"), false, 3), Yaku::houtei));
  }
  for (const char* pai : {"9s", "5m"}) {  // no pon, no daiminkan
    Seat me;
    me << last_discard(pai);
    EXPECT_TRUE(me.table.legal_actions().empty()) << pai;
  }
}

// A double ron on the last discard: the winner after the first keeps houtei once the first hora
// is on the table, and is asked nothing more.
TEST(TableLegal, TheSecondWinnerOfADoubleRonKeepsHoutei) {
  const char* hand = "5m 5m 5m 1m 2m 3m 7p 8p 9p 2s 3s 9s 9s";  // no yaku for a ron but houtei
  Seat me;
  me << L::start_kyoku(hand, oya(0)) << idle_turns(0, 69, "F", "C") << L::tsumo(1) << L::dahai(1, "4s");
  ASSERT_EQ(me.table.tiles_left(), 0);
  ASSERT_EQ(legal(me.table), (Strings{"hora 4s from 1", "none"}));
  me << L::hora(2, 1, "4s", {0, -8000, 8000, 0});  // the seat after the discarder wins first
  EXPECT_EQ(me.table.decision(), Decision::none);
  EXPECT_TRUE(me.table.legal_actions().empty());
  EXPECT_TRUE(has_yaku(me.table.evaluate_win(tile("4s"), false, 1), Yaku::houtei));
  const Event ours = parse_event(json::parse(L::hora(0, 1, "4s", {1000, -1000, 0, 0}))).event;
  EXPECT_TRUE(me.table.can_score_own_win(ours));
  me << L::hora(0, 1, "4s", {1000, -1000, 0, 0}) << L::end_kyoku();
  EXPECT_FALSE(me.table.evaluate_win(tile("4s"), false, 1).has_value());  // the hand's claim is gone
}

// The same for chankan: robbing a kakan after another seat robbed it first.
TEST(TableKan, TheSecondRobberOfAKakanKeepsChankan) {
  const char* hand = "1m 2m 3m 7p 8p 9p 5m 5m 5m 2s 3s 9s 9s";  // no yaku for a ron but chankan
  Seat me;
  me << L::start_kyoku(hand, oya(1)) << L::tsumo(1) << L::dahai(1, "4s") << L::pon(2, 1, "4s", "4s 4s")
     << L::dahai(2, "C") << L::turn(3, "C") << L::tsumo(0, "F") << L::dahai(0, "F", true) << L::turn(1, "C")
     << L::tsumo(2) << L::kakan(2, "4s", "4s 4s 4s");
  ASSERT_EQ(legal(me.table), (Strings{"hora 4s from 2", "none"}));
  me << L::hora(3, 2, "4s", {0, 0, -2000, 2000});
  EXPECT_TRUE(me.table.legal_actions().empty());
  EXPECT_TRUE(has_yaku(me.table.evaluate_win(tile("4s"), false, 2), Yaku::chankan));
}

TEST(TableLegal, NoFifthKan) {
  // Seat 1 makes four kans in one turn (suukantsu tenpai: the hand goes on).
  Seat me;
  me << L::start_kyoku("E E E E 5m 5m 5m 1p 2p 3p 7s 8s 9s", oya(1)) << L::tsumo(1);
  const char* kans[] = {"9m 9m 9m 9m", "4s 4s 4s 4s", "6p 6p 6p 6p", "W W W W"};
  const char* markers[] = {"1s", "2s", "3s", "4p"};
  for (int i = 0; i < 4; ++i) me << L::ankan(1, kans[i]) << L::dora(markers[i]) << L::tsumo(1);
  me << L::dahai(1, "C");
  EXPECT_EQ(me.table.kans(), 4);
  me << L::turn(2, "C") << L::tsumo(3) << L::dahai(3, "5m");
  EXPECT_EQ(legal(me.table), (Strings{"none", "pon 5m [5m 5m]"}));
  me << L::tsumo(0, "N");
  EXPECT_EQ(non_discards(me.table), Strings{"reach"});  // four Easts but no ankan
  EXPECT_THROW(me << L::ankan(0, "E E E E"), TableError);
}

// --- contradictions -------------------------------------------------------------------------

std::string table_error(Seat& me, const std::string& line) {
  try {
    me << line;
  } catch (const TableError& error) {
    return error.what();
  }
  return "";
}

TEST(TableErrors, DrawWhileHoldingFourteen) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai) << L::tsumo(0, "N");
  const std::string message = table_error(me, L::tsumo(0, "W"));
  EXPECT_NE(message.find("14"), std::string::npos) << message;
  EXPECT_FALSE(me.table.synchronised());
  EXPECT_EQ(me.table.decision(), Decision::none);
  EXPECT_TRUE(me.table.legal_actions().empty());
  // Until the next start_kyoku everything is ignored, even nonsense.
  EXPECT_NO_THROW(me << L::dahai(0, "P") << L::tsumo(0, "W") << L::tsumo(0, "W"));
  EXPECT_EQ(me.table.decision(), Decision::none);
  me << L::start_kyoku("1m 9m 1p 9p 1s 9s E S W N P F F") << L::tsumo(0, "C");
  EXPECT_TRUE(me.table.synchronised());
  EXPECT_TRUE(offers(me.table, "tsumo C"));
}

TEST(TableErrors, DiscardOfATileWeDoNotHold) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai) << L::tsumo(0, "N");
  const std::string message = table_error(me, L::dahai(0, "P"));
  EXPECT_NE(message.find("P"), std::string::npos) << message;
  EXPECT_FALSE(me.table.synchronised());
  // A red five is a different tile from the plain one.
  Seat red;
  red << L::start_kyoku("5p 1m 2m 3m 4p 6p 7s 8s 9s 2m 3m S S") << L::tsumo(0, "N");
  EXPECT_NE(table_error(red, L::dahai(0, "5pr")).find("5pr"), std::string::npos);
}

TEST(TableErrors, CallWithTilesWeDoNotHold) {
  Seat me;
  me << L::start_kyoku(kPinfuTenpai, oya(3)) << L::tsumo(3) << L::dahai(3, "P");
  const std::string message = table_error(me, L::pon(0, 3, "P", "P P"));
  EXPECT_NE(message.find("pon"), std::string::npos) << message;
  EXPECT_FALSE(me.table.synchronised());

  Seat chi;
  chi << L::start_kyoku(kPinfuTenpai, oya(3)) << L::tsumo(3) << L::dahai(3, "6p");
  EXPECT_NE(table_error(chi, L::chi(0, 3, "6p", "7p 8p")).find("7p"), std::string::npos);
  // Resynchronised by the next deal (S is our seat wind here: no pinfu, no ron).
  chi << L::start_kyoku(kPinfuTenpai, oya(3)) << L::tsumo(3) << L::dahai(3, "4m");
  EXPECT_TRUE(chi.table.synchronised());
  EXPECT_EQ(legal(chi.table), (Strings{"chi 4m [2m 3m]", "none"}));
}

TEST(TableErrors, OwnHandHiddenOrOutOfTurn) {
  Seat me;
  L::Deal deal;
  deal.seat = 1;  // our own tehais row would be all "?"
  EXPECT_THROW(me << L::start_kyoku(kPinfuTenpai, deal), TableError);
  EXPECT_FALSE(me.table.synchronised());

  // Events out of order: a seat discarding twice, a seat drawing while holding 14.
  Seat twice;
  twice << L::start_kyoku(kPinfuTenpai, oya(1)) << L::turn(1, "C");
  EXPECT_THROW(twice << L::dahai(1, "C"), TableError);
  Seat draws;
  draws << L::start_kyoku(kPinfuTenpai, oya(1)) << L::tsumo(1);
  EXPECT_THROW(draws << L::tsumo(1), TableError);
  Seat reach;
  reach << L::start_kyoku(kPinfuTenpai, oya(1));
  EXPECT_THROW(reach << L::reach(2), TableError);
}

}  // namespace
}  // namespace tenbin

namespace tenbin {
namespace {

// Each seat's discards while another seat's riichi stands, and the genbutsu among them, counted
// from hand to hand and reset by start_game; Table::genbutsu kind by kind. Seat 1 declares riichi on 1m: before its declaration
// discard nobody faces it; its own discards never count.
TEST(TableRecord, GenbutsuFacingARiichiCountedFromHandToHand) {
  L::Deal deal;
  deal.oya = 1;
  Seat me;
  me << L::start_game(0) << L::start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", deal);
  me << L::tsumo(1) << L::dahai(1, "9s") << L::tsumo(2) << L::dahai(2, "S") << L::tsumo(3) << L::dahai(3, "W")
     << L::tsumo(0, "N") << L::dahai(0, "N", true) << L::tsumo(1) << L::reach(1) << L::dahai(1, "1m")
     << L::reach_accepted(1);
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(me.table.record(seat).discards_facing_riichi, 0) << seat;
  me << L::tsumo(2) << L::dahai(2, "S")            // not safe against seat 1
     << L::tsumo(3) << L::dahai(3, "1m")           // its declaration tile: genbutsu
     << L::tsumo(0, "2s") << L::dahai(0, "2s", true)
     << L::tsumo(1) << L::dahai(1, "5p", true)     // the riichi seat itself
     << L::tsumo(2) << L::dahai(2, "2s");          // passed since the riichi: genbutsu
  const auto counts = [&](int seat) {
    const SeatRecord& r = me.table.record(seat);
    return std::pair{r.discards_facing_riichi, r.genbutsu_facing_riichi};
  };
  EXPECT_EQ(counts(0), std::pair(1, 0));
  EXPECT_EQ(counts(1), std::pair(0, 0));
  EXPECT_EQ(counts(2), std::pair(2, 1));
  EXPECT_EQ(counts(3), std::pair(1, 1));
  // The same rule kind by kind: in the riichi's river, or passed since its declaration.
  const auto genbutsu = [&](int seat, const char* name) { return me.table.genbutsu(seat, tile(name).kind()); };
  EXPECT_TRUE(me.table.faces_riichi(0));
  EXPECT_FALSE(me.table.faces_riichi(1));
  EXPECT_TRUE(genbutsu(0, "9s"));   // its river before the declaration
  EXPECT_TRUE(genbutsu(0, "1m"));   // its declaration tile
  EXPECT_TRUE(genbutsu(0, "S"));    // passed since
  EXPECT_FALSE(genbutsu(0, "W"));   // thrown before the declaration by another seat
  EXPECT_FALSE(genbutsu(0, "E"));
  EXPECT_FALSE(genbutsu(1, "9s"));  // no riichi stands against the riichi seat
  me << L::start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", deal);
  EXPECT_FALSE(me.table.faces_riichi(0));
  EXPECT_FALSE(genbutsu(0, "9s"));  // a new hand
  EXPECT_EQ(counts(2), std::pair(2, 1));  // kept into the next hand
  me << L::start_game(0);
  EXPECT_EQ(counts(2), std::pair(0, 0));  // a new match starts afresh
}

}  // namespace
}  // namespace tenbin
