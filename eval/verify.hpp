// Checking a match after the fact.
//
// verify_match(DIR): recomputes every wall from the match seed, checks each published
// commitment, and checks that every deal, draw, rinshan draw, dora and ura indicator in each
// game log came from its fixed wall position.
// validate_logs(LOG...): replays full logs (ours or anyone's) through the engine: every action
// must be legal for its seat and every hora/ryukyoku delta what the engine computes; the first
// discrepancy is printed with its line number.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tenbin::arena {

int verify_match(const std::string& dir, std::ostream& out);        // 0 ok, 1 discrepancy
int validate_logs(const std::vector<std::string>& logs, std::ostream& out);  // 0 ok, 1 discrepancy

}  // namespace tenbin::arena
