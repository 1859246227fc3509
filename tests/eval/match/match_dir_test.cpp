// The match directory: the duplicate seating, the file names, and reading meta.json,
// results.jsonl and commitments.jsonl as an interrupted match leaves them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "eval/match/match_dir.hpp"

namespace tenbin::arena {
namespace {

namespace fs = std::filesystem;

// A scratch match directory, removed afterwards.
class ScratchDir {
 public:
  ScratchDir() : path_(fs::temp_directory_path() / ("tenbin-match-dir-test-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ScratchDir() { fs::remove_all(path_); }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  void write(const std::string& name, const std::string& text) const { std::ofstream(path_ / name) << text; }
  std::string path() const { return path_.string(); }

 private:
  fs::path path_;
};

TEST(MatchDir, DuplicateSeatingPlaysEachWallFourTimesWithTheCommandsRotated) {
  const int expected_wall[] = {0, 0, 0, 0, 1, 1, 1, 1, 2};
  for (int game = 0; game < 9; ++game) {
    EXPECT_EQ(wall_game_of(true, game), static_cast<std::uint64_t>(expected_wall[game])) << game;
    EXPECT_EQ(wall_game_of(false, game), static_cast<std::uint64_t>(game)) << game;
  }
  // Game 1 of a duplicate set: command 1 sits at seat 0, command 0 at seat 3.
  EXPECT_EQ(command_at(true, 1, 0), 1);
  EXPECT_EQ(command_at(true, 1, 3), 0);
  EXPECT_EQ(command_at(true, 6, 1), 3);
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(command_at(false, 6, seat), seat);
}

TEST(MatchDir, NamesItsFiles) {
  const MatchDir dir("out");
  EXPECT_EQ(dir.log_path(7), "out/logs/0007.mjson");
  EXPECT_EQ(dir.log_path(12345), "out/logs/12345.mjson");
  EXPECT_EQ(dir.stderr_path(1, 3), "out/stderr/job1-seat3.log");
  EXPECT_EQ(dir.results_path(), "out/results.jsonl");
}

// A result line as the arena writes it, for game `game` (wall_game given when >= 0).
std::string result_line(int game, int wall_game, int hands) {
  nlohmann::json seat = {{"decisions", 3}, {"latency_ms", {1.5, 2.0}},
                         {"incidents", {{"timeouts", 0}, {"crashes", 0}, {"junk", 0}, {"illegal", 0}, {"restarts", 0}}}};
  nlohmann::json line = {{"game", game},
                         {"names", {"a", "b", "c", "d"}},
                         {"scores", {25000, 25000, 25000, 25000}},
                         {"ranks", {0, 1, 2, 3}},
                         {"points", {45.0, 5.0, -15.0, -35.0}},
                         {"hands", hands},
                         {"seats", {seat, seat, seat, seat}}};
  if (wall_game >= 0) line["wall_game"] = wall_game;
  return line.dump();
}

TEST(MatchDir, ResultsSkipLinesCutShortAndImplyTheWallGame) {
  const ScratchDir scratch;
  scratch.write("results.jsonl", result_line(5, -1, 9) + "\n" + result_line(6, 3, 8) + "\n" +
                                     "{\"game\":7,\"han\n" + result_line(6, 1, 7) + "\n");
  const auto results = MatchDir(scratch.path()).read_results(true);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results.at(5).wall_game, 1u);
  EXPECT_EQ(results.at(5).hands, 9);
  EXPECT_EQ(results.at(6).wall_game, 1u);  // the game played again: its last line
  EXPECT_EQ(results.at(6).hands, 7);
  EXPECT_EQ(results.at(6).line, 4);
  EXPECT_EQ(results.at(6).record.at("wall_game"), 1);
}

TEST(MatchDir, MetaOfAnotherWallIsRejectedNamingTheFile) {
  const ScratchDir scratch;
  const MatchDir dir(scratch.path());
  scratch.write("meta.json", "{\"seed\":31,\"games\":8,\"duplicate\":true}");
  const MatchMeta meta = dir.read_meta();
  EXPECT_EQ(meta.seed, 31u);
  EXPECT_TRUE(meta.duplicate);
  EXPECT_EQ(meta.wall_scheme, WallScheme::by_hand);  // a match written before the schemes were named
  scratch.write("meta.json", "{\"seed\":31,\"games\":8,\"wall\":\"tenbin-wall-v1\"}");
  EXPECT_EQ(dir.read_meta().wall_scheme, WallScheme::by_hand);
  scratch.write("meta.json", "{\"seed\":31,\"games\":8,\"wall\":\"tenbin-wall-v2\"}");
  EXPECT_EQ(dir.read_meta().wall_scheme, WallScheme::by_round);
  scratch.write("meta.json", "{\"seed\":31,\"games\":8,\"wall\":\"other\"}");
  try {
    dir.read_meta();
    FAIL() << "another wall was accepted";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()), dir.meta_path() + ": not a match of a known wall scheme (tenbin-wall-v1, v2 or v3)");
  }
}

TEST(MatchDir, CommitmentsKeepEveryLineOfAHandAndCountTheUnreadable) {
  const ScratchDir scratch;
  scratch.write("commitments.jsonl",
                "{\"game\":0,\"hand\":0,\"sha256\":\"aa\"}\n"
                "\n"
                "{\"game\":0,\"hand\":0,\"sha256\":\"bb\"}\n"
                "{\"game\":0,\"ha\n");
  const Commitments commitments = MatchDir(scratch.path()).read_commitments();
  ASSERT_EQ(commitments.by_hand.size(), 1u);
  EXPECT_EQ(commitments.by_hand.at({0, 0}), (std::vector<std::string>{"aa", "bb"}));
  EXPECT_EQ(commitments.unreadable, 1);
}

}  // namespace
}  // namespace tenbin::arena
