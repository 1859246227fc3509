#include "engine/mjai.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "engine/exact_integer.hpp"
#include "engine/meld.hpp"
#include "engine/seats.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 21> kTypeNames = {
    "hello", "join",   "start_game",     "start_kyoku", "tsumo",    "dahai",     "chi",
    "pon",   "daiminkan", "kakan",       "ankan",       "dora",     "reach",     "reach_accepted",
    "hora",  "ryukyoku", "end_kyoku",    "end_game",    "error",    "none",      "unknown",
};

// Fields hosts add that the field reader leaves alone, without a warning (docs/mjai.md lists them;
// possible_actions and cannot_dahai are read apart, by read_hints).
constexpr std::array<std::string_view, 24> kKnownExtensions = {
    "possible_actions", "logs",       "log",          "meta",        "gametype",
    "uri",              "kyoku_first", "aka_flag",    "seed",        "cannot_dahai",
    "hora_tehais",      "yakus",      "fu",           "fan",         "hora_points",
    "tenpais",          "tehais",     "uradora_marker", "pao",       "request_id",
    "protocol",         "scores",     "time",         "observation",
};

[[noreturn]] void fail(EventType type, const std::string& why) {
  throw MjaiError(std::string(event_type_name(type)) + ": " + why);
}

class FieldReader {
 public:
  FieldReader(const json& object, EventType type) : object_(object), type_(type) {}

  bool has(const char* name) {
    used_.push_back(name);
    return object_.contains(name) && !object_.at(name).is_null();
  }
  const json& get(const char* name) {
    if (!has(name)) fail(type_, std::string("missing \"") + name + "\"");
    return object_.at(name);
  }
  int integer(const char* name, int low, int high) {
    const json& value = get(name);
    if (!value.is_number_integer()) fail(type_, std::string("\"") + name + "\" must be an integer");
    const std::optional<std::int64_t> number = exact_integer(value, low, high);
    if (!number) {
      fail(type_, std::string("\"") + name + "\" = " + value.dump() + " is out of range " + std::to_string(low) + ".." +
                      std::to_string(high));
    }
    return static_cast<int>(*number);
  }
  int seat(const char* name) { return integer(name, 0, 3); }
  bool boolean(const char* name) {
    const json& value = get(name);
    if (!value.is_boolean()) fail(type_, std::string("\"") + name + "\" must be true or false");
    return value.get<bool>();
  }
  std::string text(const char* name) {
    const json& value = get(name);
    if (!value.is_string()) fail(type_, std::string("\"") + name + "\" must be a string");
    return value.get<std::string>();
  }
  Tile tile(const char* name, bool hidden_allowed = false) { return to_tile(get(name), name, hidden_allowed); }
  std::vector<Tile> tiles(const char* name, bool hidden_allowed = false) {
    const json& list = get(name);
    if (!list.is_array()) fail(type_, std::string("\"") + name + "\" must be an array of tiles");
    std::vector<Tile> out;
    for (const json& item : list) out.push_back(to_tile(item, name, hidden_allowed));
    return out;
  }
  PerSeat<int> four_integers(const char* name) {
    const json& list = get(name);
    if (!list.is_array() || list.size() != 4) fail(type_, std::string("\"") + name + "\" must hold 4 integers");
    PerSeat<int> out{};
    for (std::size_t i = 0; i < 4; ++i) {
      if (!list[i].is_number_integer()) fail(type_, std::string("\"") + name + "\" must hold 4 integers");
      const std::optional<std::int64_t> value = exact_integer(list[i], -10'000'000, 10'000'000);
      if (!value) fail(type_, std::string("\"") + name + "\" value " + list[i].dump() + " is out of range -10000000..10000000");
      out[i] = static_cast<int>(*value);
    }
    return out;
  }

  // Fields present that nothing read and no known extension names.
  std::vector<std::string> unused() const {
    std::vector<std::string> out;
    for (const auto& item : object_.items()) {
      const std::string& key = item.key();
      if (key == "type" || key == "can_act") continue;
      if (std::find(used_.begin(), used_.end(), key) != used_.end()) continue;
      if (std::find(kKnownExtensions.begin(), kKnownExtensions.end(), key) != kKnownExtensions.end()) continue;
      out.push_back(key);
    }
    return out;
  }

 private:
  Tile to_tile(const json& value, const char* name, bool hidden_allowed) {
    if (!value.is_string()) fail(type_, std::string("\"") + name + "\" must hold tile strings");
    try {
      const std::string text = value.get<std::string>();
      return hidden_allowed ? parse_tile_or_hidden(text) : parse_tile(text);
    } catch (const TileParseError& error) {
      fail(type_, std::string("\"") + name + "\": " + error.what());
    }
  }

  const json& object_;
  EventType type_;
  std::vector<std::string> used_;
};

EventType type_from_name(std::string_view name) {
  for (std::size_t i = 0; i + 1 < kTypeNames.size(); ++i) {
    if (kTypeNames[i] == name) return static_cast<EventType>(i);
  }
  return EventType::unknown;
}


void read_call(FieldReader& fields, Event& event) {
  event.actor = fields.seat("actor");
  const bool from_discard = event.type == EventType::chi || event.type == EventType::pon ||
                            event.type == EventType::daiminkan;
  if (from_discard) {
    event.target = fields.seat("target");
    if (event.target == event.actor) fail(event.type, "\"target\" is the actor itself");
    if (event.type == EventType::chi && event.target != (event.actor + 3) % 4) {
      fail(event.type, "chi from seat " + std::to_string(event.target) + ", not the actor's left");
    }
  } else if (event.type == EventType::kakan && fields.has("target")) {
    event.target = fields.seat("target");
  }
  if (event.type != EventType::ankan) {
    event.pai = fields.tile("pai");
    event.has_pai = true;
  }
  const std::vector<Tile> consumed = fields.tiles("consumed");
  if (consumed.size() > 4) fail(event.type, "\"consumed\" holds " + std::to_string(consumed.size()) + " tiles");
  for (const Tile tile : consumed) event.consumed.push(tile);
  try {
    Meld::make(meld_type_of(event.type), event.pai, consumed, event.target < 0 ? 0 : event.target);
  } catch (const MeldError& error) {
    throw MjaiError(error.what());
  }
}

void read_start_kyoku(FieldReader& fields, Event& event) {
  event.bakaze = fields.tile("bakaze").kind();
  if (!is_wind(event.bakaze)) fail(event.type, "\"bakaze\" must be a wind");
  event.kyoku = fields.integer("kyoku", 1, 4);
  event.honba = fields.integer("honba", 0, 1000);
  event.kyotaku = fields.integer("kyotaku", 0, 1000);
  event.oya = fields.seat("oya");
  event.dora_marker = fields.tile("dora_marker");
  const json& tehais = fields.get("tehais");
  if (!tehais.is_array() || tehais.size() != 4) fail(event.type, "\"tehais\" must hold 4 hands");
  for (std::size_t seat = 0; seat < 4; ++seat) {
    const json& hand = tehais[seat];
    if (!hand.is_array() || hand.size() != 13) {
      fail(event.type, "\"tehais\"[" + std::to_string(seat) + "] must hold 13 tiles");
    }
    for (std::size_t i = 0; i < 13; ++i) {
      if (!hand[i].is_string()) fail(event.type, "\"tehais\" must hold tile strings");
      try {
        event.tehais[seat][i] = parse_tile_or_hidden(hand[i].get<std::string>());
      } catch (const TileParseError& error) {
        fail(event.type, std::string("\"tehais\": ") + error.what());
      }
    }
  }
  if (fields.has("scores")) {
    event.scores = fields.four_integers("scores");
    event.has_scores = true;
  }
}

void read_results(FieldReader& fields, Event& event) {
  if (fields.has("deltas")) {
    event.deltas = fields.four_integers("deltas");
    event.has_deltas = true;
  }
  if (fields.has("scores")) {
    event.scores = fields.four_integers("scores");
    event.has_scores = true;
  }
  for (const char* name : {"ura_markers", "uradora_markers"}) {
    if (fields.has(name)) event.ura_markers = fields.tiles(name);
  }
}

void read_fields(FieldReader& fields, Event& event) {
  switch (event.type) {
    case EventType::hello:
      if (fields.has("protocol_version")) event.protocol_version = fields.integer("protocol_version", 0, 1000);
      return;
    case EventType::join:
      event.name = fields.text("name");
      event.room = fields.has("room") ? fields.text("room") : "default";
      return;
    case EventType::start_game:
      if (fields.has("id")) event.id = fields.seat("id");
      if (fields.has("names")) {
        const json& names = fields.get("names");
        if (!names.is_array()) fail(event.type, "\"names\" must be an array of strings");
        for (const json& name : names) {
          if (!name.is_string()) fail(event.type, "\"names\" must be an array of strings");
          event.names.push_back(name.get<std::string>());
        }
      }
      return;
    case EventType::start_kyoku: read_start_kyoku(fields, event); return;
    case EventType::tsumo:
      event.actor = fields.seat("actor");
      event.pai = fields.tile("pai", true);
      event.has_pai = true;
      return;
    case EventType::dahai:
      event.actor = fields.seat("actor");
      event.pai = fields.tile("pai");
      event.has_pai = true;
      event.tsumogiri = fields.has("tsumogiri") ? fields.boolean("tsumogiri") : false;
      return;
    case EventType::chi:
    case EventType::pon:
    case EventType::daiminkan:
    case EventType::kakan:
    case EventType::ankan: read_call(fields, event); return;
    case EventType::dora: event.dora_marker = fields.tile("dora_marker"); return;
    case EventType::reach:
      event.actor = fields.seat("actor");
      return;
    case EventType::reach_accepted:
      event.actor = fields.seat("actor");
      read_results(fields, event);
      return;
    case EventType::hora:
      event.actor = fields.seat("actor");
      event.target = fields.has("target") ? fields.seat("target") : event.actor;
      if (fields.has("pai")) {
        event.pai = fields.tile("pai");
        event.has_pai = true;
      }
      read_results(fields, event);
      return;
    case EventType::ryukyoku:
      if (fields.has("actor")) event.actor = fields.seat("actor");
      if (fields.has("reason")) event.reason = fields.text("reason");
      if (fields.has("tenpais")) {
        const nlohmann::json& tenpais = fields.get("tenpais");
        if (!tenpais.is_array() || tenpais.size() != 4) fail(event.type, "\"tenpais\" must hold 4 booleans");
        for (std::size_t s = 0; s < 4; ++s) {
          if (!tenpais[s].is_boolean()) fail(event.type, "\"tenpais\" must hold 4 booleans");
          event.tenpais[s] = tenpais[s].get<bool>();
        }
        event.has_tenpais = true;
      }
      read_results(fields, event);
      return;
    case EventType::end_game:
      if (fields.has("scores")) {
        event.scores = fields.four_integers("scores");
        event.has_scores = true;
      }
      return;
    case EventType::error:
      if (fields.has("message")) event.message = fields.text("message");
      return;
    case EventType::end_kyoku:
    case EventType::none:
    case EventType::unknown: return;
  }
}

json tiles_json(std::span<const Tile> tiles) {
  json list = json::array();
  for (const Tile tile : tiles) list.push_back(tile.to_string());
  return list;
}

}  // namespace

std::string_view event_type_name(EventType type) { return kTypeNames[static_cast<std::size_t>(type)]; }

bool Event::is_call() const {
  return type == EventType::chi || type == EventType::pon || is_kan();
}

MeldType meld_type_of(EventType type) {
  switch (type) {
    case EventType::chi: return MeldType::chi;
    case EventType::pon: return MeldType::pon;
    case EventType::daiminkan: return MeldType::daiminkan;
    case EventType::kakan: return MeldType::kakan;
    default: return MeldType::ankan;
  }
}

bool Event::is_player_action() const {
  switch (type) {
    case EventType::dahai:
    case EventType::reach:
    case EventType::chi:
    case EventType::pon:
    case EventType::daiminkan:
    case EventType::kakan:
    case EventType::ankan:
    case EventType::hora: return true;
    case EventType::ryukyoku: return reason == "kyushukyuhai" || reason == "kyushu_kyuhai";
    default: return false;
  }
}

bool Event::is_kan() const {
  return type == EventType::daiminkan || type == EventType::kakan || type == EventType::ankan;
}

namespace {

// possible_actions and cannot_dahai: a list that cannot be read is reported and left out, since
// the event itself still means what it says. Members in a short form (`{"type":"hora"}`, as
// other hosts send) are valid but cannot be checked: such a list is left out quietly.
void read_hints(const json& object, ParsedEvent& parsed) {
  Event& event = parsed.event;
  if (object.contains("possible_actions")) {
    const json& list = object.at("possible_actions");
    const auto readable = [](const json& item) { return item.is_object() && item.contains("type") && item.at("type").is_string(); };
    if (!list.is_array() || !std::all_of(list.begin(), list.end(), readable)) {
      parsed.warnings.push_back(std::string(event_type_name(event.type)) +
                                ": \"possible_actions\" ignored (not an array of action objects)");
    } else {
      try {
        for (const json& item : list) event.possible_actions.push_back(parse_event(item).event);
        event.has_possible_actions = true;
      } catch (const std::exception&) {
        event.possible_actions.clear();
      }
    }
  }
  if (object.contains("cannot_dahai")) {
    try {
      FieldReader fields(object, event.type);
      event.cannot_dahai = fields.tiles("cannot_dahai");
      event.has_cannot_dahai = true;
    } catch (const std::exception& error) {
      parsed.warnings.push_back(std::string(event_type_name(event.type)) + ": \"cannot_dahai\" ignored (" + error.what() + ")");
    }
  }
}

}  // namespace

ParsedEvent parse_event(const json& object) {
  if (!object.is_object()) throw MjaiError("an event must be a JSON object");
  if (!object.contains("type") || !object.at("type").is_string()) {
    throw MjaiError("an event needs a string \"type\"");
  }
  ParsedEvent parsed;
  Event& event = parsed.event;
  const std::string type_name = object.at("type").get<std::string>();
  event.type = type_from_name(type_name);
  if (event.type == EventType::unknown) {
    event.unknown_type = type_name;
    parsed.warnings.push_back("unknown event type \"" + type_name + "\" ignored");
    return parsed;
  }
  if (object.contains("can_act") && object.at("can_act").is_boolean()) {
    event.can_act = object.at("can_act").get<bool>();
  }
  FieldReader fields(object, event.type);
  read_fields(fields, event);
  for (const std::string& field : fields.unused()) {
    parsed.warnings.push_back(type_name + ": unknown field \"" + field + "\" ignored");
  }
  read_hints(object, parsed);
  return parsed;
}

json event_to_json(const Event& e) {
  json out = {{"type", event_type_name(e.type)}};
  switch (e.type) {
    case EventType::hello:
      out["protocol"] = "mjsonp";
      out["protocol_version"] = e.protocol_version;
      break;
    case EventType::join:
      out["name"] = e.name;
      out["room"] = e.room;
      break;
    case EventType::start_game:
      if (e.id >= 0) out["id"] = e.id;
      if (!e.names.empty()) out["names"] = e.names;
      break;
    case EventType::start_kyoku: {
      out["bakaze"] = kind_to_string(e.bakaze);
      out["kyoku"] = e.kyoku;
      out["honba"] = e.honba;
      out["kyotaku"] = e.kyotaku;
      out["oya"] = e.oya;
      out["dora_marker"] = e.dora_marker.to_string();
      json tehais = json::array();
      for (const auto& hand : e.tehais) tehais.push_back(tiles_json(hand));
      out["tehais"] = std::move(tehais);
      if (e.has_scores) out["scores"] = e.scores;
      break;
    }
    case EventType::tsumo:
      out["actor"] = e.actor;
      out["pai"] = e.pai.to_string();
      break;
    case EventType::dahai:
      out["actor"] = e.actor;
      out["pai"] = e.pai.to_string();
      out["tsumogiri"] = e.tsumogiri;
      break;
    case EventType::chi:
    case EventType::pon:
    case EventType::daiminkan:
      out["actor"] = e.actor;
      out["target"] = e.target;
      out["pai"] = e.pai.to_string();
      out["consumed"] = tiles_json(e.consumed.view());
      break;
    case EventType::kakan:
      out["actor"] = e.actor;
      out["pai"] = e.pai.to_string();
      out["consumed"] = tiles_json(e.consumed.view());
      break;
    case EventType::ankan:
      out["actor"] = e.actor;
      out["consumed"] = tiles_json(e.consumed.view());
      break;
    case EventType::dora: out["dora_marker"] = e.dora_marker.to_string(); break;
    case EventType::reach:
    case EventType::reach_accepted:
      out["actor"] = e.actor;
      if (e.has_deltas) out["deltas"] = e.deltas;
      if (e.has_scores) out["scores"] = e.scores;
      break;
    case EventType::hora:
      out["actor"] = e.actor;
      out["target"] = e.target;
      if (e.has_pai) out["pai"] = e.pai.to_string();
      if (e.has_deltas) out["deltas"] = e.deltas;
      // Results carry the ura indicators (empty unless the winner was in riichi); keep any sent.
      if (e.has_deltas || !e.ura_markers.empty()) out["ura_markers"] = tiles_json(e.ura_markers);
      if (e.has_scores) out["scores"] = e.scores;
      break;
    case EventType::ryukyoku:
      if (e.actor >= 0) out["actor"] = e.actor;
      if (!e.reason.empty()) out["reason"] = e.reason;
      if (e.has_tenpais) out["tenpais"] = e.tenpais;
      if (e.has_deltas) out["deltas"] = e.deltas;
      if (e.has_scores) out["scores"] = e.scores;
      break;
    case EventType::end_game:
      if (e.has_scores) out["scores"] = e.scores;
      break;
    case EventType::error: out["message"] = e.message; break;
    case EventType::end_kyoku:
    case EventType::none: break;
    case EventType::unknown: out["type"] = e.unknown_type; break;
  }
  return out;
}

Event none_event() { return Event{}; }

Event mask_event_for_seat(const Event& event, int seat) {
  Event masked = event;
  if (event.type == EventType::start_kyoku) {
    for (int s = 0; s < 4; ++s) {
      if (s != seat) masked.tehais[static_cast<std::size_t>(s)].fill(Tile::hidden());
    }
  }
  if (event.type == EventType::tsumo && event.actor != seat) masked.pai = Tile::hidden();
  if (event.type == EventType::start_game) masked.id = seat;
  return masked;
}

}  // namespace tenbin
