#include "eval/report/sprt.hpp"

#include <cmath>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "eval/report/paired_matches.hpp"

namespace tenbin::arena {

const char* verdict_name(SprtVerdict verdict) {
  switch (verdict) {
    case SprtVerdict::accept_h0: return "H0 accepted";
    case SprtVerdict::accept_h1: return "H1 accepted";
    case SprtVerdict::continue_testing: break;
  }
  return "continue";
}

Sprt::Sprt(const SprtSettings& settings)
    : settings_(settings),
      lower_(std::log(settings.beta / (1 - settings.alpha))),
      upper_(std::log((1 - settings.beta) / settings.alpha)) {}

void Sprt::add(double difference) {
  ++n_;
  sum_ += difference;
  square_sum_ += difference * difference;
}

double Sprt::mean() const { return n_ ? sum_ / n_ : 0; }

double Sprt::llr() const {
  if (n_ < 2) return 0;
  const double m = mean();
  const double variance = square_sum_ / n_ - m * m;
  if (variance <= 0) return 0;
  return n_ * (settings_.pt1 - settings_.pt0) * (m - (settings_.pt0 + settings_.pt1) / 2) / variance;
}

SprtVerdict Sprt::verdict() const {
  if (n_ < kSprtMinimumWalls) return SprtVerdict::continue_testing;
  const double ratio = llr();
  if (ratio >= upper_) return SprtVerdict::accept_h1;
  if (ratio <= lower_) return SprtVerdict::accept_h0;
  return SprtVerdict::continue_testing;
}

namespace {

// B - A wall by wall, in rank points per game or (adjusted) in luck-adjusted points per hand,
// each side's wall mean weighing its games as its own figure does (points: by their hands).
std::vector<double> wall_differences(const PairedMatches& matches, bool adjusted) {
  if (adjusted) {
    const PairedPointsPerHand points = points_per_hand(matches);
    return whole_wall_differences(matches, points.adjusted_b, points.adjusted_a);
  }
  WallSample a;
  WallSample b;
  for (const PairedGame& game : matches.games) {
    a.add(game.wall, rank_points_of(game.place_a));
    b.add(game.wall, rank_points_of(game.place_b));
  }
  return whole_wall_differences(matches, b, a);
}

}  // namespace

int sprt_command(const std::string& dir_a, const std::string& name_a, const std::string& dir_b, const std::string& name_b,
                 const SprtSettings& settings, std::ostream& out, std::ostream& errors) {
  if (!(settings.pt1 > settings.pt0) || !(settings.alpha > 0 && settings.alpha < 1) || !(settings.beta > 0 && settings.beta < 1)) {
    errors << "tenbin-arena sprt: needs pt1 > pt0 and alpha, beta between 0 and 1\n";
    return 2;
  }
  try {
    const PairedFigures figures = settings.adjusted ? PairedFigures::points_per_hand : PairedFigures::places;
    const PairedMatches matches = read_paired_matches(dir_a, name_a, dir_b, name_b, figures);
    // B - A: positive when B does better.
    const std::vector<double> walls = wall_differences(matches, settings.adjusted);
    Sprt test(settings);
    const char* unit = settings.adjusted ? "luck-adjusted points per hand" : "rank points per game";
    const SideLabels sides = side_labels({dir_a, name_a, dir_b, name_b});
    out << fmt::format("{} - {} in {}; H0: {:+g}, H1: {:+g}, alpha {:g}, beta {:g}; bounds [{:.3f}, {:.3f}]\n",
                       sides.b, sides.a, unit, settings.pt0, settings.pt1, settings.alpha, settings.beta, test.lower_bound(),
                       test.upper_bound());
    for (const double wall : walls) {
      test.add(wall);
      out << fmt::format("walls {:5}  mean {:+7.2f}  LLR {:+7.3f}  [{:.3f}, {:.3f}]\n", test.walls(), test.mean(), test.llr(),
                         test.lower_bound(), test.upper_bound());
      if (test.verdict() != SprtVerdict::continue_testing) break;
    }
    out << fmt::format("{} after {} walls (LLR {:+.3f})\n", verdict_name(test.verdict()), test.walls(), test.llr());
    return 0;
  } catch (const std::exception& error) {
    errors << "tenbin-arena sprt: " << error.what() << "\n";
    return 3;
  }
}

Subcommand add_sprt_command(CLI::App& app) {
  struct Options {
    PairedMatchArguments matches;
    SprtSettings settings;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(
      "sprt", "sequential test of B against A on the same walls: H0 B - A = pt0, H1 B - A = pt1 rank points per game");
  add_paired_match_arguments(*command, options->matches, "the reference", "the change under test");
  command->add_option("--pt0", options->settings.pt0, "H0: B better by this many rank points per game")->capture_default_str();
  command->add_option("--pt1", options->settings.pt1, "H1: B better by this many rank points per game")->capture_default_str();
  command->add_option("--alpha", options->settings.alpha, "false-positive rate")->capture_default_str();
  command->add_option("--beta", options->settings.beta, "false-negative rate")->capture_default_str();
  command->add_flag("--adjusted", options->settings.adjusted,
                    "test luck-adjusted points per hand instead (pt0 and pt1 then in points per hand; reads every log)");
  return {command, [options] {
            const PairedMatchArguments& m = options->matches;
            return sprt_command(m.dir_a, m.name_a, m.dir_b, m.name_b, options->settings, std::cout, std::cerr);
          }};
}

}  // namespace tenbin::arena
