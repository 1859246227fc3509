// The body of the match directory fuzz target, shared with the test that replays its corpus:
// arbitrary bytes read as the files of a match directory and handed to every reader of one.
//
// The bytes are sections, each opened by a line "=== NAME" (meta.json, results.jsonl,
// commitments.jsonl, summary.json, logs/0000.mjson ... logs/0003.mjson); text before the first
// section is ignored. Checked: verify, report, merge, the start book and the summary --resume
// writes each end with a documented status and never let an exception escape (the fuzz build's
// sanitizers catch crashes, overflows and undefined behaviour on top).
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>

namespace tenbin::fuzz {

class MatchCheckFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void check_match_dir_input(std::span<const std::uint8_t> bytes);

}  // namespace tenbin::fuzz
