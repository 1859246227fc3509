// The DP's cap on states (dp::Options::max_states) and `tenbin nanikiru --max-states`: a hand
// whose graph passes the cap is refused as too large for the limit, before its tables are made;
// the solver and the command go on to the next hand; below the cap nothing changes (the bot plays
// without one).
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bot/commands/nanikiru_command.hpp"
#include "bot/dp/dp.hpp"
#include "tests/process.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

// A 6-shanten hand: with every option its graph takes GBs (the issue that set the cap).
const char* kSixShanten = "2m 3m 6m 7m 2p 5p 8p 3s 6s 9s E S W N";
// A 1-shanten hand, solved in a moment.
const char* kOneShanten = "2m 3m 4m 5p 6p 7p 3s 4s 6s 8s 9s 9s E N";

dp::Position position_of(const std::string& spaced) {
  dp::Position position;
  std::istringstream in(spaced);
  for (std::string name; in >> name;) ++position.hand[parse_tile(name).kind()];
  position.dora_markers = {parse_tile("1m")};
  position.draws_left = 12;
  dp::set_flat_unseen(position);
  return position;
}

dp::Options every_option(std::size_t max_states) {
  dp::Options options;
  options.shanten_back = true;
  options.hand_change = true;
  options.any_change_before_tenpai = true;
  options.max_states = max_states;
  return options;
}

json request_of(const std::string& spaced) {
  json hand = json::array();
  std::istringstream in(spaced);
  for (std::string name; in >> name;) hand.push_back(name);
  return {{"hand", hand}, {"bakaze", "E"}, {"jikaze", "S"}, {"dora_markers", {"1m"}}, {"draws_left", 12},
          {"options", {{"shanten_back", true}, {"hand_change", true}, {"any_change", true}}}};
}

TEST(NanikiruLimits, SolverRefusesAGraphPastTheCapAndSolvesTheNextHand) {
  dp::Solver solver;
  try {
    solver.solve(position_of(kSixShanten), every_option(20000));
    FAIL() << "the 6-shanten hand was solved under a cap of 20000 states";
  } catch (const dp::TooManyStates& error) {
    EXPECT_NE(std::string(error.what()).find("the hand is too large for the limit"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("20000 draw states"), std::string::npos) << error.what();
  }
  const dp::Result after = solver.solve(position_of(kOneShanten), every_option(20000));
  const dp::Result fresh = dp::evaluate(position_of(kOneShanten), every_option(0));
  ASSERT_EQ(after.candidates.size(), fresh.candidates.size());
  EXPECT_EQ(after.draw_states, fresh.draw_states);
  for (std::size_t c = 0; c < fresh.candidates.size(); ++c) {
    EXPECT_EQ(after.candidates[c].discard, fresh.candidates[c].discard);
    EXPECT_EQ(after.candidates[c].value, fresh.candidates[c].value);
  }
}

// A cap the graph reaches exactly changes nothing; one state less refuses it.
TEST(NanikiruLimits, TheCapCountsDrawStatesExactly) {
  const dp::Result free = dp::evaluate(position_of(kOneShanten), every_option(0));
  ASSERT_GT(free.draw_states, 1u);
  const dp::Result capped = dp::evaluate(position_of(kOneShanten), every_option(free.draw_states));
  EXPECT_EQ(capped.draw_states, free.draw_states);
  ASSERT_EQ(capped.candidates.size(), free.candidates.size());
  for (std::size_t c = 0; c < free.candidates.size(); ++c) EXPECT_EQ(capped.candidates[c].value, free.candidates[c].value);
  EXPECT_THROW(dp::evaluate(position_of(kOneShanten), every_option(free.draw_states - 1)), dp::TooManyStates);
}

TEST(NanikiruLimits, CommandAnswersTooLargeAndGoesOn) {
  std::istringstream in(request_of(kSixShanten).dump() + "\n" + request_of(kOneShanten).dump() + "\n");
  std::ostringstream out;
  EXPECT_EQ(serve_nanikiru(in, out, 20000), 1);
  std::istringstream lines(out.str());
  std::vector<json> rows;
  for (std::string line; std::getline(lines, line);) rows.push_back(json::parse(line));
  ASSERT_GE(rows.size(), 2u);
  EXPECT_EQ(rows[0].at("request"), 1);
  EXPECT_NE(rows[0].at("error").get<std::string>().find("too large for the limit"), std::string::npos) << rows[0];
  EXPECT_EQ(rows[1].at("request"), 2);
  EXPECT_EQ(rows[1].at("rank"), 1);
}

// The binary takes --max-states (a positive count) and answers as the library does.
TEST(NanikiruLimits, MaxStatesOption) {
  const std::string input = request_of(kSixShanten).dump() + "\n";
  const subprocess::Result capped = subprocess::run(subprocess::tenbin_binary(), {"nanikiru", "--max-states", "20000"}, input);
  EXPECT_EQ(capped.exit_code, 0) << capped.err;
  const json row = json::parse(capped.out);
  EXPECT_NE(row.at("error").get<std::string>().find("the hand is too large for the limit: its graph passes 20000"),
            std::string::npos)
      << row;
  EXPECT_NE(subprocess::run(subprocess::tenbin_binary(), {"nanikiru", "--max-states", "0"}, input).exit_code, 0);
  EXPECT_NE(subprocess::run(subprocess::tenbin_binary(), {"nanikiru", "--max-states", "-1"}, input).exit_code, 0);
}

// Log mode (--seat) takes the cap too: the position after seat 0's first draw of a 6-shanten deal.
TEST(NanikiruLimits, LogModeTakesTheCap) {
  const std::string hidden = R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"])";
  const std::string log =
      R"({"type":"start_game","names":["a","b","c","d"]})" "\n"
      R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m",)"
      R"("tehais":[["2m","3m","6m","7m","2p","5p","8p","3s","6s","9s","E","S","W"],)" + hidden + "," + hidden + "," + hidden +
      "]}\n" R"({"type":"tsumo","actor":0,"pai":"N"})" "\n";
  const subprocess::Result capped =
      subprocess::run(subprocess::tenbin_binary(), {"nanikiru", "--seat", "0", "--max-states", "20000"}, log);
  EXPECT_EQ(capped.exit_code, 1) << capped.err;
  EXPECT_NE(capped.out.find("too large for the limit"), std::string::npos) << capped.out;
}

}  // namespace
}  // namespace tenbin
