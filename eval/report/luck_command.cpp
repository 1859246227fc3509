#include "eval/report/luck_command.hpp"

#include <cmath>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "eval/report/luck.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {
namespace {

// Points to one decimal, as the line shows them.
double shown(double points) { return std::round(points * 10) / 10; }

nlohmann::json game_line(const std::string& path, const GameLuck& luck) {
  nlohmann::json hands = nlohmann::json::array();
  for (const HandLuck& hand : luck.hands) {
    nlohmann::json seats = nlohmann::json::array();
    for (const double points : hand.luck) seats.push_back(shown(points));
    hands.push_back({{"score_change", hand.score_change}, {"luck", seats}});
  }
  nlohmann::json total = nlohmann::json::array();
  for (const double points : luck.total) total.push_back(shown(points));
  return {{"log", path}, {"luck", total}, {"hands", hands}};
}

int print_luck(const std::vector<std::string>& inputs) {
  int status = 0;
  for (const std::string& path : expand_log_inputs(inputs, std::cerr)) {
    try {
      std::cout << game_line(path, game_luck(read_game_log(path))).dump() << "\n";
    } catch (const std::exception& error) {
      std::cerr << "tenbin-arena luck: " << path << ": " << error.what() << "\n";
      status = 1;
    }
  }
  return status;
}

}  // namespace

Subcommand add_luck_command(CLI::App& app) {
  auto inputs = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand("luck", "the luck of every hand of full game logs (files or match directories), a JSON line per game");
  command->add_option("inputs", *inputs, "game logs or match directories")->required();
  return {command, [inputs] { return print_luck(*inputs); }};
}

}  // namespace tenbin::arena
