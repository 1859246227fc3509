// `tenbin-arena report DIR`: the match as one self-contained page, DIR/report.html. It reads only
// the match directory (meta.json, results.jsonl, the logs) and inlines the charting library, so
// the file opens anywhere offline.
#pragma once

#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "bot/commands/subcommand.hpp"

namespace tenbin::arena {

// Where Debian's libjs-chart.js puts Chart.js.
inline constexpr const char* kDebianChartJs = "/usr/share/javascript/chart.js/chart.min.js";

// Everything the page shows, as the page's script reads it; throws std::runtime_error naming the
// file that is missing or unreadable.
nlohmann::json report_data(const std::string& dir);

// Writes DIR/report.html and prints its path; 0 done, 3 a file missing or unreadable (said on
// `errors`).
int write_report(const std::string& dir, const std::string& chart_js, std::ostream& out, std::ostream& errors);

// `tenbin-arena report DIR [--chart-js FILE]`.
Subcommand add_report_command(CLI::App& app);

}  // namespace tenbin::arena
