#include "bot/commands/tenhou6.hpp"

#include <spdlog/spdlog.h>

#include <array>
#include <cctype>
#include <cstdint>
#include <iostream>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

#include "engine/exact_integer.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

constexpr int kTsumogiri = 60;  // a discard of the tile just drawn

[[noreturn]] void fail(const std::string& where, const std::string& why) { throw Tenhou6Error(where + ": " + why); }

std::string tile_name(int code, const std::string& where) {
  static const char* const kHonours[] = {"E", "S", "W", "N", "P", "F", "C"};
  if (code >= 51 && code <= 53) return std::string("5") + "mps"[code - 51] + "r";
  const int suit = code / 10;
  const int number = code % 10;
  if (suit >= 1 && suit <= 3 && number >= 1) return std::to_string(number) + "mps"[suit - 1];
  if (suit == 4 && number >= 1 && number <= 7) return kHonours[number - 1];
  fail(where, "not a tile code: " + std::to_string(code));
}

int tile_code(const json& value, const std::string& where) {
  const std::optional<std::int64_t> code = exact_integer(value, 0, 99);
  if (!code) fail(where, "expected a tile number, got " + value.dump());
  return static_cast<int>(*code);
}

// An integer of a field, low..high (a seat, a round's index).
int small_integer(const json& value, const std::string& where, int low, int high) {
  const std::optional<std::int64_t> number = exact_integer(value, low, high);
  if (!number) fail(where, "expected an integer " + std::to_string(low) + ".." + std::to_string(high) + ", got " + value.dump());
  return static_cast<int>(*number);
}

const json& field(const json& array, std::size_t index, const std::string& where) {
  if (!array.is_array() || index >= array.size()) fail(where + "[" + std::to_string(index) + "]", "missing");
  return array[index];
}

// A call or kan written as a string: the letter, where it stands (in tiles) and the tiles.
struct CallText {
  char letter = 0;
  int position = 0;
  std::vector<std::string> tiles;  // in written order, the letter's tile first after it
  std::string taken;               // the tile after the letter
};

CallText parse_call(const std::string& text, const std::string& where) {
  CallText call;
  std::size_t i = 0;
  while (i < text.size()) {
    if (std::isalpha(static_cast<unsigned char>(text[i]))) {
      if (call.letter != 0) fail(where, "two letters in \"" + text + "\"");
      call.letter = text[i];
      call.position = static_cast<int>(call.tiles.size());
      ++i;
      continue;
    }
    if (i + 1 >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i])) ||
        !std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      fail(where, "unreadable call \"" + text + "\"");
    }
    call.tiles.push_back(tile_name(std::stoi(text.substr(i, 2)), where));
    i += 2;
  }
  if (call.letter == 0) fail(where, "no call letter in \"" + text + "\"");
  if (call.position >= static_cast<int>(call.tiles.size())) fail(where, "no tile after the letter in \"" + text + "\"");
  call.taken = call.tiles[call.position];
  return call;
}

json others(const CallText& call) {
  json consumed = json::array();
  for (std::size_t i = 0; i < call.tiles.size(); ++i) {
    if (static_cast<int>(i) != call.position) consumed.push_back(call.tiles[i]);
  }
  return consumed;
}

// The seat a called tile came from, by where the letter stands: first for the seat before,
// in the middle for the seat opposite, last for the seat after (an open kan writes four tiles).
int call_target(const CallText& call, int actor, const std::string& where) {
  const int last = static_cast<int>(call.tiles.size()) - 1;
  if (call.letter == 'c' || call.position == 0) return (actor + 3) % 4;
  if (call.position == last) return (actor + 1) % 4;
  if (call.position == 1 || (call.letter == 'm' && call.position == 2)) return (actor + 2) % 4;
  fail(where, "cannot tell whom the call took from");
}

struct Seat {
  json takes;
  json discards;
  std::size_t next_take = 0;
  std::size_t next_discard = 0;
  std::string last_draw;
};

class HandConverter {
 public:
  HandConverter(const json& hand, const std::string& where, std::vector<json>& out) : hand_(hand), where_(where), out_(out) {}

  void convert() {
    start();
    play();
    finish();
    out_.push_back({{"type", "end_kyoku"}});
  }

 private:
  std::string at(int index) const { return where_ + "[" + std::to_string(index) + "]"; }

  void start() {
    const json& round = field(hand_, 0, where_);
    const int index = small_integer(field(round, 0, at(0)), at(0), 0, 15);  // East 1 .. North 4
    oya_ = index % 4;
    json tehais = json::array();
    for (int seat = 0; seat < 4; ++seat) {
      const json& deal = field(hand_, static_cast<std::size_t>(4 + 3 * seat), where_);
      if (!deal.is_array() || deal.size() != 13) fail(at(4 + 3 * seat), "a deal of 13 tiles expected");
      json tiles = json::array();
      for (std::size_t i = 0; i < 13; ++i) {
        tiles.push_back(tile_name(tile_code(deal[i], at(4 + 3 * seat)), at(4 + 3 * seat)));
      }
      tehais.push_back(std::move(tiles));
      seats_[seat].takes = field(hand_, static_cast<std::size_t>(5 + 3 * seat), where_);
      seats_[seat].discards = field(hand_, static_cast<std::size_t>(6 + 3 * seat), where_);
    }
    doras_ = field(hand_, 2, where_);
    ura_ = field(hand_, 3, where_);
    const json& scores = field(hand_, 1, where_);
    out_.push_back({{"type", "start_kyoku"},
                    {"bakaze", std::string(1, "ESWN"[(index / 4) % 4])},
                    {"kyoku", oya_ + 1},
                    {"honba", field(round, 1, at(0))},
                    {"kyotaku", field(round, 2, at(0))},
                    {"oya", oya_},
                    {"dora_marker", next_dora()},
                    {"scores", scores},
                    {"tehais", std::move(tehais)}});
  }

  std::string next_dora() {
    const std::string where = at(2) + "[" + std::to_string(doras_shown_) + "]";
    return tile_name(tile_code(field(doras_, doras_shown_++, at(2)), where), where);
  }

  void emit(json event) {
    if (riichi_pending_ >= 0 && event.at("type") != "hora") {
      out_.push_back({{"type", "reach_accepted"}, {"actor", riichi_pending_}});
      riichi_pending_ = -1;
    }
    out_.push_back(std::move(event));
  }

  // Draws and discards in turn order until a seat has no draw or no discard left.
  void play() {
    int actor = oya_;
    while (true) {
      Seat& seat = seats_[actor];
      if (seat.next_take >= seat.takes.size()) return;
      const std::string where = at(5 + 3 * actor) + "[" + std::to_string(seat.next_take) + "]";
      const json& take = seat.takes[seat.next_take++];
      if (take.is_string()) {
        if (take_call(actor, parse_call(take.get<std::string>(), where), where)) continue;
      } else {
        seat.last_draw = tile_name(tile_code(take, where), where);
        emit({{"type", "tsumo"}, {"actor", actor}, {"pai", seat.last_draw}});
      }
      if (seat.next_discard >= seat.discards.size()) return;  // a win on the draw, or nine terminals
      const std::string dwhere = at(6 + 3 * actor) + "[" + std::to_string(seat.next_discard) + "]";
      const json& discard = seat.discards[seat.next_discard++];
      if (discard.is_string() && discard.get<std::string>().find_first_of("ak") != std::string::npos) {
        kan_from_hand(actor, parse_call(discard.get<std::string>(), dwhere));
        continue;  // the replacement draw
      }
      last_discard_ = discard_tile(actor, discard, dwhere);
      actor = next_actor(actor, last_discard_);
    }
  }

  // A chi, pon or open kan from the draws; true when the seat draws again (an open kan).
  bool take_call(int actor, const CallText& call, const std::string& where) {
    const int target = call_target(call, actor, where);
    static const std::array<std::pair<char, const char*>, 3> kTypes{{{'c', "chi"}, {'p', "pon"}, {'m', "daiminkan"}}};
    const char* type = nullptr;
    for (const auto& [letter, name] : kTypes) type = letter == call.letter ? name : type;
    if (type == nullptr) fail(where, std::string("a draw cannot be a '") + call.letter + "' call");
    emit({{"type", type}, {"actor", actor}, {"target", target}, {"pai", call.taken}, {"consumed", others(call)}});
    if (call.letter != 'm') return false;
    Seat& seat = seats_[actor];
    if (seat.next_discard < seat.discards.size() && seat.discards[seat.next_discard] == 0) ++seat.next_discard;
    dora_after_discard_ = true;
    return true;
  }

  void kan_from_hand(int actor, const CallText& call) {
    if (call.letter == 'a') {
      emit({{"type", "ankan"}, {"actor", actor}, {"consumed", call.tiles}});
      emit({{"type", "dora"}, {"dora_marker", next_dora()}});
      return;
    }
    emit({{"type", "kakan"}, {"actor", actor}, {"pai", call.taken}, {"consumed", others(call)}});
    last_discard_ = call.taken;  // a robbing win takes this tile
    dora_after_discard_ = true;
  }

  std::string discard_tile(int actor, const json& discard, const std::string& where) {
    Seat& seat = seats_[actor];
    bool riichi = false;
    int code = 0;
    if (discard.is_string()) {
      const std::string text = discard.get<std::string>();
      if (text.size() != 3 || text[0] != 'r') fail(where, "unreadable discard \"" + text + "\"");
      riichi = true;
      code = std::stoi(text.substr(1));
    } else {
      code = tile_code(discard, where);
    }
    const bool tsumogiri = code == kTsumogiri;
    const std::string tile = tsumogiri ? seat.last_draw : tile_name(code, where);
    if (tile.empty()) fail(where, "a tsumogiri with no draw");
    if (riichi) emit({{"type", "reach"}, {"actor", actor}});
    emit({{"type", "dahai"}, {"actor", actor}, {"pai", tile}, {"tsumogiri", tsumogiri}});
    if (dora_after_discard_) {
      out_.push_back({{"type", "dora"}, {"dora_marker", next_dora()}});
      dora_after_discard_ = false;
    }
    if (riichi) riichi_pending_ = actor;
    return tile;
  }

  // Who moves after a discard: a seat whose next draw is a call on this tile from this seat,
  // else the seat after.
  int next_actor(int discarder, const std::string& tile) const {
    for (int step = 1; step < 4; ++step) {
      const int seat = (discarder + step) % 4;
      const Seat& s = seats_[seat];
      if (s.next_take >= s.takes.size() || !s.takes[s.next_take].is_string()) continue;
      const std::string where = at(5 + 3 * seat);
      const CallText call = parse_call(s.takes[s.next_take].get<std::string>(), where);
      if (call.taken == tile && call_target(call, seat, where) == discarder) return seat;
    }
    return (discarder + 1) % 4;
  }

  void finish() {
    const json& result = field(hand_, 16, where_);
    const std::string where = at(16);
    const std::string kind = field(result, 0, where).is_string() ? result[0].get<std::string>() : "";
    if (kind == "和了") {
      for (std::size_t i = 1; i + 1 < result.size(); i += 2) win(result[i], result[i + 1], where);
      return;
    }
    json deltas = result.size() > 1 && result[1].is_array() ? result[1] : json{0, 0, 0, 0};
    if (kind == "九種九牌") {
      emit({{"type", "ryukyoku"}, {"actor", last_drawer()}, {"reason", "kyushukyuhai"}, {"deltas", deltas}});
      return;
    }
    const std::string reason = kind == "流局" || kind == "全員聴牌" || kind == "全員不聴" ? "fanpai"
                               : kind == "流し満貫"                                     ? "nagashimangan"
                                                                                        : kind;
    if (reason.empty()) fail(where, "unknown result " + result.dump());
    emit({{"type", "ryukyoku"}, {"reason", reason}, {"deltas", deltas}});
  }

  int last_drawer() const {
    for (auto it = out_.rbegin(); it != out_.rend(); ++it) {
      if (it->at("type") == "tsumo") return it->at("actor").get<int>();
    }
    return oya_;
  }

  void win(const json& deltas, const json& details, const std::string& where) {
    const int actor = small_integer(field(details, 0, where), where, 0, 3);
    const int target = small_integer(field(details, 1, where), where, 0, 3);
    const std::string pai = actor == target ? seats_[actor].last_draw : last_discard_;
    json ura = json::array();
    for (std::size_t i = 0; i < ura_.size(); ++i) ura.push_back(tile_name(tile_code(ura_[i], at(3)), at(3)));
    emit({{"type", "hora"}, {"actor", actor}, {"target", target}, {"pai", pai}, {"deltas", deltas}, {"ura_markers", ura}});
  }

  const json& hand_;
  std::string where_;
  std::vector<json>& out_;
  std::array<Seat, 4> seats_;
  json doras_;
  json ura_;
  std::size_t doras_shown_ = 0;
  int oya_ = 0;
  std::string last_discard_;
  int riichi_pending_ = -1;
  bool dora_after_discard_ = false;
};

}  // namespace

std::vector<json> tenhou6_to_mjai(const json& game) {
  if (!game.is_object()) fail("the file", "not a JSON object");
  if (!game.contains("log") || !game.at("log").is_array()) fail("log", "missing or not an array");
  json names = json::array({"", "", "", ""});
  if (game.contains("name") && game.at("name").is_array() && game.at("name").size() == 4) names = game.at("name");
  std::vector<json> out{{{"type", "start_game"}, {"names", names}}};
  const json& hands = game.at("log");
  for (std::size_t i = 0; i < hands.size(); ++i) {
    HandConverter(hands[i], "log[" + std::to_string(i) + "]", out).convert();
  }
  out.push_back({{"type", "end_game"}});
  return out;
}

int run_convert_tenhou6(std::istream& in, std::ostream& out) {
  json game;
  try {
    game = json::parse(in);
  } catch (const json::parse_error& error) {
    spdlog::error("convert tenhou6: not JSON: {}", error.what());
    return 3;
  }
  try {
    for (const json& event : tenhou6_to_mjai(game)) out << event.dump() << '\n';
  } catch (const Tenhou6Error& error) {
    spdlog::error("convert tenhou6: {}", error.what());
    return 3;
  } catch (const json::exception& error) {
    spdlog::error("convert tenhou6: a field of the wrong type: {}", error.what());
    return 3;
  }
  return 0;
}


Subcommand add_convert_command(CLI::App& app) {
  auto format = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("convert", "Convert another format's game log to mjai lines (stdin to stdout)");
  command->add_option("format", *format, "tenhou6: the tenhou.net/6 JSON format")
      ->required()
      ->check(CLI::IsMember({"tenhou6"}));
  // The lambda keeps the option's storage alive: CLI11 writes into it while parsing.
  return {command, [format] { return run_convert_tenhou6(std::cin, std::cout); }};
}

}  // namespace tenbin
