#include "eval/report/fit_luck.hpp"

#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "eval/match/durable_file.hpp"
#include "eval/match/match_dir.hpp"
#include "eval/report/luck.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {
namespace {

constexpr int kN = kLuckFeatures;
using Vector = std::array<double, kN>;
using Matrix = std::array<Vector, kN>;

// A seat's dealt tiles while the deal is in progress, and its figures once dealt.
struct DealingSample {
  int dealt = 0;
  int bucket = 0;
  LuckFeatures dealt_hand{};
};

// Gathers the normal equations of the least squares fit, hand by hand.
class FitSamples : public HandVisitor {
 public:
  void chance(const HandPosition&, ChanceEvent event, int seat, Tile, const HandPosition& after) override {
    if (event == ChanceEvent::deal) {
      // Up to the 12th tile the dealing table answers; from the 13th the seat's own figures.
      const int dealt = after.dealt[seat];
      if (dealt < 13) {
        dealing_.push_back({dealt, dealing_bucket(after.concealed[seat]), {}});
        dealing_seat_.push_back(seat);
      }
      return;
    }
    const PerSeat<HandSummary> hands = summarize_all(after, cache_);
    PerSeat<LuckFeatures> features;
    for (int s = 0; s < 4; ++s) features[s] = seat_features(after, s, hands);
    if (event == ChanceEvent::indicator && after.indicators == 1) {
      for (std::size_t i = 0; i < dealing_.size(); ++i) dealing_[i].dealt_hand = features[dealing_seat_[i]];
    }
    for (int s = 0; s < 4; ++s) {
      Vector row{};
      for (int i = 0; i < kN; ++i) {
        double others = 0;
        for (int o = 0; o < 4; ++o) others += o == s ? 0 : features[o][i];
        row[i] = features[s][i] - others / 3;
      }
      rows_[s].push_back(row);
    }
  }

  void hand_end(const PerSeat<int>& score_change) override {
    for (int s = 0; s < 4; ++s) {
      for (const Vector& row : rows_[s]) {
        for (int i = 0; i < kN; ++i) {
          rhs_[i] += row[i] * score_change[s];
          for (int j = 0; j < kN; ++j) normal_[i][j] += row[i] * row[j];
        }
        ++samples_;
      }
      rows_[s].clear();
    }
    all_dealing_.insert(all_dealing_.end(), dealing_.begin(), dealing_.end());
    dealing_.clear();
    dealing_seat_.clear();
    ++hands_;
  }

  int hands() const { return hands_; }
  long samples() const { return samples_; }
  const Matrix& normal() const { return normal_; }
  const Vector& rhs() const { return rhs_; }
  const std::vector<DealingSample>& dealing() const { return all_dealing_; }

 private:
  GroupNeedsCache cache_;
  PerSeat<std::vector<Vector>> rows_;
  std::vector<DealingSample> dealing_;
  std::vector<int> dealing_seat_;
  std::vector<DealingSample> all_dealing_;
  Matrix normal_{};
  Vector rhs_{};
  int hands_ = 0;
  long samples_ = 0;
};

// Solves (A + ridge I) x = b by Gaussian elimination with partial pivoting. The small ridge keeps
// features that never vary in the fit (a weight of zero) from making A singular.
Vector solve(Matrix a, Vector b) {
  double trace = 0;
  for (int i = 0; i < kN; ++i) trace += a[i][i];
  for (int i = 0; i < kN; ++i) a[i][i] += 1e-6 * trace / kN + 1e-9;
  for (int col = 0; col < kN; ++col) {
    int pivot = col;
    for (int row = col + 1; row < kN; ++row) {
      if (std::fabs(a[row][col]) > std::fabs(a[pivot][col])) pivot = row;
    }
    std::swap(a[col], a[pivot]);
    std::swap(b[col], b[pivot]);
    for (int row = col + 1; row < kN; ++row) {
      const double factor = a[row][col] / a[col][col];
      for (int k = col; k < kN; ++k) a[row][k] -= factor * a[col][k];
      b[row] -= factor * b[col];
    }
  }
  Vector x{};
  for (int row = kN - 1; row >= 0; --row) {
    double sum = b[row];
    for (int k = row + 1; k < kN; ++k) sum -= a[row][k] * x[k];
    x[row] = sum / a[row][row];
  }
  return x;
}

std::int64_t centipoints(double points) { return std::llround(points * 100); }

std::int64_t value_of(const LuckModel& model, const LuckFeatures& features) {
  std::int64_t value = 0;
  for (int i = 0; i < kN; ++i) value += model.weights[i] * features[i];
  return value;
}

// The mean fitted value of a dealt hand, by tiles dealt and their shanten; a cell never met
// takes the mean of its row.
void fit_dealing(LuckModel& model, const std::vector<DealingSample>& samples) {
  std::array<std::array<double, kDealingShantenBuckets>, 13> sum{};
  std::array<std::array<long, kDealingShantenBuckets>, 13> count{};
  for (const DealingSample& sample : samples) {
    sum[sample.dealt][sample.bucket] += static_cast<double>(value_of(model, sample.dealt_hand));
    ++count[sample.dealt][sample.bucket];
  }
  for (int dealt = 1; dealt < 13; ++dealt) {
    double row_sum = 0;
    long row_count = 0;
    for (int b = 0; b < kDealingShantenBuckets; ++b) {
      row_sum += sum[dealt][b];
      row_count += count[dealt][b];
    }
    const double row_mean = row_count > 0 ? row_sum / static_cast<double>(row_count) : 0;
    for (int b = 0; b < kDealingShantenBuckets; ++b) {
      const double mean = count[dealt][b] > 0 ? sum[dealt][b] / static_cast<double>(count[dealt][b]) : row_mean;
      model.dealing[dealt][b] = std::llround(mean);
    }
  }
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
  const Vector weights = solve(samples.normal(), samples.rhs());
  LuckModel model;
  for (int i = 0; i < kN; ++i) model.weights[i] = centipoints(weights[i]);
  fit_dealing(model, samples.dealing());
  model.fitted_on = {{"matches", matches}, {"hands", samples.hands()}, {"samples", samples.samples()}};
  progress << fmt::format("fitted on {} games, {} hands, {} samples\n", games, samples.hands(), samples.samples());
  for (int i = 0; i < kN; ++i) {
    progress << fmt::format("  {:<26} {:+10.1f} points\n", feature_name(static_cast<LuckFeature>(i)), weights[i]);
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
