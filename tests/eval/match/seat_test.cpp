// One arena seat in akochan's pipe dialect, driven event by event against a scripted bot
// (tests/fixtures/bots/akochan_pon.py) that pons every discard with [pon, dahai]: start_game
// carries akochan's kyoku_first and aka_flag, the queued discard answers the seat's own pon
// echo, and a queued discard whose pon lost to a ron is dropped instead of answering the next
// question.
#include "eval/match/seat.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace tenbin::arena {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

Event event(const json& object) { return parse_event(object).event; }

json hand(const char* spaced) {
  json tiles = json::array();
  std::string text(spaced);
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t space = text.find(' ', at);
    tiles.push_back(text.substr(at, space - at));
    at = space == std::string::npos ? text.size() : space + 1;
  }
  return tiles;
}

Event start_kyoku(int kyoku) {
  return event({{"type", "start_kyoku"}, {"bakaze", "E"}, {"kyoku", kyoku}, {"honba", 0}, {"kyotaku", 0},
                {"oya", kyoku - 1}, {"dora_marker", "9s"}, {"scores", {25000, 25000, 25000, 25000}},
                {"tehais", {hand("1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S"), hand("1p 1p 2p 2p 3p 3p 4p 4p 5p 5p 6p 6p 7p"),
                            hand("1s 1s 2s 2s 3s 3s 4s 4s 5s 5s 6s 6s 7s"), hand("2m 2m 3m 3m 4m 4m 5m 5m 6m 6m 7m 7m 8m")}}});
}

Event tsumo(int actor, const char* pai) { return event({{"type", "tsumo"}, {"actor", actor}, {"pai", pai}}); }
Event dahai(int actor, const char* pai) {
  return event({{"type", "dahai"}, {"actor", actor}, {"pai", pai}, {"tsumogiri", false}});
}

class AkochanSeat : public ::testing::Test {
 protected:
  AkochanSeat() : dir_(fs::temp_directory_path() / ("tenbin-seat-test-" + std::to_string(::getpid()))) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  ~AkochanSeat() override { fs::remove_all(dir_); }

  SeatSpec spec() const {
    SeatSpec spec;
    spec.name = "scripted-akochan";
    spec.command = std::string(TENBIN_FIXTURES_DIR) + "/bots/akochan_pon.py pipe " + record().string() + " {seat}";
    spec.dialect = Dialect::akochan;
    spec.timeout_ms = 10000;
    return spec;
  }
  fs::path record() const { return dir_ / "received.jsonl"; }
  std::vector<json> received() const {
    std::vector<json> lines;
    std::ifstream in(record());
    for (std::string line; std::getline(in, line);) lines.push_back(json::parse(line));
    return lines;
  }

  fs::path dir_;
};

std::string shown(const std::optional<Action>& action, int seat) {
  return action ? event_to_json(action->to_event(seat)).dump() : "nothing";
}

TEST_F(AkochanSeat, StartGameCarriesTheGameLengthAndRedFives) {
  for (const bool tonpuu : {false, true}) {
    fs::remove(record());
    ProcessSeat seat(spec(), (dir_ / "stderr.txt").string());
    seat.join_game(0, tonpuu);
    seat.deliver(event({{"type", "start_game"}, {"names", {"a", "b", "c", "d"}}}), false);
    seat.deliver(start_kyoku(1), false);
    seat.deliver(tsumo(0, "N"), true);
    const std::optional<Action> discard = seat.decide();
    ASSERT_TRUE(discard) << "the scripted akochan aborted: " << seat.incidents().crashes << " crash(es)";
    EXPECT_EQ(discard->type, EventType::dahai);
    const std::vector<json> lines = received();
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.front().at("type"), "start_game");
    EXPECT_EQ(lines.front().at("kyoku_first"), tonpuu ? 4 : 0);
    EXPECT_EQ(lines.front().at("aka_flag"), true);
    EXPECT_EQ(seat.incidents().total(), 0);
  }
}

TEST_F(AkochanSeat, QueuedDiscardAnswersOnlyTheOwnCallEcho) {
  ProcessSeat seat(spec(), (dir_ / "stderr.txt").string());
  seat.join_game(0);
  seat.deliver(event({{"type", "start_game"}, {"names", {"a", "b", "c", "d"}}}), false);
  seat.deliver(start_kyoku(2), false);

  // Seat 1 discards East: the bot answers [pon, dahai N]; the pon loses to seat 2's ron.
  seat.deliver(tsumo(1, "9m"), false);
  seat.deliver(dahai(1, "E"), true);
  const std::optional<Action> pon = seat.decide();
  ASSERT_TRUE(pon) << shown(pon, 0);
  EXPECT_EQ(pon->type, EventType::pon);
  seat.deliver(event({{"type", "hora"}, {"actor", 2}, {"target", 1}, {"pai", "E"}}), false);
  seat.deliver(event({{"type", "end_kyoku"}}), false);

  // The next hand's first question is the seat's own draw: the bot is asked, and its discard of
  // the drawn tile is the answer, not the discard queued behind the lost pon.
  seat.deliver(start_kyoku(1), false);
  seat.deliver(tsumo(0, "7p"), true);
  const std::optional<Action> own = seat.decide();
  ASSERT_TRUE(own) << shown(own, 0);
  EXPECT_EQ(event_to_json(own->to_event(0)), json::parse(R"({"type":"dahai","actor":0,"pai":"7p","tsumogiri":true})"));
  seat.deliver(dahai(0, "7p"), false);

  // A pon that happens: its echo is answered with the queued discard, without asking the bot.
  seat.deliver(tsumo(1, "9m"), false);
  seat.deliver(dahai(1, "S"), true);
  ASSERT_EQ(seat.decide().value_or(Action{}).type, EventType::pon);
  seat.deliver(event({{"type", "pon"}, {"actor", 0}, {"target", 1}, {"pai", "S"}, {"consumed", {"S", "S"}}}), true);
  const std::optional<Action> after_pon = seat.decide();
  ASSERT_TRUE(after_pon) << shown(after_pon, 0);
  EXPECT_EQ(event_to_json(after_pon->to_event(0)), json::parse(R"({"type":"dahai","actor":0,"pai":"N","tsumogiri":false})"));
  EXPECT_EQ(seat.incidents().total(), 0);
}

// akochan never answers whether to rob another seat's closed kan (with thirteen orphans): the
// seat tells it it may not act and passes for it, without waiting for a reply.
TEST_F(AkochanSeat, AClaimAkochanNeverAnswersIsPassedForIt) {
  ProcessSeat seat(spec(), (dir_ / "stderr.txt").string());
  seat.join_game(0);
  seat.deliver(event({{"type", "start_game"}, {"names", {"a", "b", "c", "d"}}}), false);
  seat.deliver(start_kyoku(2), false);
  seat.deliver(tsumo(1, "5p"), false);
  seat.deliver(event({{"type", "ankan"}, {"actor", 1}, {"consumed", {"5p", "5p", "5p", "5p"}}}), true);
  const std::optional<Action> pass = seat.decide();
  ASSERT_TRUE(pass);
  EXPECT_EQ(pass->type, EventType::none);
  EXPECT_EQ(seat.incidents().total(), 0);
  // The seat still answers the next real question.
  seat.deliver(tsumo(1, "9m"), false);
  seat.deliver(dahai(1, "E"), true);
  EXPECT_EQ(seat.decide().value_or(Action{}).type, EventType::pon);
  const std::vector<json> lines = received();
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[3].at("type"), "ankan");
  EXPECT_EQ(lines[3].at("can_act"), false);
}

}  // namespace
}  // namespace tenbin::arena
