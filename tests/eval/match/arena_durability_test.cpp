// What the arena keeps when things go wrong around it: killed at every write of a small match
// (before the write, or halfway through it), a full disk at every write, a file size limit, an
// unwritable results.jsonl - each time nothing finished is lost, the arena says why it stopped,
// and --resume completes a match that verify accepts and that plays the very same games. Also the
// seat commands that cannot start, and the exit statuses of bad options.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "eval/match/durable_file.hpp"
#include "tests/match_files.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

namespace tenbin {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kGreedy = std::string(TENBIN_BINARY) + " --log-level warn --strategy greedy";
constexpr int kGames = 2;
constexpr int kGamesPerWrite = 1;  // the matches replayed once for each of their writes

using Scratch = ScratchDir;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The arguments of a small tonpuu match between four greedy seats, into `out`.
std::vector<std::string> match_args(const fs::path& out, int games = kGames) {
  std::vector<std::string> args;
  for (const char* name : {"a", "b", "c", "d"}) {
    args.push_back("--seat");
    args.push_back(std::string(name) + "=" + kGreedy);
  }
  for (const std::string& arg : {std::string("--games"), std::to_string(games), std::string("--seed"), std::string("5"),
                                 std::string("--format"), std::string("tonpuu"), std::string("--quiet"),
                                 std::string("--out"), out.string()}) {
    args.push_back(arg);
  }
  return args;
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// The arena, run through `wrapper` (env, prlimit) when one is given.
subprocess::Result arena(const std::vector<std::string>& args, const std::vector<std::string>& wrapper = {}) {
  if (wrapper.empty()) return subprocess::run(subprocess::arena_binary(), args);
  std::vector<std::string> all(wrapper.begin() + 1, wrapper.end());
  all.push_back(subprocess::arena_binary().string());
  all.insert(all.end(), args.begin(), args.end());
  return subprocess::run(wrapper.front(), all);
}

std::vector<std::string> fault(long write, const std::string& kind) {
  return {"/usr/bin/env", std::string(arena::kWriteFaultVariable) + "=" + std::to_string(write) + ":" + kind};
}

// What a finished match played: each game's log and scores (latencies differ from run to run).
struct Played {
  std::map<int, std::string> logs;
  std::map<int, json> scores;
};

// The finished games of results.jsonl. A last line without its newline (a write the disk cut
// short) is no result, as the arena's own reader has it, and --resume drops it.
Played played(const fs::path& out) {
  Played result;
  std::ifstream in(out / "results.jsonl");
  for (std::string line; std::getline(in, line);) {
    if (in.eof()) break;
    const json record = json::parse(line);
    const int game = record.at("game").get<int>();
    EXPECT_FALSE(result.scores.count(game)) << "game " << game << " listed twice";
    result.scores[game] = record.at("scores");
    result.logs[game] = read_text(log_of(out, game));
  }
  return result;
}

// The match in `out` is whole: verify accepts it, and it played what `reference` played.
void expect_same_match(const fs::path& out, const Played& reference, const std::string& context) {
  const subprocess::Result check = subprocess::run(subprocess::arena_binary(), {"verify", out.string()});
  EXPECT_EQ(check.exit_code, 0) << context << "\n" << check.out << check.err;
  const Played resumed = played(out);
  ASSERT_EQ(resumed.scores.size(), reference.scores.size()) << context;
  for (const auto& [game, scores] : reference.scores) {
    EXPECT_EQ(resumed.scores.at(game), scores) << context << " game " << game;
    EXPECT_EQ(resumed.logs.at(game), reference.logs.at(game)) << context << " game " << game;
  }
}

// --- interruptions and failed writes -------------------------------------------------------------

// A result line cut short (a kill in the middle of its write) is cut off on --resume and its
// game played again: the next game is not appended to it and lost.
TEST(ArenaDurability, ResultLineCutShortIsPlayedAgainOnResume) {
  Scratch scratch("cut-line");
  const fs::path out = scratch / "out";
  ASSERT_EQ(arena(match_args(out)).exit_code, 0);
  const Played reference = played(out);
  std::string results = read_text(out / "results.jsonl");
  const auto last_line = results.rfind('\n', results.size() - 2) + 1;
  results.resize(last_line + (results.size() - last_line) / 2);
  std::ofstream(out / "results.jsonl", std::ios::trunc | std::ios::binary) << results;

  const subprocess::Result resumed = arena(with(match_args(out), {"--resume"}));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("unfinished last line"), std::string::npos) << resumed.err;
  expect_same_match(out, reference, "cut result line");
}

// Killed at each write in turn, before it or halfway through it: --resume then completes the
// match exactly. The last write is found when the arena first gets past every write alive.
TEST(ArenaDurability, KilledAtEveryWriteTheMatchResumesExactly) {
  Scratch scratch("kill");
  ASSERT_EQ(arena(match_args(scratch / "reference", kGamesPerWrite)).exit_code, 0);
  const Played reference = played(scratch / "reference");
  long write = 1;
  for (;; ++write) {
    bool survived = false;
    for (const std::string kind : {"kill", "cut"}) {
      const std::string context = "killed (" + kind + ") at write " + std::to_string(write);
      const fs::path out = scratch / ("w" + std::to_string(write) + kind);
      const subprocess::Result killed = arena(match_args(out, kGamesPerWrite), fault(write, kind));
      if (killed.exit_code == 0) {
        survived = true;
        break;
      }
      ASSERT_EQ(killed.exit_code, -1) << context << ": " << killed.err;  // ended by the signal
      const subprocess::Result resumed = arena(with(match_args(out, kGamesPerWrite), {"--resume"}));
      ASSERT_EQ(resumed.exit_code, 0) << context << ": " << resumed.err;
      expect_same_match(out, reference, context);
      fs::remove_all(out);
    }
    if (survived) break;
  }
  EXPECT_GT(write, 2 + 2 * kGamesPerWrite);  // meta, a commitment per hand, a log and a result per game, summary
}

// A full disk at each write in turn: the arena stops at once with the reason and exit 3, keeps
// no partial file in place, and --resume completes the match exactly.
TEST(ArenaDurability, FullDiskAtEveryWriteStopsClearlyAndResumes) {
  Scratch scratch("enospc");
  ASSERT_EQ(arena(match_args(scratch / "reference", kGamesPerWrite)).exit_code, 0);
  const Played reference = played(scratch / "reference");
  long write = 1;
  for (;; ++write) {
    const std::string context = "no space at write " + std::to_string(write);
    const fs::path out = scratch / ("w" + std::to_string(write));
    const subprocess::Result full = arena(match_args(out, kGamesPerWrite), fault(write, "enospc"));
    if (full.exit_code == 0) break;
    ASSERT_EQ(full.exit_code, 3) << context << ": " << full.err;
    EXPECT_NE(full.err.find("No space left on device"), std::string::npos) << context << ": " << full.err;
    for (const auto& [game, log] : played(out).logs) EXPECT_EQ(log, reference.logs.at(game)) << context;
    const subprocess::Result resumed = arena(with(match_args(out, kGamesPerWrite), {"--resume"}));
    ASSERT_EQ(resumed.exit_code, 0) << context << ": " << resumed.err;
    expect_same_match(out, reference, context);
    fs::remove_all(out);
  }
  EXPECT_GT(write, 2 + 2 * kGamesPerWrite);
}

// A real write failure, no fault injected: a file size limit smaller than one game's log.
TEST(ArenaDurability, FileSizeLimitStopsTheMatchAndKeepsItResumable) {
  Scratch scratch("fsize");
  ASSERT_EQ(arena(match_args(scratch / "reference")).exit_code, 0);
  const Played reference = played(scratch / "reference");
  const fs::path out = scratch / "out";
  const subprocess::Result limited = arena(match_args(out), {"/usr/bin/prlimit", "--fsize=8000"});
  ASSERT_EQ(limited.exit_code, 3) << limited.err;
  EXPECT_NE(limited.err.find("File too large"), std::string::npos) << limited.err;
  EXPECT_FALSE(fs::exists(log_of(out, 0)));  // no log cut short in place
  EXPECT_FALSE(fs::exists(out / "summary.json"));
  ASSERT_EQ(arena(with(match_args(out), {"--resume"})).exit_code, 0);
  expect_same_match(out, reference, "after the file size limit");
}

// The probe that found the silent losses: 40 games on a 400 KB tmpfs. Mounting needs root (and a
// kernel that lets the container mount), so elsewhere the case is skipped.
TEST(ArenaDurability, SmallTmpfsFillsUpAndTheMatchStopsClearly) {
  if (::geteuid() != 0) GTEST_SKIP() << "mounting a tmpfs needs root";
  Scratch scratch("tmpfs");
  const fs::path mount_point = scratch / "disk";
  fs::create_directories(mount_point);
  if (subprocess::run("/bin/mount", {"-t", "tmpfs", "-o", "size=400k", "tmpfs", mount_point.string()}).exit_code != 0) {
    GTEST_SKIP() << "cannot mount a tmpfs here";
  }
  // The bots the arena started may still be closing their files on it when the arena has
  // exited: unmount once they are gone, or detach it (lazily) so the scratch can be removed.
  struct Unmount {
    fs::path at;
    ~Unmount() {
      for (int attempt = 0; attempt < 50; ++attempt) {
        if (subprocess::run("/bin/umount", {at.string()}).exit_code == 0) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
      subprocess::run("/bin/umount", {"-l", at.string()});
    }
  } unmount{mount_point};
  const fs::path out = mount_point / "out";
  const subprocess::Result full = arena(match_args(out, 40));
  EXPECT_EQ(full.exit_code, 3) << full.err;
  EXPECT_NE(full.err.find("No space left on device"), std::string::npos) << full.err;
  EXPECT_FALSE(fs::exists(out / "summary.json"));
  const Played kept = played(out);
  EXPECT_GT(kept.logs.size(), 0u);
  EXPECT_LT(kept.logs.size(), 40u);
  // Every log in place is whole; at most the last one lacks its result line (played again).
  std::size_t logs_in_place = 0;
  for (const auto& entry : fs::directory_iterator(out / "logs")) {
    if (entry.path().extension() != ".mjson") continue;
    ++logs_in_place;
    const std::string log = read_text(entry.path());
    EXPECT_NE(log.find("\"end_game\""), std::string::npos) << entry.path();
    EXPECT_EQ(log.back(), '\n') << entry.path();
  }
  EXPECT_GE(logs_in_place, kept.logs.size());
  EXPECT_LE(logs_in_place, kept.logs.size() + 1);
}

// results.jsonl that cannot be written (on a full device, read-only, a directory): exit 3, said
// clearly.
TEST(ArenaDurability, UnwritableResultsStopTheMatch) {
  Scratch scratch("unwritable");
  const fs::path full = scratch / "full";
  fs::create_directories(full);
  fs::create_symlink("/dev/full", full / "results.jsonl");
  const subprocess::Result on_full = arena(match_args(full));
  EXPECT_EQ(on_full.exit_code, 3) << on_full.err;
  EXPECT_NE(on_full.err.find("results.jsonl: No space left on device"), std::string::npos) << on_full.err;

  if (::geteuid() != 0) {  // root may write a read-only file
    const fs::path read_only = scratch / "read-only";
    fs::create_directories(read_only);
    std::ofstream(read_only / "results.jsonl");
    fs::permissions(read_only / "results.jsonl", fs::perms::owner_read);
    const subprocess::Result on_read_only = arena(match_args(read_only));
    EXPECT_EQ(on_read_only.exit_code, 3) << on_read_only.err;
    EXPECT_NE(on_read_only.err.find("Permission denied"), std::string::npos) << on_read_only.err;
  }

  const fs::path directory = scratch / "directory";
  fs::create_directories(directory / "results.jsonl");
  const subprocess::Result on_directory = arena(match_args(directory));
  EXPECT_EQ(on_directory.exit_code, 3) << on_directory.err;
  EXPECT_NE(on_directory.err.find("results.jsonl: Is a directory"), std::string::npos) << on_directory.err;
}

// --- seats that cannot play, and bad options ------------------------------------------------------

std::vector<std::string> with_first_seat(const fs::path& out, const std::string& command) {
  std::vector<std::string> args = match_args(out, 1);
  args[1] = "odd=" + command;
  return args;
}

// A seat command naming no program stops the arena before the match, naming it.
TEST(ArenaSeats, CommandNamingNoProgramStopsBeforeTheMatch) {
  Scratch scratch("no-program");
  for (const std::string command : {"tenbin-no-such-bot --seat 0", "/no/such/dir/bot", "./tenbin-no-such-bot"}) {
    const subprocess::Result run = arena(with_first_seat(scratch / "out", command));
    EXPECT_EQ(run.exit_code, 2) << command << ": " << run.err;
    EXPECT_NE(run.err.find("seat odd"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(scratch / "out" / "results.jsonl")) << command;
  }
}

// A bot that dies at every start stops the match after kMaxFailedStartsInARow starts, with the
// last line of its stderr; that stderr holds every start's words (appended, not truncated).
TEST(ArenaSeats, BotThatNeverStartsStopsTheMatchWithItsLastWords) {
  Scratch scratch("never-starts");
  const fs::path out = scratch / "out";
  const subprocess::Result run = arena(with_first_seat(out, "echo cannot-start-here >&2; exit 1"));
  EXPECT_EQ(run.exit_code, 3) << run.err;
  EXPECT_NE(run.err.find("seat 0 (odd)"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("cannot-start-here"), std::string::npos) << run.err;
  const std::string seat_stderr = read_text(out / "stderr" / "job0-seat0.log");
  int starts = 0;
  for (auto at = seat_stderr.find("cannot-start-here"); at != std::string::npos; at = seat_stderr.find("cannot-start-here", at + 1)) {
    ++starts;
  }
  EXPECT_EQ(starts, 5) << seat_stderr;
}

// Bad numbers: a usage error (exit 2) naming the option, never a wrapped value or a huge range.
TEST(ArenaOptions, BadNumbersAreUsageErrors) {
  Scratch scratch("options");
  const fs::path out = scratch / "out";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--games", "0"}, "--games"}, {{"--games", "abc"}, "Failed parsing abc"}, {{"--seed", "-5"}, "--seed"},
      {{"--jobs", "0"}, "--jobs"}};
  for (const auto& [option, name] : cases) {
    const subprocess::Result run = arena(with(match_args(out), option));
    EXPECT_EQ(run.exit_code, 2) << option[0] << " " << option[1];
    EXPECT_NE(run.err.find(name), std::string::npos) << run.err;
    EXPECT_LT(run.err.size(), 200u) << run.err;
    EXPECT_FALSE(fs::exists(out / "meta.json"));
  }
}

// --out naming a file: exit 2 and a one-line message, not an uncaught exception.
TEST(ArenaOptions, OutNamingAFileIsAClearError) {
  Scratch scratch("out-file");
  std::ofstream(scratch / "file") << "x";
  const subprocess::Result run = arena(match_args(scratch / "file"));
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("cannot make the match directory"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace tenbin
