// Hand-written mjai event streams for the tests: one function per event type, each returning
// the JSON line a host would send (seat 0's masked view unless a hand is given for another
// seat), and the reading of stream fixtures (tests/fixtures/streams/*.jsonl).
#pragma once

#include <array>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tenbin::lines {

using nlohmann::json;

// "1m 2m 5pr E" -> ["1m","2m","5pr","E"]
inline json tiles(std::string_view spaced) {
  json out = json::array();
  std::istringstream in{std::string(spaced)};
  std::string name;
  while (in >> name) out.push_back(name);
  return out;
}

inline json hidden_hand() { return std::vector<std::string>(13, "?"); }

struct Deal {
  int oya = 0;
  const char* bakaze = "E";
  int kyoku = 1;
  int honba = 0;
  int kyotaku = 0;
  const char* dora_marker = "9s";
  std::optional<std::array<int, 4>> scores = std::array<int, 4>{25000, 25000, 25000, 25000};
  int seat = 0;  // whose hand is shown
};

// start_kyoku with our 13 tiles (space separated) and the others hidden.
inline std::string start_kyoku(std::string_view hand, const Deal& deal = {}) {
  json tehais = json::array();
  for (int seat = 0; seat < 4; ++seat) tehais.push_back(seat == deal.seat ? tiles(hand) : hidden_hand());
  if (tehais[static_cast<std::size_t>(deal.seat)].size() != 13) throw std::invalid_argument("a deal is 13 tiles");
  json out = {{"type", "start_kyoku"}, {"bakaze", deal.bakaze}, {"kyoku", deal.kyoku},
              {"honba", deal.honba},   {"kyotaku", deal.kyotaku}, {"oya", deal.oya},
              {"dora_marker", deal.dora_marker}, {"tehais", tehais}};
  if (deal.scores) out["scores"] = *deal.scores;
  return out.dump();
}

inline std::string start_game(int id = 0) {
  return json{{"type", "start_game"}, {"id", id}, {"names", {"tenbin", "A", "B", "C"}}}.dump();
}
inline std::string tsumo(int actor, std::string_view pai = "?") {
  return json{{"type", "tsumo"}, {"actor", actor}, {"pai", pai}}.dump();
}
inline std::string dahai(int actor, std::string_view pai, bool tsumogiri = false) {
  return json{{"type", "dahai"}, {"actor", actor}, {"pai", pai}, {"tsumogiri", tsumogiri}}.dump();
}
inline std::string call(std::string_view type, int actor, int target, std::string_view pai,
                        std::string_view consumed) {
  return json{{"type", type}, {"actor", actor}, {"target", target}, {"pai", pai}, {"consumed", tiles(consumed)}}
      .dump();
}
inline std::string chi(int actor, int target, std::string_view pai, std::string_view consumed) {
  return call("chi", actor, target, pai, consumed);
}
inline std::string pon(int actor, int target, std::string_view pai, std::string_view consumed) {
  return call("pon", actor, target, pai, consumed);
}
inline std::string daiminkan(int actor, int target, std::string_view pai, std::string_view consumed) {
  return call("daiminkan", actor, target, pai, consumed);
}
inline std::string kakan(int actor, std::string_view pai, std::string_view consumed) {
  return json{{"type", "kakan"}, {"actor", actor}, {"pai", pai}, {"consumed", tiles(consumed)}}.dump();
}
inline std::string ankan(int actor, std::string_view consumed) {
  return json{{"type", "ankan"}, {"actor", actor}, {"consumed", tiles(consumed)}}.dump();
}
inline std::string dora(std::string_view marker) { return json{{"type", "dora"}, {"dora_marker", marker}}.dump(); }
inline std::string reach(int actor) { return json{{"type", "reach"}, {"actor", actor}}.dump(); }
inline std::string reach_accepted(int actor) { return json{{"type", "reach_accepted"}, {"actor", actor}}.dump(); }
inline std::string hora(int actor, int target, std::string_view pai, std::array<int, 4> deltas) {
  return json{{"type", "hora"}, {"actor", actor}, {"target", target}, {"pai", pai},
              {"deltas", deltas}, {"ura_markers", json::array()}}
      .dump();
}
inline std::string ryukyoku(std::string_view reason, std::array<int, 4> deltas) {
  return json{{"type", "ryukyoku"}, {"reason", reason}, {"deltas", deltas}}.dump();
}
inline std::string end_kyoku() { return R"({"type":"end_kyoku"})"; }
inline std::string end_game() { return R"({"type":"end_game"})"; }

// Another seat's turn: a hidden draw and a discard.
inline std::vector<std::string> turn(int actor, std::string_view pai, bool tsumogiri = true) {
  return {tsumo(actor), dahai(actor, pai, tsumogiri)};
}

inline std::string fixture_path(std::string_view name) {
  return std::string(TENBIN_FIXTURES_DIR) + "/streams/" + std::string(name);
}

// The non-blank lines of a stream fixture.
inline std::vector<std::string> read_stream(std::string_view name) {
  std::ifstream in(fixture_path(name));
  if (!in) throw std::runtime_error("missing fixture " + std::string(name));
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") != std::string::npos) out.push_back(line);
  }
  return out;
}

}  // namespace tenbin::lines
