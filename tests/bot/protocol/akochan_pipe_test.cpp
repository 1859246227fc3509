// akochan's pipe dialect as Mortal's arena drives it: start_game without a seat (the seat is the
// command line's), every seat's tiles shown, "can_act": false on all but the event the seat may
// act on; replies are one array line, a riichi or a call with the discard after it, and the echo
// of our own riichi or call is not answered (the host plays the queued discard).
#include "bot/protocol/akochan_pipe.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/mjai_lines.hpp"
#include "tests/process.hpp"

namespace tenbin {
namespace {

using nlohmann::json;
namespace L = lines;
using Strings = std::vector<std::string>;

constexpr int kSeat = 1;

MjaiBot greedy_at_seat_one() {
  BotOptions options;
  options.seat = kSeat;
  return MjaiBot(make_policy("greedy"), options);
}

// A line as Mortal's driver sends it: "can_act": false unless it is the one to answer.
std::string update_only(const std::string& line) {
  json object = json::parse(line);
  object["can_act"] = false;
  return object.dump();
}

// Mortal's driver: start_game with akochan's fields and no seat, a deal showing every hand.
Strings start(const char* our_hand, int oya) {
  json deal = json::parse(L::start_kyoku(our_hand, L::Deal{.oya = oya, .seat = kSeat}));
  deal["tehais"][0] = L::tiles("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s");
  deal["tehais"][2] = L::tiles("6s 6s 6s 7s 7s 7s 8s 8s 8s 9s 9s 9s 5s");
  deal["tehais"][3] = L::tiles("1p 1p 1p 2p 2p 2p 3p 3p 3p 7m 7m 7m 9m");
  return {R"({"type":"start_game","kyoku_first":0,"aka_flag":true})", update_only(deal.dump())};
}

Strings replies_to(MjaiBot& bot, const Strings& lines) {
  Strings out;
  for (const std::string& line : lines) {
    for (const std::string& reply : akochan_pipe_line(bot, line)) out.push_back(reply);
  }
  return out;
}

TEST(AkochanPipe, RiichiComesWithItsDiscard) {
  MjaiBot bot = greedy_at_seat_one();
  EXPECT_TRUE(replies_to(bot, start("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S", 1)).empty());
  const Strings draw = replies_to(bot, {L::tsumo(kSeat, "N")});
  ASSERT_EQ(draw.size(), 1u);
  EXPECT_EQ(json::parse(draw[0]), json::parse(R"([{"type":"reach","actor":1},{"type":"dahai","actor":1,"pai":"N","tsumogiri":true}])"));
  // The echoes: nothing to answer; the table follows them.
  EXPECT_TRUE(replies_to(bot, {L::reach(kSeat), L::dahai(kSeat, "N", true), L::reach_accepted(kSeat)}).empty());
  EXPECT_EQ(bot.table().score(kSeat), 24000);
}

TEST(AkochanPipe, PonComesWithItsDiscardAndEveryDiscardIsAnswered) {
  MjaiBot bot = greedy_at_seat_one();
  EXPECT_TRUE(replies_to(bot, start("P P 2p 3p 4p 5s 6s 7s 8m 8m E S N", 0)).empty());
  // Seat 0 draws (shown, update only) and discards a white dragon: the last event of the batch,
  // answered with the pon (a dragon pon has its yaku) and its discard.
  const Strings claim = replies_to(bot, {update_only(L::tsumo(0, "P")), L::dahai(0, "P", true)});
  ASSERT_EQ(claim.size(), 1u);
  const json pair = json::parse(claim[0]);
  ASSERT_TRUE(pair.is_array()) << pair;
  ASSERT_EQ(pair.size(), 2u) << pair;
  EXPECT_EQ(pair[0], json::parse(R"({"type":"pon","actor":1,"target":0,"pai":"P","consumed":["P","P"]})"));
  EXPECT_EQ(pair[1].at("type"), "dahai");
  EXPECT_EQ(pair[1].at("actor"), kSeat);
  EXPECT_NE(pair[1].at("pai"), "P");  // not a swap-call
  EXPECT_TRUE(replies_to(bot, {L::pon(kSeat, 0, "P", "P P"), pair[1].dump()}).empty());

  // Another discard with nothing to call: still answered, with a pass.
  const Strings pass = replies_to(bot, {update_only(L::tsumo(2, "9p")), L::dahai(2, "9p", true)});
  ASSERT_EQ(pass.size(), 1u);
  EXPECT_EQ(json::parse(pass[0]), json::parse(R"([{"type":"none"}])"));
}

// Without --seat, the seat start_game names is played, not seat 0.
TEST(AkochanPipe, TheSeatComesFromStartGameWhenItSaysSo) {
  MjaiBot bot(make_policy("greedy"), BotOptions{});  // no --seat: 0 until start_game says
  json deal = json::parse(L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S", L::Deal{.oya = 2, .seat = 2}));
  deal["tehais"][0] = L::tiles("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s");
  EXPECT_TRUE(replies_to(bot, {R"({"type":"start_game","id":2,"kyoku_first":0,"aka_flag":true})", deal.dump()}).empty());
  EXPECT_EQ(bot.table().seat(), 2);
  EXPECT_EQ(bot.table().hand()[static_cast<std::size_t>(parse_tile("S").kind())], 2);
  const Strings draw = replies_to(bot, {L::tsumo(2, "N")});
  ASSERT_EQ(draw.size(), 1u);
  EXPECT_EQ(json::parse(draw[0])[0].at("actor"), 2);
}

// Through the binary and the launcher that takes akochan's command line.
TEST(AkochanPipe, LauncherTakesAkochansCommandLine) {
  const std::string launcher = (subprocess::tenbin_binary().parent_path() / "tenbin-akochan").string();
  std::string input;
  for (const std::string& line : start("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S", 1)) input += line + "\n";
  input += L::tsumo(kSeat, "N") + "\n";
  const subprocess::Result run =
      subprocess::run("/bin/sh", {"-c", "TENBIN_OPTIONS='--strategy greedy' '" + launcher + "' pipe tactics.json 1"}, input);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(json::parse(run.out),
            json::parse(R"([{"type":"reach","actor":1},{"type":"dahai","actor":1,"pai":"N","tsumogiri":true}])"));
  EXPECT_EQ(run.out.find('\n'), run.out.size() - 1);  // one line
  const subprocess::Result usage = subprocess::run(launcher, {"mjai_client", "11600"});
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_NE(usage.err.find("pipe TACTICS_FILE PLAYER_ID"), std::string::npos) << usage.err;
}

}  // namespace
}  // namespace tenbin
