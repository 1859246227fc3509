// `tenbin-arena --shard I/N` and `tenbin-arena merge`: a match played as N shards and merged is
// the match played whole (byte-identical logs; the same results, commitments and summary, the
// decision latencies aside), for N = 1, 3 and 4, also when a shard was killed mid-game and
// resumed; and merge refuses a missing, duplicated, foreign, incomplete or corrupt shard.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "eval/match/durable_file.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

namespace tenbin {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int kGames = 12;  // three walls, each played in its four rotations

class ShardScratch : public ::testing::Test {
 protected:
  fs::path dir(const std::string& name) const { return scratch_ / name; }

 private:
  ScratchDir scratch_{"shard"};
};

subprocess::Result arena(std::vector<std::string> arguments,
                         std::chrono::milliseconds timeout = std::chrono::seconds(120)) {
  return subprocess::run(subprocess::arena_binary(), arguments, {}, timeout);
}

std::vector<std::string> match_args(const fs::path& out, std::uint64_t seed = 11) {
  const std::string greedy = subprocess::tenbin_binary().string() + " --strategy greedy --log-level warn";
  return {"--seat", "a=" + greedy, "--seat", "b=" + greedy, "--seat", "c=" + greedy, "--seat", "d=" + greedy,
          "--games", std::to_string(kGames), "--seed", std::to_string(seed), "--duplicate", "--quiet",
          "--out", out.string()};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const fs::path& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A result or summary row without its timing figures, which differ from run to run.
json without_latency(json value) {
  if (value.is_object()) {
    value.erase("latency_ms");
    for (auto& [key, member] : value.items()) member = without_latency(member);
  } else if (value.is_array()) {
    for (json& member : value) member = without_latency(member);
  }
  return value;
}

std::map<int, json> results_by_game(const fs::path& out) {
  std::map<int, json> results;
  for (const std::string& line : lines_of(out / "results.jsonl")) {
    const json result = json::parse(line);
    results[result.at("game").get<int>()] = without_latency(result);
  }
  return results;
}

std::set<std::string> commitments(const fs::path& out) {
  const std::vector<std::string> lines = lines_of(out / "commitments.jsonl");
  return {lines.begin(), lines.end()};
}

std::map<std::string, std::string> logs(const fs::path& out) {
  std::map<std::string, std::string> by_name;
  for (const auto& entry : fs::directory_iterator(out / "logs")) {
    by_name[entry.path().filename().string()] = read_file(entry.path());
  }
  return by_name;
}

void expect_same_match(const fs::path& merged, const fs::path& whole) {
  EXPECT_EQ(read_file(merged / "meta.json"), read_file(whole / "meta.json"));
  const auto merged_logs = logs(merged);
  EXPECT_EQ(merged_logs.size(), static_cast<std::size_t>(kGames));
  EXPECT_TRUE(merged_logs == logs(whole)) << "the logs differ";
  EXPECT_EQ(results_by_game(merged), results_by_game(whole));
  EXPECT_EQ(commitments(merged), commitments(whole));
  EXPECT_EQ(without_latency(json::parse(read_file(merged / "summary.json"))),
            without_latency(json::parse(read_file(whole / "summary.json"))));
  // The merged results are in game order.
  int previous = -1;
  for (const std::string& line : lines_of(merged / "results.jsonl")) {
    const int game = json::parse(line).at("game").get<int>();
    EXPECT_GT(game, previous);
    previous = game;
  }
  const subprocess::Result verify = arena({"verify", merged.string()});
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
}

std::vector<std::string> shard_dirs(const fs::path& root, const std::string& prefix, int count) {
  std::vector<std::string> dirs;
  for (int i = 0; i < count; ++i) dirs.push_back((root / (prefix + std::to_string(i))).string());
  return dirs;
}

class ArenaShards : public ShardScratch {
 protected:
  // The whole match, played once with two jobs.
  fs::path whole() {
    const fs::path out = dir("whole");
    if (!fs::exists(out / "summary.json")) {
      const subprocess::Result run = arena(with(match_args(out), {"--jobs", "2"}));
      EXPECT_EQ(run.exit_code, 0) << run.err;
    }
    return out;
  }
  // The match as `count` shards; returns their directories.
  std::vector<std::string> play_shards(int count) {
    const std::string prefix = "of" + std::to_string(count) + "-";
    for (int i = 0; i < count; ++i) {
      const fs::path out = dir(prefix + std::to_string(i));
      const std::string shard = std::to_string(i) + "/" + std::to_string(count);
      const subprocess::Result run = arena(with(match_args(out), {"--shard", shard}));
      EXPECT_EQ(run.exit_code, 0) << shard << ": " << run.err;
    }
    return shard_dirs(dir(""), prefix, count);
  }
  subprocess::Result merge(const fs::path& out, const std::vector<std::string>& shards) {
    return arena(with({"merge", out.string()}, shards));
  }
};

TEST_F(ArenaShards, MergedShardsAreTheWholeMatch) {
  const fs::path whole_match = whole();
  for (const int count : {1, 3, 4}) {
    SCOPED_TRACE("N = " + std::to_string(count));
    const std::vector<std::string> shards = play_shards(count);
    const fs::path merged = dir("merged-of" + std::to_string(count));
    const subprocess::Result run = merge(merged, shards);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    expect_same_match(merged, whole_match);
  }
}

// A shard holds whole walls: every game of a wall's four rotations in the same shard.
TEST_F(ArenaShards, AShardHoldsItsWallsInEveryRotation) {
  const std::vector<std::string> shards = play_shards(3);
  for (int i = 0; i < 3; ++i) {
    const std::map<int, json> results = results_by_game(shards[static_cast<std::size_t>(i)]);
    ASSERT_EQ(results.size(), 4U) << "shard " << i;
    for (const auto& [game, result] : results) EXPECT_EQ(result.at("wall_game").get<int>(), i) << "game " << game;
    EXPECT_EQ(json::parse(read_file(fs::path(shards[static_cast<std::size_t>(i)]) / "meta.json")).at("shard"),
              (json{{"index", i}, {"count", 3}}));
    // verify asks a shard for its own games only.
    const subprocess::Result verify = arena({"verify", shards[static_cast<std::size_t>(i)]});
    EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
  }
  // A shard that holds another shard's game fails verify.
  const std::vector<std::string> lines = lines_of(fs::path(shards[1]) / "results.jsonl");
  json foreign = json::parse(lines.front());
  foreign["game"] = 0;
  std::ofstream(fs::path(shards[1]) / "results.jsonl", std::ios::app) << foreign.dump() << '\n';
  const subprocess::Result verify = arena({"verify", shards[1]});
  EXPECT_NE(verify.exit_code, 0);
  EXPECT_NE(verify.out.find("game 0 is not one the match asked for"), std::string::npos) << verify.out;
}

// A shard's arena killed in the middle of its second game (at a write, by the arena's fault
// hook), then resumed: the merge is unchanged.
TEST_F(ArenaShards, AShardKilledMidGameAndResumedMergesTheSame) {
  const fs::path whole_match = whole();
  const fs::path killed = dir("of2-0");
  const std::vector<std::string> args = with(match_args(killed), {"--shard", "0/2"});
  // Past meta.json, the first game's commitments (one a hand), log and result, and a few hands
  // into the second game.
  const int first_hands = results_by_game(whole_match).at(0).at("hands").get<int>();
  std::vector<std::string> faulty = {std::string(arena::kWriteFaultVariable) + "=" + std::to_string(first_hands + 9) + ":kill",
                                     subprocess::arena_binary().string()};
  faulty.insert(faulty.end(), args.begin(), args.end());
  const subprocess::Result cut = subprocess::run("/usr/bin/env", faulty);
  EXPECT_NE(cut.exit_code, 0);
  // One game finished, the next one's walls committed: it was cut in the middle.
  ASSERT_EQ(lines_of(killed / "results.jsonl").size(), 1U);
  std::set<int> committed;
  for (const std::string& line : lines_of(killed / "commitments.jsonl")) committed.insert(json::parse(line).at("game").get<int>());
  ASSERT_EQ(committed.size(), 2U);
  const subprocess::Result resumed = arena(with(args, {"--resume"}));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const subprocess::Result other = arena(with(match_args(dir("of2-1")), {"--shard", "1/2"}));
  ASSERT_EQ(other.exit_code, 0) << other.err;
  const fs::path merged = dir("merged");
  ASSERT_EQ(merge(merged, shard_dirs(dir(""), "of2-", 2)).exit_code, 0);
  expect_same_match(merged, whole_match);
}

// Refusals: each says which shard and why, and writes nothing.
TEST_F(ArenaShards, MergeRefusesWhatIsNotOneWholeMatch) {
  const std::vector<std::string> shards = play_shards(3);
  const auto refused = [&](const std::vector<std::string>& given, const std::string& reason) {
    const fs::path out = dir("refused");
    const subprocess::Result run = merge(out, given);
    EXPECT_EQ(run.exit_code, 1) << reason;
    EXPECT_NE(run.err.find(reason), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(out / "results.jsonl")) << reason;
  };
  refused({shards[0], shards[1]}, "shard 2/3 is missing");
  refused({shards[0], shards[1], shards[1], shards[2]}, "are both shard 1/3");
  refused({shards[0], shards[1], whole().string()}, "not a shard");

  const fs::path foreign = dir("foreign");
  ASSERT_EQ(arena(with(match_args(foreign, 12), {"--shard", "2/3"})).exit_code, 0);
  refused({shards[0], shards[1], foreign.string()}, "from another match");

  // Shard 2's first result with a score raised: every shard is refereed again before anything is
  // written, and the line is named.
  const fs::path results_2 = fs::path(shards[2]) / "results.jsonl";
  const std::string played = read_file(results_2);
  std::vector<std::string> edited = lines_of(results_2);
  json raised = json::parse(edited.front());
  raised["scores"][0] = raised["scores"][0].get<int>() + 1000;
  edited.front() = raised.dump();
  {
    std::ofstream out(results_2, std::ios::trunc);
    for (const std::string& line : edited) out << line << '\n';
  }
  refused(shards, "results.jsonl:1: game " + raised.at("game").dump() + " field scores");
  std::ofstream(results_2, std::ios::trunc) << played;

  // Shard 1 loses its last result: incomplete.
  std::vector<std::string> lines = lines_of(fs::path(shards[1]) / "results.jsonl");
  const std::string last = lines.back();
  lines.pop_back();
  {
    std::ofstream out(fs::path(shards[1]) / "results.jsonl", std::ios::trunc);
    for (const std::string& line : lines) out << line << '\n';
  }
  refused(shards, "incomplete");
  // ... and holds a game of shard 0 instead: corrupt.
  json moved = json::parse(last);
  moved["game"] = 0;
  std::ofstream(fs::path(shards[1]) / "results.jsonl", std::ios::app) << last << '\n' << moved.dump() << '\n';
  refused(shards, "not in shard 1/3");
}

TEST_F(ArenaShards, BadShardOptionIsRejectedClearly) {
  for (const std::string bad : {"3/3", "1", "a/2", "-1/2", "0/0"}) {
    const subprocess::Result run = arena(with(match_args(dir("bad")), {"--shard", bad}));
    EXPECT_NE(run.exit_code, 0) << bad;
    EXPECT_NE(run.err.find("--shard"), std::string::npos) << bad << ": " << run.err;
    EXPECT_FALSE(fs::exists(dir("bad") / "results.jsonl")) << bad;
  }
}

}  // namespace
}  // namespace tenbin
