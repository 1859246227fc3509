// The process side of `tenbin-arena`: the real binary, three good tenbin seats and one bot that
// misbehaves (tests/fixtures/bots/), checking that the match still finishes and that every
// incident is counted where it belongs; then the match options (--duplicate, --resume, the batch
// dialect, --jobs).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/json_lines_file.hpp"
#include "tests/match_files.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using tenbin::read_json_lines;

// The arena is under test here, not a strategy: the fast, deterministic greedy baseline plays.
const std::string kTenbin = std::string(TENBIN_BINARY) + " --log-level warn --strategy greedy";

std::string bot(std::string_view script) { return std::string(TENBIN_FIXTURES_DIR) + "/bots/" + std::string(script); }

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}


using Scratch = tenbin::ScratchDir;

struct ArenaRun {
  int exit_code = -1;
  double seconds = 0;
  std::string output;  // stdout and stderr
};

// Runs tenbin-arena with these arguments (never longer than a minute); its stdout and stderr
// are also kept in `transcript`.
ArenaRun arena(const std::vector<std::string>& args, const fs::path& transcript) {
  const auto start = std::chrono::steady_clock::now();
  const tenbin::subprocess::Result process = tenbin::subprocess::run(tenbin::subprocess::arena_binary(), args);
  ArenaRun run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.exit_code = process.exit_code;
  run.output = process.out + process.err;
  std::ofstream(transcript) << run.output;
  return run;
}

// A match of `games` games: seat 0 is `first_seat` (named "odd"), seats 1-3 good tenbin seats
// ("good1".."good3"); `first_options` follow seat 0's --seat (its dialect, its timeout).
ArenaRun match_with(const fs::path& out, const std::string& first_seat, int games, std::vector<std::string> first_options = {},
               std::vector<std::string> extra = {}) {
  std::vector<std::string> args = tenbin::odd_seat_match_args(out, first_seat, games, first_options, kTenbin);
  args.insert(args.end(), extra.begin(), extra.end());
  return arena(args, out.parent_path() / (out.filename().string() + ".transcript"));
}

// The summary's incident counts of the command named `name`.
json incidents(const fs::path& out, const std::string& name) {
  std::ifstream in(out / "summary.json");
  const json summary = json::parse(in);
  for (const json& command : summary) {
    if (command.at("name") == name) return command.at("incidents");
  }
  ADD_FAILURE() << "no " << name << " in the summary";
  return json::object();
}

json counts(int timeouts, int crashes, int junk, int illegal, int restarts) {
  return {{"timeouts", timeouts}, {"crashes", crashes}, {"junk", junk}, {"illegal", illegal}, {"restarts", restarts}};
}

// Every game listed, each with a complete log: start_game first, end_game last.
void expect_complete(const fs::path& out, int games) {
  const auto results = read_json_lines(out / "results.jsonl");
  ASSERT_EQ(results.size(), static_cast<std::size_t>(games));
  std::set<int> listed;
  for (const json& result : results) listed.insert(result.at("game").get<int>());
  EXPECT_EQ(listed.size(), static_cast<std::size_t>(games));
  for (const int game : listed) {
    char name[32];
    std::snprintf(name, sizeof name, "%04d.mjson", game);
    const auto log = read_json_lines(out / "logs" / name);
    ASSERT_FALSE(log.empty()) << name;
    EXPECT_EQ(log.front().at("type"), "start_game") << name;
    EXPECT_EQ(log.back().at("type"), "end_game") << name;
  }
}

void expect_good_seats_clean(const fs::path& out) {
  for (int seat = 1; seat < 4; ++seat) {
    EXPECT_EQ(incidents(out, "good" + std::to_string(seat)), counts(0, 0, 0, 0, 0)) << "good" << seat;
  }
}

int decisions_of_seat_zero(const fs::path& out) {
  int total = 0;
  for (const json& result : read_json_lines(out / "results.jsonl")) total += result.at("seats").at(0).at("decisions").get<int>();
  return total;
}

// --- misbehaving bots ----------------------------------------------------------------------------

// A bot that dies mid-game is counted as one crash, restarted once with the game so far, and
// plays on (into the second game) without further incident.
TEST(ArenaBots, CrashIsCountedAndTheBotRestarted) {
  Scratch scratch;
  const std::string crasher = "sh " + bot("crash_once.sh") + " 40 " + (scratch / "crashed").string() + " " + kTenbin;
  const ArenaRun run = match_with(scratch / "out", crasher, 2);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(scratch / "out", 2);
  EXPECT_TRUE(fs::exists(scratch / "crashed"));
  EXPECT_EQ(incidents(scratch / "out", "odd"), counts(0, 1, 0, 0, 1));
  expect_good_seats_clean(scratch / "out");
}

// A bot that leaves decisions unanswered (fewer in a row than restart it) costs one timeout each
// (200 ms); the referee plays the default and the match goes on.
TEST(ArenaBots, HangIsATimeoutPerDecision) {
  Scratch scratch;
  const ArenaRun run = match_with(scratch / "out", "sh " + bot("silent.sh") + " 3 4 " + kTenbin, 1, {"--timeout-ms", "200"});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(scratch / "out", 1);
  EXPECT_EQ(incidents(scratch / "out", "odd"), counts(2, 0, 0, 0, 0));
  EXPECT_GE(run.seconds, 2 * 0.2 * 0.9);  // each silent decision was waited out
  expect_good_seats_clean(scratch / "out");
}

// Junk in place of every tenth reply (not JSON, JSON cut short, JSON that is no event) is counted
// once per line, and nothing else is.
TEST(ArenaBots, JunkIsCountedPerLine) {
  Scratch scratch;
  const ArenaRun run = match_with(scratch / "out", "sh " + bot("junk.sh") + " 10 " + kTenbin, 1);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(scratch / "out", 1);
  const int decisions = decisions_of_seat_zero(scratch / "out");
  ASSERT_GE(decisions, 30);
  EXPECT_EQ(incidents(scratch / "out", "odd"), counts(0, 0, decisions / 10, 0, 0));
  expect_good_seats_clean(scratch / "out");
}

// A discard of a tile the bot does not hold is counted as illegal, once for each, and never
// reaches the log: the log replays with every action legal.
TEST(ArenaBots, IllegalDiscardIsReplaced) {
  Scratch scratch;
  const ArenaRun run = match_with(scratch / "out", "python3 " + bot("illegal_discard.py") + " 7 " + kTenbin, 1);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(scratch / "out", 1);
  const std::string bot_stderr = read_text(scratch / "out" / "stderr" / "job0-seat0.log");
  int falsified = 0;
  for (auto at = bot_stderr.find("illegal-discard:"); at != std::string::npos; at = bot_stderr.find("illegal-discard:", at + 1)) {
    ++falsified;
  }
  ASSERT_GE(falsified, 5);
  EXPECT_EQ(incidents(scratch / "out", "odd"), counts(0, 0, 0, falsified, 0));
  expect_good_seats_clean(scratch / "out");
  const ArenaRun check = arena({"validate", (scratch / "out" / "logs" / "0000.mjson").string()}, scratch / "validate.transcript");
  EXPECT_EQ(check.exit_code, 0) << check.output;
}

// `validate DIR` replays every log of a match directory, as naming each log does, and fails on a
// broken one; a directory that is not a match directory is an error, not an empty pass.
TEST(ArenaValidate, AMatchDirectoryValidatesAsItsLogs) {
  Scratch scratch;
  const ArenaRun run = match_with(scratch / "out", kTenbin, 2);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const ArenaRun whole = arena({"validate", (scratch / "out").string()}, scratch / "whole.transcript");
  EXPECT_EQ(whole.exit_code, 0) << whole.output;
  EXPECT_NE(whole.output.find("validate: 2 logs"), std::string::npos) << whole.output;

  const fs::path second = scratch / "out" / "logs" / "0001.mjson";
  std::string text = read_text(second);
  text.resize(text.rfind('\n', text.size() - 2) + 1);  // the end_game line taken off
  std::ofstream(second, std::ios::trunc) << text;
  const ArenaRun broken = arena({"validate", (scratch / "out").string()}, scratch / "broken.transcript");
  EXPECT_NE(broken.exit_code, 0) << broken.output;
  EXPECT_NE(broken.output.find("0001.mjson"), std::string::npos) << broken.output;

  fs::create_directories(scratch / "not-a-match");
  const ArenaRun other = arena({"validate", (scratch / "not-a-match").string()}, scratch / "other.transcript");
  EXPECT_NE(other.exit_code, 0) << other.output;
}

// A bot that never reads its input (and writes "none" without end) must not stall the match:
// what its pipe cannot take is queued, and the game goes on - its flood dropped as junk, its
// "none" on its own draws replaced as illegal - with no crash and no restart.
TEST(ArenaBots, BotThatNeverReadsDoesNotStallTheMatch) {
  Scratch scratch;
  const ArenaRun run = match_with(scratch / "out", "exec yes '{\"type\":\"none\"}'", 2);
  ASSERT_EQ(run.exit_code, 0) << run.output;  // -1: the arena blocked on the full pipe
  expect_complete(scratch / "out", 2);
  const json odd = incidents(scratch / "out", "odd");
  EXPECT_GT(odd.at("junk").get<int>(), 0);
  EXPECT_GT(odd.at("illegal").get<int>(), 0);
  EXPECT_EQ(odd.at("crashes"), 0);
  EXPECT_EQ(odd.at("restarts"), 0);
  EXPECT_EQ(odd.at("timeouts"), 0);
  EXPECT_LT(run.seconds, 30.0);
  expect_good_seats_clean(scratch / "out");
}

// Lines a bot writes unasked are dropped (as junk) when the next event is delivered, not taken
// as the reply to its next decision. The chatty bot writes one each time seat 1 draws; seat 1
// takes 50 ms per reply, so each stray line has surely arrived before the next delivery.
TEST(ArenaBots, UnaskedLinesAreDroppedNotTakenAsReplies) {
  Scratch scratch;
  const fs::path out = scratch / "out";
  const ArenaRun run = arena({"--seat", "odd=sh " + bot("chatty.sh") + " 1 " + kTenbin, "--seat", "slow=sh " + bot("slow.sh") + " 0.05 " + kTenbin,
                         "--seat", "good2=" + kTenbin, "--seat", "good3=" + kTenbin, "--games", "1", "--format", "tonpuu",
                         "--seed", "11", "--quiet", "--out", out.string()},
                        scratch / "transcript");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(out, 1);
  int seat1_draws = 0;
  for (const json& event : read_json_lines(out / "logs" / "0000.mjson")) {
    if (event.at("type") == "tsumo" && event.at("actor") == 1) ++seat1_draws;
  }
  ASSERT_GT(seat1_draws, 10);
  EXPECT_EQ(incidents(out, "odd"), counts(0, 0, seat1_draws, 0, 0));
  EXPECT_EQ(incidents(out, "slow"), counts(0, 0, 0, 0, 0));
}

// --- match options -------------------------------------------------------------------------------

// Four good seats named a b c d.
std::vector<std::string> good_table(const fs::path& out, int games, std::vector<std::string> extra = {},
                                    const std::string& seed = "11") {
  std::vector<std::string> args;
  for (const char* name : {"a", "b", "c", "d"}) {
    args.push_back("--seat");
    args.push_back(std::string(name) + "=" + kTenbin);
  }
  for (const std::string& arg : {std::string("--games"), std::to_string(games), std::string("--seed"), seed,
                                 std::string("--quiet"), std::string("--out"), out.string()}) {
    args.push_back(arg);
  }
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

json first_deal(const fs::path& out, int game) {
  char name[32];
  std::snprintf(name, sizeof name, "%04d.mjson", game);
  for (const json& event : read_json_lines(out / "logs" / name)) {
    if (event.at("type") == "start_kyoku") return event;
  }
  return json();
}

// --duplicate: game g puts command (s + g % 4) % 4 at seat s, over the same walls.
TEST(ArenaMatch, DuplicateRotatesTheCommandsOverTheSameWalls) {
  Scratch scratch;
  const fs::path out = scratch / "out";
  const ArenaRun run = arena(good_table(out, 4, {"--duplicate"}), scratch / "transcript");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(out, 4);
  const std::string names = "abcd";
  for (const json& result : read_json_lines(out / "results.jsonl")) {
    const int game = result.at("game").get<int>();
    EXPECT_EQ(result.at("wall_game"), 0) << "game " << game;
    for (int seat = 0; seat < 4; ++seat) {
      EXPECT_EQ(result.at("names").at(seat), std::string(1, names[(seat + game % 4) % 4])) << "game " << game << " seat " << seat;
    }
  }
  const json deal = first_deal(out, 0);
  ASSERT_TRUE(deal.contains("tehais"));
  std::set<std::string> first_hand_commitments;
  for (const json& line : read_json_lines(out / "commitments.jsonl")) {
    if (line.at("hand") == 0) first_hand_commitments.insert(line.at("sha256").get<std::string>());
  }
  EXPECT_EQ(first_hand_commitments.size(), 1U);
  for (int game = 1; game < 4; ++game) {
    EXPECT_EQ(first_deal(out, game).at("tehais"), deal.at("tehais")) << "game " << game;
    EXPECT_EQ(first_deal(out, game).at("dora_marker"), deal.at("dora_marker")) << "game " << game;
  }
}

// --resume: finished games are skipped; only the missing ones are played and appended.
TEST(ArenaMatch, ResumePlaysOnlyTheMissingGames) {
  Scratch scratch;
  const fs::path out = scratch / "out";
  ASSERT_EQ(arena(good_table(out, 2), scratch / "first").exit_code, 0);
  const std::string first_results = read_text(out / "results.jsonl");
  const std::string first_log = read_text(out / "logs" / "0000.mjson");

  // The same directory again without --resume, or resumed with other settings, is refused.
  EXPECT_EQ(arena(good_table(out, 4), scratch / "again").exit_code, 2);
  EXPECT_EQ(arena(good_table(out, 4, {"--resume"}, "12"), scratch / "other").exit_code, 2);

  const ArenaRun run = arena(good_table(out, 4, {"--resume"}), scratch / "resumed");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(out, 4);
  const std::string results = read_text(out / "results.jsonl");
  EXPECT_EQ(results.substr(0, first_results.size()), first_results);
  const auto lines = read_json_lines(out / "results.jsonl");
  EXPECT_EQ(lines[2].at("game"), 2);
  EXPECT_EQ(lines[3].at("game"), 3);
  EXPECT_EQ(read_text(out / "logs" / "0000.mjson"), first_log);
  // Games 0 and 1 were not dealt again: their hands were committed once.
  std::multiset<int> committed_games;
  std::set<std::pair<int, int>> hands;
  for (const json& line : read_json_lines(out / "commitments.jsonl")) {
    EXPECT_TRUE(hands.insert({line.at("game").get<int>(), line.at("hand").get<int>()}).second)
        << "game " << line.at("game") << " hand " << line.at("hand") << " committed twice";
    committed_games.insert(line.at("game").get<int>());
  }
  for (int game = 0; game < 4; ++game) EXPECT_GT(committed_games.count(game), 0U) << "game " << game;
}

// A match is dealt under the wall scheme it names in meta.json (tenbin-wall-v2 unless --wall says
// otherwise), verify rebuilds its walls under that scheme, and --resume keeps it.
TEST(ArenaMatch, TheWallSchemeIsTheMatchsAndResumeKeepsIt) {
  Scratch scratch;
  const fs::path by_round = scratch / "by-round";
  ASSERT_EQ(arena(good_table(by_round, 1), scratch / "by-round.transcript").exit_code, 0);
  EXPECT_EQ(json::parse(read_text(by_round / "meta.json")).at("wall"), "tenbin-wall-v2");
  const fs::path by_hand = scratch / "by-hand";
  ASSERT_EQ(arena(good_table(by_hand, 1, {"--wall", "tenbin-wall-v1"}), scratch / "by-hand.transcript").exit_code, 0);
  EXPECT_EQ(json::parse(read_text(by_hand / "meta.json")).at("wall"), "tenbin-wall-v1");
  // Both deal East 1 first, from walls keyed apart.
  EXPECT_NE(first_deal(by_round, 0).at("tehais"), first_deal(by_hand, 0).at("tehais"));
  for (const fs::path& out : {by_round, by_hand}) {
    const ArenaRun check = arena({"verify", out.string()}, scratch / "verify.transcript");
    EXPECT_EQ(check.exit_code, 0) << out << "\n" << check.output;
  }
  // verify under the other scheme finds the first deal wrong.
  json meta = json::parse(read_text(by_hand / "meta.json"));
  meta["wall"] = "tenbin-wall-v2";
  std::ofstream(by_hand / "meta.json") << meta.dump();
  EXPECT_NE(arena({"verify", by_hand.string()}, scratch / "wrong.transcript").exit_code, 0);
  meta["wall"] = "tenbin-wall-v1";
  std::ofstream(by_hand / "meta.json") << meta.dump();

  const ArenaRun refused = arena(good_table(by_hand, 2, {"--resume"}), scratch / "refused.transcript");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.output.find("was played on tenbin-wall-v1 walls (--wall tenbin-wall-v1)"), std::string::npos) << refused.output;
  const ArenaRun resumed = arena(good_table(by_hand, 2, {"--resume", "--wall", "tenbin-wall-v1"}), scratch / "resumed.transcript");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  expect_complete(by_hand, 2);
  EXPECT_EQ(arena({"verify", by_hand.string()}, scratch / "verify-resumed.transcript").exit_code, 0);
  EXPECT_EQ(arena(good_table(by_round, 1, {"--wall", "tenbin-wall-v4"}), scratch / "v4.transcript").exit_code, 2);
}

// tenbin-wall-v3 (each seat draws its own live positions): a match names it, verify follows its
// draw order and refuses the match read as v2 (same key, another seed text and order).
TEST(ArenaMatch, SeatDrawsMatchVerifiesUnderItsScheme) {
  Scratch scratch;
  const fs::path out = scratch / "seat-draws";
  ASSERT_EQ(arena(good_table(out, 2, {"--wall", "tenbin-wall-v3"}), scratch / "v3.transcript").exit_code, 0);
  EXPECT_EQ(json::parse(read_text(out / "meta.json")).at("wall"), "tenbin-wall-v3");
  // A call makes the orders differ: the logs hold one, so verify followed the seats' order.
  const std::string logs = read_text(out / "logs" / "0000.mjson") + read_text(out / "logs" / "0001.mjson");
  EXPECT_TRUE(logs.find("\"type\":\"pon\"") != std::string::npos || logs.find("\"type\":\"chi\"") != std::string::npos);
  const ArenaRun check = arena({"verify", out.string()}, scratch / "verify.transcript");
  EXPECT_EQ(check.exit_code, 0) << check.output;
  json meta = json::parse(read_text(out / "meta.json"));
  meta["wall"] = "tenbin-wall-v2";
  std::ofstream(out / "meta.json") << meta.dump();
  EXPECT_NE(arena({"verify", out.string()}, scratch / "wrong.transcript").exit_code, 0);
}

// The batch dialect (one JSON array per decision) with the real tenbin, which reads arrays:
// no incident, and the very same games as the default dialect.
TEST(ArenaMatch, BatchDialectPlaysTheSameGamesCleanly) {
  Scratch scratch;
  ASSERT_EQ(arena(good_table(scratch / "mortal", 2), scratch / "mortal.transcript").exit_code, 0);
  auto args = good_table(scratch / "batch", 2);
  args.insert(args.begin(), {"--seat-dialect", "batch"});  // before any --seat: every seat
  const ArenaRun run = arena(args, scratch / "batch.transcript");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(scratch / "batch", 2);
  for (const char* name : {"a", "b", "c", "d"}) EXPECT_EQ(incidents(scratch / "batch", name), counts(0, 0, 0, 0, 0)) << name;
  std::ifstream meta(scratch / "batch" / "meta.json");
  for (const json& seat : json::parse(meta).at("seats")) EXPECT_EQ(seat.at("dialect"), "batch");
  for (const char* log : {"0000.mjson", "0001.mjson"}) {
    EXPECT_EQ(read_text(scratch / "batch" / "logs" / log), read_text(scratch / "mortal" / "logs" / log)) << log;
  }
}

// akochan's pipe dialect on both sides: the arena's --seat-dialect akochan and tenbin's own
// --dialect akochan (two seats through the launcher that takes akochan's command line, as
// Mortal's arena starts akochan) agree: no incident, and the very same games as the default
// dialect (the discard sent with a call or riichi is the one tenbin plays after the echo).
TEST(ArenaMatch, AkochanDialectPlaysTheSameGamesCleanly) {
  Scratch scratch;
  ASSERT_EQ(arena(good_table(scratch / "mortal", 2), scratch / "mortal.transcript").exit_code, 0);
  const std::string launcher = (fs::path(TENBIN_BINARY).parent_path() / "tenbin-akochan").string();
  const std::string by_launcher = "TENBIN_OPTIONS='--strategy greedy' " + launcher + " pipe tactics.json {seat}";
  const std::string by_option = kTenbin + " --dialect akochan --seat {seat}";
  std::vector<std::string> args = {"--seat-dialect", "akochan", "--seat", "a=" + by_launcher, "--seat", "b=" + by_option,
                                   "--seat", "c=" + by_launcher, "--seat", "d=" + by_option};
  for (const std::string& arg : {std::string("--games"), std::string("2"), std::string("--seed"), std::string("11"),
                                 std::string("--quiet"), std::string("--out"), (scratch / "akochan").string()}) {
    args.push_back(arg);
  }
  const ArenaRun run = arena(args, scratch / "akochan.transcript");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(scratch / "akochan", 2);
  for (const char* name : {"a", "b", "c", "d"}) EXPECT_EQ(incidents(scratch / "akochan", name), counts(0, 0, 0, 0, 0)) << name;
  for (const char* log : {"0000.mjson", "0001.mjson"}) {
    EXPECT_EQ(read_text(scratch / "akochan" / "logs" / log), read_text(scratch / "mortal" / "logs" / log)) << log;
  }
}

// --jobs 2: games played in parallel, each by its own processes, with the same results.
TEST(ArenaMatch, TwoJobsPlayTheSameGames) {
  Scratch scratch;
  ASSERT_EQ(arena(good_table(scratch / "one", 4), scratch / "one.transcript").exit_code, 0);
  const ArenaRun run = arena(good_table(scratch / "two", 4, {"--jobs", "2"}), scratch / "two.transcript");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  expect_complete(scratch / "two", 4);
  for (int game = 0; game < 4; ++game) {
    char name[32];
    std::snprintf(name, sizeof name, "%04d.mjson", game);
    EXPECT_EQ(read_text(scratch / "two" / "logs" / name), read_text(scratch / "one" / "logs" / name)) << name;
  }
  EXPECT_TRUE(fs::exists(scratch / "two" / "stderr" / "job0-seat0.log"));
  EXPECT_TRUE(fs::exists(scratch / "two" / "stderr" / "job1-seat0.log"));
  for (const char* name : {"a", "b", "c", "d"}) EXPECT_EQ(incidents(scratch / "two", name), counts(0, 0, 0, 0, 0)) << name;
}

// --- per-seat options ----------------------------------------------------------------------------

// A timeout that is not a number stops the arena before any game, with a message naming the
// option and the value.
TEST(ArenaOptions, TimeoutThatIsNotANumberIsRejectedClearly) {
  Scratch scratch;
  auto args = good_table(scratch / "out", 1);
  args.insert(args.begin() + 2, {"--timeout-ms", "abc"});
  const ArenaRun run = arena(args, scratch / "transcript");
  EXPECT_NE(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("--timeout-ms"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("abc"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("stoi"), std::string::npos) << run.output;
  EXPECT_FALSE(fs::exists(scratch / "out" / "meta.json"));
}

// --seat-dialect and --timeout-ms bind to the --seat they follow; before any --seat they set
// every seat's default. meta.json records what each seat got.
TEST(ArenaOptions, PerSeatOptionsBindToTheSeatTheyFollow) {
  Scratch scratch;
  const std::vector<std::string> args = {
      "--timeout-ms", "7000",
      "--seat", "a=" + kTenbin,
      "--seat", "b=" + kTenbin, "--seat-dialect", "batch",
      "--seat", "c=" + kTenbin, "--timeout-ms", "4321",
      "--seat", "d=" + kTenbin,
      "--games", "1", "--seed", "11", "--quiet", "--out", (scratch / "out").string()};
  const ArenaRun run = arena(args, scratch / "transcript");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  std::ifstream in(scratch / "out" / "meta.json");
  const json seats = json::parse(in).at("seats");
  ASSERT_EQ(seats.size(), 4u);
  const std::vector<std::string> names = {"a", "b", "c", "d"};
  const std::vector<std::string> dialects = {"mortal", "batch", "mortal", "mortal"};
  const std::vector<int> timeouts = {7000, 7000, 4321, 7000};
  for (std::size_t seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(seats.at(seat).at("name"), names[seat]) << seat;
    EXPECT_EQ(seats.at(seat).at("dialect"), dialects[seat]) << seat;
    EXPECT_EQ(seats.at(seat).at("timeout_ms"), timeouts[seat]) << seat;
  }
}

}  // namespace
