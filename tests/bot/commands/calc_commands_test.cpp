// The JSON-lines front end of `tenbin score` and `tenbin shanten`: bad lines get an error reply
// and the next line is still answered; the real binary behaves the same end to end.
#include "bot/commands/calc_commands.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/process.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

std::vector<json> serve(const std::string& input,
                        const std::function<json(const json&)>& handler) {
  std::istringstream in(input);
  std::ostringstream out;
  serve_json_lines(in, out, handler);
  std::vector<json> replies;
  std::istringstream lines(out.str());
  std::string line;
  while (std::getline(lines, line)) replies.push_back(json::parse(line));
  return replies;
}

const char* kGoodScore =
    R"({"bakaze":"E","oya":0,"actor":1,"jikaze":"S","target":2,"hand":["2m","3m","4m","5p","6p","7p","2s","3s","4s","6s","7s","9s","9s"],"pai":"8s"})";

TEST(ScoreCommand, BadLinesGetErrorsAndProcessingGoesOn) {
  const std::string input = std::string("not json\n") +
                            R"({"bakaze":"E","jikaze":"S","actor":1,"hand":["2m"],"pai":"8s","target":0})" "\n" +
                            R"({"bakaze":"X"})" "\n" + "[1,2]\n" + "\n" +
                            R"({"bakaze":"E","oya":0,"actor":1,"jikaze":"W","target":2,"hand":[],"pai":"8s"})" "\n" +
                            kGoodScore + "\n";
  const auto replies = serve(input, score_request);
  ASSERT_EQ(replies.size(), 6u);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(replies[i].contains("error")) << replies[i].dump();
  EXPECT_NE(replies[2].at("error").get<std::string>().find("\"X\""), std::string::npos);
  EXPECT_NE(replies[4].at("error").get<std::string>().find("jikaze"), std::string::npos);
  EXPECT_EQ(replies[5].at("points"), 1000);  // pinfu, 30 fu, non-dealer ron
  EXPECT_EQ(replies[5].at("deltas"), json({0, 1000, -1000, 0}));
}

TEST(ScoreCommand, RejectsTwoRedFivesOfOneSuit) {
  json request = json::parse(kGoodScore);
  request["hand"] = {"2m", "3m", "4m", "5pr", "6p", "7p", "2s", "3s", "4s", "6s", "7s", "9s", "9s"};
  request["melds"] = json::array();
  EXPECT_NO_THROW(score_request(request));
  request["hand"] = {"2m", "3m", "4m", "5pr", "5pr", "5p", "2s", "3s", "4s", "6s", "7s", "9s", "9s"};
  try {
    score_request(request);
    FAIL();
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("impossible"), std::string::npos);
  }
}

TEST(ShantenCommand, ReportsEveryFormAndUkeire) {
  const auto replies = serve(
      R"({"tiles":["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","E","E"]})" "\n"
      R"({"tiles":["1m","9m","1p","9p","1s","9s","E","S","W","N","P","F","C"]})" "\n"
      R"({"tiles":["1m","1m","1m","1m"],"melds":[{"type":"pon","pai":"E","consumed":["E","E"],"target":1},{"type":"pon","pai":"S","consumed":["S","S"],"target":1},{"type":"pon","pai":"W","consumed":["W","W"],"target":1}]})" "\n"
      R"({"tiles":["1m"]})" "\n",
      shanten_request);
  ASSERT_EQ(replies.size(), 4u);
  EXPECT_EQ(replies[0].at("shanten"), 0);
  EXPECT_EQ(replies[0].at("ukeire"), json({"3p"}));
  EXPECT_EQ(replies[1].at("shanten"), 0);
  EXPECT_EQ(replies[1].at("kokushi"), 0);
  EXPECT_EQ(replies[1].at("ukeire").size(), 13u);
  // 1111m with three melds: the only tile that would make a pair is a fifth 1m, so not tenpai;
  // chiitoitsu and kokushi are impossible with melds.
  EXPECT_EQ(replies[2].at("shanten"), 1);
  EXPECT_TRUE(replies[2].at("chiitoitsu").is_null());
  EXPECT_TRUE(replies[2].at("kokushi").is_null());
  EXPECT_TRUE(replies[3].contains("error"));
}

// Shanten reads a meld's tiles only, so `target` may be left out; scoring still needs it.
TEST(ShantenCommand, MeldsWithoutTargetAreAccepted) {
  // 234m 67p EE with a chi of 123s and a pon of white: tenpai on 5p and 8p.
  json request = json::parse(
      R"({"tiles":["2m","3m","4m","6p","7p","E","E"],"melds":[{"type":"chi","pai":"1s","consumed":["2s","3s"]},{"type":"pon","pai":"P","consumed":["P","P"]}]})");
  const json without_target = shanten_request(request);
  EXPECT_EQ(without_target.at("shanten"), 0);
  EXPECT_EQ(without_target.at("ukeire"), json({"5p", "8p"}));
  EXPECT_EQ(without_target.at("ukeire_count"), 8);
  request["melds"][0]["target"] = 3;
  request["melds"][1]["target"] = 2;
  EXPECT_EQ(shanten_request(request), without_target);

  request["tiles"].push_back("5p");
  request["melds"][1].erase("target");
  EXPECT_EQ(shanten_request(request).at("shanten"), -1);

  json score = json::parse(kGoodScore);
  score["hand"] = {"2m", "3m", "4m", "5p", "6p", "7p", "6s", "7s", "5s", "5s"};  // open tanyao
  score["melds"] = {{{"type", "chi"}, {"pai", "2s"}, {"consumed", {"3s", "4s"}}}};
  EXPECT_THROW(score_request(score), std::invalid_argument);
  score["melds"][0]["target"] = 0;
  EXPECT_NO_THROW(score_request(score));
}

// End to end through the real executable: a bad line, then a good one.
TEST(ScoreCommand, ExecutableAnswersEveryLine) {
  const std::string input = "{\"broken\n" + std::string(kGoodScore) + "\n";
  const subprocess::Result run = subprocess::run(subprocess::tenbin_binary(), {"score"}, input);
  EXPECT_EQ(run.exit_code, 0);
  const std::string& output = run.out;
  std::istringstream lines(output);
  std::string first;
  std::string second;
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_TRUE(json::parse(first).contains("error"));
  EXPECT_EQ(json::parse(second).at("points"), 1000);
}

}  // namespace
}  // namespace tenbin
