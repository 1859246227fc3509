#include "bot/commands/tenhou6.hpp"

#include <spdlog/spdlog.h>

#include <array>
#include <cctype>
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <istream>
#include <map>
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

// The seat a called tile came from, by where the letter stands: first for the seat before (a
// chi's always), second for the seat opposite, last for the seat after (an open kan writes four
// tiles, so its last is the fourth).
int call_target(const CallText& call, int actor, const std::string& where) {
  const int last = static_cast<int>(call.tiles.size()) - 1;
  if (call.letter == 'c' || call.position == 0) return (actor + 3) % 4;
  if (call.position == last) return (actor + 1) % 4;
  if (call.position == 1) return (actor + 2) % 4;
  fail(where, "cannot tell whom the call took from");
}

// The abortive and exhaustive draws as the table names them. Exports converted from other
// sites' logs name two of them differently (四開槓 for four kans, 三家和 for three rons).
std::string draw_reason(const std::string& kind) {
  if (kind == "流局" || kind == "全員聴牌" || kind == "全員不聴") return "fanpai";
  if (kind == "流し満貫") return "nagashimangan";
  if (kind == "九種九牌") return "kyushukyuhai";
  if (kind == "四風連打") return "sufonrenda";
  if (kind == "四家立直") return "suchareach";
  if (kind == "四槓散了" || kind == "四開槓") return "sukaikan";
  if (kind == "三家和了" || kind == "三家和") return "sanchaho";
  return "";
}

// How far one seat's lists have been played, and the tiles it holds.
struct SeatState {
  std::size_t next_take = 0;
  std::size_t next_discard = 0;
  std::string last_draw;
  std::map<std::string, int> hand;  // tile name (a red five apart) -> copies

  bool holds(const std::string& tile, int copies = 1) const {
    const auto found = hand.find(tile);
    return found != hand.end() && found->second >= copies;
  }
  void remove(const std::string& tile) {
    if (--hand[tile] == 0) hand.erase(tile);
  }
};

// Everything the play changes, so that a reading that leads nowhere can be undone.
struct PlayState {
  std::array<SeatState, 4> seats;
  std::size_t events = 0;  // out_'s size
  std::size_t doras_shown = 0;
  std::string last_discard;
  int riichi_pending = -1;
  bool dora_after_discard = false;
};

// A seat whose next draw is a call on the discard just made.
struct Claim {
  int seat = 0;
  CallText call;
  std::string where;
};

// One hand. The lists say what each seat drew (or called) and discarded, but not in which order
// the seats moved: after each discard any seat whose next "draw" is a call on that tile from that
// seat may have made it, or the next seat drew. The converter tries the calls (pon and kan before
// chi) and then the draw, and keeps the first reading that plays every list to its end with each
// tile in the hand that gives it up.
class HandConverter {
 public:
  HandConverter(const json& hand, const std::string& where, std::vector<json>& out) : hand_(hand), where_(where), out_(out) {}

  void convert() {
    start();
    if (!play_from(oya_, false)) fail(where_, "no order of the draws, calls and discards plays every list to its end");
    out_.resize(state_.events);
    finish();
    out_.push_back({{"type", "end_kyoku"}});
  }

 private:
  std::string at(int index) const { return where_ + "[" + std::to_string(index) + "]"; }
  const json& takes(int seat) const { return takes_[seat]; }
  const json& discards(int seat) const { return discards_[seat]; }

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
        const std::string tile = tile_name(tile_code(deal[i], at(4 + 3 * seat)), at(4 + 3 * seat));
        ++state_.seats[seat].hand[tile];
        tiles.push_back(tile);
      }
      tehais.push_back(std::move(tiles));
      takes_[seat] = field(hand_, static_cast<std::size_t>(5 + 3 * seat), where_);
      discards_[seat] = field(hand_, static_cast<std::size_t>(6 + 3 * seat), where_);
      if (!takes_[seat].is_array()) fail(at(5 + 3 * seat), "not an array");
      if (!discards_[seat].is_array()) fail(at(6 + 3 * seat), "not an array");
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
    state_.events = out_.size();
  }

  std::string next_dora() {
    const std::string where = at(2) + "[" + std::to_string(state_.doras_shown) + "]";
    return tile_name(tile_code(field(doras_, state_.doras_shown++, at(2)), where), where);
  }

  void emit(json event) {
    out_.resize(state_.events);
    if (state_.riichi_pending >= 0 && event.at("type") != "hora") {
      out_.push_back({{"type", "reach_accepted"}, {"actor", state_.riichi_pending}});
      state_.riichi_pending = -1;
    }
    out_.push_back(std::move(event));
    state_.events = out_.size();
  }

  bool all_played() const {
    for (int seat = 0; seat < 4; ++seat) {
      const SeatState& s = state_.seats[seat];
      if (s.next_take < takes(seat).size() || s.next_discard < discards(seat).size()) return false;
    }
    return true;
  }

  // Plays on from `actor`'s turn (`called`: it has just called and discards without drawing).
  // False when the lists cannot be played to their end from here.
  bool play_from(int actor, bool called) {
    while (true) {
      SeatState& seat = state_.seats[actor];
      if (!called) {
        if (seat.next_take >= takes(actor).size()) return all_played();
        const json& take = takes(actor)[seat.next_take];
        if (take.is_string()) return false;  // a call, but nothing to call on
        const std::string where = at(5 + 3 * actor) + "[" + std::to_string(seat.next_take) + "]";
        ++seat.next_take;
        seat.last_draw = tile_name(tile_code(take, where), where);
        ++seat.hand[seat.last_draw];
        emit({{"type", "tsumo"}, {"actor", actor}, {"pai", seat.last_draw}});
      }
      called = false;
      if (seat.next_discard >= discards(actor).size()) return all_played();  // a win on the draw, or nine terminals
      const std::string where = at(6 + 3 * actor) + "[" + std::to_string(seat.next_discard) + "]";
      const json& discard = discards(actor)[seat.next_discard++];
      if (discard.is_string() && discard.get<std::string>().find_first_of("ak") != std::string::npos) {
        if (!kan_from_hand(actor, parse_call(discard.get<std::string>(), where))) return false;
        continue;  // the replacement draw
      }
      const std::optional<std::string> tile = discard_tile(actor, discard, where);
      if (!tile) return false;
      for (const Claim& claim : claims_on(actor, *tile)) {
        const PlayState before = state_;
        if (take_call(claim) && play_from(claim.seat, claim.call.letter != 'm')) return true;
        state_ = before;
      }
      actor = (actor + 1) % 4;
    }
  }

  // The seats whose next draw is a call on `tile` from `discarder`: pon and kan first (they
  // come before a chi), then a chi.
  std::vector<Claim> claims_on(int discarder, const std::string& tile) const {
    std::vector<Claim> claims;
    for (int step = 1; step < 4; ++step) {
      const int seat = (discarder + step) % 4;
      const SeatState& s = state_.seats[seat];
      if (s.next_take >= takes(seat).size() || !takes(seat)[s.next_take].is_string()) continue;
      const std::string where = at(5 + 3 * seat) + "[" + std::to_string(s.next_take) + "]";
      CallText call = parse_call(takes(seat)[s.next_take].get<std::string>(), where);
      if (call.taken != tile || call_target(call, seat, where) != discarder) continue;
      claims.push_back({seat, std::move(call), where});
    }
    std::stable_sort(claims.begin(), claims.end(), [](const Claim& a, const Claim& b) {
      return (a.call.letter != 'c') > (b.call.letter != 'c');
    });
    return claims;
  }

  // A chi, pon or open kan on the last discard; false when the seat does not hold its tiles.
  bool take_call(const Claim& claim) {
    static const std::array<std::pair<char, const char*>, 3> kTypes{{{'c', "chi"}, {'p', "pon"}, {'m', "daiminkan"}}};
    const char* type = nullptr;
    for (const auto& [letter, name] : kTypes) type = letter == claim.call.letter ? name : type;
    if (type == nullptr) fail(claim.where, std::string("a draw cannot be a '") + claim.call.letter + "' call");
    SeatState& seat = state_.seats[claim.seat];
    const json consumed = others(claim.call);
    if (!take_from_hand(seat, consumed)) return false;
    ++seat.next_take;
    emit({{"type", type}, {"actor", claim.seat}, {"target", call_target(claim.call, claim.seat, claim.where)},
          {"pai", claim.call.taken}, {"consumed", consumed}});
    if (claim.call.letter != 'm') return true;
    if (seat.next_discard < discards(claim.seat).size() && discards(claim.seat)[seat.next_discard] == 0) ++seat.next_discard;
    state_.dora_after_discard = true;
    return true;
  }

  // Takes every tile of `tiles` out of the seat's hand; false (the hand untouched) when one is
  // missing.
  static bool take_from_hand(SeatState& seat, const json& tiles) {
    std::map<std::string, int> needed;
    for (const json& tile : tiles) ++needed[tile.get<std::string>()];
    for (const auto& [tile, copies] : needed) {
      if (!seat.holds(tile, copies)) return false;
    }
    for (const json& tile : tiles) seat.remove(tile.get<std::string>());
    return true;
  }

  // A closed or added kan from the hand; false when the seat does not hold its tiles.
  bool kan_from_hand(int actor, const CallText& call) {
    SeatState& seat = state_.seats[actor];
    // A kan's indicator still waiting for a discard turns over before the next kan, when shown.
    if (state_.dora_after_discard && state_.doras_shown < doras_.size()) {
      out_.resize(state_.events);
      out_.push_back({{"type", "dora"}, {"dora_marker", next_dora()}});
      state_.events = out_.size();
      state_.dora_after_discard = false;
    }
    if (call.letter == 'a') {
      if (!take_from_hand(seat, json(call.tiles))) return false;
      emit({{"type", "ankan"}, {"actor", actor}, {"consumed", call.tiles}});
      emit({{"type", "dora"}, {"dora_marker", next_dora()}});
      return true;
    }
    if (!take_from_hand(seat, json::array({call.taken}))) return false;
    emit({{"type", "kakan"}, {"actor", actor}, {"pai", call.taken}, {"consumed", others(call)}});
    state_.last_discard = call.taken;  // a robbing win takes this tile
    state_.dora_after_discard = true;
    return true;
  }

  // The discard's tile, or nothing when the seat does not hold it.
  std::optional<std::string> discard_tile(int actor, const json& discard, const std::string& where) {
    SeatState& seat = state_.seats[actor];
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
    if (tile.empty() || !seat.holds(tile)) return std::nullopt;
    seat.remove(tile);
    seat.last_draw.clear();
    if (riichi) emit({{"type", "reach"}, {"actor", actor}});
    emit({{"type", "dahai"}, {"actor", actor}, {"pai", tile}, {"tsumogiri", tsumogiri}});
    if (state_.dora_after_discard) {
      emit({{"type", "dora"}, {"dora_marker", next_dora()}});
      state_.dora_after_discard = false;
    }
    if (riichi) state_.riichi_pending = actor;
    state_.last_discard = tile;
    return tile;
  }

  void finish() {
    const json& result = field(hand_, 16, where_);
    const std::string where = at(16);
    const std::string kind = field(result, 0, where).is_string() ? result[0].get<std::string>() : "";
    if (kind == "和了") {
      for (std::size_t i = 1; i + 1 < result.size(); i += 2) win(result[i], result[i + 1], where);
      return;
    }
    const json deltas = result.size() > 1 && result[1].is_array() ? result[1] : json{0, 0, 0, 0};
    const std::string reason = draw_reason(kind);
    if (reason.empty()) fail(where, "unknown result " + result.dump());
    if (reason == "kyushukyuhai") {
      emit({{"type", "ryukyoku"}, {"actor", last_drawer()}, {"reason", reason}, {"deltas", deltas}});
      return;
    }
    emit({{"type", "ryukyoku"}, {"reason", reason}, {"deltas", deltas}});
  }

  int last_drawer() const {
    for (auto it = out_.rbegin(); it != out_.rend(); ++it) {
      if (it->at("type") == "tsumo") return it->at("actor").get<int>();
    }
    return oya_;
  }

  // One win; a third field (the seat liable under pao) changes only the payments, which the
  // deltas already carry.
  void win(const json& deltas, const json& details, const std::string& where) {
    const int actor = small_integer(field(details, 0, where), where, 0, 3);
    const int target = small_integer(field(details, 1, where), where, 0, 3);
    const std::string pai = actor == target ? last_tsumo(actor) : state_.last_discard;
    json ura = json::array();
    for (std::size_t i = 0; i < ura_.size(); ++i) ura.push_back(tile_name(tile_code(ura_[i], at(3)), at(3)));
    emit({{"type", "hora"}, {"actor", actor}, {"target", target}, {"pai", pai}, {"deltas", deltas}, {"ura_markers", ura}});
  }

  std::string last_tsumo(int seat) const {
    for (auto it = out_.rbegin(); it != out_.rend(); ++it) {
      if (it->at("type") == "tsumo" && it->at("actor") == seat) return it->at("pai").get<std::string>();
    }
    fail(where_, "a win on the draw by a seat that drew nothing");
  }

  const json& hand_;
  std::string where_;
  std::vector<json>& out_;
  std::array<json, 4> takes_;
  std::array<json, 4> discards_;
  json doras_;
  json ura_;
  int oya_ = 0;
  PlayState state_;
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
