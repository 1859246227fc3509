#include "eval/report/paired_matches.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "eval/match/match_dir.hpp"
#include "eval/report/luck.hpp"
#include "eval/report/match_stats.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {

void add_paired_match_arguments(CLI::App& command, PairedMatchArguments& arguments, const std::string& role_a,
                                const std::string& role_b) {
  const auto with_role = [](std::string text, const std::string& role) { return role.empty() ? text : text + " (" + role + ")"; };
  command.add_option("dir_a", arguments.dir_a, with_role("match directory of A", role_a))->required();
  command.add_option("name_a", arguments.name_a, "seat name of A")->required();
  command.add_option("dir_b", arguments.dir_b, "match directory of B (same seed, games and format)")->required();
  command.add_option("name_b", arguments.name_b, with_role("seat name of B", role_b))->required();
}

SideLabels side_labels(const PairedMatchArguments& arguments) {
  if (arguments.name_a != arguments.name_b) return {arguments.name_a, arguments.name_b};
  const auto labelled = [](const std::string& dir, const std::string& name) {
    std::filesystem::path path(dir);
    if (!path.has_filename()) path = path.parent_path();  // "dir/" names dir
    return fmt::format("{} ({})", name, path.filename().string());
  };
  return {labelled(arguments.dir_a, arguments.name_a), labelled(arguments.dir_b, arguments.name_b)};
}

namespace {

using nlohmann::json;

// What must agree for game g to deal the same walls in both matches.
json wall_settings(const json& meta) {
  return {{"seed", meta.value("seed", json())},
          {"games", meta.value("games", json())},
          {"format", meta.value("format", json("hanchan"))},
          {"duplicate", meta.value("duplicate", false)},
          {"starts", meta.value("starts", json())},
          {"wall", wall_scheme_name(wall_scheme_of(meta))}};
}

// What one match says of `name` in a game.
struct SeatGame {
  std::uint64_t wall = 0;
  int place = 0;
  int hands = 0;
  double points = 0;    // per hand
  double adjusted = 0;  // per hand, less the luck
};

// The score change per hand of `seat` (its final score less its first), plain and less its luck.
void read_points(const MatchDir& dir, int game, int seat, double final_score, SeatGame& seen) {
  const std::vector<Event> log = read_game_log(dir.log_path(game));
  const auto start = std::find_if(log.begin(), log.end(), [](const Event& e) { return e.type == EventType::start_kyoku && e.has_scores; });
  const GameLuck luck = game_luck(log);
  if (start == log.end() || luck.hands.empty()) throw std::runtime_error(fmt::format("{}: game {}: the log has no hand", dir.path(), game));
  const double change = final_score - start->scores[seat];
  seen.hands = static_cast<int>(luck.hands.size());
  seen.points = change / seen.hands;
  seen.adjusted = (change - luck.total[seat]) / seen.hands;
}

// `name` in each finished game of the match.
std::map<int, SeatGame> games_of(const MatchDir& dir, bool duplicate, const std::string& name, PairedFigures figures) {
  std::map<int, SeatGame> games;
  for (const auto& [game, result] : dir.read_results(duplicate)) {
    const json& names = result.record.at("names");
    int seat = -1;
    int seated = 0;
    for (int s = 0; s < 4; ++s) {
      if (names.at(s).get<std::string>() == name) {
        seat = s;
        ++seated;
      }
    }
    if (seated != 1) {
      throw std::runtime_error(fmt::format("{}: game {} seats {} {} times (it must be once)", dir.path(), game, name, seated));
    }
    const int place = result.record.at("ranks").at(seat).get<int>();
    if (place < 0 || place > 3) throw std::runtime_error(fmt::format("{}: game {}: rank {} out of range", dir.path(), game, place));
    SeatGame seen{result.wall_game, place};
    if (figures == PairedFigures::points_per_hand) {
      read_points(dir, game, seat, result.record.at("scores").at(seat).get<double>(), seen);
    }
    games[game] = seen;
  }
  return games;
}

}  // namespace

PairedMatches read_paired_matches(const std::string& dir_a, const std::string& name_a, const std::string& dir_b,
                                  const std::string& name_b, PairedFigures figures) {
  const MatchDir a(dir_a);
  const MatchDir b(dir_b);
  a.read_meta();  // every field checked, a wrong one named with its file, before any is compared
  b.read_meta();
  const json settings_a = wall_settings(a.read_meta_json());
  const json settings_b = wall_settings(b.read_meta_json());
  if (settings_a != settings_b) {
    throw std::runtime_error(fmt::format("the matches are not on the same walls (seed, games, format, duplicate, start book, wall scheme): {} vs {}",
                                         settings_a.dump(), settings_b.dump()));
  }
  PairedMatches paired;
  paired.duplicate = settings_a.at("duplicate").get<bool>();
  paired.games_per_wall = paired.duplicate ? 4 : 1;
  const auto games_a = games_of(a, paired.duplicate, name_a, figures);
  const auto games_b = games_of(b, paired.duplicate, name_b, figures);
  for (const auto& [game, seen_a] : games_a) {
    const auto other = games_b.find(game);
    if (other == games_b.end()) continue;
    const SeatGame& seen_b = other->second;
    if (seen_b.wall != seen_a.wall) {
      throw std::runtime_error(fmt::format("game {} is played on wall {} in {} but on wall {} in {}", game, seen_a.wall,
                                           dir_a, seen_b.wall, dir_b));
    }
    paired.games.push_back({game, seen_a.wall, seen_a.place, seen_b.place, seen_a.hands, seen_b.hands, seen_a.points,
                            seen_b.points, seen_a.adjusted, seen_b.adjusted});
  }
  return paired;
}

double place_difference(const PairedGame& game) { return game.place_a - game.place_b; }

double rank_point_difference(const PairedGame& game) {
  return rank_points_of(game.place_a) - rank_points_of(game.place_b);
}

PairedPointsPerHand points_per_hand(const PairedMatches& matches) {
  PairedPointsPerHand sides;
  for (const PairedGame& game : matches.games) {
    sides.a.add(game.wall, game.points_a, game.hands_a);
    sides.b.add(game.wall, game.points_b, game.hands_b);
    sides.adjusted_a.add(game.wall, game.adjusted_a, game.hands_a);
    sides.adjusted_b.add(game.wall, game.adjusted_b, game.hands_b);
  }
  return sides;
}

std::vector<double> whole_wall_differences(const PairedMatches& matches, const WallSample& first, const WallSample& second) {
  std::map<std::uint64_t, int> games;
  for (const PairedGame& game : matches.games) ++games[game.wall];
  const std::map<std::uint64_t, double> means_first = first.wall_means();
  const std::map<std::uint64_t, double> means_second = second.wall_means();
  std::vector<double> differences;
  for (const auto& [wall, count] : games) {
    const auto one = means_first.find(wall);
    const auto other = means_second.find(wall);
    if (count != matches.games_per_wall || one == means_first.end() || other == means_second.end()) continue;
    differences.push_back(one->second - other->second);
  }
  return differences;
}

}  // namespace tenbin::arena
