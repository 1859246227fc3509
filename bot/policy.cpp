#include "bot/policy.hpp"

#include <algorithm>
#include <stdexcept>

#include "bot/greedy.hpp"

namespace tenbin {
namespace {

// Discards the drawn tile whenever it can; passes every claim; otherwise the first legal action.
class TsumogiriPolicy final : public Policy {
 public:
  std::string_view name() const override { return "tsumogiri"; }
  Action choose(const Table&, std::span<const Action> legal) override {
    const auto tsumogiri = std::find_if(legal.begin(), legal.end(), [](const Action& a) {
      return a.type == EventType::dahai && a.tsumogiri;
    });
    if (tsumogiri != legal.end()) return *tsumogiri;
    const auto pass = std::find_if(legal.begin(), legal.end(),
                                   [](const Action& a) { return a.type == EventType::none; });
    if (pass != legal.end()) return *pass;
    const auto first_discard = std::find_if(legal.begin(), legal.end(), [](const Action& a) {
      return a.type == EventType::dahai;
    });
    return first_discard != legal.end() ? *first_discard : legal.front();
  }
};

}  // namespace

std::unique_ptr<Policy> make_policy(std::string_view name) {
  if (name == "tsumogiri") return std::make_unique<TsumogiriPolicy>();
  if (name == "greedy") return std::make_unique<GreedyPolicy>();
  throw std::invalid_argument("unknown strategy \"" + std::string(name) + "\" (known: tsumogiri, greedy)");
}

std::vector<std::string> policy_names() { return {"tsumogiri", "greedy"}; }

}  // namespace tenbin
