// `tenbin danger`: the position read from a log (tests/fixtures/streams/two_riichi.jsonl: seat 0
// has just drawn, seats 2 and 3 are in riichi, seat 1 has a pon), its tile accounting, the JSON
// answer in process and through the real executable, --exact, and bad input.
#include "bot/commands/danger_command.hpp"

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bot/commands/log_position.hpp"
#include "bot/mj0/mj0.hpp"
#include "tests/process.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

const std::string kFixture = std::string(TENBIN_FIXTURES_DIR) + "/streams/two_riichi.jsonl";

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Outcome {
  int status = 0;
  std::string out;
};

Outcome danger(const std::string& log, DangerOptions options) {
  std::istringstream in(log);
  std::ostringstream out;
  Outcome run;
  run.status = run_danger(in, out, options);
  run.out = out.str();
  return run;
}

DangerOptions json_options(int seat = 0) {
  DangerOptions options;
  options.seat = seat;
  options.samples = 3000;
  options.json = true;
  return options;
}

TEST(DangerCommand, PositionFromLogAddsUp) {
  std::istringstream in(read_file(kFixture));
  const LogPosition read = read_log_position(in, 0);
  const mj0::Position position = mj0::position_from_table(read.table);
  // Every unseen tile is in an opponent's concealed hand, the live wall or the dead wall.
  int concealed = 0;
  for (const mj0::Opponent& o : position.opponents) concealed += o.concealed;
  int unseen = 0;
  for (const auto c : position.unseen) unseen += c;
  EXPECT_EQ(unseen, concealed + position.live_tiles_left + position.dead_unseen());
  ASSERT_EQ(position.opponents.size(), 3u);
  EXPECT_EQ(position.opponents[0].seat, 1);
  EXPECT_EQ(position.opponents[0].melds.size(), 1u);
  EXPECT_TRUE(position.opponents[0].modes.caller);
  EXPECT_TRUE(position.opponents[1].riichi);
  EXPECT_TRUE(position.opponents[2].riichi);
  EXPECT_EQ(total_tiles(position.observer_hand), 14);
}

TEST(DangerCommand, JsonAnswer) {
  const Outcome run = danger(read_file(kFixture), json_options());
  ASSERT_EQ(run.status, 0);
  const json answer = json::parse(run.out);
  EXPECT_EQ(answer.at("seat"), 0);
  EXPECT_EQ(answer.at("samples"), 3000);
  ASSERT_EQ(answer.at("opponents").size(), 3u);
  const json& seat2 = answer.at("opponents").at(1);
  EXPECT_EQ(seat2.at("seat"), 2);
  EXPECT_EQ(seat2.at("riichi"), true);
  EXPECT_EQ(seat2.at("tenpai_probability"), 1.0);
  const double seat1_tenpai = answer.at("opponents").at(0).at("tenpai_probability");
  EXPECT_GT(seat1_tenpai, 0.0);
  EXPECT_LT(seat1_tenpai, 1.0);
  // Seat 2's river is safe against seat 2 (genbutsu): 7s was its riichi tile.
  EXPECT_EQ(seat2.at("tiles").at("7s").at("deal_in"), 0.0);
  double wall = 0;
  for (const auto& [name, tile] : answer.at("tiles").items()) {
    wall += tile.at("wall").get<double>();
    if (tile.at("unseen") == 0) {
      EXPECT_EQ(tile.at("wall"), 0.0) << name;
    }
    const double overall = tile.at("deal_in");
    EXPECT_GE(overall, 0.0);
    EXPECT_LE(overall, 1.0);
  }
  EXPECT_NEAR(wall, answer.at("live_tiles_left").get<double>(), 1e-6);
  // Same seed, same answer.
  EXPECT_EQ(danger(read_file(kFixture), json_options()).out, run.out);
}

TEST(DangerCommand, ExactForRiichiOpponents) {
  DangerOptions options = json_options();
  options.exact = true;
  const Outcome run = danger(read_file(kFixture), options);
  ASSERT_EQ(run.status, 0);
  const json answer = json::parse(run.out);
  EXPECT_EQ(answer.at("opponents").at(0).at("danger_from"), "sampler");
  EXPECT_EQ(answer.at("opponents").at(1).at("danger_from"), "exact");
  EXPECT_EQ(answer.at("opponents").at(2).at("danger_from"), "exact");
  EXPECT_EQ(answer.at("opponents").at(1).at("tiles").at("5s").at("std_error"), 0.0);
  EXPECT_GT(answer.at("opponents").at(1).at("tiles").at("5s").at("deal_in").get<double>(), 0.0);
  // No riichi before seat 2's declaration (cut the log there): --exact is an error.
  std::istringstream lines(read_file(kFixture));
  std::string cut;
  std::string line;
  while (std::getline(lines, line) && line.find("\"reach\"") == std::string::npos) cut += line + "\n";
  EXPECT_NE(danger(cut, options).status, 0);
  options.exact = false;
  EXPECT_EQ(danger(cut, options).status, 0);
}

TEST(DangerCommand, BadInputIsAnErrorNotACrash) {
  EXPECT_NE(danger("", json_options()).status, 0);
  EXPECT_NE(danger("not json\n", json_options()).status, 0);
  EXPECT_NE(danger(read_file(kFixture) + "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"9z\"}\n", json_options()).status, 0);
  // A discard of a tile seat 0 does not hold contradicts its table.
  EXPECT_NE(danger(read_file(kFixture) + "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\",\"tsumogiri\":false}\n",
                   json_options()).status, 0);
  EXPECT_EQ(danger("", json_options()).out, "");
}

// End to end: the real executable prints the table and exits 0; a bad log exits non-zero with a
// message on stderr.
TEST(DangerCommand, Executable) {
  const subprocess::Result good =
      subprocess::run(subprocess::tenbin_binary(), {"danger", "--seat", "0", "--samples", "2000"}, read_file(kFixture));
  EXPECT_EQ(good.exit_code, 0);
  EXPECT_NE(good.out.find("deal-in"), std::string::npos);
  EXPECT_NE(good.out.find("\n5s "), std::string::npos);
  const subprocess::Result bad = subprocess::run(subprocess::tenbin_binary(), {"danger", "--seat", "0"}, "{\"broken\n");
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE((bad.out + bad.err).find("line 1"), std::string::npos) << bad.out << bad.err;
}

}  // namespace
}  // namespace tenbin
