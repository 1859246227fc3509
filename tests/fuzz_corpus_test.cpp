// The fuzz corpus replayed on every test run: each file of fuzz/corpus/, each stream fixture (the
// fuzzers' seeds, see scripts/fuzz) and each input that once crashed the bot (fuzz/crashes/) goes
// through both fuzz targets' own checks (fuzz/mjai_bot_check.hpp), so CI catches a regression the
// fuzzers once found without clang; so does the match directory target's corpus.
#include "fuzz/mjai_bot_check.hpp"
#include "fuzz/match_dir_check.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

namespace tenbin {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  return files;
}

std::vector<std::uint8_t> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs the checks on one file; a broken check fails the test with its message.
void replay(const fs::path& path) {
  const std::vector<std::uint8_t> bytes = read_bytes(path);
  ASSERT_FALSE(bytes.empty()) << path;
  try {
    fuzz::check_mjai_input(bytes);
    fuzz::check_tcp_input(bytes);
  } catch (const fuzz::CheckFailure& failure) {
    ADD_FAILURE() << path << ": " << failure.what();
  }
}

class FuzzCorpus : public ::testing::Test {
 protected:
  void SetUp() override {
    level_ = spdlog::get_level();
    spdlog::set_level(spdlog::level::off);  // the corpus is bad input on purpose
  }
  void TearDown() override { spdlog::set_level(level_); }

 private:
  spdlog::level::level_enum level_ = spdlog::level::info;
};

TEST_F(FuzzCorpus, EveryCorpusFilePassesTheChecks) {
  const std::vector<fs::path> files = files_in(TENBIN_FUZZ_CORPUS_DIR);
  ASSERT_FALSE(files.empty());
  for (const fs::path& path : files) replay(path);
}

TEST_F(FuzzCorpus, EveryInputThatOnceCrashedPassesTheChecks) {
  const std::vector<fs::path> files = files_in(fs::path(TENBIN_FUZZ_CORPUS_DIR).parent_path() / "crashes");
  ASSERT_FALSE(files.empty());
  for (const fs::path& path : files) replay(path);
}

TEST_F(FuzzCorpus, EveryStreamFixturePassesTheChecks) {
  const std::vector<fs::path> files = files_in(fs::path(TENBIN_FIXTURES_DIR) / "streams");
  ASSERT_FALSE(files.empty());
  for (const fs::path& path : files) replay(path);
}

// The match directory target's corpus (fuzz/corpus-match/): a real match, and the edits that once
// crashed its readers (a rank out of range, a shard of count 0, games -1 and 2^31-1).
TEST_F(FuzzCorpus, EveryMatchDirCorpusFilePassesTheChecks) {
  const std::vector<fs::path> files = files_in(fs::path(TENBIN_FUZZ_CORPUS_DIR).parent_path() / "corpus-match");
  ASSERT_GE(files.size(), 5u);
  for (const fs::path& path : files) {
    const std::vector<std::uint8_t> bytes = read_bytes(path);
    try {
      fuzz::check_match_dir_input(bytes);
    } catch (const fuzz::MatchCheckFailure& failure) {
      ADD_FAILURE() << path << ": " << failure.what();
    }
  }
}

}  // namespace
}  // namespace tenbin
