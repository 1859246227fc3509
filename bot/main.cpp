// `tenbin`: the mjai bot process and its calculation subcommands.
#include <iostream>

#include <CLI/CLI.hpp>

#include "bot/calc_commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Tenbin: a riichi mahjong AI that plays as an mjai bot"};
  app.require_subcommand(1);

  auto* score = app.add_subcommand(
      "score", "Score winning hands: one JSON object per line on stdin, one reply per line");
  auto* shanten = app.add_subcommand(
      "shanten", "Shanten and ukeire of hands: one JSON object per line on stdin");

  CLI11_PARSE(app, argc, argv);

  std::ios::sync_with_stdio(false);
  if (score->parsed()) tenbin::serve_json_lines(std::cin, std::cout, tenbin::score_request);
  if (shanten->parsed()) tenbin::serve_json_lines(std::cin, std::cout, tenbin::shanten_request);
  return 0;
}
