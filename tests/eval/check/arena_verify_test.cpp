// `tenbin-arena verify` and `tenbin-arena validate` end to end: a real match between greedy bots
// checks clean, and one tampered tile, commitment, delta or discard is caught with its line.
// An in-process match between seats that call every kan they can covers rinshan draws and kan
// dora; a scripted double ron on the last discard checks that every winner is scored on it.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/game.hpp"
#include "engine/wall.hpp"
#include "eval/match/match.hpp"
#include "eval/match/match_dir.hpp"
#include "tests/match_files.hpp"
#include "tests/process.hpp"

namespace tenbin {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Outcome {
  int code = -1;
  std::string output;  // stdout and stderr
};

Outcome run_arena(const std::vector<std::string>& arguments) {
  const subprocess::Result run = subprocess::run(subprocess::arena_binary(), arguments);
  return {run.exit_code, run.out + run.err};
}

Outcome verify(const fs::path& dir) { return run_arena({"verify", dir.string()}); }

Outcome validate(const std::vector<fs::path>& logs) {
  std::vector<std::string> arguments = {"validate"};
  for (const fs::path& log : logs) arguments.push_back(log.string());
  return run_arena(arguments);
}

// The index of the n-th (0-based) line whose event has this type.
std::optional<std::size_t> nth_event(const std::vector<std::string>& lines, const std::string& type, int n) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (json::parse(lines[i]).at("type") == type && n-- == 0) return i;
  }
  return std::nullopt;
}

std::string line_tag(int game, std::size_t index) {
  char name[32];
  std::snprintf(name, sizeof name, "%04d.mjson:", game);
  return std::string("logs/") + name + std::to_string(index + 1) + ":";
}

// Some other tile than `tile` (another kind).
std::string other_tile(const std::string& tile) { return tile.rfind("C", 0) == 0 ? "E" : "C"; }

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("tenbin-arena-verify-" + std::to_string(::getpid())) / name;
  fs::remove_all(dir);
  fs::create_directories(dir.parent_path());
  return dir;
}

fs::path copy_of(const fs::path& match, const std::string& name) {
  const fs::path dir = fresh_dir(name);
  fs::copy(match, dir, fs::copy_options::recursive);
  return dir;
}

// --- a real match between greedy bots --------------------------------------------------------------

class ArenaVerify : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    match_ = fresh_dir("greedy");
    ASSERT_TRUE(fs::exists(subprocess::arena_binary())) << subprocess::arena_binary() << " is not built";
    std::vector<std::string> arguments;
    for (int seat = 0; seat < 4; ++seat) {
      arguments.push_back("--seat");
      arguments.push_back("greedy" + std::to_string(seat) + "=" + std::string(TENBIN_BINARY) + " --strategy greedy");
    }
    for (const std::string option : {"--games", "2", "--seed", "31", "--quiet", "--out"}) arguments.push_back(option);
    arguments.push_back(match_.string());
    const Outcome played = run_arena(arguments);
    ASSERT_EQ(played.code, 0) << played.output;
  }
  static void TearDownTestSuite() { fs::remove_all(match_.parent_path()); }

  static fs::path match_;
};

fs::path ArenaVerify::match_;

TEST_F(ArenaVerify, VerifyAcceptsTheMatch) {
  const Outcome result = verify(match_);
  EXPECT_EQ(result.code, 0) << result.output;
  EXPECT_NE(result.output.find("2 games"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("OK"), std::string::npos) << result.output;
}

TEST_F(ArenaVerify, VerifyNamesTheLineOfATamperedDraw) {
  const fs::path dir = copy_of(match_, "tampered-draw");
  auto lines = read_lines(log_of(dir, 1));
  const auto index = nth_event(lines, "tsumo", 30);
  ASSERT_TRUE(index);
  json event = json::parse(lines[*index]);
  event["pai"] = other_tile(event.at("pai").get<std::string>());
  lines[*index] = event.dump();
  write_lines(log_of(dir, 1), lines);

  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find(line_tag(1, *index) + " tsumo"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("1 problem"), std::string::npos) << result.output;
}

TEST_F(ArenaVerify, VerifyNamesATamperedDeal) {
  const fs::path dir = copy_of(match_, "tampered-deal");
  auto lines = read_lines(log_of(dir, 0));
  const auto index = nth_event(lines, "start_kyoku", 1);
  ASSERT_TRUE(index);
  json event = json::parse(lines[*index]);
  event["tehais"][2][0] = other_tile(event["tehais"][2][0].get<std::string>());
  lines[*index] = event.dump();
  write_lines(log_of(dir, 0), lines);

  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find(line_tag(0, *index)), std::string::npos) << result.output;
}

TEST_F(ArenaVerify, VerifyRejectsATamperedCommitment) {
  const fs::path dir = copy_of(match_, "tampered-commitment");
  auto lines = read_lines(dir / "commitments.jsonl");
  ASSERT_GT(lines.size(), 2u);
  json commitment = json::parse(lines[1]);
  std::string hash = commitment.at("sha256");
  hash[0] = hash[0] == '0' ? '1' : '0';
  commitment["sha256"] = hash;
  lines[1] = commitment.dump();
  write_lines(dir / "commitments.jsonl", lines);

  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 1) << result.output;
  const std::string hand = "game " + std::to_string(commitment.at("game").get<int>()) + " hand " +
                           std::to_string(commitment.at("hand").get<int>());
  EXPECT_NE(result.output.find("the commitment for " + hand), std::string::npos) << result.output;
}

TEST_F(ArenaVerify, VerifyRejectsAMissingCommitment) {
  const fs::path dir = copy_of(match_, "missing-commitment");
  auto lines = read_lines(dir / "commitments.jsonl");
  lines.erase(lines.begin());
  write_lines(dir / "commitments.jsonl", lines);

  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find("no commitment for"), std::string::npos) << result.output;
}

// A hand committed to but never logged (an interrupted game) is counted, not an error.
TEST_F(ArenaVerify, VerifyCountsCommitmentsWithNoHand) {
  const fs::path dir = copy_of(match_, "unplayed-commitment");
  auto lines = read_lines(dir / "commitments.jsonl");
  lines.push_back(json{{"game", 7}, {"hand", 0}, {"sha256", Wall::generate(31, 7, 0).commitment()}}.dump());
  write_lines(dir / "commitments.jsonl", lines);

  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 0) << result.output;
  EXPECT_NE(result.output.find("commitments with no hand in the logs: 1"), std::string::npos) << result.output;
}

TEST_F(ArenaVerify, ValidateAcceptsTheLogs) {
  const Outcome result = validate({log_of(match_, 0), log_of(match_, 1)});
  EXPECT_EQ(result.code, 0) << result.output;
  EXPECT_NE(result.output.find("2 logs"), std::string::npos) << result.output;
}

TEST_F(ArenaVerify, ValidateNamesTheLineOfATamperedDelta) {
  const fs::path dir = copy_of(match_, "tampered-delta");
  auto lines = read_lines(log_of(dir, 0));
  const auto index = nth_event(lines, "hora", 0);
  ASSERT_TRUE(index);
  json event = json::parse(lines[*index]);
  const int winner = event.at("actor");
  const int payer = (winner + 1) % 4;
  event["deltas"][winner] = event["deltas"][winner].get<int>() + 1000;
  event["deltas"][payer] = event["deltas"][payer].get<int>() - 1000;
  lines[*index] = event.dump();
  write_lines(log_of(dir, 0), lines);

  const Outcome result = validate({log_of(dir, 0)});
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find(line_tag(0, *index) + " hora deltas"), std::string::npos) << result.output;
}

TEST_F(ArenaVerify, ValidateNamesTheLineOfAnIllegalDiscard) {
  const fs::path dir = copy_of(match_, "illegal-discard");
  auto lines = read_lines(log_of(dir, 0));
  // The dealer's first discard, changed to a kind the dealer holds none of.
  const auto start = nth_event(lines, "start_kyoku", 0);
  const auto draw = nth_event(lines, "tsumo", 0);
  const auto index = nth_event(lines, "dahai", 0);
  ASSERT_TRUE(start && draw && index);
  const json kyoku = json::parse(lines[*start]);
  std::vector<std::string> held = kyoku.at("tehais").at(kyoku.at("oya").get<int>()).get<std::vector<std::string>>();
  held.push_back(json::parse(lines[*draw]).at("pai"));
  std::string absent;
  for (const std::string candidate : {"1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"}) {
    if (std::find(held.begin(), held.end(), candidate) == held.end()) {
      absent = candidate;
      break;
    }
  }
  ASSERT_FALSE(absent.empty());
  json event = json::parse(lines[*index]);
  event["pai"] = absent;
  event["tsumogiri"] = false;
  lines[*index] = event.dump();
  write_lines(log_of(dir, 0), lines);

  const Outcome result = validate({log_of(dir, 0)});
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find(line_tag(0, *index) + " dahai " + absent), std::string::npos) << result.output;
}

TEST_F(ArenaVerify, ValidateRejectsADiscardOutOfTurn) {
  const fs::path dir = copy_of(match_, "out-of-turn");
  auto lines = read_lines(log_of(dir, 0));
  const auto index = nth_event(lines, "dahai", 0);
  ASSERT_TRUE(index);
  json event = json::parse(lines[*index]);
  event["actor"] = (event.at("actor").get<int>() + 1) % 4;
  lines[*index] = event.dump();
  write_lines(log_of(dir, 0), lines);

  const Outcome result = validate({log_of(dir, 0)});
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find(line_tag(0, *index)), std::string::npos) << result.output;
}

// --- the referee plays every game again: an edit anywhere is named with its file, line and field --

// Runs verify on a copy of the match edited by `edit`; the output must name `tag` (file:line:)
// followed, on that line, by `field`.
void expect_named(const fs::path& dir, const std::string& tag, const std::string& field) {
  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 1) << result.output;
  const auto at = result.output.find(tag);
  ASSERT_NE(at, std::string::npos) << tag << " not in: " << result.output;
  const std::string line = result.output.substr(at, result.output.find('\n', at) - at);
  EXPECT_NE(line.find(field), std::string::npos) << line;
}

std::string results_tag(int line) { return "results.jsonl:" + std::to_string(line) + ":"; }

// Rewrites line `index` (0-based) of `path` through `change`.
template <typename Change>
void edit_line(const fs::path& path, std::size_t index, Change change) {
  auto lines = read_lines(path);
  ASSERT_LT(index, lines.size());
  json value = json::parse(lines[index]);
  change(value);
  lines[index] = value.dump();
  write_lines(path, lines);
}

TEST_F(ArenaVerify, VerifyNamesAResultWithWinnerAndLoserSwapped) {
  const fs::path dir = copy_of(match_, "swapped-result");
  edit_line(dir / "results.jsonl", 1, [](json& result) {
    const auto ranks = result.at("ranks").get<std::vector<int>>();
    const auto first = static_cast<std::size_t>(std::find(ranks.begin(), ranks.end(), 0) - ranks.begin());
    const auto last = static_cast<std::size_t>(std::find(ranks.begin(), ranks.end(), 3) - ranks.begin());
    for (const char* field : {"scores", "ranks", "points"}) std::swap(result[field][first], result[field][last]);
  });
  expect_named(dir, results_tag(2), "field scores");
}

TEST_F(ArenaVerify, VerifyNamesAResultWithTheNamesReversed) {
  const fs::path dir = copy_of(match_, "reversed-names");
  edit_line(dir / "results.jsonl", 0, [](json& result) {
    auto names = result.at("names").get<std::vector<std::string>>();
    std::reverse(names.begin(), names.end());
    result["names"] = names;
  });
  expect_named(dir, results_tag(1), "field names");
}

TEST_F(ArenaVerify, VerifyNamesAResultWithAScoreRaised) {
  const fs::path dir = copy_of(match_, "raised-score");
  edit_line(dir / "results.jsonl", 0, [](json& result) { result["scores"][2] = result["scores"][2].get<int>() + 1000; });
  expect_named(dir, results_tag(1), "field scores");
}

TEST_F(ArenaVerify, VerifyNamesALogWithOtherEndGameScores) {
  const fs::path dir = copy_of(match_, "end-game-scores");
  const auto lines = read_lines(log_of(dir, 0));
  const auto index = nth_event(lines, "end_game", 0);
  ASSERT_TRUE(index);
  edit_line(log_of(dir, 0), *index, [](json& event) {
    event["scores"][0] = event["scores"][0].get<int>() + 1000;
    event["scores"][1] = event["scores"][1].get<int>() - 1000;
  });
  expect_named(dir, line_tag(0, *index), "end_game field scores");
}

TEST_F(ArenaVerify, VerifyNamesALogWithAHandsDeltasSwapped) {
  const fs::path dir = copy_of(match_, "swapped-deltas");
  const auto lines = read_lines(log_of(dir, 0));
  const auto index = nth_event(lines, "hora", 0);
  ASSERT_TRUE(index);
  edit_line(log_of(dir, 0), *index, [](json& event) {
    const int winner = event.at("actor");
    const int other = (winner + 1) % 4;
    std::swap(event["deltas"][winner], event["deltas"][other]);
  });
  expect_named(dir, line_tag(0, *index), "hora field deltas");
}

TEST_F(ArenaVerify, VerifyNamesALaterHandsStartScoresRaised) {
  const fs::path dir = copy_of(match_, "raised-start");
  const auto lines = read_lines(log_of(dir, 1));
  const auto index = nth_event(lines, "start_kyoku", 2);
  ASSERT_TRUE(index);
  edit_line(log_of(dir, 1), *index, [](json& event) { event["scores"][3] = event["scores"][3].get<int>() + 50000; });
  expect_named(dir, line_tag(1, *index), "start_kyoku field scores");
}

// A discard of a tile that was not just drawn, marked as tsumogiri.
TEST_F(ArenaVerify, VerifyNamesALogWithATsumogiriFlagFlipped) {
  const fs::path dir = copy_of(match_, "flipped-tsumogiri");
  const auto lines = read_lines(log_of(dir, 0));
  std::optional<std::size_t> index;
  for (std::size_t i = 1; i < lines.size() && !index; ++i) {
    const json draw = json::parse(lines[i - 1]);
    const json discard = json::parse(lines[i]);
    if (draw.at("type") == "tsumo" && discard.at("type") == "dahai" && discard.at("actor") == draw.at("actor") &&
        discard.at("pai") != draw.at("pai") && discard.at("tsumogiri") == false) {
      index = i;
    }
  }
  ASSERT_TRUE(index);
  edit_line(log_of(dir, 0), *index, [](json& event) { event["tsumogiri"] = true; });
  expect_named(dir, line_tag(0, *index), "dahai field tsumogiri");
}

TEST_F(ArenaVerify, VerifyNamesAnEditedSummary) {
  const fs::path dir = copy_of(match_, "edited-summary");
  json summary = json::parse(std::ifstream(dir / "summary.json"));
  summary[0]["average_rank"] = 1.0;
  std::ofstream(dir / "summary.json", std::ios::trunc) << summary.dump(2) << '\n';
  expect_named(dir, "summary.json:", "field average_rank");
}

TEST_F(ArenaVerify, VerifyNamesAnEditedAdjustedFigure) {
  const fs::path dir = copy_of(match_, "edited-adjusted");
  json summary = json::parse(std::ifstream(dir / "summary.json"));
  summary[0]["adjusted_points_per_hand"] = 1234.5;
  std::ofstream(dir / "summary.json", std::ios::trunc) << summary.dump(2) << '\n';
  expect_named(dir, "summary.json:", "field adjusted_points_per_hand");
}

// A summary written before the luck-adjusted figures (or with another value model) is checked
// without them; a field nobody makes is still named.
TEST_F(ArenaVerify, VerifyChecksASummaryOfAnotherLuckModelWithoutItsAdjustedFigures) {
  const fs::path dir = copy_of(match_, "older-summary");
  json summary = json::parse(std::ifstream(dir / "summary.json"));
  for (json& command : summary) {
    command.erase("adjusted_points_per_hand");
    command.erase("adjusted_points_per_hand_ci95");
    command.erase("adjusted_games");
    command.erase("luck_model");
  }
  summary[1]["luck_model"] = "0123456789abcdef";
  summary[1]["adjusted_points_per_hand"] = 99.0;
  std::ofstream(dir / "summary.json", std::ios::trunc) << summary.dump(2) << '\n';
  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 0) << result.output;
  summary[0]["made_up"] = 1;
  std::ofstream(dir / "summary.json", std::ios::trunc) << summary.dump(2) << '\n';
  expect_named(dir, "summary.json:", "field made_up");
}

TEST_F(ArenaVerify, VerifyNamesAResultWithOtherDecisionCounts) {
  const fs::path dir = copy_of(match_, "decisions");
  edit_line(dir / "results.jsonl", 0, [](json& result) {
    result["seats"][1]["decisions"] = result["seats"][1]["decisions"].get<int>() + 1;
  });
  expect_named(dir, results_tag(1), "seats[1].decisions");
}

// --- an incomplete match or log is never passed --------------------------------------------------

// A game meta.json asks for with no result line: verify fails and says how many are missing.
TEST_F(ArenaVerify, VerifyFailsOnAMissingResult) {
  const fs::path dir = copy_of(match_, "missing-result");
  auto lines = read_lines(dir / "results.jsonl");
  ASSERT_EQ(lines.size(), 2u);
  lines.pop_back();
  write_lines(dir / "results.jsonl", lines);
  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find("1 of the 2 games have no result"), std::string::npos) << result.output;
}

TEST_F(ArenaVerify, VerifyFailsOnARepeatedResult) {
  const fs::path dir = copy_of(match_, "repeated-result");
  auto lines = read_lines(dir / "results.jsonl");
  lines.push_back(lines.front());
  write_lines(dir / "results.jsonl", lines);
  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find("results.jsonl:3: game"), std::string::npos) << result.output;
}

// An unreadable line (two results run together by an interrupted write), and a last line cut
// short without its newline.
TEST_F(ArenaVerify, VerifyFailsOnAnUnreadableOrUnfinishedResultLine) {
  const fs::path dir = copy_of(match_, "unreadable-result");
  const auto lines = read_lines(dir / "results.jsonl");
  write_lines(dir / "results.jsonl", {lines[0].substr(0, lines[0].size() / 2) + lines[1]});
  const Outcome joined = verify(dir);
  EXPECT_EQ(joined.code, 1) << joined.output;
  EXPECT_NE(joined.output.find("results.jsonl:1: an unreadable result line"), std::string::npos) << joined.output;

  std::ofstream(dir / "results.jsonl", std::ios::trunc) << lines[0] << '\n' << lines[1];
  const Outcome cut = verify(dir);
  EXPECT_EQ(cut.code, 1) << cut.output;
  EXPECT_NE(cut.output.find("no newline"), std::string::npos) << cut.output;
}

// validate: each way a log can be incomplete or run on, caught with its reason.
TEST_F(ArenaVerify, ValidateFailsOnAnIncompleteLog) {
  const fs::path dir = copy_of(match_, "incomplete-logs");
  const auto lines = read_lines(log_of(dir, 0));
  const auto end_kyoku = nth_event(lines, "end_kyoku", 0);
  ASSERT_TRUE(end_kyoku);
  const auto variant = [&](const std::string& name, std::vector<std::string> changed, bool newline = true) {
    const fs::path path = dir / (name + ".mjson");
    std::ofstream out(path, std::ios::trunc);
    for (std::size_t i = 0; i < changed.size(); ++i) out << changed[i] << (newline || i + 1 < changed.size() ? "\n" : "");
    return path;
  };
  const auto without_last = std::vector<std::string>(lines.begin(), lines.end() - 1);
  auto after_end = lines;
  after_end.push_back(lines[lines.size() - 2]);
  auto repeated_end_kyoku = lines;
  repeated_end_kyoku.insert(repeated_end_kyoku.begin() + static_cast<std::ptrdiff_t>(*end_kyoku), lines[*end_kyoku]);
  auto cut_mid_line = std::vector<std::string>(lines.begin(), lines.begin() + 40);
  cut_mid_line.back().resize(cut_mid_line.back().size() / 2);
  const std::vector<std::pair<fs::path, std::string>> cases = {
      {variant("empty", {}), "an empty log"},
      {variant("no-end-game", without_last), "without end_game"},
      {variant("cut-mid-game", std::vector<std::string>(lines.begin(), lines.begin() + 40)), "without end_game"},
      {variant("cut-mid-line", cut_mid_line, false), "unreadable"},
      {variant("after-end-game", after_end), "after end_game"},
      {variant("end-game-twice", [&] { auto twice = lines; twice.push_back(lines.back()); return twice; }()), "after end_game"},
      {variant("end-kyoku-twice", repeated_end_kyoku), "repeated end_kyoku"},
  };
  for (const auto& [path, reason] : cases) {
    const Outcome result = validate({path});
    EXPECT_EQ(result.code, 1) << path << ": " << result.output;
    EXPECT_NE(result.output.find(reason), std::string::npos) << path << ": " << result.output;
  }
}

// --- an in-process match of seats that call every kan ----------------------------------------------

// Wins when it can, then any kan, pon or chi, then riichi, else the safe action.
Action kan_happy(const std::vector<Action>& legal, const Table& table) {
  for (const EventType type : {EventType::hora, EventType::ankan, EventType::kakan, EventType::daiminkan,
                               EventType::pon, EventType::chi, EventType::reach}) {
    for (const Action& action : legal) {
      if (action.type == type) return action;
    }
  }
  return table.safe_action();
}

// Plays `games` games with Game and writes them as the arena does (meta, commitments, results, logs).
void write_kan_match(const fs::path& dir, std::uint64_t seed, int games) {
  fs::create_directories(dir / "logs");
  json seats = json::array();
  for (int seat = 0; seat < 4; ++seat) seats.push_back({{"name", std::to_string(seat)}, {"command", "kan-happy"}});
  const json meta = {{"seed", seed}, {"games", games}, {"duplicate", false}, {"format", "hanchan"}, {"seats", seats}};
  std::ofstream(dir / "meta.json") << meta.dump();
  std::ofstream commitments(dir / "commitments.jsonl");
  std::ofstream results(dir / "results.jsonl");
  for (int game = 0; game < games; ++game) {
    GameConfig config;
    config.seed = seed;
    config.wall_game = static_cast<std::uint64_t>(game);
    Game referee(config);
    std::array<int, 4> decisions{};
    while (!referee.finished()) {
      std::array<std::optional<Action>, 4> replies;
      for (int seat = 0; seat < 4; ++seat) {
        const auto& legal = referee.pending().legal[seat];
        if (legal.empty()) continue;
        replies[seat] = kan_happy(legal, referee.table(seat));
        ++decisions[seat];
      }
      referee.answer(replies);
    }
    for (int hand = 0; hand < referee.hands_played(); ++hand) {
      const std::string hash = Wall::generate(seed, config.wall_game, static_cast<std::uint64_t>(hand)).commitment();
      commitments << json{{"game", game}, {"hand", hand}, {"sha256", hash}}.dump() << '\n';
    }
    json seat_records = json::array();
    for (int seat = 0; seat < 4; ++seat) {
      seat_records.push_back({{"decisions", decisions[seat]},
                              {"latency_ms", json::array()},
                              {"incidents", {{"timeouts", 0}, {"crashes", 0}, {"junk", 0}, {"illegal", 0}, {"restarts", 0}}}});
    }
    results << json{{"game", game},     {"wall_game", game},           {"names", config.names},
                    {"scores", referee.scores()}, {"ranks", referee.ranks()}, {"points", referee.final_points()},
                    {"hands", referee.hands_played()}, {"seats", seat_records}}
                   .dump()
            << '\n';
    std::ofstream log(log_of(dir, game));
    for (const Event& event : referee.log()) log << event_to_json(event).dump() << '\n';
  }
  results.close();
  arena::write_summary(arena::MatchDir(dir.string()), false);
}

class KanMatch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    match_ = fresh_dir("kans");
    write_kan_match(match_, 77, 3);
  }
  static void TearDownTestSuite() { fs::remove_all(match_.parent_path()); }

  static fs::path match_;
};

fs::path KanMatch::match_;

TEST_F(KanMatch, HasRinshanDrawsAndKanDora) {
  int kans = 0;
  int doras = 0;
  for (int game = 0; game < 3; ++game) {
    for (const std::string& line : read_lines(log_of(match_, game))) {
      const std::string type = json::parse(line).at("type");
      kans += type == "ankan" || type == "kakan" || type == "daiminkan";
      doras += type == "dora";
    }
  }
  EXPECT_GT(kans, 3);
  EXPECT_GT(doras, 3);
}

TEST_F(KanMatch, VerifyAndValidateAcceptIt) {
  const Outcome verified = verify(match_);
  EXPECT_EQ(verified.code, 0) << verified.output;
  const Outcome validated = validate({log_of(match_, 0), log_of(match_, 1), log_of(match_, 2)});
  EXPECT_EQ(validated.code, 0) << validated.output;
}

// The draw after a kan comes from the dead wall, 122 on.
TEST_F(KanMatch, VerifyNamesATamperedRinshanDraw) {
  const fs::path dir = copy_of(match_, "tampered-rinshan");
  for (int game = 0; game < 3; ++game) {
    auto lines = read_lines(log_of(dir, game));
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      const std::string type = json::parse(lines[i]).at("type");
      if (type != "daiminkan" && type != "kakan") continue;
      json draw = json::parse(lines[i + 1]);
      if (draw.at("type") != "tsumo") continue;
      draw["pai"] = other_tile(draw.at("pai"));
      lines[i + 1] = draw.dump();
      write_lines(log_of(dir, game), lines);
      const Outcome result = verify(dir);
      EXPECT_EQ(result.code, 1) << result.output;
      EXPECT_NE(result.output.find(line_tag(game, i + 1) + " rinshan tsumo"), std::string::npos) << result.output;
      return;
    }
  }
  FAIL() << "no open kan followed by its rinshan draw";
}

TEST_F(KanMatch, VerifyNamesATamperedKanDora) {
  const fs::path dir = copy_of(match_, "tampered-dora");
  auto lines = read_lines(log_of(dir, 0));
  const auto index = nth_event(lines, "dora", 0);
  ASSERT_TRUE(index);
  json event = json::parse(lines[*index]);
  event["dora_marker"] = other_tile(event.at("dora_marker"));
  lines[*index] = event.dump();
  write_lines(log_of(dir, 0), lines);

  const Outcome result = verify(dir);
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find(line_tag(0, *index) + " dora indicator"), std::string::npos) << result.output;
}

// A kan the seat could not make (it holds no such tiles) is illegal.
TEST_F(KanMatch, ValidateRejectsAnImpossibleKan) {
  const fs::path dir = copy_of(match_, "impossible-kan");
  auto lines = read_lines(log_of(dir, 0));
  const auto index = nth_event(lines, "ankan", 0);
  if (!index) GTEST_SKIP() << "no ankan in this match";
  json event = json::parse(lines[*index]);
  const std::string other = other_tile(event.at("consumed")[0]);
  event["consumed"] = {other, other, other, other};
  lines[*index] = event.dump();
  write_lines(log_of(dir, 0), lines);

  const Outcome result = validate({log_of(dir, 0)});
  EXPECT_EQ(result.code, 1) << result.output;
  EXPECT_NE(result.output.find(line_tag(0, *index) + " ankan"), std::string::npos) << result.output;
}

// --- a scripted double ron on the last discard -------------------------------------------------------

std::array<Tile, 13> tiles_of(const std::string& names) {
  std::array<Tile, 13> hand{};
  std::istringstream in(names);
  std::string name;
  for (Tile& tile : hand) {
    in >> name;
    tile = parse_tile(name);
  }
  return hand;
}

// Dealer 0. Seats 2 and 3 wait on N with no yaku of their own; every seat discards what it draws
// and the last live draw (seat 1's) is N: both win it by houtei alone.
Wall houtei_double_ron_wall() {
  std::array<std::optional<Tile>, Wall::kTiles> placed{};
  const auto place = [&](int offset, const std::string& names) {
    const auto hand = tiles_of(names);
    const auto positions = Wall::deal_positions(offset);
    for (std::size_t i = 0; i < 13; ++i) placed[static_cast<std::size_t>(positions[i])] = hand[i];
  };
  place(2, "1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s N");
  place(3, "1p 2p 3p 4m 5m 6m 7m 8m 9m 6s 7s 8s N");
  placed[Wall::kFirstLiveDraw + Wall::kLiveDraws - 1] = parse_tile("N");
  placed[Wall::kTiles - 1] = parse_tile("N");  // the fourth N stays in the dead wall
  placed[Wall::kFirstDoraIndicator] = parse_tile("P");  // dora F: nobody's
  std::vector<Tile> rest;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    for (int copy = 0; copy < 4; ++copy) rest.push_back(Tile::of(kind, number_of(kind) == 5 && copy == 0));
  }
  for (const auto& tile : placed) {
    if (tile) rest.erase(std::find(rest.begin(), rest.end(), *tile));
  }
  std::shuffle(rest.begin(), rest.end(), std::mt19937(2));
  std::array<Tile, Wall::kTiles> tiles{};
  for (std::size_t p = 0; p < tiles.size(); ++p) {
    if (placed[p]) {
      tiles[p] = *placed[p];
    } else {
      tiles[p] = rest.back();
      rest.pop_back();
    }
  }
  return Wall::from_tiles(tiles);
}

// Ron on N when offered; otherwise discard the draw and pass every claim.
Action tsumogiri_or_ron_on_north(const std::vector<Action>& legal, const Table& table) {
  for (const Action& action : legal) {
    if (action.type == EventType::hora && action.target != table.seat() && action.pai.kind() == kinds::north) return action;
  }
  return table.safe_action();
}

TEST(DoubleRon, EachWinnerIsScoredOnTheDiscardItself) {
  GameConfig config;
  config.walls = [](int hand) {
    return hand == 0 ? houtei_double_ron_wall() : Wall::generate(1, 0, static_cast<std::uint64_t>(hand));
  };
  Game referee(config);
  const auto hand_over = [&] {
    const auto& log = referee.log();
    return std::any_of(log.begin(), log.end(), [](const Event& e) { return e.type == EventType::end_kyoku; });
  };
  while (!hand_over()) {
    std::array<std::optional<Action>, 4> replies;
    for (int seat = 0; seat < 4; ++seat) {
      const auto& legal = referee.pending().legal[seat];
      if (!legal.empty()) replies[seat] = tsumogiri_or_ron_on_north(legal, referee.table(seat));
    }
    ASSERT_NO_THROW(referee.answer(replies));
  }
  std::vector<Event> horas;
  for (const Event& event : referee.log()) {
    if (event.type == EventType::hora) horas.push_back(event);
  }
  ASSERT_EQ(horas.size(), 2u);
  EXPECT_EQ(horas[0].actor, 2);
  EXPECT_EQ(horas[1].actor, 3);
  // Houtei alone, 1 han 40 fu (closed ron, tanki on N): 1300 each from seat 1.
  EXPECT_EQ(horas[0].deltas, (std::array<int, 4>{0, -1300, 1300, 0}));
  EXPECT_EQ(horas[1].deltas, (std::array<int, 4>{0, -1300, 0, 1300}));

  // validate takes whole games only: the rest of the game is played out the same way.
  while (!referee.finished()) {
    std::array<std::optional<Action>, 4> replies;
    for (int seat = 0; seat < 4; ++seat) {
      const auto& legal = referee.pending().legal[seat];
      if (!legal.empty()) replies[seat] = tsumogiri_or_ron_on_north(legal, referee.table(seat));
    }
    ASSERT_NO_THROW(referee.answer(replies));
  }
  const fs::path dir = fresh_dir("double-ron");
  fs::create_directories(dir);
  std::ofstream(dir / "hand.mjson") << [&] {
    std::string text;
    for (const Event& event : referee.log()) text += event_to_json(event).dump() + "\n";
    return text;
  }();
  const Outcome validated = validate({dir / "hand.mjson"});
  EXPECT_EQ(validated.code, 0) << validated.output;
  fs::remove_all(dir.parent_path());
}

}  // namespace
}  // namespace tenbin
