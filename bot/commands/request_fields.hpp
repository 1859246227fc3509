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
// The melds in call order, mjai shapes plus `target` (as `tenbin score` documents them).
std::vector<Meld> melds_field(const nlohmann::json& request);

}  // namespace tenbin::request_fields
