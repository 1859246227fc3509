#include "eval/report/compare.hpp"

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace tenbin::arena {

Comparison compare(const PairedMatches& matches) {
  Comparison result;
  WallSample place;
  WallSample rank_points;
  for (const PairedGame& game : matches.games) {
    ++result.games;
    if (game.place_a == game.place_b) ++result.same_place;
    place.add(game.wall, place_difference(game));
    rank_points.add(game.wall, rank_point_difference(game));
  }
  result.place = place.estimate();
  result.rank_points = rank_points.estimate();
  const PairedPointsPerHand points = points_per_hand(matches);
  result.points_per_hand = difference(points.a, points.b);
  result.adjusted_points_per_hand = difference(points.adjusted_a, points.adjusted_b);
  return result;
}

namespace {

// Two matches compared, with at least the two walls an interval needs.
Comparison compare_dirs(const std::string& dir_a, const std::string& name_a, const std::string& dir_b,
                        const std::string& name_b, PairedFigures figures = PairedFigures::places) {
  const Comparison c = compare(read_paired_matches(dir_a, name_a, dir_b, name_b, figures));
  if (c.place.walls < 2) throw std::runtime_error("fewer than two walls played in both matches");
  return c;
}

// A comparison's line in places and rank points.
std::string rank_line(const std::string& name_a, const std::string& name_b, const Comparison& c) {
  return fmt::format("{} - {}: average rank {:+.3f} +- {:.3f}, rank pt/game {:+.1f} +- {:.1f} over {} paired games, {} walls "
                     "({} games with the same rank)",
                     name_a, name_b, c.place.mean, c.place.ci95, c.rank_points.mean, c.rank_points.ci95, c.games,
                     c.place.walls, c.same_place);
}

}  // namespace

int compare_command(const std::string& dir_a, const std::string& name_a, const std::string& dir_b,
                    const std::string& name_b, bool adjusted, std::ostream& out, std::ostream& errors) {
  try {
    const PairedFigures figures = adjusted ? PairedFigures::points_per_hand : PairedFigures::places;
    const Comparison c = compare_dirs(dir_a, name_a, dir_b, name_b, figures);
    const SideLabels sides = side_labels({dir_a, name_a, dir_b, name_b});
    out << rank_line(sides.a, sides.b, c) << "\n";
    if (adjusted) {
      out << fmt::format("{} - {}: points per hand {:+.1f} +- {:.1f}, luck-adjusted {:+.1f} +- {:.1f}\n", sides.a, sides.b,
                         c.points_per_hand.mean, c.points_per_hand.ci95, c.adjusted_points_per_hand.mean,
                         c.adjusted_points_per_hand.ci95);
    }
    return 0;
  } catch (const std::exception& error) {
    errors << "tenbin-arena compare: " << error.what() << "\n";
    return 3;
  }
}

int pool_command(const std::vector<std::string>& quads, std::ostream& out, std::ostream& errors) {
  if (quads.empty() || quads.size() % 4 != 0) {
    errors << "tenbin-arena pool: give pairs as DIR_A NAME_A DIR_B NAME_B, four arguments each\n";
    return 2;
  }
  std::size_t pair = 0;
  try {
    std::vector<Estimate> places;
    std::vector<Estimate> rank_points;
    std::string losses;
    for (std::size_t i = 0; i < quads.size(); i += 4) {
      ++pair;
      const Comparison c = compare_dirs(quads[i], quads[i + 1], quads[i + 2], quads[i + 3]);
      const SideLabels sides = side_labels({quads[i], quads[i + 1], quads[i + 2], quads[i + 3]});
      out << fmt::format("pair {}: {} ({} against {})\n", pair, rank_line(sides.a, sides.b, c), quads[i], quads[i + 2]);
      places.push_back(c.place);
      rank_points.push_back(c.rank_points);
      if (c.place.mean - c.place.ci95 > 0) losses += (losses.empty() ? "" : ", ") + std::to_string(pair);
    }
    pair = 0;
    const Estimate place = pooled(places);
    const Estimate points = pooled(rank_points);
    out << fmt::format("pooled over {} pairs (inverse-variance weights): average rank {:+.3f} +- {:.3f}, rank pt/game {:+.1f} "
                       "+- {:.1f}\n",
                       places.size(), place.mean, place.ci95, points.mean, points.ci95);
    out << "A finishes lower than B, the interval clear of zero, in: " << (losses.empty() ? "no pair" : "pair " + losses) << "\n";
    return 0;
  } catch (const std::exception& error) {
    errors << "tenbin-arena pool: " << (pair > 0 ? fmt::format("pair {}: ", pair) : "") << error.what() << "\n";
    return 3;
  }
}

Subcommand add_pool_command(CLI::App& app) {
  auto quads = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "pool", "paired differences of several pairs of matches (each A - B on its own walls), then joined with "
              "inverse-variance weights");
  command->add_option("pairs", *quads, "DIR_A NAME_A DIR_B NAME_B, once per pair")->required();
  return {command, [quads] { return pool_command(*quads, std::cout, std::cerr); }};
}

Subcommand add_compare_command(CLI::App& app) {
  struct Options {
    PairedMatchArguments matches;
    bool adjusted = false;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(
      "compare", "paired difference of NAME_A in DIR_A and NAME_B in DIR_B on the same walls (A - B, 95% interval over walls)");
  add_paired_match_arguments(*command, options->matches);
  command->add_flag("--adjusted", options->adjusted, "also the points per hand, plain and luck-adjusted (reads every log)");
  return {command, [options] {
            const PairedMatchArguments& m = options->matches;
            return compare_command(m.dir_a, m.name_a, m.dir_b, m.name_b, options->adjusted, std::cout, std::cerr);
          }};
}

}  // namespace tenbin::arena
