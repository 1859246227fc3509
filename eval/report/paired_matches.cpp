#include "eval/report/paired_matches.hpp"

#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "eval/match/match_dir.hpp"
#include "eval/report/match_stats.hpp"

namespace tenbin::arena {

namespace {

using nlohmann::json;

// What must agree for game g to deal the same walls in both matches.
json wall_settings(const json& meta) {
  return {{"seed", meta.value("seed", json())},
          {"games", meta.value("games", json())},
          {"format", meta.value("format", json("hanchan"))},
          {"duplicate", meta.value("duplicate", false)},
          {"starts", meta.value("starts", json())}};
}

// The place of `name` in each finished game of the match.
std::map<int, std::pair<std::uint64_t, int>> places_of(const MatchDir& dir, bool duplicate, const std::string& name) {
  std::map<int, std::pair<std::uint64_t, int>> places;
  for (const auto& [game, result] : dir.read_results(duplicate)) {
    const json& names = result.record.at("names");
    int seat = -1;
    int seated = 0;
    for (int s = 0; s < 4; ++s) {
      if (names.at(s).get<std::string>() == name) {
        seat = s;
        ++seated;
      }
    }
    if (seated != 1) {
      throw std::runtime_error(fmt::format("{}: game {} seats {} {} times (it must be once)", dir.path(), game, name, seated));
    }
    const int place = result.record.at("ranks").at(seat).get<int>();
    if (place < 0 || place > 3) throw std::runtime_error(fmt::format("{}: game {}: rank {} out of range", dir.path(), game, place));
    places[game] = {result.wall_game, place};
  }
  return places;
}

}  // namespace

PairedMatches read_paired_matches(const std::string& dir_a, const std::string& name_a, const std::string& dir_b,
                                  const std::string& name_b) {
  const MatchDir a(dir_a);
  const MatchDir b(dir_b);
  const json settings_a = wall_settings(a.read_meta_json());
  const json settings_b = wall_settings(b.read_meta_json());
  if (settings_a != settings_b) {
    throw std::runtime_error(fmt::format("the matches are not on the same walls (seed, games, format, duplicate, start book): {} vs {}",
                                         settings_a.dump(), settings_b.dump()));
  }
  PairedMatches paired;
  paired.duplicate = settings_a.at("duplicate").get<bool>();
  paired.games_per_wall = paired.duplicate ? 4 : 1;
  const auto places_a = places_of(a, paired.duplicate, name_a);
  const auto places_b = places_of(b, paired.duplicate, name_b);
  for (const auto& [game, wall_place] : places_a) {
    const auto other = places_b.find(game);
    if (other == places_b.end()) continue;
    if (other->second.first != wall_place.first) {
      throw std::runtime_error(fmt::format("game {} is played on wall {} in {} but on wall {} in {}", game, wall_place.first,
                                           dir_a, other->second.first, dir_b));
    }
    paired.games.push_back({game, wall_place.first, wall_place.second, other->second.second});
  }
  return paired;
}

double place_difference(const PairedGame& game) { return game.place_a - game.place_b; }

double rank_point_difference(const PairedGame& game) {
  return rank_points_of(game.place_a) - rank_points_of(game.place_b);
}

}  // namespace tenbin::arena
