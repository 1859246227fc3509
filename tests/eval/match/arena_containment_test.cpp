// The arena keeps its seats contained: a seat's whole process group (children included) ends
// when the seat is restarted and when the match ends, SIGTERM or SIGINT ends the seats and leaves
// a match that --resume finishes, and a hung seat is restarted after a few timeouts in a row (or
// stops the match, named, when it never answers), so that it costs bounded time.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <boost/process.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "eval/match/seat.hpp"
#include "tests/json_lines_file.hpp"
#include "tests/match_files.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

namespace {

namespace bp = boost::process;
namespace fs = std::filesystem;
using nlohmann::json;
using tenbin::read_json_lines;
using Scratch = tenbin::ScratchDir;

const std::string kTenbin = std::string(TENBIN_BINARY) + " --log-level warn --strategy greedy";

std::string bot(std::string_view script) { return "sh " + std::string(TENBIN_FIXTURES_DIR) + "/bots/" + std::string(script); }

// Seat 0 is `first_seat` (named "odd", with `first_options`), seats 1-3 good tenbin seats.
std::vector<std::string> match_args(const fs::path& out, const std::string& first_seat, int games,
                                    const std::vector<std::string>& first_options = {}) {
  return tenbin::odd_seat_match_args(out, first_seat, games, first_options, kTenbin);
}

tenbin::subprocess::Result arena(const std::vector<std::string>& args) {
  return tenbin::subprocess::run(tenbin::subprocess::arena_binary(), args);
}

json incidents_of_seat_zero(const fs::path& out) {
  json total = {{"timeouts", 0}, {"crashes", 0}, {"junk", 0}, {"illegal", 0}, {"restarts", 0}};
  for (const json& result : read_json_lines(out / "results.jsonl")) {
    const json& incidents = result.at("seats").at(0).at("incidents");
    for (auto& [key, value] : total.items()) value = value.get<int>() + incidents.at(key).get<int>();
  }
  return total;
}

int decisions_of_seat_zero(const fs::path& out) {
  int total = 0;
  for (const json& result : read_json_lines(out / "results.jsonl")) total += result.at("seats").at(0).at("decisions").get<int>();
  return total;
}

// The pids a forks_child.sh seat wrote, one per start of the seat.
std::vector<int> pids_in(const fs::path& file) {
  std::vector<int> pids;
  std::ifstream in(file);
  for (int pid = 0; in >> pid;) pids.push_back(pid);
  return pids;
}

// Whether a process still runs (a zombie waiting for its parent to reap it has ended).
bool alive(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return false;
  const auto paren = text.rfind(')');
  return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] != 'Z';
}

// Ends whatever a failed test left behind, so that no sleeping child outlives the test run.
void end_all(const std::vector<int>& pids) {
  for (const int pid : pids) {
    if (alive(pid)) ::kill(pid, SIGKILL);
  }
}

// SIGKILL takes effect when the killed process is next scheduled, which on a loaded machine can
// be a moment after the arena has gone: each child gets up to 10 seconds to be gone.
void expect_all_ended(const std::vector<int>& pids) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (const int pid : pids) {
    while (alive(pid) && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_FALSE(alive(pid)) << "the seat's child " << pid << " outlived it";
  }
  end_all(pids);
}

// Every game listed once, each with its whole log (start_game first, end_game last).
void expect_finished_games_intact(const fs::path& out) {
  std::set<int> listed;
  for (const json& result : read_json_lines(out / "results.jsonl")) {
    const int game = result.at("game").get<int>();
    EXPECT_TRUE(listed.insert(game).second) << "game " << game << " listed twice";
    char name[32];
    std::snprintf(name, sizeof name, "%04d.mjson", game);
    const auto log = read_json_lines(out / "logs" / name);
    ASSERT_FALSE(log.empty()) << name;
    EXPECT_EQ(log.front().at("type"), "start_game") << name;
    EXPECT_EQ(log.back().at("type"), "end_game") << name;
  }
}

// A seat command that leaves a sleeping child: the child of the first start ends when the seat
// dies and is restarted (its first process is gone by then, the child is not), and the child
// of the second start ends with the match.
TEST(ArenaContainment, ForkedChildEndsAtRestartAndAtTheEnd) {
  Scratch scratch("contained");
  const fs::path pids = scratch / "pids";
  const std::string seat = bot("crash_once.sh") + " 40 " + (scratch / "crashed").string() + " " + bot("forks_child.sh") +
                           " " + pids.string() + " " + kTenbin;
  const auto run = arena(match_args(scratch / "out", seat, 1, {"--timeout-ms", "1000"}));
  const std::vector<int> started = pids_in(pids);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_GE(incidents_of_seat_zero(scratch / "out").at("restarts").get<int>(), 1);
  ASSERT_EQ(started.size(), 2u) << "one child per start of the seat";
  expect_all_ended(started);
}

// A bot that stops answering mid-game (and would never answer again) costs
// kTimeoutsInARowBeforeRestart timeouts: it is then restarted with the game so far and plays on.
TEST(ArenaContainment, HungBotIsRestartedAfterTimeoutsInARow) {
  Scratch scratch("hung");
  const std::string seat = bot("hang_once.sh") + " 20 " + (scratch / "hung").string() + " " + kTenbin;
  const auto run = arena(match_args(scratch / "out", seat, 2, {"--timeout-ms", "1000"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  expect_finished_games_intact(scratch / "out");
  const json expected = {{"timeouts", tenbin::arena::kTimeoutsInARowBeforeRestart}, {"crashes", 0}, {"junk", 0}, {"illegal", 0},
                         {"restarts", 1}};
  EXPECT_EQ(incidents_of_seat_zero(scratch / "out"), expected);
  EXPECT_GT(decisions_of_seat_zero(scratch / "out"), 60);
}

// A bot that reads everything and never answers is restarted after each run of timeouts, and after
// kMaxFailedStartsInARow starts the match stops, naming the seat: a bounded number of timeouts.
TEST(ArenaContainment, BotThatNeverAnswersStopsTheMatchNamed) {
  Scratch scratch("mute");
  const auto started = std::chrono::steady_clock::now();
  const auto run = arena(match_args(scratch / "out", "cat >/dev/null; exit 0", 1, {"--timeout-ms", "100"}));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_EQ(run.exit_code, 3) << run.err;
  EXPECT_NE(run.err.find("seat 0 (odd): the bot died or hung 5 times in a row"), std::string::npos) << run.err;
  int timeouts = 0;
  for (auto at = run.err.find("no reply within"); at != std::string::npos; at = run.err.find("no reply within", at + 1)) ++timeouts;
  EXPECT_EQ(timeouts, tenbin::arena::kTimeoutsInARowBeforeRestart * tenbin::arena::kMaxFailedStartsInARow);
  EXPECT_LT(seconds, 30.0);
}

// The arena started in the background; its stderr goes to a file.
struct BackgroundArena {
  BackgroundArena(const std::vector<std::string>& args, const fs::path& err)
      : child(tenbin::subprocess::arena_binary().string(), bp::args(args), bp::std_out > bp::null, bp::std_err > err.string()) {}
  bp::child child;
};

// Waits (at most a minute) until `path` holds at least `lines` lines.
bool wait_for_lines(const fs::path& path, std::size_t lines) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (std::chrono::steady_clock::now() < deadline) {
    if (fs::exists(path) && read_json_lines(path).size() >= lines) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

// SIGTERM or SIGINT mid-match: the arena ends its seats (children included), exits 128 + the
// signal with the finished games intact, and --resume plays the rest into a match that verifies.
void interrupt_and_resume(int signal, const std::string& name) {
  // Enough games that the signal, sent when the first has finished, lands mid-match even on a
  // loaded machine (where the poll below may wait while several more finish).
  constexpr std::size_t kGames = 12;
  Scratch scratch(name);
  const fs::path out = scratch / "out";
  const fs::path pids = scratch / "pids";
  const std::vector<std::string> args =
      match_args(out, bot("forks_child.sh") + " " + pids.string() + " " + kTenbin, static_cast<int>(kGames), {});
  std::vector<std::string> two_jobs = args;
  two_jobs.insert(two_jobs.end(), {"--jobs", "2"});
  BackgroundArena running(two_jobs, scratch / "stderr");
  ASSERT_TRUE(wait_for_lines(out / "results.jsonl", 1));
  ASSERT_EQ(::kill(running.child.id(), signal), 0);
  running.child.wait();
  const std::vector<int> started = pids_in(pids);
  EXPECT_EQ(running.child.exit_code(), 128 + signal);
  EXPECT_EQ(started.size(), 2u) << "one seat command per job";
  expect_all_ended(started);
  expect_finished_games_intact(out);
  const std::size_t kept = read_json_lines(out / "results.jsonl").size();
  EXPECT_GE(kept, 1u);
  EXPECT_LT(kept, kGames) << "the match was not interrupted mid-way";

  std::vector<std::string> resume = args;
  resume.push_back("--resume");
  const auto resumed = arena(resume);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  expect_finished_games_intact(out);
  EXPECT_EQ(read_json_lines(out / "results.jsonl").size(), kGames);
  const auto verified = arena({"verify", out.string()});
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
  expect_all_ended(pids_in(pids));
}

TEST(ArenaContainment, SigtermEndsTheSeatsAndLeavesAResumableMatch) { interrupt_and_resume(SIGTERM, "sigterm"); }

TEST(ArenaContainment, SigintEndsTheSeatsAndLeavesAResumableMatch) { interrupt_and_resume(SIGINT, "sigint"); }

}  // namespace
