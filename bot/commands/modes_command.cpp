#include "bot/commands/modes_command.hpp"

#include <iostream>
#include <memory>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "bot/strategy/full_params.hpp"
#include "engine/mjai.hpp"
#include "engine/mjai_log.hpp"
#include "engine/seats.hpp"
#include "engine/table.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

const char* name_of(mj0::FlushReading reading) {
  switch (reading) {
    case mj0::FlushReading::melds_in_suit: return "melds_in_suit";
    case mj0::FlushReading::long_river: return "long_river";
    case mj0::FlushReading::none: break;
  }
  return "none";
}

const char* name_of(mj0::TripletsReading reading) {
  switch (reading) {
    case mj0::TripletsReading::two_triplet_melds: return "two_triplet_melds";
    case mj0::TripletsReading::one_open_triplet: return "one_open_triplet";
    case mj0::TripletsReading::none: break;
  }
  return "none";
}

json reading_json(int line, int seat, const mj0::ModeReading& reading) {
  constexpr const char* kSuits[] = {"m", "p", "s"};
  json flush = json::object();
  for (int suit = 0; suit < 3; ++suit) {
    flush[kSuits[suit]] = {{"odds", reading.odds.flush[suit]}, {"reading", name_of(reading.flush[suit])}};
  }
  return {{"line", line},
          {"seat", seat},
          {"flush", flush},
          {"all_triplets", {{"odds", reading.odds.all_triplets}, {"reading", name_of(reading.all_triplets)}}}};
}

bool ends_the_hand(EventType type) { return type == EventType::hora || type == EventType::ryukyoku; }

}  // namespace

int run_modes(std::istream& log, std::ostream& out, const mj0::ModeParams& params) {
  // Melds and rivers are public: one seat's view of the log shows every seat's.
  constexpr int kViewer = 0;
  Table table(kViewer);
  MjaiLogReader reader(log);
  try {
    while (const auto line = reader.next()) {
      try {
        if (ends_the_hand(line->event.type) && table.synchronised()) {
          for (int seat = 0; seat < kSeats; ++seat) {
            out << reading_json(line->number, seat, mj0::read_modes_at(table, seat, params)).dump() << '\n';
          }
        }
        table.apply(mask_event_for_seat(line->event, kViewer));
      } catch (const std::exception& error) {
        throw MjaiLogError(line->number, error.what());
      }
    }
  } catch (const MjaiLogError& error) {
    spdlog::error("modes: {}", error.what());
    return 1;
  }
  return 0;
}

Subcommand add_modes_command(CLI::App& app) {
  auto params = std::make_shared<FullParams>();
  CLI::App* command = app.add_subcommand(
      "modes", "MJ-0's mode rule (flush, all triplets) read off every seat at the end of each hand of an mjai "
               "log: JSON lines with the odds and the rule's branch");
  add_param_option(*command, *params, "NAME=VALUE: one of `tenbin params` (the mj0_ ones set the rule)");
  return {command, [params] { return run_modes(std::cin, std::cout, params->modes); }};
}

}  // namespace tenbin
