#include "bot/strategy/policy.hpp"

#include <stdexcept>

#include "bot/strategy/full.hpp"
#include "bot/strategy/greedy.hpp"
#include "bot/strategy/tsumogiri.hpp"

namespace tenbin {

std::unique_ptr<Policy> make_policy(std::string_view name, const StrategySettings& settings) {
  if (name == "tsumogiri") return std::make_unique<TsumogiriPolicy>();
  if (name == "greedy") return std::make_unique<GreedyPolicy>();
  if (name.starts_with("full")) {
    FullSettings base;
    base.budget_ms = settings.budget_ms;
    base.rank_points = settings.rank_points;
    base.params = settings.full_params;
    base.match = settings.match;
    return std::make_unique<FullPolicy>(full_settings_for(name, base), std::string(name));
  }
  throw std::invalid_argument("unknown strategy \"" + std::string(name) + "\" (known: full, greedy, tsumogiri)");
}

std::vector<std::string> policy_names() {
  return {"full", "greedy", "tsumogiri", "full-no-danger", "full-no-dp", "full-no-placement", "full-flat-wall"};
}

}  // namespace tenbin
