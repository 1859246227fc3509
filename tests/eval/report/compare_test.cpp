// `compare` and `split`: two strategies' matches on the same walls, paired game by game, against
// differences computed by hand; matches on other walls are refused.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "eval/report/compare.hpp"
#include "eval/report/paired_matches.hpp"
#include "eval/report/split.hpp"
#include "eval/report/sprt.hpp"
#include "tests/match_files.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

namespace tenbin::arena {
namespace {

using nlohmann::json;

// A duplicate match of `places.size()` games of `name` against three "greedy": game g seats
// `name` at seat g % 4 and places it places[g] (0 = 1st). Each log is a start_game line, then
// East 1's start and `hand_lines` lines that follow it.
void write_match(const std::filesystem::path& dir, const std::string& name, const std::vector<int>& places, std::uint64_t seed,
                 const std::vector<std::vector<std::string>>& hand_lines = {}) {
  std::filesystem::create_directories(dir / "logs");
  const int games = static_cast<int>(places.size());
  json seats = json::array();
  for (const std::string& seat : {name, std::string("greedy"), std::string("greedy"), std::string("greedy")}) {
    seats.push_back({{"name", seat}, {"command", seat}, {"dialect", "mortal"}, {"timeout_ms", 10000}});
  }
  std::ofstream(dir / "meta.json") << json{{"seed", seed}, {"games", games}, {"duplicate", true}, {"format", "hanchan"},
                                           {"seats", seats}, {"wall", "tenbin-wall-v1"}}.dump();
  std::ofstream results(dir / "results.jsonl");
  for (int game = 0; game < games; ++game) {
    json names = {"greedy", "greedy", "greedy", "greedy"};
    json ranks = json::array();
    int other = 0;
    for (int seat = 0; seat < 4; ++seat) {
      if (seat == game % 4) {
        names[static_cast<std::size_t>(seat)] = name;
        ranks.push_back(places[static_cast<std::size_t>(game)]);
        continue;
      }
      if (other == places[static_cast<std::size_t>(game)]) ++other;
      ranks.push_back(other++);
    }
    // A whole result line, as the arena writes it (the readers refuse one that lacks a field).
    json scores = json::array();
    json points = json::array();
    json seat_figures = json::array();
    for (int seat = 0; seat < 4; ++seat) {
      scores.push_back(25000);
      points.push_back(0.0);
      seat_figures.push_back({{"decisions", 0},
                              {"latency_ms", json::array()},
                              {"incidents", {{"timeouts", 0}, {"crashes", 0}, {"junk", 0}, {"illegal", 0}, {"restarts", 0}}}});
    }
    results << json{{"game", game},     {"wall_game", game / 4}, {"names", names}, {"ranks", ranks},
                    {"scores", scores}, {"points", points},      {"hands", 1},     {"seats", seat_figures}}
                   .dump()
            << "\n";
    std::vector<std::string> log = {json{{"type", "start_game"}, {"names", names}}.dump(),
                                    R"({"type":"start_kyoku","bakaze":"E","kyoku":1})"};
    if (static_cast<std::size_t>(game) < hand_lines.size()) {
      for (const std::string& line : hand_lines[static_cast<std::size_t>(game)]) log.push_back(line);
    }
    write_lines(log_of(dir, game), log);
  }
}

TEST(Compare, PairedDifferenceIsOverWalls) {
  ScratchDir scratch("compare");
  // Wall 0: A places 1st in every rotation, B 2nd; wall 1: both 3rd, except one game B is 4th.
  write_match(scratch / "a", "full", {0, 0, 0, 0, 2, 2, 2, 2}, 7);
  write_match(scratch / "b", "ablation", {1, 1, 1, 1, 2, 2, 2, 3}, 7);
  const Comparison c = compare(read_paired_matches((scratch / "a").string(), "full", (scratch / "b").string(), "ablation"));
  EXPECT_EQ(c.games, 8);
  EXPECT_EQ(c.same_place, 3);
  EXPECT_EQ(c.place.walls, 2);
  // Place differences A - B: wall means -1 and -0.25; mean -0.625, half-width 1.96 * 0.375.
  EXPECT_DOUBLE_EQ(c.place.mean, -0.625);
  EXPECT_NEAR(c.place.ci95, 1.96 * 0.375, 1e-12);
  // Rank points: wall means 45 and 135 / 4 = 33.75; mean 39.375, half-width 1.96 * 5.625.
  EXPECT_DOUBLE_EQ(c.rank_points.mean, 39.375);
  EXPECT_NEAR(c.rank_points.ci95, 1.96 * 5.625, 1e-12);

  std::ostringstream out, errors;
  EXPECT_EQ(compare_command((scratch / "a").string(), "full", (scratch / "b").string(), "ablation", false, out, errors), 0);
  EXPECT_NE(out.str().find("average rank -0.625 +- 0.735"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("8 paired games, 2 walls"), std::string::npos) << out.str();
}

// Two versions seated under one name (a variant of `full` against `full`): each side is named with
// its match directory, in compare's, pool's, split's and the SPRT's lines; different names stay bare.
TEST(Compare, SidesOfOneNameAreToldApartByTheirDirectories) {
  ScratchDir scratch("compare-labels");
  write_match(scratch / "full+variant-seed7", "full", {0, 0, 0, 0, 2, 2, 2, 2}, 7);
  write_match(scratch / "full-seed7", "full", {1, 1, 1, 1, 2, 2, 2, 3}, 7);
  const std::string a = (scratch / "full+variant-seed7").string(), b = (scratch / "full-seed7").string();
  EXPECT_EQ(side_labels({a, "full", b + "/", "full"}).b, "full (full-seed7)");
  EXPECT_EQ(side_labels({a, "full", b, "ablation"}).a, "full");
  const std::string both = "full (full+variant-seed7) - full (full-seed7)";
  std::ostringstream compared, pooled, split, tested, errors;
  EXPECT_EQ(compare_command(a, "full", b, "full", false, compared, errors), 0) << errors.str();
  EXPECT_EQ(compared.str().rfind(both + ": average rank -0.625", 0), 0u) << compared.str();
  EXPECT_EQ(pool_command({a, "full", b, "full"}, pooled, errors), 0) << errors.str();
  EXPECT_NE(pooled.str().find("pair 1: " + both + ":"), std::string::npos) << pooled.str();
  EXPECT_EQ(split_command(a, "full", b, "full", split, errors), 0) << errors.str();
  EXPECT_EQ(split.str().rfind(both + ", by the hand", 0), 0u) << split.str();
  EXPECT_EQ(sprt_command(b, "full", a, "full", SprtSettings{}, tested, errors), 0) << errors.str();
  EXPECT_EQ(tested.str().rfind(both + " in rank points", 0), 0u) << tested.str();
}

// Two pairs pooled: the pair above (A - B -0.625 in places, standard error 0.375) and one on
// other walls (wall means -2 and -0.25: -1.125, standard error 0.875), joined with weights
// 1 / 0.375^2 and 1 / 0.875^2. A finishes higher in both, so no pair shows a loss.
TEST(Compare, PoolJoinsPairsByInverseVariance) {
  ScratchDir scratch("compare-pool");
  write_match(scratch / "a", "full", {0, 0, 0, 0, 2, 2, 2, 2}, 7);
  write_match(scratch / "b", "ablation", {1, 1, 1, 1, 2, 2, 2, 3}, 7);
  write_match(scratch / "c", "full", {0, 0, 0, 0, 1, 1, 1, 1}, 9);
  write_match(scratch / "d", "ablation", {2, 2, 2, 2, 1, 1, 1, 2}, 9);
  const std::string a = (scratch / "a").string(), b = (scratch / "b").string();
  const std::string c = (scratch / "c").string(), d = (scratch / "d").string();
  std::ostringstream out, errors;
  EXPECT_EQ(pool_command({a, "full", b, "ablation", c, "full", d, "ablation"}, out, errors), 0) << errors.str();
  EXPECT_NE(out.str().find("pair 1: full - ablation: average rank -0.625 +- 0.735"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("pair 2: full - ablation: average rank -1.125 +- 1.715"), std::string::npos) << out.str();
  const double w1 = 1 / (0.375 * 0.375), w2 = 1 / (0.875 * 0.875);
  const std::string pooled_line = fmt::format("pooled over 2 pairs (inverse-variance weights): average rank {:+.3f} +- {:.3f}",
                                              (-0.625 * w1 - 1.125 * w2) / (w1 + w2), 1.96 / std::sqrt(w1 + w2));
  EXPECT_NE(out.str().find(pooled_line), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("clear of zero, in: no pair"), std::string::npos) << out.str();

  // A 2nd in every game but one (3rd there), B 1st in all: wall means 1 and 1.25, a loss
  // clear of zero (1.125 +- 1.96 * 0.125); beside the first pair swapped, which is not.
  write_match(scratch / "e", "full", {1, 1, 1, 1, 1, 1, 1, 2}, 11);
  write_match(scratch / "f", "ablation", {0, 0, 0, 0, 0, 0, 0, 0}, 11);
  std::ostringstream swapped, swapped_errors;
  EXPECT_EQ(pool_command({b, "ablation", a, "full", (scratch / "e").string(), "full", (scratch / "f").string(), "ablation"},
                         swapped, swapped_errors),
            0)
      << swapped_errors.str();
  EXPECT_NE(swapped.str().find("average rank +1.125 +- 0.245"), std::string::npos) << swapped.str();
  EXPECT_NE(swapped.str().find("clear of zero, in: pair 2\n"), std::string::npos) << swapped.str();

  std::ostringstream bad_out, bad;
  EXPECT_EQ(pool_command({a, "full", b}, bad_out, bad), 2);
  EXPECT_NE(bad.str().find("four arguments each"), std::string::npos) << bad.str();
  std::ostringstream other_out, other;
  EXPECT_EQ(pool_command({a, "full", b, "ablation", a, "full", d, "ablation"}, other_out, other), 3);  // other walls
  EXPECT_NE(other.str().find("pool: pair 2: "), std::string::npos) << other.str();
  // A pair whose games all part the same way has no interval to weigh it by.
  write_match(scratch / "g", "ablation", {1, 1, 1, 1, 3, 3, 3, 3}, 7);
  std::ostringstream flat_out, flat;
  EXPECT_EQ(pool_command({a, "full", (scratch / "g").string(), "ablation"}, flat_out, flat), 3);
  EXPECT_NE(flat.str().find("without an interval"), std::string::npos) << flat.str();
}

TEST(Compare, RefusesMatchesOnOtherWalls) {
  ScratchDir scratch("compare-seed");
  write_match(scratch / "a", "full", {0, 0, 0, 0, 2, 2, 2, 2}, 7);
  write_match(scratch / "b", "ablation", {1, 1, 1, 1, 2, 2, 2, 3}, 8);
  std::ostringstream out, errors;
  EXPECT_EQ(compare_command((scratch / "a").string(), "full", (scratch / "b").string(), "ablation", false, out, errors), 3);
  EXPECT_NE(errors.str().find("not on the same walls"), std::string::npos) << errors.str();
  EXPECT_TRUE(out.str().empty());

  // The same seed under another wall scheme deals other walls.
  write_match(scratch / "c", "ablation", {1, 1, 1, 1, 2, 2, 2, 3}, 7);
  json meta = json::parse(std::ifstream(scratch / "c" / "meta.json"));
  meta["wall"] = "tenbin-wall-v2";
  std::ofstream(scratch / "c" / "meta.json") << meta.dump();
  std::ostringstream scheme_out, scheme_errors;
  EXPECT_EQ(compare_command((scratch / "a").string(), "full", (scratch / "c").string(), "ablation", false, scheme_out, scheme_errors), 3);
  EXPECT_NE(scheme_errors.str().find("\"wall\":\"tenbin-wall-v2\""), std::string::npos) << scheme_errors.str();
  // A meta.json that names no scheme is a tenbin-wall-v1 match.
  meta["wall"] = "tenbin-wall-v1";
  std::ofstream(scratch / "c" / "meta.json") << meta.dump();
  json unnamed = json::parse(std::ifstream(scratch / "a" / "meta.json"));
  unnamed.erase("wall");
  std::ofstream(scratch / "a" / "meta.json") << unnamed.dump();
  std::ostringstream same_out, same_errors;
  EXPECT_EQ(compare_command((scratch / "a").string(), "full", (scratch / "c").string(), "ablation", false, same_out, same_errors), 0)
      << same_errors.str();
  // A scheme the arena does not know is refused, naming the file.
  meta["wall"] = "tenbin-wall-v9";
  std::ofstream(scratch / "c" / "meta.json") << meta.dump();
  std::ostringstream unknown_out, unknown_errors;
  EXPECT_EQ(compare_command((scratch / "a").string(), "full", (scratch / "c").string(), "ablation", false, unknown_out, unknown_errors), 3);
  EXPECT_NE(unknown_errors.str().find("meta.json: not a match of a known wall scheme (tenbin-wall-v1, v2 or v3)"), std::string::npos)
      << unknown_errors.str();
}

TEST(Compare, RefusesANameNotSeatedOnce) {
  ScratchDir scratch("compare-name");
  write_match(scratch / "a", "full", {0, 0, 0, 0}, 7);
  write_match(scratch / "b", "ablation", {1, 1, 1, 1}, 7);
  std::ostringstream out, errors;
  EXPECT_EQ(compare_command((scratch / "a").string(), "nobody", (scratch / "b").string(), "ablation", false, out, errors), 3);
  EXPECT_NE(errors.str().find("seats nobody 0 times"), std::string::npos) << errors.str();
}

TEST(Split, GroupsGamesByTheHandWhereTheyPart) {
  ScratchDir scratch("split");
  const std::string same = R"({"type":"dahai","actor":0,"pai":"1m","tsumogiri":false})";
  const std::string other = R"({"type":"dahai","actor":0,"pai":"9p","tsumogiri":false})";
  const std::string south2 = R"({"type":"start_kyoku","bakaze":"S","kyoku":2})";
  // Games 0 and 1 part in East 1; games 2 and 3 in South 2; games 4..7 never.
  const std::vector<std::vector<std::string>> a_lines = {{same}, {same}, {same, south2, same}, {south2, same}};
  const std::vector<std::vector<std::string>> b_lines = {{other}, {other}, {same, south2, other}, {south2, other}};
  write_match(scratch / "a", "full", {0, 1, 0, 3, 2, 2, 2, 2}, 7, a_lines);
  write_match(scratch / "b", "ablation", {1, 1, 2, 2, 2, 2, 2, 2}, 7, b_lines);
  const auto rows = split_by_parting_hand((scratch / "a").string(), "full", (scratch / "b").string(), "ablation");
  ASSERT_EQ(rows.size(), 3u);
  const SplitRow& east1 = rows.at(std::pair{0, 1});
  EXPECT_EQ(east1.games, 2);
  EXPECT_DOUBLE_EQ(east1.place.estimate().mean, -0.5);             // -1 and 0
  EXPECT_DOUBLE_EQ(east1.rank_points.estimate().mean, 45.0 / 2);  // 45 and 0
  const SplitRow& south = rows.at(std::pair{1, 2});
  EXPECT_EQ(south.games, 2);
  EXPECT_DOUBLE_EQ(south.place.estimate().mean, -0.5);  // -2 and +1
  const SplitRow& never = rows.at(std::nullopt);
  EXPECT_EQ(never.games, 4);
  EXPECT_EQ(never.place.walls(), 1);
  EXPECT_DOUBLE_EQ(never.place.estimate().mean, 0);

  std::ostringstream out, errors;
  EXPECT_EQ(split_command((scratch / "a").string(), "full", (scratch / "b").string(), "ablation", out, errors), 0);
  const std::string text = out.str();
  EXPECT_LT(text.find("E1 "), text.find("S2 "));
  EXPECT_LT(text.find("S2 "), text.find("never"));
}

// 32 walls: A finishes 4th in every game; B 1st, 2nd, then a place that varies with the wall.
void write_far_apart_matches(const ScratchDir& scratch) {
  std::vector<int> places_a;
  std::vector<int> places_b;
  for (int wall = 0; wall < 32; ++wall) {
    for (const int place : {0, 1, wall % 3, 1}) places_b.push_back(place);
    for (int rotation = 0; rotation < 4; ++rotation) places_a.push_back(3);
  }
  write_match(scratch / "a", "full", places_a, 5);
  write_match(scratch / "b", "change", places_b, 5);
}

TEST(ArenaCommands, CompareSplitAndSprtRunFromTheCommandLine) {
  ScratchDir scratch("compare-cli");
  write_far_apart_matches(scratch);
  const std::string a = (scratch / "a").string();
  const std::string b = (scratch / "b").string();
  const auto compared = subprocess::run(subprocess::arena_binary(), {"compare", a, "full", b, "change"});
  EXPECT_EQ(compared.exit_code, 0) << compared.err;
  EXPECT_NE(compared.out.find("full - change: average rank +"), std::string::npos) << compared.out;
  EXPECT_NE(compared.out.find("128 paired games, 32 walls"), std::string::npos) << compared.out;

  const auto split = subprocess::run(subprocess::arena_binary(), {"split", a, "full", b, "change"});
  EXPECT_EQ(split.exit_code, 0) << split.err;
  EXPECT_NE(split.out.find("never"), std::string::npos) << split.out;

  // B is far better: H1 at the first wall a verdict may be given on.
  const auto better = subprocess::run(subprocess::arena_binary(), {"sprt", a, "full", b, "change", "--pt0", "0", "--pt1", "5"});
  EXPECT_EQ(better.exit_code, 0) << better.err;
  EXPECT_NE(better.out.find("bounds [-2.944, 2.944]"), std::string::npos) << better.out;
  EXPECT_NE(better.out.find("H1 accepted after " + std::to_string(kSprtMinimumWalls) + " walls"), std::string::npos) << better.out;
  // The other way round, A is far worse than B: H0.
  const auto worse = subprocess::run(subprocess::arena_binary(), {"sprt", b, "change", a, "full"});
  EXPECT_NE(worse.out.find("H0 accepted"), std::string::npos) << worse.out;
  const auto bad = subprocess::run(subprocess::arena_binary(), {"sprt", a, "full", b, "change", "--pt0", "5", "--pt1", "0"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("pt1 > pt0"), std::string::npos) << bad.err;
}

TEST(ArenaCommands, StrengthPairIsCompare) {
  ScratchDir scratch("compare-script");
  write_far_apart_matches(scratch);
  const std::string a = (scratch / "a").string();
  const std::string b = (scratch / "b").string();
  const std::filesystem::path script = std::filesystem::path(TENBIN_FIXTURES_DIR) / "../../scripts/study/strength-pair";
  const auto compared = subprocess::run(subprocess::arena_binary(), {"compare", a, "full", b, "change"});
  const auto wrapped = subprocess::run("/usr/bin/env", {"TENBIN_BUILD_DIR=" + subprocess::arena_binary().parent_path().string(),
                                                        script.string(), a, "full", b, "change"});
  EXPECT_EQ(wrapped.exit_code, 0) << wrapped.err;
  EXPECT_EQ(wrapped.out, compared.out);
}

}  // namespace
}  // namespace tenbin::arena
