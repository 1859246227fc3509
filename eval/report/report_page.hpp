// The report's page: fixed HTML, style and script around the match's data and the charting library.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace tenbin::arena {

// One HTML file: `chart_js` (Chart.js's source) and `data` (report_data()) inlined.
std::string report_page(const std::string& chart_js, const nlohmann::json& data);

}  // namespace tenbin::arena
