#include "bot/strategy/tsumogiri.hpp"

#include <algorithm>

namespace tenbin {

Action TsumogiriPolicy::choose(const Table&, std::span<const Action> legal) {
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

}  // namespace tenbin
