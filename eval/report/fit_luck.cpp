#include "eval/report/fit_luck.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "eval/match/durable_file.hpp"
#include "eval/match/match_dir.hpp"
#include "eval/report/luck.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {
namespace {

// The fit's unknowns: each feature's weight, then the dealing table cell by cell.
constexpr int kDealingCells = 13 * kDealingShantenBuckets;
constexpr std::size_t kN = kLuckFeatures + kDealingCells;
using Vector = std::array<double, kN>;

std::size_t dealing_cell(int dealt, int bucket) {
  return static_cast<std::size_t>(kLuckFeatures + dealt * kDealingShantenBuckets + bucket);
}

// A seat's figures as a point in the unknowns' space: its value is the dot product with them.
void add_figures(Vector& sum, const SeatFigures& figures, double times) {
  if (figures.dealt < 13) {
    sum[dealing_cell(figures.dealt, figures.bucket)] += times;
    return;
  }
  for (int i = 0; i < kLuckFeatures; ++i) sum[static_cast<std::size_t>(i)] += times * figures.features[i];
}

// Gathers the normal equations hand by hand: each seat's luck as a linear function of the
// unknowns (per unknown, what its figure contributed to the luck of every chance event), against
// the seat's score change in the hand less the luck of its last ura indicator (priced exactly,
// with no unknown).
class FitSamples : public HandVisitor {
 public:
  FitSamples() : normal_(kN * kN, 0.0) {}

  void chance(const HandPosition& before, ChanceEvent event, int seat, Tile outcome, const HandPosition&) override {
    const double unseen = before.unseen_total();
    EventOutcomes outcomes(before, event, seat, cache_);
    PerSeat<Vector> expected{};
    for (int identity = 0; identity < kTileIdentities; ++identity) {
      if (before.unseen[identity] == 0) continue;
      const PerSeat<SeatFigures> figures = outcomes.after(tile_of_identity(identity));
      for (int s = 0; s < 4; ++s) add_figures(expected[s], figures[s], before.unseen[identity] / unseen);
    }
    PerSeat<Vector> deviation{};
    const PerSeat<SeatFigures> actual = outcomes.after(outcome);
    for (int s = 0; s < 4; ++s) add_figures(deviation[s], actual[s], 1);
    for (std::size_t i = 0; i < kN; ++i) {
      double all = 0;
      for (int s = 0; s < 4; ++s) {
        deviation[s][i] -= expected[s][i];
        all += deviation[s][i];
      }
      // As in event_luck: V_s = f_s less the mean of the others' f.
      for (int s = 0; s < 4; ++s) luck_[s][i] += (4 * deviation[s][i] - all) / 3;
    }
  }

  void ura(const UraStake& stake) override {
    const EventLuck luck = ura_luck(stake, stake.last);
    for (int s = 0; s < 4; ++s) ura_luck_[s] = luck.points(s);
  }

  void hand_end(const PerSeat<int>& score_change) override {
    for (int s = 0; s < 4; ++s) {
      const Vector& row = luck_[s];
      const double target = score_change[s] - ura_luck_[s];
      for (std::size_t i = 0; i < kN; ++i) {
        if (row[i] == 0) continue;
        rhs_[i] += row[i] * target;
        for (std::size_t j = 0; j < kN; ++j) normal_[i * kN + j] += row[i] * row[j];
      }
      plain_squares_ += static_cast<double>(score_change[s]) * score_change[s];
      ++samples_;
    }
    luck_ = {};
    ura_luck_ = {};
    ++hands_;
  }

  int hands() const { return hands_; }
  long samples() const { return samples_; }
  double plain_squares() const { return plain_squares_; }
  const std::vector<double>& normal() const { return normal_; }
  const Vector& rhs() const { return rhs_; }

 private:
  GroupNeedsCache cache_;
  PerSeat<Vector> luck_{};
  PerSeat<double> ura_luck_{};
  std::vector<double> normal_;  // kN x kN, row by row
  Vector rhs_{};
  double plain_squares_ = 0;
  int hands_ = 0;
  long samples_ = 0;
};

// Solves (A + ridge) x = b by Gaussian elimination with partial pivoting. The small ridge on the
// diagonal keeps an unknown that never moved the luck (a dealing cell never met) at zero instead
// of making A singular.
Vector solve(std::vector<double> a, Vector b) {
  const auto at = [&a](std::size_t row, std::size_t col) -> double& { return a[row * kN + col]; };
  for (std::size_t i = 0; i < kN; ++i) at(i, i) = at(i, i) * (1 + 1e-6) + 1e-9;
  for (std::size_t col = 0; col < kN; ++col) {
    std::size_t pivot = col;
    for (std::size_t row = col + 1; row < kN; ++row) {
      if (std::fabs(at(row, col)) > std::fabs(at(pivot, col))) pivot = row;
    }
    for (std::size_t k = 0; k < kN; ++k) std::swap(at(col, k), at(pivot, k));
    std::swap(b[col], b[pivot]);
    for (std::size_t row = col + 1; row < kN; ++row) {
      const double factor = at(row, col) / at(col, col);
      if (factor == 0) continue;
      for (std::size_t k = col; k < kN; ++k) at(row, k) -= factor * at(col, k);
      b[row] -= factor * b[col];
    }
  }
  Vector x{};
  for (std::size_t row = kN; row-- > 0;) {
    double sum = b[row];
    for (std::size_t k = row + 1; k < kN; ++k) sum -= at(row, k) * x[k];
    x[row] = sum / at(row, row);
  }
  return x;
}

std::int64_t centipoints(double points) { return std::llround(points * 100); }

// The sum of squared adjusted score changes with the unknowns x: y'y - 2 x'b + x'Ax.
double adjusted_squares(const FitSamples& samples, const Vector& x) {
  double squares = samples.plain_squares();
  for (std::size_t i = 0; i < kN; ++i) {
    squares -= 2 * x[i] * samples.rhs()[i];
    for (std::size_t j = 0; j < kN; ++j) squares += x[i] * samples.normal()[i * kN + j] * x[j];
  }
  return squares;
}

}  // namespace

LuckModel fit_luck_model(const std::vector<std::string>& dirs, std::ostream& progress) {
  FitSamples samples;
  nlohmann::json matches = nlohmann::json::array();
  int games = 0;
  for (const std::string& path : dirs) {
    const MatchDir dir(path);
    const MatchMeta meta = dir.read_meta();
    const auto results = dir.read_results(meta.duplicate);
    for (const auto& [game, result] : results) {
      walk_hands(read_game_log(dir.log_path(game)), samples);
      ++games;
    }
    matches.push_back({{"seed", meta.seed}, {"duplicate", meta.duplicate}, {"games", results.size()}, {"seats", meta.seat_names}});
  }
  if (samples.samples() == 0) throw std::runtime_error("no hand to fit on");
  const Vector x = solve(samples.normal(), samples.rhs());
  LuckModel model;
  for (int i = 0; i < kLuckFeatures; ++i) model.weights[i] = centipoints(x[static_cast<std::size_t>(i)]);
  for (int dealt = 0; dealt < 13; ++dealt) {
    for (int bucket = 0; bucket < kDealingShantenBuckets; ++bucket) {
      model.dealing[dealt][bucket] = centipoints(x[dealing_cell(dealt, bucket)]);
    }
  }
  model.fitted_on = {{"matches", matches}, {"hands", samples.hands()}, {"samples", samples.samples()}};
  const double n = static_cast<double>(samples.samples());
  progress << fmt::format("fitted on {} games, {} hands, {} seat-hands: score change per hand {:.0f} points "
                          "(standard deviation), {:.0f} less its luck\n",
                          games, samples.hands(), samples.samples(), std::sqrt(samples.plain_squares() / n),
                          std::sqrt(std::max(0.0, adjusted_squares(samples, x)) / n));
  for (int i = 0; i < kLuckFeatures; ++i) {
    progress << fmt::format("  {:<36} {:+10.1f} points\n", feature_name(static_cast<LuckFeature>(i)), x[static_cast<std::size_t>(i)]);
  }
  return model;
}

Subcommand add_fit_luck_command(CLI::App& app) {
  struct Options {
    std::vector<std::string> dirs;
    std::string out;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("fit-luck", "fit the luck adjustment's value estimate on finished matches");
  command->add_option("dirs", options->dirs, "match directories")->required();
  command->add_option("--out", options->out, "the model file to write (data/luck_model.json is the one compiled in)")->required();
  return {command, [options] {
            try {
              const LuckModel model = fit_luck_model(options->dirs, std::cout);
              write_file_atomically(options->out, model.to_json().dump(1) + "\n");
              std::cout << options->out << "\n";
              return 0;
            } catch (const std::exception& error) {
              std::cerr << "tenbin-arena fit-luck: " << error.what() << "\n";
              return 3;
            }
          }};
}

}  // namespace tenbin::arena
