// Reading a match directory as untrusted input: meta.json's and results.jsonl's fields are
// checked for type and range before use (a shard of count 0, games -1 or 2^31-1, a rank of 7,
// a rank twice, a float where a count goes), and an endless line is skipped, not held.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "eval/match/match_dir.hpp"
#include "eval/match/match_fields.hpp"
#include "tests/scratch_dir.hpp"

namespace tenbin::arena {
namespace {

using nlohmann::json;

json good_meta() {
  json seats = json::array();
  for (const char* name : {"a", "b", "c", "d"}) seats.push_back({{"name", name}, {"command", "x"}});
  return {{"seed", 7}, {"games", 8}, {"duplicate", false}, {"format", "hanchan"}, {"seats", seats}, {"wall", "tenbin-wall-v1"}};
}

// read_meta's error for meta.json holding `meta`, or "" when it reads.
std::string meta_error(const json& meta) {
  const ScratchDir scratch("meta");
  std::ofstream(scratch / "meta.json") << meta.dump();
  try {
    MatchDir(scratch.path().string()).read_meta();
    return "";
  } catch (const std::runtime_error& error) {
    return error.what();
  }
}

TEST(MatchFields, AGoodMetaReads) { EXPECT_EQ(meta_error(good_meta()), ""); }

TEST(MatchFields, MetaFieldsOutOfRangeAreNamed) {
  const auto with = [](const std::string& key, const json& value) {
    json meta = good_meta();
    meta[key] = value;
    return meta;
  };
  const std::vector<std::pair<json, std::string>> cases = {
      {with("shard", {{"index", 1}, {"count", 0}}), "shard.count"},
      {with("shard", {{"index", 3}, {"count", 3}}), "shard.index"},
      {with("shard", {{"index", -1}, {"count", 3}}), "shard.index"},
      {with("games", -1), "games"},
      {with("games", 0), "games"},
      {with("games", 2147483647), "games"},
      {with("games", 4.5), "games"},
      {with("games", "8"), "games"},
      {with("seed", -3), "seed"},
      {with("seed", 1e30), "seed"},
      {with("duplicate", "yes"), "duplicate"},
      {with("format", "sanma"), "format"},
      {with("seats", json::array({{{"name", "a"}}})), "seats"},
      {with("starts", json::array({{{"bakaze", "E"}, {"kyoku", 9}, {"scores", {25000, 25000, 25000, 25000}}}})), "starts[0]"},
  };
  for (const auto& [meta, field_name] : cases) {
    const std::string error = meta_error(meta);
    EXPECT_NE(error.find("meta.json: " + field_name), std::string::npos) << meta.dump() << " -> " << error;
  }
  json no_games = good_meta();
  no_games.erase("games");
  EXPECT_NE(meta_error(no_games).find("games: missing"), std::string::npos);
}

json good_result() {
  const json seat = {{"decisions", 3}, {"latency_ms", {1.5}},
                     {"incidents", {{"timeouts", 0}, {"crashes", 0}, {"junk", 0}, {"illegal", 0}, {"restarts", 0}}}};
  return {{"game", 0},       {"wall_game", 0},   {"names", {"a", "b", "c", "d"}},
          {"scores", {40000, 30000, 20000, 10000}}, {"ranks", {0, 1, 2, 3}}, {"points", {55.0, 10.0, -20.0, -45.0}},
          {"hands", 8},      {"seats", {seat, seat, seat, seat}}};
}

TEST(MatchFields, ResultFieldsOutOfRangeAreNamed) {
  EXPECT_EQ(result_problem(good_result()), std::nullopt);
  const auto with = [](const json::json_pointer& at, const json& value) {
    json result = good_result();
    result[at] = value;
    return result;
  };
  const std::vector<std::pair<json, std::string>> cases = {
      {with(json::json_pointer("/ranks/2"), 7), "ranks[2]"},
      {with(json::json_pointer("/ranks/2"), -1), "ranks[2]"},
      {with(json::json_pointer("/ranks/3"), 0), "ranks[3]: rank 0 twice"},
      {with(json::json_pointer("/scores/1"), 4294967296LL), "scores[1]"},
      {with(json::json_pointer("/scores/1"), 1.5), "scores[1]"},
      {with(json::json_pointer("/game"), -2), "game"},
      {with(json::json_pointer("/hands"), "9"), "hands"},
      {with(json::json_pointer("/names/0"), 3), "names[0]"},
      {with(json::json_pointer("/seats/1/decisions"), -1), "seats[1].decisions"},
      {with(json::json_pointer("/seats/1/latency_ms/0"), -4.0), "seats[1].latency_ms[0]"},
      {with(json::json_pointer("/seats/3/incidents/junk"), 0.5), "seats[3].incidents.junk"},
      {with(json::json_pointer("/ranks"), json::array({0, 1, 2})), "ranks"},
  };
  for (const auto& [result, field_name] : cases) {
    const auto problem = result_problem(result);
    ASSERT_TRUE(problem) << result.dump();
    EXPECT_EQ(problem->rfind(field_name, 0), 0u) << *problem;
  }
}

// A result line whose rank is out of range is listed as unreadable with its line and field, and
// its game is not among the results.
TEST(MatchFields, AResultOutOfRangeIsAnUnreadableLine) {
  const ScratchDir scratch("results");
  json bad = good_result();
  bad["game"] = 1;
  bad["ranks"][0] = 9;
  std::ofstream(scratch / "results.jsonl") << good_result().dump() << '\n' << bad.dump() << '\n';
  const ResultsFile file = MatchDir(scratch.path().string()).read_results_file(false);
  EXPECT_EQ(file.games.size(), 1u);
  ASSERT_EQ(file.unreadable_lines.size(), 1u);
  EXPECT_EQ(file.unreadable_lines[0].line, 2);
  EXPECT_EQ(file.unreadable_lines[0].why.rfind("ranks[0]", 0), 0u) << file.unreadable_lines[0].why;
}

TEST(MatchFields, AnEndlessLineIsSkippedNotHeld) {
  std::istringstream in("short\n" + std::string(5000, 'x') + "\nafter\nlast");
  std::string line;
  bool too_long = false;
  ASSERT_TRUE(bounded_getline(in, line, 100, too_long));
  EXPECT_EQ(line, "short");
  ASSERT_TRUE(bounded_getline(in, line, 100, too_long));
  EXPECT_TRUE(too_long);
  EXPECT_TRUE(line.empty());
  ASSERT_TRUE(bounded_getline(in, line, 100, too_long));
  EXPECT_FALSE(too_long);
  EXPECT_EQ(line, "after");
  ASSERT_TRUE(bounded_getline(in, line, 100, too_long));
  EXPECT_EQ(line, "last");
  EXPECT_TRUE(in.eof());
  EXPECT_FALSE(bounded_getline(in, line, 100, too_long));
}

}  // namespace
}  // namespace tenbin::arena
