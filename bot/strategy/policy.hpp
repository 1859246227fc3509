// bot/strategy/: the Policy interface and every strategy behind it (tsumogiri, greedy, full),
// and the in-process self-play loop that drives them.
//
// Strategies behind one interface: a policy is shown the table and the legal actions and returns
// one of them, so every strategy is legal by construction.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/table.hpp"

namespace tenbin {

class Policy {
 public:
  virtual ~Policy() = default;
  virtual std::string_view name() const = 0;
  // `legal` is never empty; the result must be one of its members.
  virtual Action choose(const Table& table, std::span<const Action> legal) = 0;
};

// "tsumogiri" (always the drawn tile, never a call; for tests and baselines) or "greedy".
// Throws std::invalid_argument for another name.
std::unique_ptr<Policy> make_policy(std::string_view name);
std::vector<std::string> policy_names();

}  // namespace tenbin
