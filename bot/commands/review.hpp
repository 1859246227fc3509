// `tenbin review --seat N LOG`: one game reviewed as mjai-reviewer does it. At each of seat N's
// decisions (discard, riichi, call, pass, win) what was played beside what the strategy chooses,
// every candidate's figures, and the position as N saw it; a summary of agreement and value lost.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/strategy/policy.hpp"
#include "engine/mjai_log.hpp"

namespace tenbin {

struct ReviewedDecision {
  int line = 0;              // the log line the decision answered
  std::string hand;          // "E1", "S3-1" (round, hand, honba)
  nlohmann::json played;     // the mjai action of the log ({"type":"none"} for a pass)
  nlohmann::json chosen;     // the strategy's
  bool agree = false;
  nlohmann::json candidates = nlohmann::json::array();  // the strategy's figures (full only)
  // The strategy's value of its choice less that of the move played (expected points), when
  // both were priced.
  std::optional<double> value_lost;
  nlohmann::json position;   // hand, draw, melds, dora markers, rivers, riichi, scores

  nlohmann::json to_json() const;
};

struct HandReview {
  std::string hand;
  int decisions = 0;
  int agreements = 0;
  double value_lost = 0;  // over the decisions priced
};

struct Review {
  int seat = 0;
  std::string player;  // start_game's name of the seat, if the log has names
  std::string strategy;
  std::vector<ReviewedDecision> decisions;
  std::vector<HandReview> hands;  // in the order played
  int agreements = 0;
  double value_lost = 0;
  // The tunables the strategy was given (full's, as --param set them: Policy::tunables); null
  // for a strategy that has none.
  nlohmann::json params;

  // The disagreements, the most value lost first (unpriced ones last).
  std::vector<const ReviewedDecision*> biggest_disagreements() const;
  nlohmann::json summary_json() const;
};

// The seat a start_game name sits in; nothing when no name matches.
std::optional<int> seat_of_player(const std::vector<MjaiLogLine>& events, const std::string& name);

Review review_game(const std::vector<MjaiLogLine>& events, int seat, std::unique_ptr<Policy> policy);

// JSON lines: the summary first, then one line per decision.
void write_review_json(const Review& review, std::ostream& out);

}  // namespace tenbin
