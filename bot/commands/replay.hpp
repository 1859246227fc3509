// `tenbin replay --seat N < log.jsonl`: feeds a full game log to the tracker as seat N sees it
// (the other seats' deals and draws masked) and prints, at each of N's decisions, what the bot
// would have done beside what was played.
#pragma once

#include <iosfwd>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/commands/subcommand.hpp"
#include "bot/strategy/policy.hpp"
#include "engine/mjai.hpp"
#include "engine/mjai_log.hpp"

namespace tenbin {

struct ReplaySummary {
  int decisions = 0;
  int agreements = 0;
  int rejected_lines = 0;
};

// What `seat` actually did at the decision taken after events[index]: its next move before play
// moves on, else a pass ({"type":"none"}).
nlohmann::json played_after(const std::vector<MjaiLogLine>& events, std::size_t index, int seat);

// Two mjai actions are the same move (a call's consumed tiles in any order).
bool same_action(const nlohmann::json& a, const nlohmann::json& b);

ReplaySummary run_replay(std::istream& log, std::ostream& out, int seat, std::unique_ptr<Policy> policy);

// `tenbin replay --seat N < log`: the strategy's choice beside each of the seat's plays.
Subcommand add_replay_command(CLI::App& app, StrategyChoice& strategy);

}  // namespace tenbin
