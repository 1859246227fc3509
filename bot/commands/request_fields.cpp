#include "bot/commands/request_fields.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>

#include "engine/exact_integer.hpp"

namespace tenbin::request_fields {

using nlohmann::json;

[[noreturn]] void bad_request(const std::string& why) { throw std::invalid_argument(why); }

Tile tile_field(const json& request, const char* name) {
  if (!request.contains(name)) bad_request(std::string("missing \"") + name + "\"");
  const json& value = request.at(name);
  if (!value.is_string()) bad_request(std::string("\"") + name + "\" must be a tile string");
  return parse_tile(value.get<std::string>());
}

std::vector<Tile> tile_list(const json& request, const char* name, bool required) {
  std::vector<Tile> tiles;
  if (!request.contains(name)) {
    if (required) bad_request(std::string("missing \"") + name + "\"");
    return tiles;
  }
  const json& list = request.at(name);
  if (!list.is_array()) bad_request(std::string("\"") + name + "\" must be an array of tiles");
  for (const json& item : list) {
    if (!item.is_string()) bad_request(std::string("\"") + name + "\" holds a non-string");
    tiles.push_back(parse_tile(item.get<std::string>()));
  }
  return tiles;
}

bool flag(const json& request, const char* name, bool fallback) {
  if (!request.contains(name)) return fallback;
  const json& value = request.at(name);
  if (!value.is_boolean()) bad_request(std::string("\"") + name + "\" must be true or false");
  return value.get<bool>();
}

int integer(const json& request, const char* name, int fallback, int low, int high) {
  if (!request.contains(name)) return fallback;
  const json& value = request.at(name);
  if (!value.is_number_integer()) bad_request(std::string("\"") + name + "\" must be an integer");
  const std::optional<std::int64_t> number = exact_integer(value, low, high);
  if (!number) {
    bad_request(std::string("\"") + name + "\" = " + value.dump() + " is out of range " + std::to_string(low) + ".." +
                std::to_string(high));
  }
  return static_cast<int>(*number);
}

int wind_field(const json& request, const char* name) {
  const int kind = tile_field(request, name).kind();
  if (!is_wind(kind)) bad_request(std::string("\"") + name + "\" must be a wind (E S W N)");
  return kind;
}

namespace {

MeldType meld_type(const std::string& name) {
  for (const MeldType type : {MeldType::chi, MeldType::pon, MeldType::daiminkan, MeldType::kakan,
                              MeldType::ankan}) {
    if (meld_type_name(type) == name) return type;
  }
  bad_request("unknown meld type \"" + name + "\"");
}

}  // namespace

std::vector<Meld> melds_field(const json& request, MeldTarget target_rule) {
  std::vector<Meld> melds;
  if (!request.contains("melds")) return melds;
  const json& list = request.at("melds");
  if (!list.is_array()) bad_request("\"melds\" must be an array");
  for (const json& item : list) {
    if (!item.is_object() || !item.contains("type") || !item.at("type").is_string()) {
      bad_request("each meld needs a \"type\"");
    }
    const MeldType type = meld_type(item.at("type").get<std::string>());
    const std::vector<Tile> consumed = tile_list(item, "consumed", true);
    const Tile called = type == MeldType::ankan ? Tile{} : tile_field(item, "pai");
    const int absent = target_rule == MeldTarget::optional ? 0 : -1;
    const int target = type == MeldType::ankan ? -1 : integer(item, "target", absent, 0, 3);
    if (type != MeldType::ankan && target < 0) bad_request("a called meld needs a \"target\" seat");
    melds.push_back(Meld::make(type, called, consumed, target));
  }
  if (melds.size() > 4) bad_request("more than four melds");
  return melds;
}

}  // namespace tenbin::request_fields
