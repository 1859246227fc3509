// Statistics of a match, per seat command: everything is counted from the game logs (so any
// log can be summarised), plus the latencies and incidents the arena measured.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/mjai.hpp"
#include "eval/report/match_stats.hpp"

namespace tenbin::arena {

// What one game's log says about each seat.
struct SeatGameCounts {
  int hands = 0;
  int wins = 0;
  long win_points = 0;
  int deal_ins = 0;
  long deal_in_points = 0;
  int riichi = 0;
  int hands_with_calls = 0;
  int exhaustive_draws = 0;
  int tenpai_at_draw = 0;
};

PerSeat<SeatGameCounts> count_game(const std::vector<Event>& log);

// The per-command totals a summary reports.
struct CommandSummary {
  std::string name;
  int games = 0;
  std::array<int, 4> rank_counts{};
  WallSample ranks;           // 1..4 per game
  WallSample rank_points;     // kMatchRankPoints per game
  WallSample scores;          // final score per game
  WallSample points;          // the referee's final points (score, uma and oka) per game
  WallSample score_per_hand;  // score change per hand (each game weighted by its hands)
  WallSample adjusted_score_per_hand;  // the same less the luck of the chance events (eval/report/luck)
  // Per-hand rates, each game weighted by its hands (the interval over walls).
  WallSample win_rate, deal_in_rate, riichi_rate, call_rate;
  SeatGameCounts counts;
  std::vector<double> latencies_ms;
  int decisions = 0;
  int timeouts = 0, crashes = 0, junk = 0, illegal = 0, restarts = 0;
  int adjusted_games = 0;  // the games adjusted_score_per_hand covers (the luck walk took their logs)

  double average_rank() const { return ranks.estimate().mean; }
  double rank_ci95() const { return ranks.estimate().ci95; }  // over walls in a duplicate match
  nlohmann::json to_json() const;
};

// Accumulates one finished game: `result` is its results.jsonl row, `log` its events, `wall`
// the wall it was played on (wall_of()). Returns why the game has no luck-adjusted figure (a log
// that hides tiles or is not one wall's game), or nothing when it has one.
std::optional<std::string> add_game(std::map<std::string, CommandSummary>& summary, const nlohmann::json& result,
                                    const std::vector<Event>& log, std::uint64_t wall);

// The games of a summary left out of its adjusted figures, told once on stderr.
class LuckRefusals {
 public:
  void note(int game, const std::optional<std::string>& why);
  void warn(const std::string& what) const;  // what: the match or report being summarised

 private:
  int games_ = 0;
  std::string first_;
};

std::string summary_table(const std::map<std::string, CommandSummary>& summary);

double percentile(std::vector<double> values, double fraction);

}  // namespace tenbin::arena
