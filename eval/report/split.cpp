#include "eval/report/split.hpp"

#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "eval/match/match_dir.hpp"
#include "eval/report/paired_matches.hpp"

namespace tenbin::arena {

namespace {

using nlohmann::json;

std::ifstream open_log(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot be read");
  return in;
}

int wind_index(const std::string& wind) {
  static const std::string winds[] = {"E", "S", "W", "N"};
  for (int i = 0; i < 4; ++i) {
    if (wind == winds[i]) return i;
  }
  return 4;
}

std::string hand_name(const std::optional<std::pair<int, int>>& hand) {
  if (!hand) return "never";
  static const char* const winds = "ESWN?";
  return fmt::format("{}{}", winds[std::min(hand->first, 4)], hand->second);
}

}  // namespace

std::optional<std::pair<int, int>> parting_hand(const std::string& log_a, const std::string& log_b) {
  std::ifstream a = open_log(log_a);
  std::ifstream b = open_log(log_b);
  std::optional<std::pair<int, int>> hand;
  std::string line_a, line_b;
  while (std::getline(a, line_a) && std::getline(b, line_b)) {
    const json event_a = json::parse(line_a);
    const json event_b = json::parse(line_b);
    const std::string type = event_a.value("type", "");
    if (type == "start_game") continue;
    if (type == "start_kyoku") hand = std::pair{wind_index(event_a.value("bakaze", "")), event_a.value("kyoku", 0)};
    if (event_a != event_b) return hand;
  }
  return std::nullopt;
}

std::map<std::optional<std::pair<int, int>>, SplitRow> split_by_parting_hand(const std::string& dir_a, const std::string& name_a,
                                                                            const std::string& dir_b, const std::string& name_b) {
  const PairedMatches matches = read_paired_matches(dir_a, name_a, dir_b, name_b);
  const MatchDir a(dir_a);
  const MatchDir b(dir_b);
  std::map<std::optional<std::pair<int, int>>, SplitRow> rows;
  for (const PairedGame& game : matches.games) {
    SplitRow& row = rows[parting_hand(a.log_path(game.game), b.log_path(game.game))];
    ++row.games;
    row.place.add(game.wall, place_difference(game));
    row.rank_points.add(game.wall, rank_point_difference(game));
  }
  return rows;
}

int split_command(const std::string& dir_a, const std::string& name_a, const std::string& dir_b, const std::string& name_b,
                  std::ostream& out, std::ostream& errors) {
  try {
    const auto rows = split_by_parting_hand(dir_a, name_a, dir_b, name_b);
    const SideLabels sides = side_labels({dir_a, name_a, dir_b, name_b});
    out << fmt::format("{} - {}, by the hand the games part in (95% intervals over walls):\n", sides.a, sides.b);
    out << fmt::format("{:8} {:>6} {:>6} {:>18} {:>16}\n", "hand", "games", "walls", "average rank", "rank pt/game");
    // std::optional sorts nullopt first; "never" goes last.
    const auto print = [&out](const std::optional<std::pair<int, int>>& hand, const SplitRow& row) {
      const Estimate place = row.place.estimate();
      const Estimate points = row.rank_points.estimate();
      out << fmt::format("{:8} {:6} {:6} {:+9.3f} +- {:5.3f} {:+8.1f} +- {:5.1f}\n", hand_name(hand), row.games, place.walls,
                         place.mean, place.ci95, points.mean, points.ci95);
    };
    for (const auto& [hand, row] : rows) {
      if (hand) print(hand, row);
    }
    if (const auto never = rows.find(std::nullopt); never != rows.end()) print(std::nullopt, never->second);
    return 0;
  } catch (const std::exception& error) {
    errors << "tenbin-arena split: " << error.what() << "\n";
    return 3;
  }
}

Subcommand add_split_command(CLI::App& app) {
  auto options = std::make_shared<PairedMatchArguments>();
  CLI::App* command =
      app.add_subcommand("split", "by the hand where the games of NAME_A and NAME_B on the same walls part, their paired difference");
  add_paired_match_arguments(*command, *options);
  return {command, [options] {
            return split_command(options->dir_a, options->name_a, options->dir_b, options->name_b, std::cout, std::cerr);
          }};
}

}  // namespace tenbin::arena
