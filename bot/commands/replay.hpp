// `tenbin replay --seat N < log.jsonl`: feeds a full game log to the tracker as seat N sees it
// (the other seats' deals and draws masked) and prints, at each of N's decisions, what the bot
// would have done beside what was played.
#pragma once

#include <iosfwd>
#include <memory>

#include "bot/strategy/policy.hpp"
#include "engine/mjai.hpp"

namespace tenbin {

struct ReplaySummary {
  int decisions = 0;
  int agreements = 0;
  int rejected_lines = 0;
};

ReplaySummary run_replay(std::istream& log, std::ostream& out, int seat, std::unique_ptr<Policy> policy);

}  // namespace tenbin
