#include "eval/match/start_book.hpp"

#include <cstdint>
#include <fstream>
#include <iostream>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string_view>

#include <CLI/CLI.hpp>

#include "engine/exact_integer.hpp"
#include "engine/tile.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {
namespace {

using nlohmann::json;

// A score no start can exceed: the four scores and the sticks add up to 100000.
constexpr std::int64_t kMaxStartScore = 100000;

int integer_field(const json& entry, const char* name, std::int64_t low, std::int64_t high) {
  const std::optional<std::int64_t> number = exact_integer(entry.at(name), low, high);
  if (!number) {
    throw std::invalid_argument(std::string("\"") + name + "\" = " + entry.at(name).dump() + " is not an integer " +
                                std::to_string(low) + ".." + std::to_string(high));
  }
  return static_cast<int>(*number);
}

// "S4" -> (south, 4).
std::pair<int, int> parse_hand_name(const std::string& text) {
  const std::size_t wind = text.empty() ? std::string::npos : std::string_view("ESWN").find(text[0]);
  if (text.size() != 2 || wind == std::string::npos || text[1] < '1' || text[1] > '4') {
    throw std::invalid_argument("a hand is named like S4 (round E, S, W or N, kyoku 1..4), not \"" + text + "\"");
  }
  return {kinds::east + static_cast<int>(wind), text[1] - '0'};
}

}  // namespace

HandStart start_from_json(const json& entry) {
  if (!entry.is_object()) throw std::invalid_argument("an entry is a JSON object");
  for (const char* key : {"bakaze", "kyoku", "scores"}) {
    if (!entry.contains(key)) throw std::invalid_argument(std::string("\"") + key + "\" is missing");
  }
  HandStart start;
  try {
    start.round_wind = parse_tile(entry.at("bakaze").get<std::string>()).kind();
  } catch (const json::exception& error) {
    throw std::invalid_argument(error.what());
  }
  start.kyoku = integer_field(entry, "kyoku", 1, 4);
  start.honba = entry.contains("honba") ? integer_field(entry, "honba", 0, 1000) : 0;
  start.kyotaku = entry.contains("kyotaku") ? integer_field(entry, "kyotaku", 0, 1000) : 0;
  const json& scores = entry.at("scores");
  if (!scores.is_array() || scores.size() != 4) throw std::invalid_argument("\"scores\" holds four scores");
  for (int seat = 0; seat < 4; ++seat) {
    const std::optional<std::int64_t> score = exact_integer(scores[static_cast<std::size_t>(seat)], 0, kMaxStartScore);
    if (!score) {
      throw std::invalid_argument("\"scores\" value " + scores[static_cast<std::size_t>(seat)].dump() +
                                  " is not an integer 0.." + std::to_string(kMaxStartScore));
    }
    start.scores[seat] = static_cast<int>(*score);
  }
  if (auto problem = hand_start_problem(start, Rules{})) throw std::invalid_argument(*problem);
  return start;
}

json start_to_json(const HandStart& start) {
  return {{"bakaze", kind_to_string(start.round_wind)},
          {"kyoku", start.kyoku},
          {"honba", start.honba},
          {"kyotaku", start.kyotaku},
          {"scores", start.scores}};
}

std::vector<HandStart> read_start_book(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot read the start book");
  std::vector<HandStart> book;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      book.push_back(start_from_json(json::parse(line)));
    } catch (const std::exception& error) {
      throw std::runtime_error(path + ":" + std::to_string(number) + ": " + error.what());
    }
  }
  if (book.empty()) throw std::runtime_error(path + ": the start book has no entry");
  return book;
}

std::optional<HandStart> start_of(const std::vector<HandStart>& book, std::uint64_t wall_game) {
  if (book.empty()) return std::nullopt;
  return book[wall_game % book.size()];
}

std::optional<std::string> start_mismatch(const HandStart& start, const HandStart& seen) {
  if (seen == start) return std::nullopt;
  return "the first hand is " + start_to_json(seen).dump() + ", the match starts at " + start_to_json(start).dump();
}

int write_start_book(const std::vector<std::string>& inputs, const std::string& at, std::ostream& out,
                     std::ostream& err) {
  std::pair<int, int> hand;
  try {
    hand = parse_hand_name(at);
  } catch (const std::invalid_argument& error) {
    err << "starts: " << error.what() << "\n";
    return 2;
  }
  int written = 0;
  for (const std::string& path : expand_log_inputs(inputs, err)) {
    std::vector<Event> log;
    try {
      log = read_game_log(path);
    } catch (const std::exception& error) {
      err << path << ": skipped: " << error.what() << "\n";
      continue;
    }
    for (const Event& event : log) {
      if (event.type != EventType::start_kyoku || event.bakaze != hand.first || event.kyoku != hand.second) continue;
      out << start_to_json({event.bakaze, event.kyoku, event.honba, event.kyotaku, event.scores}).dump() << "\n";
      ++written;
      break;
    }
  }
  err << "starts: " << written << " games reach " << at << "\n";
  return written > 0 ? 0 : 1;
}


Subcommand add_starts_command(CLI::App& app) {
  struct StartsArguments {
    std::vector<std::string> inputs;
    std::string at = "S4";
  };
  auto arguments = std::make_shared<StartsArguments>();
  CLI::App* command = app.add_subcommand("starts", "a start book: one hand's start in every game of full logs, as JSON lines");
  command->add_option("--at", arguments->at, "the hand: round and kyoku, like S4");
  command->add_option("inputs", arguments->inputs, "full game logs or match directories")->required();
  return {command, [arguments] { return write_start_book(arguments->inputs, arguments->at, std::cout, std::cerr); }};
}

}  // namespace tenbin::arena
