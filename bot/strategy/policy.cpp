#include "bot/strategy/policy.hpp"

#include <stdexcept>

#include "bot/strategy/greedy.hpp"
#include "bot/strategy/tsumogiri.hpp"

namespace tenbin {

std::unique_ptr<Policy> make_policy(std::string_view name) {
  if (name == "tsumogiri") return std::make_unique<TsumogiriPolicy>();
  if (name == "greedy") return std::make_unique<GreedyPolicy>();
  throw std::invalid_argument("unknown strategy \"" + std::string(name) + "\" (known: tsumogiri, greedy)");
}

std::vector<std::string> policy_names() { return {"tsumogiri", "greedy"}; }

}  // namespace tenbin
