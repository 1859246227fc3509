// Every reader of a match directory (verify, report, merge, --resume, starts) on files edited to
// crash it: a rank out of range, a shard of count 0, games -1 or 2^31-1, a log of 100 MB. Each
// ends with its documented exit status and a message naming the file (and line or field); none
// dies of a signal.
#include <filesystem>
#include <functional>
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

std::vector<std::string> match_args(const fs::path& out) {
  std::vector<std::string> args;
  for (int seat = 0; seat < 4; ++seat) {
    args.push_back("--seat");
    args.push_back("g" + std::to_string(seat) + "=" + subprocess::tenbin_binary().string() + " --strategy greedy");
  }
  for (const std::string option : {"--games", "1", "--seed", "3", "--format", "tonpuu", "--shard", "0/1", "--quiet", "--out"}) {
    args.push_back(option);
  }
  args.push_back(out.string());
  return args;
}

subprocess::Result arena(const std::vector<std::string>& args) { return subprocess::run(subprocess::arena_binary(), args); }

class UntrustedMatch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir("untrusted");
    const subprocess::Result played = arena(match_args(*scratch_ / "played"));
    ASSERT_EQ(played.exit_code, 0) << played.err;
  }
  static void TearDownTestSuite() {
    delete scratch_;
    scratch_ = nullptr;
  }
  // A copy of the played match to edit.
  static fs::path copy(const std::string& name) {
    const fs::path dir = *scratch_ / name;
    fs::remove_all(dir);
    fs::copy(*scratch_ / "played", dir, fs::copy_options::recursive);
    return dir;
  }
  static void edit_json(const fs::path& path, const std::function<void(json&)>& change) {
    auto lines = read_lines(path);
    const bool one_object = path.extension() == ".json";
    json value = one_object ? json::parse(std::ifstream(path)) : json::parse(lines.at(0));
    change(value);
    if (one_object) {
      std::ofstream(path, std::ios::trunc) << value.dump(2) << '\n';
    } else {
      lines[0] = value.dump();
      write_lines(path, lines);
    }
  }

  static ScratchDir* scratch_;
};

ScratchDir* UntrustedMatch::scratch_ = nullptr;

// The run ended by itself with `code`, its output naming `text`.
void expect_refused(const subprocess::Result& run, int code, const std::string& text, const std::string& what) {
  EXPECT_NE(run.exit_code, -1) << what << ": ended by a signal";
  EXPECT_EQ(run.exit_code, code) << what << ": " << run.out << run.err;
  EXPECT_NE((run.out + run.err).find(text), std::string::npos) << what << ": " << run.out << run.err;
}

TEST_F(UntrustedMatch, TheMatchAsPlayedPassesEveryReader) {
  const fs::path dir = copy("clean");
  expect_refused(arena({"verify", dir.string()}), 0, "OK", "verify");
  std::vector<std::string> resume = match_args(dir);
  resume.push_back("--resume");
  expect_refused(arena(resume), 0, "", "--resume");
  expect_refused(arena({"merge", (dir.parent_path() / "clean-merged").string(), dir.string()}), 0, "", "merge");
}

TEST_F(UntrustedMatch, ARankOutOfRangeIsNamedByEveryReader) {
  const fs::path dir = copy("rank");
  edit_json(dir / "results.jsonl", [](json& result) { result["ranks"][0] = 7; });
  const std::string named = "results.jsonl:1: an unreadable result line: ranks[0]";
  expect_refused(arena({"verify", dir.string()}), 1, named, "verify");
  expect_refused(arena({"report", dir.string(), "--chart-js", "/dev/null"}), 3, named, "report");
  expect_refused(arena({"merge", (dir.parent_path() / "rank-merged").string(), dir.string()}), 1, named, "merge");
  EXPECT_FALSE(fs::exists(dir.parent_path() / "rank-merged" / "results.jsonl"));
  std::vector<std::string> resume = match_args(dir);
  resume.push_back("--resume");
  expect_refused(arena(resume), 2, "results.jsonl:1: ranks[0]", "--resume");
}

TEST_F(UntrustedMatch, AShardOfCountZeroIsNamed) {
  const fs::path dir = copy("shard-count");
  edit_json(dir / "meta.json", [](json& meta) { meta["shard"] = {{"index", 1}, {"count", 0}}; });
  expect_refused(arena({"verify", dir.string()}), 1, "meta.json: shard.count", "verify");
  expect_refused(arena({"report", dir.string(), "--chart-js", "/dev/null"}), 3, "meta.json: shard.count", "report");
  expect_refused(arena({"merge", (dir.parent_path() / "shard-merged").string(), dir.string()}), 1,
                 "meta.json: shard.count", "merge");
  std::vector<std::string> resume = match_args(dir);
  resume.push_back("--resume");
  expect_refused(arena(resume), 2, "meta.json: shard.count", "--resume");
}

TEST_F(UntrustedMatch, AMetaWithoutSeatsIsNamed) {
  const fs::path dir = copy("no-seats");
  edit_json(dir / "meta.json", [](json& meta) { meta.erase("seats"); });
  expect_refused(arena({"verify", dir.string()}), 1, "meta.json: names no four seats", "verify");
  expect_refused(arena({"report", dir.string(), "--chart-js", "/dev/null"}), 3, "meta.json: seats: missing", "report");
}

// games -1 would switch the check for missing games off; 2^31-1 would have it list 2^31 games.
TEST_F(UntrustedMatch, GamesOutOfRangeAreNamed) {
  for (const long long games : {-1LL, 2147483647LL}) {
    const fs::path dir = copy("games" + std::to_string(games));
    edit_json(dir / "meta.json", [&](json& meta) { meta["games"] = games; });
    expect_refused(arena({"verify", dir.string()}), 1, "meta.json: games: " + std::to_string(games) + " is out of range",
                   "verify, games " + std::to_string(games));
  }
}

// A log of 100 MB (sparse: no disk is filled) is refused unread.
TEST_F(UntrustedMatch, AHugeLogIsRefusedUnread) {
  const fs::path dir = copy("huge-log");
  fs::resize_file(log_of(dir, 0), std::uintmax_t{100} << 20);
  expect_refused(arena({"verify", dir.string()}), 1, "bytes, over the", "verify");
  expect_refused(arena({"starts", "--at", "E1", dir.string()}), 1, "bytes, over the", "starts");
  expect_refused(arena({"validate", log_of(dir, 0).string()}), 1, "bytes, over the", "validate");
}

}  // namespace
}  // namespace tenbin
