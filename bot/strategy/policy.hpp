// bot/strategy/: the Policy interface and every strategy behind it (tsumogiri, greedy, full),
// and the in-process self-play loop that drives them.
//
// Strategies behind one interface: a policy is shown the table and the legal actions and returns
// one of them, so every strategy is legal by construction.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/strategy/full_params.hpp"
#include "engine/match_end.hpp"
#include "engine/seats.hpp"
#include "engine/table.hpp"

namespace tenbin {

class Policy {
 public:
  virtual ~Policy() = default;
  virtual std::string_view name() const = 0;
  // `legal` is never empty; the result must be one of its members.
  virtual Action choose(const Table& table, std::span<const Action> legal) = 0;
  // Why the last choice was made (every candidate and its figures), or null: the `meta` of a
  // reply with --meta.
  virtual nlohmann::json explanation() const { return nullptr; }
  // The tunables it was made with, by name (`tenbin params`), or null for a strategy without
  // any. A decision's explanation shows them as that table read them, which may differ.
  virtual nlohmann::json tunables() const { return nullptr; }
  // The work allowed for the next decisions, for hosts whose clock is shorter than the budget
  // the strategy was made with; strategies without a budget ignore it.
  virtual void set_budget_ms(int /*budget_ms*/) {}
};

// Settings a strategy may read (the simple ones read none).
struct StrategySettings {
  int budget_ms = 1000;  // per decision
  RankPoints rank_points = kTenhouRankPoints;
  FullParams full_params;  // full's tunables (--param NAME=VALUE)
  MatchLength match = MatchLength::hanchan;  // the match's length, for placement
};

// "full" (the default: DP and MJ-0 together; "full-no-danger", "full-no-dp",
// "full-no-placement" and "full-flat-wall" each switch one part off), "greedy" (the rule-based
// baseline) or "tsumogiri". Throws std::invalid_argument for another name.
std::unique_ptr<Policy> make_policy(std::string_view name, const StrategySettings& settings = {});
std::vector<std::string> policy_names();

}  // namespace tenbin
