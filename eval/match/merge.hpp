// `tenbin-arena merge OUT SHARD...`: the shards of one match (played with --shard I/N, on any
// machines) put back together into the match directory one whole run would have written: the
// same logs byte for byte, the results in game order, the commitments, a recomputed summary.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "bot/commands/subcommand.hpp"

namespace tenbin::arena {

// Checks that `shards` are every shard of one match, each complete, none twice, none corrupt,
// and writes the merged match to `out` (which must not hold a match yet). Returns 0, or 1 with
// the reason on `err` when it refuses (nothing is written then).
int merge_shards(const std::string& out, const std::vector<std::string>& shards, std::ostream& report,
                 std::ostream& err);

// `tenbin-arena merge OUT SHARD...`.
Subcommand add_merge_command(CLI::App& app);

}  // namespace tenbin::arena
