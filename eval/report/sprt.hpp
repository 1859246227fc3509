// A sequential probability ratio test on the paired per-wall difference of two strategies (B - A
// in rank points per game), the way chess engines' testing frameworks judge a change: walls come
// in until the log-likelihood ratio of H1 "B is better by pt1" against H0 "B is better by pt0"
// crosses log(beta / (1 - alpha)) (H0 accepted) or log((1 - beta) / alpha) (H1 accepted).
//
// The ratio is the normal approximation of the generalized SPRT that Fishtest uses for its
// pentanomial model (a pair of games on one opening one observation, as a wall's four rotations
// here): with n observations, their mean m and variance s^2 (maximum likelihood),
//   LLR = n (pt1 - pt0) (m - (pt0 + pt1) / 2) / s^2
// (Fishtest mathematics, https://github.com/official-stockfish/fishtest/wiki/Fishtest-mathematics).
#pragma once

#include <iosfwd>
#include <string>

#include "bot/commands/subcommand.hpp"

namespace tenbin::arena {

struct SprtSettings {
  double pt0 = 0;  // H0: B - A is pt0 (or less) rank points per game
  double pt1 = 5;  // H1: B - A is pt1 (or more)
  double alpha = 0.05;  // accepting H1 when H0 holds
  double beta = 0.05;   // accepting H0 when H1 holds
  bool adjusted = false;  // the difference in luck-adjusted points per hand (pt0, pt1 in that unit)
};

// No verdict before this many walls: the ratio uses the walls' own variance, and over a handful
// of walls a lucky small variance would stop the test early far more often than alpha and beta
// allow (simulated: about 0.18 instead of 0.05 when deciding from the second wall on).
inline constexpr int kSprtMinimumWalls = 30;

enum class SprtVerdict { continue_testing, accept_h0, accept_h1 };

const char* verdict_name(SprtVerdict verdict);

class Sprt {
 public:
  explicit Sprt(const SprtSettings& settings);

  void add(double difference);  // one wall's mean difference B - A
  int walls() const { return n_; }
  double mean() const;
  double llr() const;  // 0 until the observations vary
  double lower_bound() const { return lower_; }
  double upper_bound() const { return upper_; }
  SprtVerdict verdict() const;

 private:
  SprtSettings settings_;
  double lower_;
  double upper_;
  int n_ = 0;
  double sum_ = 0;
  double square_sum_ = 0;
};

// Reads the two matches and runs the test wall by wall (each wall whole in both), printing the
// ratio and its bounds after every wall and stopping at the first bound crossed; the last line
// is the verdict. 0 done, 2 bad settings, 3 the matches cannot be compared (said on `errors`).
int sprt_command(const std::string& dir_a, const std::string& name_a, const std::string& dir_b, const std::string& name_b,
                 const SprtSettings& settings, std::ostream& out, std::ostream& errors);

Subcommand add_sprt_command(CLI::App& app);

}  // namespace tenbin::arena
