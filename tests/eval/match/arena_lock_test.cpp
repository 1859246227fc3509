// One arena per match directory (eval/match_lock.hpp), with two real arena processes: a second
// arena on the --out of a running one refuses at once, and the lock of a killed arena does not
// block --resume, even while the seats it started are still alive.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/match_files.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

extern char** environ;

namespace tenbin {
namespace {

namespace fs = std::filesystem;

// A seat that says it has started, then, in an arena started with TENBIN_TEST_HOLD set, waits
// for `release` before it plays greedy: the arena holding it stays in its first game.
std::string held_seat(const fs::path& started, const fs::path& release) {
  return "sh -c 'touch " + started.string() + "; while [ -n \"$TENBIN_TEST_HOLD\" ] && [ ! -e " + release.string() +
         " ]; do sleep 0.05; done; exec " + subprocess::tenbin_binary().string() + " --strategy greedy'";
}

std::vector<std::string> match_args(const fs::path& out, const std::string& seat) {
  std::vector<std::string> args;
  for (int i = 0; i < 4; ++i) {
    args.push_back("--seat");
    args.push_back("s" + std::to_string(i) + "=" + seat);
  }
  for (const std::string option : {"--games", "1", "--seed", "5", "--format", "tonpuu", "--quiet", "--out"}) {
    args.push_back(option);
  }
  args.push_back(out.string());
  return args;
}

// An arena in the background, its seats held; its output goes to `log`.
pid_t start_held_arena(const std::vector<std::string>& arguments, const fs::path& log) {
  const std::string program = subprocess::arena_binary().string();
  std::vector<char*> argv = {const_cast<char*>(program.c_str())};
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  std::vector<std::string> environment = {"TENBIN_TEST_HOLD=1"};
  for (char** entry = environ; *entry != nullptr; ++entry) environment.emplace_back(*entry);
  std::vector<char*> envp;
  for (std::string& entry : environment) envp.push_back(entry.data());
  envp.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&files, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = -1;
  const int status = posix_spawn(&pid, program.c_str(), &files, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&files);
  return status == 0 ? pid : -1;
}

bool wait_for_file(const fs::path& path) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!fs::exists(path)) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

int exit_code_of(pid_t pid) {
  int status = 0;
  if (::waitpid(pid, &status, 0) != pid) return -2;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(ArenaLock, ASecondArenaOnTheSameOutRefusesAtOnce) {
  const ScratchDir scratch("lock");
  const fs::path out = scratch / "match";
  const std::string seat = held_seat(scratch / "started", scratch / "release");
  const pid_t first = start_held_arena(match_args(out, seat), scratch / "first.log");
  ASSERT_GT(first, 0);
  ASSERT_TRUE(wait_for_file(scratch / "started")) << "the first arena's seats never started";

  for (const bool resume : {false, true}) {
    std::vector<std::string> args = match_args(out, seat);
    if (resume) args.push_back("--resume");
    const auto asked = std::chrono::steady_clock::now();
    const subprocess::Result second = subprocess::run(subprocess::arena_binary(), args, {}, std::chrono::seconds(30));
    EXPECT_FALSE(second.timed_out);
    EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(20)) << "refused only after a wait";
    EXPECT_EQ(second.exit_code, 2) << second.err;
    EXPECT_NE(second.err.find("another tenbin-arena is playing this match"), std::string::npos) << second.err;
  }

  std::ofstream(scratch / "release").put('\n');
  EXPECT_EQ(exit_code_of(first), 0);
  EXPECT_EQ(read_lines(out / "results.jsonl").size(), 1u) << "the game is listed once";
  const subprocess::Result verified = subprocess::run(subprocess::arena_binary(), {"verify", out.string()});
  EXPECT_EQ(verified.exit_code, 0) << verified.out;
}

// The killed arena's seats are still waiting when --resume starts: they must not hold the lock.
TEST(ArenaLock, AKilledArenasLockDoesNotBlockResume) {
  const ScratchDir scratch("lock-killed");
  const fs::path out = scratch / "match";
  const std::string seat = held_seat(scratch / "started", scratch / "release");
  const pid_t first = start_held_arena(match_args(out, seat), scratch / "first.log");
  ASSERT_GT(first, 0);
  ASSERT_TRUE(wait_for_file(scratch / "started")) << "the first arena's seats never started";
  ASSERT_EQ(::kill(first, SIGKILL), 0);
  EXPECT_EQ(exit_code_of(first), -1);

  std::vector<std::string> args = match_args(out, seat);
  args.push_back("--resume");
  const subprocess::Result resumed = subprocess::run(subprocess::arena_binary(), args, {}, std::chrono::seconds(120));
  std::ofstream(scratch / "release").put('\n');  // the orphaned seats may end now
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(read_lines(out / "results.jsonl").size(), 1u);
  const subprocess::Result verified = subprocess::run(subprocess::arena_binary(), {"verify", out.string()});
  EXPECT_EQ(verified.exit_code, 0) << verified.out;
}

}  // namespace
}  // namespace tenbin
