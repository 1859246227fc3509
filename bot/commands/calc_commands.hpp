// bot/commands/: the subcommands that answer a request or a log (score, shanten, nanikiru,
// danger, replay) and their shared readers of requests and log positions.
//
// The calculation subcommands of `tenbin` (score, shanten): one JSON object per line in, one per
// line out. Each request function turns a request into its reply and throws
// std::invalid_argument (or a nlohmann::json error) with a clear message for a bad request.
#pragma once

#include <functional>
#include <iosfwd>

#include <nlohmann/json.hpp>

#include "bot/commands/subcommand.hpp"

namespace tenbin {

nlohmann::json score_request(const nlohmann::json& request);
nlohmann::json shanten_request(const nlohmann::json& request);

// Reads JSON lines until EOF, answering each with handler(request) or {"error": why}; blank lines
// are skipped. Flushes after every reply. Returns the number of lines answered with an error.
int serve_json_lines(std::istream& in, std::ostream& out,
                     const std::function<nlohmann::json(const nlohmann::json&)>& handler);

// `tenbin score` and `tenbin shanten`: JSON lines on stdin, one answer a line on stdout.
Subcommand add_score_command(CLI::App& app);
Subcommand add_shanten_command(CLI::App& app);

}  // namespace tenbin
