// Reading the fields of a JSON request (the calculation subcommands: score, shanten, nanikiru),
// each failure a std::invalid_argument naming the field.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/meld.hpp"
#include "engine/tile.hpp"

namespace tenbin::request_fields {

[[noreturn]] void bad_request(const std::string& why);
Tile tile_field(const nlohmann::json& request, const char* name);
std::vector<Tile> tile_list(const nlohmann::json& request, const char* name, bool required);
bool flag(const nlohmann::json& request, const char* name, bool fallback = false);
int integer(const nlohmann::json& request, const char* name, int fallback, int low, int high);
int wind_field(const nlohmann::json& request, const char* name);
// Whether a called meld must name the seat it was called from: scoring needs it (who pays, pao),
// shanten reads the tiles only.
enum class MeldTarget { required, optional };

// The melds in call order, mjai shapes plus `target` (as `tenbin score` documents them). With
// MeldTarget::optional a called meld without `target` is read as called from seat 0.
std::vector<Meld> melds_field(const nlohmann::json& request,
                              MeldTarget target_rule = MeldTarget::required);

}  // namespace tenbin::request_fields
