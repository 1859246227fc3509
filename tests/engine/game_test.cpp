// The referee (engine/game): each rule is played out on a scripted wall with explicit replies,
// and checked on the log events and the score changes it must produce. Then whole hanchan
// between four in-process greedy players, as a check that nothing leaks or stalls.
#include "engine/game.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/strategy/policy.hpp"
#include "bot/strategy/self_play.hpp"
#include "engine/rinshan_watch.hpp"
#include "tests/process.hpp"

namespace tenbin {
namespace {

using Scores = std::array<int, 4>;

// --- scripted walls ------------------------------------------------------------------------------

// Compact tiles in the order written: "123m406p11z" (z: 1-7 = E S W N P F C; 0 = the red five).
std::vector<Tile> tiles(std::string_view text) {
  std::vector<Tile> out;
  std::string digits;
  for (const char c : text) {
    if (c >= '0' && c <= '9') {
      digits += c;
      continue;
    }
    const int base = c == 'm' ? 0 : c == 'p' ? 9 : c == 's' ? 18 : c == 'z' ? kinds::east : -1;
    if (base < 0 || digits.empty()) throw std::invalid_argument("bad compact tiles: " + std::string(text));
    for (const char d : digits) {
      const int n = d - '0';
      if (c == 'z') {
        out.push_back(Tile::of(base + n - 1));
      } else {
        out.push_back(n == 0 ? Tile::of(base + 4, true) : Tile::of(base + n - 1));
      }
    }
    digits.clear();
  }
  if (!digits.empty()) throw std::invalid_argument("compact tiles without a suit: " + std::string(text));
  return out;
}

// A wall with chosen tiles at the documented positions (the deal, live draws from 52, rinshan
// draws from 122, dora indicators 126, 128, ... and ura indicators 127, 129, ...); every other
// position takes the tiles left over, laid kind by kind in rounds (1m 2m ... C, 1m 2m ... C, ...)
// so that the filler hands nobody a ready-made pair or triplet.
class WallScript {
 public:
  explicit WallScript(int dealer = 0) : dealer_(dealer) {}

  // Seat `seat`'s deal (its first tiles when fewer than 13 are given).
  WallScript& hand(int seat, std::string_view compact) {
    const auto positions = Wall::deal_positions((seat - dealer_ + 4) % 4);
    const auto given = tiles(compact);
    if (given.size() > positions.size()) throw std::invalid_argument("more than 13 tiles dealt");
    for (std::size_t i = 0; i < given.size(); ++i) place(positions[i], given[i]);
    return *this;
  }
  // Live draws in the order they are drawn, from the `first`-th on.
  WallScript& draws(std::string_view compact, int first = 0) { return run(Wall::kFirstLiveDraw + first, 1, compact); }
  // One seat's live draws while nobody calls: every fourth draw from its turn on.
  WallScript& draws_of(int seat, std::string_view compact) {
    return run(Wall::kFirstLiveDraw + (seat - dealer_ + 4) % 4, 4, compact);
  }
  WallScript& rinshan(std::string_view compact) { return run(Wall::kFirstRinshan, 1, compact); }
  WallScript& dora(std::string_view compact) { return run(Wall::kFirstDoraIndicator, 2, compact); }
  WallScript& ura(std::string_view compact) { return run(Wall::kFirstDoraIndicator + 1, 2, compact); }

  Wall build() const {
    std::array<std::vector<Tile>, kNumKinds> left;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      const bool has_red = kind < kinds::east && number_of(kind) == 5;
      for (int copy = 0; copy < 4; ++copy) left[kind].push_back(Tile::of(kind, has_red && copy == 3));
    }
    for (const auto& placed : placed_) {
      if (!placed) continue;
      auto& pool = left[placed->kind()];
      const auto at = std::find(pool.begin(), pool.end(), *placed);
      if (at == pool.end()) throw std::invalid_argument("the script uses too many " + placed->to_string());
      pool.erase(at);
    }
    std::vector<Tile> filler;
    for (std::size_t round = 0; round < 4; ++round) {
      for (const auto& pool : left) {
        if (round < pool.size()) filler.push_back(pool[round]);
      }
    }
    std::array<Tile, Wall::kTiles> wall{};
    std::size_t next = 0;
    for (int position = 0; position < Wall::kTiles; ++position) {
      wall[position] = placed_[position] ? *placed_[position] : filler.at(next++);
    }
    return Wall::from_tiles(wall);
  }

 private:
  WallScript& run(int first, int stride, std::string_view compact) {
    const auto given = tiles(compact);
    for (std::size_t i = 0; i < given.size(); ++i) place(first + stride * static_cast<int>(i), given[i]);
    return *this;
  }
  void place(int position, Tile tile) {
    if (placed_.at(position)) throw std::invalid_argument("wall position " + std::to_string(position) + " given twice");
    placed_[position] = tile;
  }

  int dealer_;
  std::array<std::optional<Tile>, Wall::kTiles> placed_{};
};

// A hand that ends on `discarder`'s first discard, a 6p that `winner` rons with
// 234m 456m 678s 234p + 6p (tanyao, tanki: 1 han 40 fu, 1300 or 2000 for the dealer). With
// `dora`, the indicator 5p makes both 6p dora (3 han 40 fu: 5200 or 7700). The seats before the
// discarder draw honours and discard them.
WallScript quick_ron(int dealer, int discarder, int winner, bool dora = false) {
  WallScript wall(dealer);
  wall.hand(winner, "234m456m678s234p6p").hand(discarder, "6p");
  const std::string honours = "5671";
  for (int step = 0, seat = dealer;; ++step, seat = (seat + 1) % 4) {
    wall.draws(std::string(1, honours[step]) + "z", step);
    if (seat == discarder) break;
  }
  wall.dora(dora ? "5p" : "9s");
  return wall;
}

// The four ready hands and four hopeless ones the draw tests combine (they fit in one wall).
constexpr std::string_view kReady0 = "123m456m789m11p23s";  // waits 1s 4s
constexpr std::string_view kReady1 = "234p345s666s22m67p";  // waits 5p 8p
constexpr std::string_view kReady2 = "456m234s567s88p77m";  // waits 8p 7m
constexpr std::string_view kReady3 = "789p789s99m45p111z";  // waits 3p 6p
constexpr std::string_view kNoten147 = "147m147p147s1235z";
constexpr std::string_view kNoten258 = "258m258p258s4567z";
constexpr std::string_view kNoten369 = "369m369p369s1267z";

// --- driving the referee -------------------------------------------------------------------------

// A game on scripted walls for its first hands, seeded walls after them.
Game scripted_game(std::vector<WallScript> scripts, bool tonpuu = false, std::optional<HandStart> start = std::nullopt) {
  std::vector<Wall> walls;
  for (const auto& script : scripts) walls.push_back(script.build());
  GameConfig config;
  config.tonpuu = tonpuu;
  config.start = start;
  config.seed = 7;
  config.walls = [walls](int hand) {
    return hand < static_cast<int>(walls.size()) ? walls[static_cast<std::size_t>(hand)]
                                                  : Wall::generate(7, 0, static_cast<std::uint64_t>(hand));
  };
  return Game(config);
}

bool offers(const std::vector<Action>& legal, EventType type) {
  return std::any_of(legal.begin(), legal.end(), [&](const Action& a) { return a.type == type; });
}

// A claim window is open (someone may ron, pon, chi or kan on a discard or a kan).
bool claim_window(const Game& game) {
  return std::any_of(game.pending().legal.begin(), game.pending().legal.end(),
                     [](const auto& legal) { return offers(legal, EventType::none); });
}

// `seat`'s legal action of this type (on this tile, for ankan: of this kind); throws when the
// referee offers none, so a scenario that went astray stops at once.
Action legal(const Game& game, int seat, EventType type, std::string_view pai = "") {
  for (const Action& action : game.pending().legal[seat]) {
    if (action.type != type) continue;
    if (pai.empty()) return action;
    const Tile wanted = parse_tile(pai);
    if (type == EventType::ankan ? action.consumed.tiles[0].kind() == wanted.kind() : action.pai == wanted) return action;
  }
  throw std::runtime_error("seat " + std::to_string(seat) + " is not offered " + std::string(event_type_name(type)) +
                           " " + std::string(pai));
}

// Answers the pending request: the given seats take the given actions, every other seat asked
// passes (or, on its own turn, discards what it drew). No reply may be replaced.
void reply(Game& game, std::initializer_list<std::pair<int, Action>> chosen) {
  std::array<std::optional<Action>, 4> replies;
  for (int seat = 0; seat < 4; ++seat) {
    if (!game.pending().legal[seat].empty()) replies[seat] = Action{};
  }
  for (const auto& [seat, action] : chosen) replies[seat] = action;
  const auto replaced = game.answer(replies);
  for (int seat = 0; seat < 4; ++seat) {
    if (replaced[seat]) throw std::runtime_error("the referee replaced seat " + std::to_string(seat) + "'s reply");
  }
}

void pass_claims(Game& game) {
  while (!game.finished() && claim_window(game)) reply(game, {});
}

// An action on `seat`'s own turn (claim windows before it are passed).
void act(Game& game, int seat, EventType type, std::string_view pai = "") {
  pass_claims(game);
  reply(game, {{seat, legal(game, seat, type, pai)}});
}
void discard(Game& game, int seat, std::string_view pai) { act(game, seat, EventType::dahai, pai); }
void tsumogiri(Game& game, int seat) {
  pass_claims(game);
  for (const Action& action : game.pending().legal[seat]) {
    if (action.type == EventType::dahai && action.tsumogiri) return reply(game, {{seat, action}});
  }
  throw std::runtime_error("seat " + std::to_string(seat) + " cannot discard its draw");
}

std::size_t last_index(const Game& game, EventType type) {
  const auto& log = game.log();
  for (std::size_t i = log.size(); i-- > 0;) {
    if (log[i].type == type) return i;
  }
  throw std::runtime_error("no " + std::string(event_type_name(type)) + " in the log");
}
const Event& last(const Game& game, EventType type) { return game.log()[last_index(game, type)]; }

// Every seat discards what it draws and passes every claim until the current hand ends.
void tsumogiri_to_end(Game& game) {
  const std::size_t start = last_index(game, EventType::start_kyoku);
  const auto hand_over = [&] {
    const auto& log = game.log();
    return std::any_of(log.begin() + static_cast<std::ptrdiff_t>(start), log.end(),
                       [](const Event& e) { return e.type == EventType::end_kyoku; });
  };
  for (int guard = 0; guard < 1000; ++guard) {
    if (game.finished() || hand_over()) return;
    if (claim_window(game)) {
      reply(game, {});
      continue;
    }
    for (int seat = 0; seat < 4; ++seat) {
      if (!game.pending().legal[seat].empty()) {
        tsumogiri(game, seat);
        break;
      }
    }
  }
  throw std::runtime_error("the hand does not end");
}

// The quick_ron hand now on the table: seats before the discarder discard their draw, the
// discarder its 6p, and `winner` rons it.
void play_quick_ron(Game& game, int discarder, int winner) {
  for (int seat = last(game, EventType::start_kyoku).oya; seat != discarder; seat = (seat + 1) % 4) tsumogiri(game, seat);
  discard(game, discarder, "6p");
  reply(game, {{winner, legal(game, winner, EventType::hora)}});
}

// The event types from log position `from` on, space separated ("dahai reach_accepted tsumo").
std::string types_since(const Game& game, std::size_t from, std::size_t count = 100) {
  std::string out;
  for (std::size_t i = from; i < game.log().size() && i < from + count; ++i) {
    if (!out.empty()) out += ' ';
    out += event_type_name(game.log()[i].type);
  }
  return out;
}

std::vector<const Event*> events_of(const Game& game, EventType type) {
  std::vector<const Event*> out;
  for (const Event& event : game.log()) {
    if (event.type == type) out.push_back(&event);
  }
  return out;
}

// --- claim priority ------------------------------------------------------------------------------

// The dealer discards 6p, which seat 1 can chi (78p), seat 2 pon (66p) and seat 3 ron
// (234m 456m 678s 234p 6p: tanyao tanki, 1300).
WallScript contested_discard() {
  WallScript wall;
  wall.hand(0, "1119m99p19s1122z6p").hand(1, "78p2468m357s3344z").hand(2, "66p37m2468s55667z");
  wall.hand(3, "234m456m678s234p6p").draws("7z").dora("9s");
  return wall;
}

// Rule: ron beats pon and chi on the same discard.
TEST(ClaimPriority, RonBeatsPonAndChi) {
  Game game = scripted_game({contested_discard()});
  discard(game, 0, "6p");
  const std::size_t mark = game.log().size();
  reply(game, {{1, legal(game, 1, EventType::chi)}, {2, legal(game, 2, EventType::pon)}, {3, legal(game, 3, EventType::hora)}});
  EXPECT_EQ(types_since(game, mark, 2), "hora end_kyoku");
  const Event& hora = game.log()[mark];
  EXPECT_EQ(hora.actor, 3);
  EXPECT_EQ(hora.target, 0);
  EXPECT_EQ(hora.pai, parse_tile("6p"));
  EXPECT_EQ(hora.deltas, (Scores{-1300, 0, 0, 1300}));
}

// Rule: pon beats chi.
TEST(ClaimPriority, PonBeatsChi) {
  Game game = scripted_game({contested_discard()});
  discard(game, 0, "6p");
  const std::size_t mark = game.log().size();
  reply(game, {{1, legal(game, 1, EventType::chi)}, {2, legal(game, 2, EventType::pon)}});
  EXPECT_EQ(types_since(game, mark), "pon");
  EXPECT_EQ(game.log()[mark].actor, 2);
  EXPECT_EQ(game.log()[mark].target, 0);
  // The caller discards next, without a draw; nobody else is asked.
  EXPECT_TRUE(offers(game.pending().legal[2], EventType::dahai));
  EXPECT_TRUE(game.pending().legal[1].empty() && game.pending().legal[3].empty());
}

// Rule: a chi nobody outranks is taken.
TEST(ClaimPriority, ChiAloneIsTaken) {
  Game game = scripted_game({contested_discard()});
  discard(game, 0, "6p");
  const std::size_t mark = game.log().size();
  reply(game, {{1, legal(game, 1, EventType::chi)}});
  EXPECT_EQ(types_since(game, mark), "chi");
  EXPECT_EQ(game.log()[mark].actor, 1);
}

// Rule: a daiminkan outranks a chi too; the caller then draws from the dead wall.
TEST(ClaimPriority, DaiminkanBeatsChi) {
  WallScript wall;
  wall.hand(0, "1119m99p19s1122z6p").hand(1, "78p2468m357s3344z").hand(2, "666p37m2468s5567z");
  wall.hand(3, "234m456m678s234p1p").draws("7z").rinshan("5z").dora("9s");
  Game game = scripted_game({wall});
  discard(game, 0, "6p");
  const std::size_t mark = game.log().size();
  reply(game, {{1, legal(game, 1, EventType::chi)}, {2, legal(game, 2, EventType::daiminkan)}});
  EXPECT_EQ(types_since(game, mark), "daiminkan tsumo");
  EXPECT_EQ(game.log()[mark + 1].actor, 2);
  EXPECT_EQ(game.log()[mark + 1].pai, parse_tile("P"));  // the first rinshan tile
}

// --- several rons --------------------------------------------------------------------------------

// Rule: double ron. Both winners are paid; the honba and the riichi sticks go only to the first
// winner in turn order from the discarder's right. Hand 1 (one honba, from a kyuushu kyuuhai in
// hand 0): the dealer's riichi puts a stick out, then seat 2's 8p is ronned by seats 1 and 3 -
// seat 3 first, since it sits on seat 2's right.
TEST(DoubleRon, HonbaAndSticksToTheFirstWinnerFromTheDiscardersRight) {
  WallScript nine_orphans;
  nine_orphans.hand(0, "1923m19p19s12345z");
  WallScript double_ron;
  double_ron.hand(0, kReady0).hand(1, kReady1).hand(2, "8p19m19p19s123567z").hand(3, kReady2);
  double_ron.draws("4z7z9s").dora("9m");
  Game game = scripted_game({nine_orphans, double_ron});

  act(game, 0, EventType::ryukyoku);  // kyuushu kyuuhai: one honba
  ASSERT_EQ(last(game, EventType::start_kyoku).honba, 1);
  act(game, 0, EventType::reach);
  tsumogiri(game, 0);
  tsumogiri(game, 1);
  discard(game, 2, "8p");
  const std::size_t mark = game.log().size();
  reply(game, {{1, legal(game, 1, EventType::hora)}, {3, legal(game, 3, EventType::hora)}});

  EXPECT_EQ(types_since(game, mark, 3), "hora hora end_kyoku");
  const Event& first = game.log()[mark];
  const Event& second = game.log()[mark + 1];
  EXPECT_EQ(first.actor, 3);
  EXPECT_EQ(first.deltas, (Scores{0, 0, -1600, 2600}));   // 1300 + 300 honba + 1000 stick
  EXPECT_EQ(second.actor, 1);
  EXPECT_EQ(second.deltas, (Scores{0, 1300, -1300, 0}));  // 666s concealed: 40 fu, 1300 alone
  EXPECT_EQ(game.scores(), (Scores{24000, 26300, 22100, 27600}));
  const Event& next = last(game, EventType::start_kyoku);
  EXPECT_EQ(next.kyotaku, 0);
  EXPECT_EQ(next.honba, 0);  // a non-dealer won: the deal passes and the honba go
  EXPECT_EQ(next.oya, 1);
}

// Rule: triple ron is an abortive draw (sanchaho): nobody pays, the dealer keeps the deal and
// a honba is added.
TEST(TripleRon, IsAnAbortiveDraw) {
  WallScript wall;
  wall.hand(0, "3p19m1p9p19s1234z67z").hand(1, "45p234m678m345s22s").hand(2, "12p555z789m789s11s");
  wall.hand(3, "24p456m567s678s33m").draws("8s").dora("9s");
  Game game = scripted_game({wall});
  discard(game, 0, "3p");
  const std::size_t mark = game.log().size();
  reply(game, {{1, legal(game, 1, EventType::hora)}, {2, legal(game, 2, EventType::hora)}, {3, legal(game, 3, EventType::hora)}});
  EXPECT_EQ(types_since(game, mark, 3), "ryukyoku end_kyoku start_kyoku");
  EXPECT_EQ(game.log()[mark].reason, "sanchaho");
  EXPECT_EQ(game.log()[mark].deltas, (Scores{0, 0, 0, 0}));
  EXPECT_EQ(game.scores(), (Scores{25000, 25000, 25000, 25000}));
  const Event& next = last(game, EventType::start_kyoku);
  EXPECT_EQ(next.oya, 0);
  EXPECT_EQ(next.honba, 1);
}

// --- riichi --------------------------------------------------------------------------------------

// The dealer holds 234m 567m 345p 67s 22p (pinfu, tanyao; waits 5s 8s), discards its first draw,
// declares riichi on N at its second draw and wins on 8s at its third. Seat 2 holds NN.
WallScript riichi_then_tsumo(bool pon_in_between) {
  WallScript wall;
  wall.hand(0, "234m567m345p67s22p").hand(2, "44z19m19p19s12356z").dora("3z").ura("3z");
  wall.draws(pon_in_between ? "9m9p9s1m4z1p8s" : "9m9p9s1m4z1p1s5z8s");
  return wall;
}

void declare_riichi_on_north(Game& game) {
  tsumogiri(game, 0);
  tsumogiri(game, 1);
  tsumogiri(game, 2);
  tsumogiri(game, 3);
  act(game, 0, EventType::reach);
  discard(game, 0, "N");
}

// Rule: the riichi stick is paid when the declaration tile passes (reach_accepted carries the
// deltas and scores, the stick is on the table); ippatsu stands when nobody calls.
TEST(Riichi, StickPaidAtAcceptanceAndIppatsuWithoutCalls) {
  Game game = scripted_game({riichi_then_tsumo(false)});
  declare_riichi_on_north(game);
  const std::size_t mark = game.log().size();
  pass_claims(game);  // seat 2 may pon the N
  EXPECT_EQ(types_since(game, mark), "reach_accepted tsumo");
  const Event& accepted = game.log()[mark];
  EXPECT_EQ(accepted.actor, 0);
  EXPECT_EQ(accepted.deltas, (Scores{-1000, 0, 0, 0}));
  EXPECT_EQ(accepted.scores, (Scores{24000, 25000, 25000, 25000}));
  EXPECT_EQ(game.table(1).kyotaku(), 1);

  tsumogiri(game, 1);
  tsumogiri(game, 2);
  tsumogiri(game, 3);
  act(game, 0, EventType::hora, "8s");
  // riichi, ippatsu, menzen tsumo, pinfu, tanyao: mangan, 4000 all, and the stick back.
  EXPECT_EQ(last(game, EventType::hora).deltas, (Scores{13000, -4000, -4000, -4000}));
}

// Rule: any call breaks ippatsu; the stick is accepted before the call.
TEST(Riichi, CallBreaksIppatsu) {
  Game game = scripted_game({riichi_then_tsumo(true)});
  declare_riichi_on_north(game);
  const std::size_t mark = game.log().size();
  reply(game, {{2, legal(game, 2, EventType::pon, "N")}});
  EXPECT_EQ(types_since(game, mark), "reach_accepted pon");
  discard(game, 2, "1m");
  tsumogiri(game, 3);
  act(game, 0, EventType::hora, "8s");
  // riichi, menzen tsumo, pinfu, tanyao: 4 han 20 fu, 2600 all, and the stick back.
  EXPECT_EQ(last(game, EventType::hora).deltas, (Scores{8800, -2600, -2600, -2600}));
}

// Rule: a declaration tile that is ronned costs no stick (no reach_accepted).
TEST(Riichi, RonnedDeclarationTileCostsNothing) {
  WallScript wall;
  wall.hand(0, "234m567m345p67s22p").hand(1, "234m234s456s678s8p").draws("8p").dora("9s");
  Game game = scripted_game({wall});
  act(game, 0, EventType::reach);
  discard(game, 0, "8p");
  const std::size_t mark = game.log().size();
  reply(game, {{1, legal(game, 1, EventType::hora)}});
  EXPECT_EQ(types_since(game, mark, 2), "hora end_kyoku");
  EXPECT_EQ(game.log()[mark].deltas, (Scores{-1300, 1300, 0, 0}));
  EXPECT_TRUE(events_of(game, EventType::reach_accepted).empty());
  EXPECT_EQ(game.scores(), (Scores{23700, 26300, 25000, 25000}));
  EXPECT_EQ(last(game, EventType::start_kyoku).kyotaku, 0);
}

// --- kans and their dora -------------------------------------------------------------------------

// Rule: an ankan turns its dora indicator at once, before the rinshan draw.
TEST(KanDora, AnkanRevealsBeforeTheRinshanDraw) {
  WallScript wall;
  wall.hand(0, "1111m234p567s789s").draws("5z").rinshan("6z").dora("9s2z");
  Game game = scripted_game({wall});
  const std::size_t mark = game.log().size();
  act(game, 0, EventType::ankan, "1m");
  EXPECT_EQ(types_since(game, mark), "ankan dora tsumo");
  EXPECT_EQ(game.log()[mark + 1].dora_marker, parse_tile("S"));  // position 128
  EXPECT_EQ(game.log()[mark + 2].pai, parse_tile("F"));          // position 122
  tsumogiri(game, 0);
  EXPECT_EQ(types_since(game, mark + 3), "dahai tsumo");
  EXPECT_EQ(events_of(game, EventType::dora).size(), 1U);
}

// The dealer discards C; seat 1 holds CCC and daiminkans it (or, with `pon_first`, holds CC,
// pons it and later draws the fourth C).
WallScript chun_kan(std::string_view seat1, std::string_view rinshan, std::string_view draws = "8m") {
  WallScript wall;
  wall.hand(0, "7z19m19p19s1234z58m").hand(1, seat1).draws(draws).rinshan(rinshan).dora("2z6z");
  return wall;
}

// Rule: a daiminkan's indicator is turned after the rinshan draw, just before the discard.
TEST(KanDora, DaiminkanRevealsAfterTheRinshanDraw) {
  Game game = scripted_game({chun_kan("777z123m456p789s1p", "2p")});
  discard(game, 0, "C");
  const std::size_t mark = game.log().size();
  reply(game, {{1, legal(game, 1, EventType::daiminkan)}});
  EXPECT_EQ(types_since(game, mark), "daiminkan tsumo");
  tsumogiri(game, 1);
  EXPECT_EQ(types_since(game, mark + 2), "dora dahai");
  EXPECT_EQ(game.log()[mark + 2].dora_marker, parse_tile("F"));
}

// Rule: the same after a kakan: rinshan draw, then the indicator, then the discard.
TEST(KanDora, KakanRevealsAfterTheRinshanDraw) {
  Game game = scripted_game({chun_kan("77z123m456p789s1p2p", "3p", "8m9m9p1s7z")});
  discard(game, 0, "C");
  reply(game, {{1, legal(game, 1, EventType::pon)}});
  discard(game, 1, "2p");
  tsumogiri(game, 2);
  tsumogiri(game, 3);
  tsumogiri(game, 0);
  const std::size_t mark = game.log().size();
  act(game, 1, EventType::kakan, "C");
  EXPECT_EQ(types_since(game, mark), "kakan tsumo");
  tsumogiri(game, 1);
  EXPECT_EQ(types_since(game, mark + 2), "dora dahai");
}

// Rule: a rinshan tsumo after a daiminkan wins before the new indicator is turned, so it counts
// no kan dora. Here the unturned indicator F would have made the CCCC kan four dora.
TEST(KanDora, RinshanWinAfterDaiminkanTurnsNoIndicator) {
  Game game = scripted_game({chun_kan("777z123m456p789s1p", "1p")});
  discard(game, 0, "C");
  const std::size_t mark = game.log().size();
  reply(game, {{1, legal(game, 1, EventType::daiminkan)}});
  act(game, 1, EventType::hora, "1p");
  EXPECT_EQ(types_since(game, mark, 4), "daiminkan tsumo hora end_kyoku");
  // rinshan kaihou + chun, 40 fu (open honour kan 16, tanki 2, tsumo 2): 1300 / 700 / 700.
  EXPECT_EQ(game.log()[mark + 2].deltas, (Scores{-1300, 2700, -700, -700}));
}

// Rule: chankan - a kakan can be ronned with the added tile; no rinshan draw, no indicator.
TEST(Chankan, RobsTheAddedTile) {
  WallScript wall;
  wall.hand(0, "8p19p1234z567z123s").hand(1, "88p1199m1199s123z").hand(3, "67p234m456s678s33m");
  wall.draws("5z9m1m9p8p").dora("9s");
  Game game = scripted_game({wall});
  discard(game, 0, "8p");
  reply(game, {{1, legal(game, 1, EventType::pon)}});  // seat 3 lets its winning tile go by
  discard(game, 1, "W");
  tsumogiri(game, 2);
  tsumogiri(game, 3);  // its own discard ends the temporary furiten
  tsumogiri(game, 0);
  act(game, 1, EventType::kakan, "8p");
  const std::size_t mark = game.log().size();
  reply(game, {{3, legal(game, 3, EventType::hora)}});
  EXPECT_EQ(types_since(game, mark, 2), "hora end_kyoku");
  EXPECT_EQ(game.log()[mark].target, 1);
  // chankan, pinfu, tanyao: 3 han 30 fu, 3900 from the kakan player.
  EXPECT_EQ(game.log()[mark].deltas, (Scores{0, -3900, 0, 3900}));
}

// Seat 3's kokushi waits on 1m; seat 1 holds 1111m and declares the ankan on its first draw;
// seat 2 is ready on 1m/4m with haku.
Game kokushi_against_ankan() {
  WallScript wall;
  wall.hand(1, "1111m234p567p234s").hand(2, "23m555z456p789s99s").hand(3, "99m19p19s1234567z");
  wall.draws("6z8s").dora("9m");
  Game game = scripted_game({wall});
  tsumogiri(game, 0);
  act(game, 1, EventType::ankan, "1m");
  return game;
}

// Rule: only kokushi may rob an ankan (seat 2, ready on the same tile, is not asked); a robbed
// ankan turns no indicator. 32000 puts seat 1 below zero, which ends the game.
TEST(Chankan, KokushiRobsAnAnkanAndTheLoserBusts) {
  Game game = kokushi_against_ankan();
  const std::size_t mark = last_index(game, EventType::ankan);
  EXPECT_TRUE(game.pending().legal[2].empty());
  reply(game, {{3, legal(game, 3, EventType::hora)}});
  EXPECT_EQ(types_since(game, mark), "ankan hora end_kyoku end_game");
  EXPECT_EQ(game.log()[mark + 1].deltas, (Scores{0, -32000, 0, 32000}));
  ASSERT_TRUE(game.finished());
  EXPECT_EQ(game.hands_played(), 1);
  EXPECT_EQ(game.scores(), (Scores{25000, -7000, 25000, 57000}));
}

// --- abortive draws ------------------------------------------------------------------------------

void expect_abortive(const Game& game, std::size_t at, const std::string& reason) {
  const Event& draw = game.log()[at];
  EXPECT_EQ(draw.type, EventType::ryukyoku);
  EXPECT_EQ(draw.reason, reason);
  EXPECT_EQ(draw.deltas, (Scores{0, 0, 0, 0}));
  // The dealer keeps the deal, with one more honba.
  const Event& next = last(game, EventType::start_kyoku);
  EXPECT_EQ(next.oya, 0);
  EXPECT_EQ(next.kyoku, 1);
  EXPECT_EQ(next.honba, 1);
}

// Rule: kyuushu kyuuhai - nine kinds of terminals and honours on the first draw.
TEST(AbortiveDraw, KyuushuKyuuhai) {
  WallScript wall;
  wall.hand(0, "1923m19p19s12345z");
  Game game = scripted_game({wall});
  const std::size_t mark = game.log().size();
  act(game, 0, EventType::ryukyoku);
  EXPECT_EQ(types_since(game, mark, 3), "ryukyoku end_kyoku start_kyoku");
  EXPECT_EQ(game.log()[mark].actor, 0);
  expect_abortive(game, mark, "kyushukyuhai");
}

// Rule: four winds - the same wind as each seat's first discard, nobody having called.
TEST(AbortiveDraw, FourWinds) {
  WallScript wall;
  wall.hand(0, "1z").hand(1, "1z").hand(2, "1z").hand(3, "1z");
  Game game = scripted_game({wall});
  for (int seat = 0; seat < 3; ++seat) discard(game, seat, "E");
  const std::size_t mark = game.log().size();
  discard(game, 3, "E");
  pass_claims(game);
  EXPECT_EQ(types_since(game, mark, 4), "dahai ryukyoku end_kyoku start_kyoku");
  expect_abortive(game, mark + 1, "sufonrenda");
}

// Rule: four riichi - the fourth declaration is accepted (its stick paid), then the hand is
// aborted; the four sticks stay on the table and go to the next winner with the honba.
TEST(AbortiveDraw, FourRiichiAndTheSticksCarried) {
  WallScript four_ready;
  four_ready.hand(0, kReady0).hand(1, kReady1).hand(2, kReady2).hand(3, kReady3).draws("2z3z4z5z");
  Game game = scripted_game({four_ready, quick_ron(0, 0, 1)});
  std::size_t mark = 0;
  for (int seat = 0; seat < 4; ++seat) {
    act(game, seat, EventType::reach);
    mark = game.log().size();
    tsumogiri(game, seat);
  }
  pass_claims(game);
  EXPECT_EQ(types_since(game, mark, 5), "dahai reach_accepted ryukyoku end_kyoku start_kyoku");
  expect_abortive(game, mark + 2, "suchareach");
  EXPECT_EQ(game.scores(), (Scores{24000, 24000, 24000, 24000}));
  EXPECT_EQ(last(game, EventType::start_kyoku).kyotaku, 4);

  play_quick_ron(game, 0, 1);
  // 1300, 300 for the honba, 4000 in sticks.
  EXPECT_EQ(last(game, EventType::hora).deltas, (Scores{-1600, 5600, 0, 0}));
  EXPECT_EQ(game.scores(), (Scores{22400, 29600, 24000, 24000}));
}

// Four kans: the dealer ankans 1m, 2m and 3m, then seat 1 ankans 9p; seat 2 holds SS.
WallScript four_kans() {
  WallScript wall;
  wall.hand(0, "1111m2222m3333m4z").hand(1, "999p").hand(2, "22z").draws("5z9p").rinshan("6z7z1z2z");
  return wall;
}

void declare_four_kans(Game& game) {
  act(game, 0, EventType::ankan, "1m");
  act(game, 0, EventType::ankan, "2m");
  act(game, 0, EventType::ankan, "3m");
  tsumogiri(game, 0);
  act(game, 1, EventType::ankan, "9p");
}

// Rule: four kans by more than one seat end the hand once the discard after the fourth passes;
// each ankan turned its own indicator.
TEST(AbortiveDraw, FourKansByTwoSeats) {
  Game game = scripted_game({four_kans()});
  declare_four_kans(game);
  const std::size_t mark = game.log().size();
  tsumogiri(game, 1);
  pass_claims(game);
  EXPECT_EQ(types_since(game, mark, 4), "dahai ryukyoku end_kyoku start_kyoku");
  expect_abortive(game, mark + 1, "sukaikan");
  EXPECT_EQ(std::count_if(game.log().begin(), game.log().end(), [](const Event& e) { return e.type == EventType::dora; }), 4);
}

// Rule: the discard after the fourth kan ends the hand unless it is ronned - a pon of it is
// not played (it would give the caller a discard the rule does not allow).
TEST(AbortiveDraw, FourKansDiscardCannotBePonned) {
  Game game = scripted_game({four_kans()});
  declare_four_kans(game);
  const std::size_t mark = game.log().size();
  tsumogiri(game, 1);  // S
  ASSERT_TRUE(offers(game.pending().legal[2], EventType::pon));
  reply(game, {{2, legal(game, 2, EventType::pon, "S")}});
  EXPECT_EQ(types_since(game, mark, 2), "dahai ryukyoku");
  expect_abortive(game, mark + 1, "sukaikan");
}

// --- exhaustive draws ----------------------------------------------------------------------------

// The end of a hand where everyone discards what they draw to the last tile.
struct DrawnHand {
  Event draw;  // the ryukyoku
  Event next;  // the next hand's start_kyoku
};

DrawnHand exhaust(const std::array<std::string_view, 4>& hands, std::string_view seat1_draws = "") {
  WallScript wall;
  for (int seat = 0; seat < 4; ++seat) wall.hand(seat, hands[seat]);
  if (!seat1_draws.empty()) wall.draws_of(1, seat1_draws);
  Game game = scripted_game({wall});
  tsumogiri_to_end(game);
  return {last(game, EventType::ryukyoku), last(game, EventType::start_kyoku)};
}

// Rule: noten payments, 3000 in all - one ready seat gets 3000; the dealer, not ready, passes
// the deal (with one more honba).
TEST(ExhaustiveDraw, OneReadySeat) {
  const auto [draw, next] = exhaust({kNoten147, kNoten258, kReady2, kNoten369});
  EXPECT_EQ(draw.reason, "fanpai");
  EXPECT_EQ(draw.tenpais, (std::array<bool, 4>{false, false, true, false}));
  EXPECT_EQ(draw.deltas, (Scores{-1000, -1000, 3000, -1000}));
  EXPECT_EQ(next.oya, 1);
  EXPECT_EQ(next.kyoku, 2);
  EXPECT_EQ(next.honba, 1);
}

// Rule: two ready seats get 1500 each; the ready dealer keeps the deal.
TEST(ExhaustiveDraw, TwoReadySeats) {
  const auto [draw, next] = exhaust({kReady0, kNoten258, kNoten369, kReady3});
  EXPECT_EQ(draw.deltas, (Scores{1500, -1500, -1500, 1500}));
  EXPECT_EQ(next.oya, 0);
  EXPECT_EQ(next.kyoku, 1);
  EXPECT_EQ(next.honba, 1);
}

// Rule: three ready seats get 1000 each from the fourth.
TEST(ExhaustiveDraw, ThreeReadySeats) {
  const auto [draw, next] = exhaust({kReady0, kReady1, kReady2, kNoten147});
  EXPECT_EQ(draw.deltas, (Scores{1000, 1000, 1000, -3000}));
  EXPECT_EQ(next.oya, 0);
}

// Rule: all four ready, nobody pays.
TEST(ExhaustiveDraw, AllReady) {
  const auto [draw, next] = exhaust({kReady0, kReady1, kReady2, kReady3});
  EXPECT_EQ(draw.tenpais, (std::array<bool, 4>{true, true, true, true}));
  EXPECT_EQ(draw.deltas, (Scores{0, 0, 0, 0}));
}

// Rule: nagashi mangan - a river of terminals and honours only, none called, is paid as a
// mangan tsumo in place of the noten payments (here by a non-dealer: 4000 / 2000 / 2000); the
// dealer, not ready, passes the deal.
TEST(ExhaustiveDraw, NagashiMangan) {
  const auto [draw, next] = exhaust({kNoten258, kReady1, kReady2, kNoten147}, "9m9m9m9m9p9p9p9p9s9s9s9s1z1z1z2z2z2z");
  EXPECT_EQ(draw.reason, "nagashimangan");
  EXPECT_EQ(draw.deltas, (Scores{-4000, 8000, -2000, -2000}));
  EXPECT_EQ(next.oya, 1);
  EXPECT_EQ(next.honba, 1);
}

// --- the deal, honba and the end of the game -----------------------------------------------------

// Rule: the dealer repeats after winning (one more honba); a non-dealer win passes the deal and
// clears the honba, each of which the discarder paid 300 for.
TEST(Honba, DealerRepeatsOnWinAndHonbaArePaid) {
  Game game = scripted_game({quick_ron(0, 1, 0), quick_ron(0, 0, 2)});
  play_quick_ron(game, 1, 0);
  EXPECT_EQ(last(game, EventType::hora).deltas, (Scores{2000, -2000, 0, 0}));
  const Event& repeat = last(game, EventType::start_kyoku);
  EXPECT_EQ(repeat.oya, 0);
  EXPECT_EQ(repeat.kyoku, 1);
  EXPECT_EQ(repeat.honba, 1);
  play_quick_ron(game, 0, 2);
  EXPECT_EQ(last(game, EventType::hora).deltas, (Scores{-1600, 0, 1600, 0}));
  const Event& passed = last(game, EventType::start_kyoku);
  EXPECT_EQ(passed.oya, 1);
  EXPECT_EQ(passed.kyoku, 2);
  EXPECT_EQ(passed.honba, 0);
}

// East 1 to South 3 (or the East round alone): each dealer deals into the seat on its right
// for 1300, leaving 23700 25000 25000 26300 before the last hand.
std::vector<WallScript> deals_into_the_next_seat(int hands) {
  std::vector<WallScript> walls;
  for (int hand = 0; hand < hands; ++hand) walls.push_back(quick_ron(hand % 4, hand % 4, (hand + 1) % 4));
  return walls;
}
void play_deals_into_the_next_seat(Game& game, int hands) {
  for (int hand = 0; hand < hands; ++hand) play_quick_ron(game, hand % 4, (hand + 1) % 4);
}

// Rule: after South 4 the game ends when someone has 30000. Worked example of the final points:
// (score - 30000) / 1000 + uma 20 / 10 / -10 / -20, and the oka of 20 to first place.
TEST(EndOfGame, AfterSouthFourWithThirtyThousand) {
  auto walls = deals_into_the_next_seat(7);
  walls.push_back(quick_ron(3, 3, 1, true));
  Game game = scripted_game(walls);
  play_deals_into_the_next_seat(game, 7);
  ASSERT_EQ(game.scores(), (Scores{23700, 25000, 25000, 26300}));
  const Event& south_four = last(game, EventType::start_kyoku);
  EXPECT_EQ(south_four.bakaze, kinds::south);
  EXPECT_EQ(south_four.kyoku, 4);
  play_quick_ron(game, 3, 1);
  ASSERT_TRUE(game.finished());
  EXPECT_EQ(game.hands_played(), 8);
  EXPECT_EQ(game.log().back().type, EventType::end_game);
  EXPECT_EQ(game.scores(), (Scores{23700, 30200, 25000, 21100}));
  EXPECT_EQ(game.ranks(), (std::array<int, 4>{2, 0, 1, 3}));
  const auto points = game.final_points();
  EXPECT_DOUBLE_EQ(points[0], -6.3 - 10);
  EXPECT_DOUBLE_EQ(points[1], 0.2 + 20 + 20);
  EXPECT_DOUBLE_EQ(points[2], -5.0 + 10);
  EXPECT_DOUBLE_EQ(points[3], -8.9 - 20);
  EXPECT_NEAR(points[0] + points[1] + points[2] + points[3], 0.0, 1e-9);
}

// Rule: nobody at 30000 after South 4 - the West round is played, and ends as soon as someone
// reaches 30000. Ties rank by seat order.
TEST(EndOfGame, WestExtensionUntilThirtyThousand) {
  auto walls = deals_into_the_next_seat(7);
  walls.push_back(quick_ron(3, 3, 1));
  walls.push_back(quick_ron(0, 0, 1, true));
  Game game = scripted_game(walls);
  play_deals_into_the_next_seat(game, 7);
  play_quick_ron(game, 3, 1);
  ASSERT_FALSE(game.finished());
  const Event& west_one = last(game, EventType::start_kyoku);
  EXPECT_EQ(west_one.bakaze, kinds::west);
  EXPECT_EQ(west_one.kyoku, 1);
  EXPECT_EQ(west_one.oya, 0);
  play_quick_ron(game, 0, 1);
  ASSERT_TRUE(game.finished());
  EXPECT_EQ(game.hands_played(), 9);
  EXPECT_EQ(game.scores(), (Scores{18500, 31500, 25000, 25000}));
  EXPECT_EQ(game.ranks(), (std::array<int, 4>{3, 0, 1, 2}));
}

// Rule: agari-yame - the South 4 dealer who wins as top with 30000 or more ends the game.
TEST(EndOfGame, DealerAgariYameAsTop) {
  auto walls = deals_into_the_next_seat(7);
  walls.push_back(quick_ron(3, 0, 3, true));
  Game game = scripted_game(walls);
  play_deals_into_the_next_seat(game, 7);
  play_quick_ron(game, 0, 3);
  ASSERT_TRUE(game.finished());
  EXPECT_EQ(game.scores(), (Scores{16000, 25000, 25000, 34000}));
  EXPECT_EQ(game.ranks(), (std::array<int, 4>{3, 1, 2, 0}));
}

// Rule: a South 4 dealer win that leaves the dealer top but under 30000 repeats South 4.
TEST(EndOfGame, DealerUnderThirtyThousandRepeats) {
  auto walls = deals_into_the_next_seat(7);
  walls.push_back(quick_ron(3, 0, 3));
  Game game = scripted_game(walls);
  play_deals_into_the_next_seat(game, 7);
  play_quick_ron(game, 0, 3);
  ASSERT_FALSE(game.finished());
  EXPECT_EQ(game.scores()[3], 28300);
  const Event& again = last(game, EventType::start_kyoku);
  EXPECT_EQ(again.bakaze, kinds::south);
  EXPECT_EQ(again.kyoku, 4);
  EXPECT_EQ(again.oya, 3);
  EXPECT_EQ(again.honba, 1);
}

// A game started at South 4 (an arena's start book) plays on by the same rules: nobody at 30000
// after it, so the West round follows; the honba and the riichi stick on the table go to the
// winner (1300 + 300 + 1000).
TEST(HandStart, SouthFourStartGoesOnToTheWestRound) {
  const HandStart start{kinds::south, 4, 1, 1, {26000, 20000, 24000, 29000}};
  Game game = scripted_game({quick_ron(3, 0, 1)}, false, start);
  const Event& first = game.log()[1];
  ASSERT_EQ(first.type, EventType::start_kyoku);
  EXPECT_EQ(first.bakaze, kinds::south);
  EXPECT_EQ(first.kyoku, 4);
  EXPECT_EQ(first.oya, 3);
  EXPECT_EQ(first.honba, 1);
  EXPECT_EQ(first.kyotaku, 1);
  EXPECT_EQ(first.scores, start.scores);
  play_quick_ron(game, 0, 1);
  ASSERT_FALSE(game.finished());
  EXPECT_EQ(game.scores(), (Scores{24400, 22600, 24000, 29000}));
  const Event& west_one = last(game, EventType::start_kyoku);
  EXPECT_EQ(west_one.bakaze, kinds::west);
  EXPECT_EQ(west_one.kyoku, 1);
  EXPECT_EQ(west_one.oya, 0);
  EXPECT_EQ(west_one.honba, 0);
}

// The same start with a seat at 30000 and a non-dealer win: the match ends with its one hand.
TEST(HandStart, SouthFourStartEndsWhenASeatHasThirtyThousand) {
  const HandStart start{kinds::south, 4, 0, 0, {31000, 24000, 25000, 20000}};
  Game game = scripted_game({quick_ron(3, 2, 1)}, false, start);
  play_quick_ron(game, 2, 1);
  ASSERT_TRUE(game.finished());
  EXPECT_EQ(game.hands_played(), 1);
  EXPECT_EQ(game.scores(), (Scores{31000, 25300, 23700, 20000}));
  EXPECT_EQ(game.ranks(), (std::array<int, 4>{0, 1, 2, 3}));
}

// A start the rules cannot reach is refused with the reason: scores and sticks must add up to
// the four starting scores, none below 0, kyoku 1..4, a wind for the round.
TEST(HandStart, ImpossibleStartsAreRefused) {
  const auto refused = [](const HandStart& start) {
    GameConfig config;
    config.start = start;
    try {
      Game game(config);
    } catch (const std::invalid_argument& error) {
      return std::string(error.what());
    }
    return std::string();
  };
  EXPECT_NE(refused({kinds::south, 4, 0, 0, {26000, 25000, 25000, 25000}}).find("add up to 101000"), std::string::npos);
  EXPECT_NE(refused({kinds::south, 4, 0, 0, {26000, 25000, 25000, 23000}}).find("add up to 99000"), std::string::npos);
  EXPECT_NE(refused({kinds::south, 5, 0, 0, {25000, 25000, 25000, 25000}}).find("kyoku"), std::string::npos);
  EXPECT_NE(refused({kinds::white, 1, 0, 0, {25000, 25000, 25000, 25000}}).find("wind"), std::string::npos);
  EXPECT_NE(refused({kinds::south, 4, 0, 0, {51000, 25000, 25000, -1000}}).find(">= 0"), std::string::npos);
  EXPECT_EQ(refused({kinds::south, 4, 0, 1, {25000, 25000, 25000, 24000}}), "");
  // No game reaches North (a hanchan's extension is West): such a start once played on from East 1.
  EXPECT_NE(refused({kinds::north, 4, 0, 0, {25000, 25000, 25000, 25000}}).find("round North is past"), std::string::npos);
  EXPECT_EQ(refused({kinds::west, 1, 0, 0, {25000, 25000, 25000, 25000}}), "");
  EXPECT_NE(refused({kinds::south, 4, 1001, 0, {25000, 25000, 25000, 25000}}).find("<= 1000"), std::string::npos);
  GameConfig tonpuu;
  tonpuu.tonpuu = true;
  tonpuu.start = HandStart{kinds::west, 1, 0, 0, {25000, 25000, 25000, 25000}};
  EXPECT_THROW(Game{tonpuu}, std::invalid_argument);
}

// Rule: tonpuusen ends after East 4 (someone has 30000); a hanchan goes on to South 1.
TEST(EndOfGame, TonpuusenEndsAfterEastFour) {
  auto walls = deals_into_the_next_seat(3);
  walls.push_back(quick_ron(3, 3, 1, true));
  Game tonpuu = scripted_game(walls, true);
  play_deals_into_the_next_seat(tonpuu, 3);
  play_quick_ron(tonpuu, 3, 1);
  ASSERT_TRUE(tonpuu.finished());
  EXPECT_EQ(tonpuu.hands_played(), 4);
  EXPECT_EQ(tonpuu.scores(), (Scores{23700, 30200, 25000, 21100}));

  Game hanchan = scripted_game(walls, false);
  play_deals_into_the_next_seat(hanchan, 3);
  play_quick_ron(hanchan, 3, 1);
  ASSERT_FALSE(hanchan.finished());
  EXPECT_EQ(last(hanchan, EventType::start_kyoku).bakaze, kinds::south);
}

// Rule: final ranks break ties by seat order (seats 0 and 2 both end on 25000), and the final
// points follow the ranks.
TEST(EndOfGame, TiesRankBySeatOrder) {
  Game game = kokushi_against_ankan();
  reply(game, {{3, legal(game, 3, EventType::hora)}});
  ASSERT_TRUE(game.finished());
  EXPECT_EQ(game.ranks(), (std::array<int, 4>{1, 3, 2, 0}));
  EXPECT_EQ(game.final_points(), (std::array<double, 4>{-5.0 + 10, -37.0 - 20, -5.0 - 10, 27.0 + 20 + 20}));
}

// --- whole games between greedy players ----------------------------------------------------------

struct GreedyGame {
  std::unique_ptr<Game> game;
  int replaced = 0;
};

// One hanchan between four greedy players on the seeded walls of (seed, wall_game).
GreedyGame play_greedy(std::uint64_t seed, std::uint64_t wall_game) {
  GameConfig config;
  config.seed = seed;
  config.wall_game = wall_game;
  GreedyGame out{std::make_unique<Game>(config)};
  std::array<std::unique_ptr<Policy>, 4> players;
  for (auto& player : players) player = make_policy("greedy");
  out.replaced = play_out(*out.game, {players[0].get(), players[1].get(), players[2].get(), players[3].get()}, 20000);
  return out;
}

// --- the wall schemes ----------------------------------------------------------------------------

// Each hand's deal and first dora indicator, by (round, repeat), with the hand's index in the game.
struct RoundDeal {
  int index = 0;
  int honba = 0;
  std::array<std::array<Tile, 13>, 4> tehais{};
  Tile dora_marker;
};

constexpr std::uint64_t kGroupSeed = 20261206;

// The log of a game of wall group `wall_game` (seed kGroupSeed): `first_seat` in seat 0, `greedy`
// in the others.
std::vector<Event> group_game_log(WallScheme scheme, std::uint64_t wall_game, const std::string& first_seat) {
  GameConfig config;
  config.seed = kGroupSeed;
  config.wall_game = wall_game;
  config.wall_scheme = scheme;
  Game game(config);
  std::array<std::unique_ptr<Policy>, 4> players;
  players[0] = make_policy(first_seat);
  for (int seat = 1; seat < 4; ++seat) players[static_cast<std::size_t>(seat)] = make_policy("greedy");
  play_out(game, {players[0].get(), players[1].get(), players[2].get(), players[3].get()}, 20000);
  EXPECT_TRUE(game.finished());
  return game.log();
}

std::map<std::pair<int, int>, RoundDeal> round_deals(WallScheme scheme, std::uint64_t wall_game, const std::string& first_seat) {
  std::map<std::pair<int, int>, RoundDeal> deals;
  HandCounter hands;
  for (const Event& event : group_game_log(scheme, wall_game, first_seat)) {
    if (event.type != EventType::start_kyoku) continue;
    const HandOfGame hand = hands.next(event);
    const Wall wall = Wall::generate(scheme, kGroupSeed, wall_game, hand);
    EXPECT_EQ(event.dora_marker, wall.dora_indicator(0));
    deals[{hand.round, hand.repeat}] = RoundDeal{hand.index, event.honba, event.tehais, event.dora_marker};
  }
  return deals;
}

// A game's hands keyed in order: the repeat counts the hands of the same round before, the honba
// plays no part.
TEST(WallScheme, HandCounterCountsEachRoundsHands) {
  HandCounter hands;
  const std::vector<std::pair<int, int>> played = {{kinds::east, 1}, {kinds::east, 1}, {kinds::east, 2}, {kinds::east, 2},
                                                   {kinds::east, 2}, {kinds::south, 1}, {kinds::west, 4}};
  const std::vector<std::array<int, 3>> expected = {{0, 0, 0}, {1, 0, 1}, {2, 1, 0}, {3, 1, 1}, {4, 1, 2}, {5, 4, 0}, {6, 11, 0}};
  for (std::size_t i = 0; i < played.size(); ++i) {
    Event start;
    start.type = EventType::start_kyoku;
    start.bakaze = played[i].first;
    start.kyoku = played[i].second;
    start.honba = static_cast<int>(i);  // any
    const HandOfGame hand = hands.next(start);
    EXPECT_EQ((std::array<int, 3>{hand.index, hand.round, hand.repeat}), expected[i]) << "hand " << i;
  }
}

// Under tenbin-wall-v2 two games of one wall group that reach the n-th hand of a round are dealt
// it alike, whichever hand of each game it is and whatever its honba; under tenbin-wall-v1 they
// are dealt alike only where it is the same hand of both.
TEST(WallScheme, ByRoundDealsARoundAlikeInEveryGameOfItsGroup) {
  int rounds_shared_at_other_hands = 0;
  int shared_at_other_honba = 0;
  int unlike_by_hand = 0;
  for (std::uint64_t group = 0; group < 8; ++group) {
    const auto greedy = round_deals(WallScheme::by_round, group, "greedy");
    const auto tsumogiri = round_deals(WallScheme::by_round, group, "tsumogiri");
    for (const auto& [round, deal] : greedy) {
      const auto other = tsumogiri.find(round);
      if (other == tsumogiri.end()) continue;
      EXPECT_EQ(deal.tehais, other->second.tehais) << "group " << group << ", round " << round.first << ", repeat " << round.second;
      EXPECT_EQ(deal.dora_marker, other->second.dora_marker);
      if (deal.index != other->second.index) ++rounds_shared_at_other_hands;
      if (deal.honba != other->second.honba) ++shared_at_other_honba;
    }
    const auto greedy_by_hand = round_deals(WallScheme::by_hand, group, "greedy");
    const auto tsumogiri_by_hand = round_deals(WallScheme::by_hand, group, "tsumogiri");
    for (const auto& [round, deal] : greedy_by_hand) {
      const auto other = tsumogiri_by_hand.find(round);
      if (other == tsumogiri_by_hand.end()) continue;
      if (deal.index == other->second.index) {
        EXPECT_EQ(deal.tehais, other->second.tehais);
      } else if (deal.tehais != other->second.tehais) {
        ++unlike_by_hand;
      }
    }
  }
  EXPECT_GT(rounds_shared_at_other_hands, 0);
  EXPECT_GT(shared_at_other_honba, 0);
  EXPECT_GT(unlike_by_hand, 0);
}

// Each seat's live draws in each hand, by (round, repeat); hands with a kan are left out (a kan
// moves a live tile to the dead wall and its replacement comes from there).
using SeatDraws = std::array<std::vector<Tile>, 4>;

std::map<std::pair<int, int>, SeatDraws> round_draws(WallScheme scheme, std::uint64_t wall_game, const std::string& first_seat) {
  std::map<std::pair<int, int>, SeatDraws> draws;
  HandCounter hands;
  std::pair<int, int> round{};
  bool kan = false;
  for (const Event& event : group_game_log(scheme, wall_game, first_seat)) {
    if (event.type == EventType::start_kyoku) {
      const HandOfGame hand = hands.next(event);
      round = {hand.round, hand.repeat};
      kan = false;
      draws[round] = SeatDraws{};
    } else if (event.is_kan()) {
      kan = true;
      draws.erase(round);
    } else if (event.type == EventType::tsumo && !kan) {
      draws[round][static_cast<std::size_t>(event.actor)].push_back(event.pai);
    }
  }
  return draws;
}

// Under tenbin-wall-v3 each seat draws its own live positions: two games of one wall group that
// reach the same hand of a round deal each seat the same draws, as far as both draw, however
// their calls differed (the first 15: the last positions may go to a seat past its own). Under
// tenbin-wall-v2 they part at the first call one game makes and the other does not.
TEST(WallScheme, BySeatDrawsDealEachSeatTheSameDrawsWhateverTheCalls) {
  int hands_compared = 0;
  int parted_in_turn = 0;
  for (std::uint64_t group = 0; group < 8; ++group) {
    const auto greedy = round_draws(WallScheme::by_round_seat_draws, group, "greedy");
    const auto tsumogiri = round_draws(WallScheme::by_round_seat_draws, group, "tsumogiri");
    for (const auto& [round, seats] : greedy) {
      const auto other = tsumogiri.find(round);
      if (other == tsumogiri.end()) continue;
      ++hands_compared;
      for (std::size_t seat = 0; seat < 4; ++seat) {
        const auto& a = seats[seat];
        const auto& b = other->second[seat];
        const std::size_t shared = std::min({a.size(), b.size(), std::size_t{15}});
        for (std::size_t k = 0; k < shared; ++k) {
          EXPECT_EQ(a[k], b[k]) << "group " << group << ", round " << round.first << ", repeat " << round.second
                                << ", seat " << seat << ", draw " << k;
        }
      }
    }
    const auto greedy_in_turn = round_draws(WallScheme::by_round, group, "greedy");
    const auto tsumogiri_in_turn = round_draws(WallScheme::by_round, group, "tsumogiri");
    for (const auto& [round, seats] : greedy_in_turn) {
      const auto other = tsumogiri_in_turn.find(round);
      if (other == tsumogiri_in_turn.end()) continue;
      for (std::size_t seat = 0; seat < 4; ++seat) {
        const auto& a = seats[seat];
        const auto& b = other->second[seat];
        const std::size_t shared = std::min(a.size(), b.size());
        if (!std::equal(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(shared), b.begin())) ++parted_in_turn;
      }
    }
  }
  EXPECT_GT(hands_compared, 20);
  EXPECT_GT(parted_in_turn, 0);
}

// Under tenbin-wall-v3 a game is a fair game as under the others: its draws are a permutation of
// the live tiles, and the walls are their own (another seed text than v2's).
TEST(WallScheme, BySeatDrawsComeFromTheLiveWallAndItsOwnWalls) {
  const HandOfGame hand{.index = 2, .round = 1, .repeat = 1};
  EXPECT_NE(Wall::generate(WallScheme::by_round_seat_draws, 7, 4, hand).tiles(), Wall::generate(WallScheme::by_round, 7, 4, hand).tiles());
  HandCounter hands;
  std::multiset<std::string> live;
  RinshanWatch rinshan;
  int hands_checked = 0;
  for (const Event& event : group_game_log(WallScheme::by_round_seat_draws, 5, "tsumogiri")) {
    const bool rinshan_draw = rinshan.is_rinshan_draw(event);
    if (event.type == EventType::start_kyoku) {
      const Wall wall = Wall::generate(WallScheme::by_round_seat_draws, kGroupSeed, 5, hands.next(event));
      live.clear();
      for (int p = Wall::kFirstLiveDraw; p < Wall::kFirstLiveDraw + Wall::kLiveDraws; ++p) live.insert(wall.at(p).to_string());
      ++hands_checked;
    } else if (event.type == EventType::tsumo && !rinshan_draw) {
      const auto found = live.find(event.pai.to_string());
      ASSERT_NE(found, live.end()) << "a draw of " << event.pai.to_string() << " not in the live wall left";
      live.erase(found);
    }
  }
  EXPECT_GT(hands_checked, 4);
}

constexpr int kGreedyGames = 200;

// Every game ends, every greedy reply is legal, and no point is created or lost.
TEST(GreedyHanchan, TwoHundredGamesFinishWithScoresSummingToStart) {
  for (int g = 0; g < kGreedyGames; ++g) {
    const GreedyGame played = play_greedy(20240601, static_cast<std::uint64_t>(g));
    const Game& game = *played.game;
    ASSERT_TRUE(game.finished()) << "game " << g;
    EXPECT_EQ(played.replaced, 0) << "game " << g;
    const auto& scores = game.scores();
    EXPECT_EQ(std::accumulate(scores.begin(), scores.end(), 0), 100000) << "game " << g;
    EXPECT_EQ(game.log().back().type, EventType::end_game) << "game " << g;
    EXPECT_EQ(game.log().back().scores, scores) << "game " << g;
    EXPECT_GE(game.hands_played(), 1) << "game " << g;
    const auto points = game.final_points();
    EXPECT_NEAR(points[0] + points[1] + points[2] + points[3], 0.0, 1e-6) << "game " << g;
  }
}

// The logs of 200 greedy hanchan pass the independent replay check: every action legal, every
// result recomputed (eval/verify's validate_logs, run as `tenbin-arena validate`, built beside
// the tenbin binary).
TEST(GreedyHanchan, TwoHundredLogsValidate) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tenbin-game-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<std::string> arguments = {"validate"};
  for (int g = 0; g < kGreedyGames; ++g) {
    const GreedyGame played = play_greedy(20240602, static_cast<std::uint64_t>(g));
    ASSERT_TRUE(played.game->finished());
    const fs::path path = dir / ("game" + std::to_string(g) + ".mjson");
    std::ofstream out(path);
    for (const Event& event : played.game->log()) out << event_to_json(event).dump() << '\n';
    arguments.push_back(path.string());
  }
  const subprocess::Result run = subprocess::run(subprocess::arena_binary(), arguments);
  const std::string output = run.out + run.err;
  fs::remove_all(dir);
  EXPECT_EQ(run.exit_code, 0) << output;
  EXPECT_NE(output.find("validate: 200 logs"), std::string::npos) << output;
}

}  // namespace
}  // namespace tenbin
