// Start books end to end (eval/start_book.hpp): a duplicate match of greedy bots started at South 4
// from a two-entry book plays each wall's four rotations from its entry, checks clean, keeps the
// book in meta.json, refuses to resume with another book, and verify names a first hand that is
// not the book's. `tenbin-arena starts` writes a book from logs; bad books and hands are refused.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/match_files.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

namespace tenbin {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

subprocess::Result run_arena(const std::vector<std::string>& arguments) {
  return subprocess::run(subprocess::arena_binary(), arguments);
}

// The start_kyoku of a log's first hand, as the book writes an entry.
json first_hand(const fs::path& log) {
  for (const std::string& line : read_lines(log)) {
    const json event = json::parse(line);
    if (event.at("type") != "start_kyoku") continue;
    return {{"bakaze", event.at("bakaze")}, {"kyoku", event.at("kyoku")}, {"honba", event.at("honba")},
            {"kyotaku", event.at("kyotaku")}, {"scores", event.at("scores")}};
  }
  return json();
}

const std::vector<json> kBook = {
    {{"bakaze", "S"}, {"kyoku", 4}, {"honba", 1}, {"kyotaku", 1}, {"scores", {31000, 24000, 27000, 17000}}},
    {{"bakaze", "S"}, {"kyoku", 4}, {"honba", 0}, {"kyotaku", 0}, {"scores", {12600, 51700, 6500, 29200}}},
};

std::vector<std::string> match_arguments(const fs::path& book, const fs::path& out) {
  std::vector<std::string> arguments;
  for (int seat = 0; seat < 4; ++seat) {
    arguments.push_back("--seat");
    arguments.push_back(std::string(TENBIN_BINARY) + " --strategy greedy --log-level warn");
  }
  for (const std::string option : {"--games", "8", "--duplicate", "--seed", "17", "--quiet", "--starts"}) {
    arguments.push_back(option);
  }
  arguments.push_back(book.string());
  arguments.push_back("--out");
  arguments.push_back(out.string());
  return arguments;
}

class ArenaStarts : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir("starts");
    std::vector<std::string> lines;
    for (const json& entry : kBook) lines.push_back(entry.dump());
    write_lines(book(), lines);
    const subprocess::Result played = run_arena(match_arguments(book(), match()));
    ASSERT_EQ(played.exit_code, 0) << played.err;
  }
  static void TearDownTestSuite() { delete scratch_; }
  static fs::path book() { return *scratch_ / "book.jsonl"; }
  static fs::path match() { return *scratch_ / "match"; }
  static ScratchDir* scratch_;
};

ScratchDir* ArenaStarts::scratch_ = nullptr;

// Game g plays wall game g / 4, which starts at the book's entry (g / 4) modulo 2.
TEST_F(ArenaStarts, EachWallStartsAtItsEntryOfTheBook) {
  for (int game = 0; game < 8; ++game) {
    EXPECT_EQ(first_hand(log_of(match(), game)), kBook[static_cast<std::size_t>(game / 4 % 2)]) << "game " << game;
  }
  std::ifstream in(match() / "meta.json");
  EXPECT_EQ(json::parse(in).at("starts"), json(kBook));
}

TEST_F(ArenaStarts, VerifyAndValidateAcceptTheMatch) {
  const subprocess::Result verified = run_arena({"verify", match().string()});
  EXPECT_EQ(verified.exit_code, 0) << verified.out;
  std::vector<std::string> validate = {"validate"};
  for (int game = 0; game < 8; ++game) validate.push_back(log_of(match(), game).string());
  const subprocess::Result validated = run_arena(validate);
  EXPECT_EQ(validated.exit_code, 0) << validated.out;
}

// A log whose first hand has other scores than the book's entry is named by verify.
TEST_F(ArenaStarts, VerifyNamesAFirstHandThatIsNotTheBooks) {
  const ScratchDir copy("starts-tampered");
  const fs::path dir = copy / "match";
  fs::copy(match(), dir, fs::copy_options::recursive);
  std::vector<std::string> lines = read_lines(log_of(dir, 5));
  json start = json::parse(lines[1]);
  ASSERT_EQ(start.at("type"), "start_kyoku");
  start["scores"] = {25000, 25000, 25000, 24000};
  lines[1] = start.dump();
  write_lines(log_of(dir, 5), lines);
  const subprocess::Result verified = run_arena({"verify", dir.string()});
  EXPECT_EQ(verified.exit_code, 1);
  EXPECT_NE(verified.out.find("0005.mjson:2: the first hand is"), std::string::npos) << verified.out;
}

TEST_F(ArenaStarts, ResumeWithAnotherBookIsRefused) {
  const ScratchDir copy("starts-resume");
  const fs::path dir = copy / "match";
  fs::copy(match(), dir, fs::copy_options::recursive);
  write_lines(copy / "other.jsonl", {kBook[1].dump()});
  std::vector<std::string> arguments = match_arguments(copy / "other.jsonl", dir);
  arguments.push_back("--resume");
  const subprocess::Result resumed = run_arena(arguments);
  EXPECT_EQ(resumed.exit_code, 2);
  EXPECT_NE(resumed.err.find("played with other settings"), std::string::npos) << resumed.err;
}

// The book of South 4 starts read back from the match: every game starts there, so one line per
// game, each its wall's entry.
TEST_F(ArenaStarts, StartsWritesTheBookOfAHand) {
  const subprocess::Result written = run_arena({"starts", "--at", "S4", match().string()});
  ASSERT_EQ(written.exit_code, 0) << written.err;
  std::vector<json> lines;
  std::size_t from = 0;
  for (std::size_t end; (end = written.out.find('\n', from)) != std::string::npos; from = end + 1) {
    lines.push_back(json::parse(written.out.substr(from, end - from)));
  }
  ASSERT_EQ(lines.size(), 8u);
  for (int game = 0; game < 8; ++game) EXPECT_EQ(lines[static_cast<std::size_t>(game)], kBook[static_cast<std::size_t>(game / 4 % 2)]);
  // No game of this match starts at East 1.
  const subprocess::Result none = run_arena({"starts", "--at", "E1", match().string()});
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_EQ(none.out, "");
  EXPECT_EQ(run_arena({"starts", "--at", "X9", match().string()}).exit_code, 2);
}

// A book with an impossible entry is refused before any game, naming its line.
TEST(StartBook, ABadEntryIsRefusedWithItsLine) {
  const ScratchDir scratch("starts-bad");
  json bad = kBook[0];
  bad["scores"] = {31000, 24000, 27000, 18000};
  write_lines(scratch / "book.jsonl", {kBook[1].dump(), bad.dump()});
  const subprocess::Result refused = run_arena(match_arguments(scratch / "book.jsonl", scratch / "match"));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("book.jsonl:2: the start's scores and riichi sticks add up to 101000"), std::string::npos)
      << refused.err;
  EXPECT_FALSE(fs::exists(scratch / "match" / "results.jsonl"));
  write_lines(scratch / "empty.jsonl", {});
  EXPECT_EQ(run_arena(match_arguments(scratch / "empty.jsonl", scratch / "match")).exit_code, 2);
}

}  // namespace
}  // namespace tenbin
