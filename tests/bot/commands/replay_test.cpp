// `tenbin replay` beside games the deterministic greedy strategy played in the arena: replaying
// each seat with greedy must agree with every one of its own decisions, so every move is
// attributed to the decision it answered (a passed call followed by the seat's own draw is a
// pass, not the discard after that draw).
#include "bot/commands/replay.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace tenbin {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A scratch directory for one test, removed afterwards.
class Scratch {
 public:
  Scratch() : path_(fs::temp_directory_path() / ("tenbin-replay-test-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~Scratch() { fs::remove_all(path_); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Plays `games` tonpuu games of four greedy seats and returns the match directory's game logs.
std::vector<fs::path> greedy_games(const fs::path& out, int games) {
  const std::string greedy = subprocess::tenbin_binary().string() + " --log-level warn --strategy greedy";
  std::vector<std::string> args;
  for (const char* name : {"a", "b", "c", "d"}) args.insert(args.end(), {"--seat", std::string(name) + "=" + greedy});
  args.insert(args.end(), {"--games", std::to_string(games), "--seed", "17", "--format", "tonpuu", "--quiet",
                           "--out", out.string()});
  const subprocess::Result run = subprocess::run(subprocess::arena_binary(), args);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::vector<fs::path> logs;
  for (int game = 0; game < games; ++game) {
    std::ostringstream name;
    name << "000" << game << ".mjson";
    logs.push_back(out / "logs" / name.str());
  }
  return logs;
}

TEST(Replay, GreedyAgreesWithEveryDecisionGreedyMade) {
  Scratch scratch;
  int decisions = 0;
  int passes = 0;
  for (const fs::path& log : greedy_games(scratch.path() / "match", 2)) {
    for (int seat = 0; seat < 4; ++seat) {
      std::ifstream in(log);
      ASSERT_TRUE(in) << log;
      std::ostringstream rows;
      const ReplaySummary summary = run_replay(in, rows, seat, make_policy("greedy"));
      EXPECT_EQ(summary.rejected_lines, 0) << log;
      decisions += summary.decisions;
      std::istringstream lines(rows.str());
      for (std::string line; std::getline(lines, line);) {
        const json row = json::parse(line);
        if (!row.contains("agree")) continue;
        EXPECT_TRUE(row.at("agree").get<bool>()) << log << " seat " << seat << ": " << line;
        if (row.at("played").at("type") == "none") ++passes;
      }
    }
  }
  EXPECT_GT(decisions, 200);
  EXPECT_GT(passes, 0);  // passed calls were among the decisions checked
}

}  // namespace
}  // namespace tenbin
