#include "bot/commands/nanikiru_command.hpp"

#include <cmath>
#include <iostream>
#include <istream>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "bot/commands/log_position.hpp"
#include "bot/commands/request_fields.hpp"
#include "bot/dp/table_position.hpp"
#include "engine/mjai.hpp"
#include "engine/table.hpp"

namespace tenbin {
namespace {

using nlohmann::json;
using namespace request_fields;

// A count of sticks: absent is 0.
int count_field(const json& request, const char* name) { return integer(request, name, 0, 0, 99); }

void set_options(const json& request, dp::Options& options) {
  if (!request.contains("options")) return;
  const json& given = request.at("options");
  if (!given.is_object()) bad_request("\"options\" must be an object");
  options.shanten_back = flag(given, "shanten_back", options.shanten_back);
  options.hand_change = flag(given, "hand_change", options.hand_change);
  options.any_change_before_tenpai = flag(given, "any_change", options.any_change_before_tenpai);
  if (given.contains("riichi")) {
    if (!given.at("riichi").is_string()) bad_request("\"riichi\" must be auto, always or never");
    options.riichi = parse_riichi_mode(given.at("riichi").get<std::string>());
  }
}

// Explicit weights: {"1m": 3, ...}; kinds not named weigh 0.
void set_weights(const json& unseen, dp::Position& position) {
  if (!unseen.is_object()) bad_request("\"unseen\" must be an object of tile: weight");
  position.weights = {};
  for (const auto& [name, weight] : unseen.items()) {
    const Tile tile = parse_tile(name);
    if (!weight.is_number() || weight.get<double>() < 0) bad_request("unseen \"" + name + "\" must be a number >= 0");
    position.weights[tile.kind()] += weight.get<double>();
  }
}

void check_counts(const dp::Position& position) {
  std::array<int, kNumKinds> seen{};
  for (int kind = 0; kind < kNumKinds; ++kind) seen[kind] = position.hand[kind];
  for (const Meld& meld : position.melds) {
    for (const Tile tile : meld.all_tiles()) ++seen[tile.kind()];
  }
  for (const Tile marker : position.dora_markers) ++seen[marker.kind()];
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (seen[kind] > kCopiesPerKind) bad_request("five or more of " + kind_to_string(kind));
  }
  std::array<int, 3> reds{};
  const auto count_red = [&](Tile tile) {
    if (tile.is_red() && ++reds[suit_of(tile.kind())] > 1) bad_request("two red " + kind_to_string(tile.kind()));
  };
  for (const Meld& meld : position.melds) {
    for (const Tile tile : meld.all_tiles()) count_red(tile);
  }
  for (const Tile marker : position.dora_markers) count_red(marker);
  for (int suit = 0; suit < 3; ++suit) {
    if (position.red_in_hand[suit]) count_red(Tile::of(five_of_suit(suit), true));
  }
}

// The turn order position_from_table expects: -1 when the seat holds its draw.
int next_drawer_after(const Table& table, int next_drawer) {
  return total_tiles(table.hand()) % 3 == 2 ? -1 : next_drawer;
}

json number_or_null(double value) { return std::isnan(value) ? json(nullptr) : json(value); }

json row_of(const dp::Candidate& c, const dp::Result& result) {
  json row;
  if (c.discard < 0) {
    row["discard"] = nullptr;
  } else {
    row["discard"] = c.discard_red ? Tile::of(c.discard, true).to_string() : kind_to_string(c.discard);
  }
  row["shanten"] = c.shanten;
  row["ukeire"] = c.ukeire;
  row["shanten_back"] = c.shanten_back;
  row["evaluated"] = c.evaluated;
  const char* names[dp::kObjectives] = {"tenpai_prob", "win_prob", "exp_score"};
  for (int o = 0; o < dp::kObjectives; ++o) {
    const std::string name = names[o];
    if (!c.evaluated) {
      row[name] = nullptr;
      row[name + "_by_draws"] = nullptr;
      continue;
    }
    row[name] = c.value[o];
    json by_draws = json::array();
    for (const double v : c.by_draws[o]) by_draws.push_back(number_or_null(v));
    row[name + "_by_draws"] = std::move(by_draws);
  }
  row["states"] = result.draw_states;
  return row;
}

}  // namespace

dp::RiichiMode parse_riichi_mode(const std::string& name) {
  if (name == "auto") return dp::RiichiMode::automatic;
  if (name == "always") return dp::RiichiMode::always;
  if (name == "never") return dp::RiichiMode::never;
  bad_request("\"riichi\" must be auto, always or never, not \"" + name + "\"");
}

NanikiruQuery parse_nanikiru_request(const json& request) {
  if (!request.is_object()) bad_request("a request must be a JSON object");
  NanikiruQuery query;
  dp::Position& position = query.position;
  for (const Tile tile : tile_list(request, "hand", true)) {
    ++position.hand[tile.kind()];
    if (tile.is_red()) {
      if (position.red_in_hand[suit_of(tile.kind())]) bad_request("two red " + kind_to_string(tile.kind()));
      position.red_in_hand[suit_of(tile.kind())] = true;
    }
  }
  position.melds = melds_field(request);
  position.round_wind = wind_field(request, "bakaze");
  position.seat_wind = wind_field(request, "jikaze");
  position.dora_markers = tile_list(request, "dora_markers", false);
  if (position.dora_markers.size() > 5) bad_request("more than five dora markers");
  position.draws_left = integer(request, "draws_left", position.draws_left, 1, dp::kMaxDraws);
  position.haitei_on_last_draw = flag(request, "haitei", false);
  position.honba = count_field(request, "honba");
  position.riichi_sticks = count_field(request, "kyotaku");
  check_counts(position);
  dp::set_flat_unseen(position);
  if (request.contains("unseen")) set_weights(request.at("unseen"), position);
  set_options(request, query.options);
  return query;
}

std::vector<json> nanikiru_rows(const dp::Result& result) {
  std::vector<json> rows;
  for (const dp::Candidate& c : result.candidates) rows.push_back(row_of(c, result));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    rows[i]["rank"] = i + 1;
    rows[i]["of"] = rows.size();
  }
  return rows;
}

std::vector<json> nanikiru_request(const json& request, dp::Solver& solver, std::size_t max_states) {
  NanikiruQuery query = parse_nanikiru_request(request);
  query.options.max_states = max_states;
  return nanikiru_rows(solver.solve(query.position, query.options));
}

int serve_nanikiru(std::istream& in, std::ostream& out, std::size_t max_states) {
  dp::Solver solver;
  int errors = 0;
  int number = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    ++number;
    std::vector<json> rows;
    try {
      rows = nanikiru_request(json::parse(line), solver, max_states);
    } catch (const std::exception& error) {
      rows = {json{{"error", error.what()}}};
      ++errors;
    }
    for (json& row : rows) {
      row["request"] = number;
      out << row.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    }
    out << std::flush;
  }
  return errors;
}

NanikiruQuery nanikiru_query_from_log(std::istream& log, int seat, const dp::Options& options) {
  const LogPosition read = read_log_position(log, seat);
  const Table& table = read.table;
  const int next_drawer = read.next_drawer;

  NanikiruQuery query;
  query.options = options;
  if (dp::own_draws_left(table, next_drawer_after(table, next_drawer)) < 1) {
    bad_request("seat " + std::to_string(seat) + " has no draw left");
  }
  query.position = dp::position_from_table(table, next_drawer, &query.options);
  return query;
}

int serve_nanikiru_log(std::istream& log, std::ostream& out, int seat, const dp::Options& options) {
  try {
    const NanikiruQuery query = nanikiru_query_from_log(log, seat, options);
    dp::Solver solver;
    for (json& row : nanikiru_rows(solver.solve(query.position, query.options))) {
      row["request"] = 1;
      out << row.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    }
    return 0;
  } catch (const std::exception& error) {
    out << json{{"request", 1}, {"error", error.what()}}.dump() << '\n';
    return 1;
  }
}


Subcommand add_nanikiru_command(CLI::App& app) {
  struct NanikiruOptions {
    int seat = -1;
    dp::Options options;
    std::string riichi = "auto";
  };
  auto options = std::make_shared<NanikiruOptions>();
  CLI::App* command = app.add_subcommand(
      "nanikiru", "Win probability and expected score for every discard: one JSON object per line "
                  "in, one line per candidate out; with --seat N, the position at the end of a log");
  command->add_option("--seat", options->seat, "read an mjai log and answer for this seat's last position")
      ->check(CLI::Range(0, 3));
  command->add_flag("!--no-shanten-back", options->options.shanten_back, "log mode: no shanten-back");
  command->add_flag("!--no-hand-change", options->options.hand_change, "log mode: no hand changes");
  command->add_option("--riichi", options->riichi, "log mode: auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  options->options.max_states = kNanikiruMaxStates;
  command->add_option("--max-states", options->options.max_states, "refuse a hand whose graph passes this many draw states")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 32));
  return {command, [options] {
            if (options->seat < 0) {
              serve_nanikiru(std::cin, std::cout, options->options.max_states);
              return 0;
            }
            options->options.riichi = parse_riichi_mode(options->riichi);
            return serve_nanikiru_log(std::cin, std::cout, options->seat, options->options);
          }};
}

}  // namespace tenbin
