// The simplest strategy: discard the drawn tile whenever it can, never call, win never (a baseline
// for tests and for measuring the others).
#pragma once

#include "bot/strategy/policy.hpp"

namespace tenbin {

class TsumogiriPolicy final : public Policy {
 public:
  std::string_view name() const override { return "tsumogiri"; }
  // The drawn tile; else a pass; else the first legal discard; else the first legal action.
  Action choose(const Table& table, std::span<const Action> legal) override;
};

}  // namespace tenbin
