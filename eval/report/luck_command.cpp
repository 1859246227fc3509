#include "eval/report/luck_command.hpp"

#include <cmath>
#include <fstream>
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

int print_luck(const std::vector<std::string>& inputs, const std::string& model_path) {
  LuckModel model;
  try {
    if (model_path.empty()) {
      model = LuckModel::compiled();
    } else {
      std::ifstream in(model_path);
      if (!in) throw std::runtime_error("cannot open it");
      model = LuckModel::from_json(nlohmann::json::parse(in));
    }
  } catch (const std::exception& error) {
    std::cerr << "tenbin-arena luck: " << (model_path.empty() ? "the compiled-in model" : model_path) << ": " << error.what() << "\n";
    return 2;
  }
  GroupNeedsCache cache;
  int status = 0;
  for (const std::string& path : expand_log_inputs(inputs, std::cerr)) {
    try {
      std::cout << game_line(path, game_luck(read_game_log(path), model, cache)).dump() << "\n";
    } catch (const std::exception& error) {
      std::cerr << "tenbin-arena luck: " << path << ": " << error.what() << "\n";
      status = 1;
    }
  }
  return status;
}

}  // namespace

Subcommand add_luck_command(CLI::App& app) {
  struct Options {
    std::vector<std::string> inputs;
    std::string model;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("luck", "the luck of every hand of full game logs (files or match directories), a JSON line per game");
  command->add_option("inputs", options->inputs, "game logs or match directories")->required();
  command->add_option("--model", options->model, "a value estimate written by fit-luck (the compiled-in one by default)");
  return {command, [options] { return print_luck(options->inputs, options->model); }};
}

}  // namespace tenbin::arena
