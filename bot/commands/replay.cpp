#include "bot/commands/replay.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <iostream>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "bot/protocol/mjai_bot.hpp"
#include "engine/mjai_log.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

// Every event of the log; an unreadable line is reported, counted and skipped.
std::vector<MjaiLogLine> read_events(std::istream& log, ReplaySummary& summary) {
  std::vector<MjaiLogLine> events;
  MjaiLogReader reader(log);
  while (true) {
    try {
      auto line = reader.next();
      if (!line) return events;
      events.push_back(std::move(*line));
    } catch (const MjaiLogError& error) {
      ++summary.rejected_lines;
      spdlog::error("{}", error.what());
    }
  }
}

}  // namespace

// Any draw moves play on, our own too: a call passed by the seat sitting next is followed by its
// own draw, and the discard after that is a new decision. Another seat's win does not: in a
// double ron the other winner may be listed first.
json played_after(const std::vector<MjaiLogLine>& events, std::size_t index, int seat) {
  for (std::size_t i = index + 1; i < events.size(); ++i) {
    const Event& e = events[i].event;
    if (e.actor == seat && e.is_player_action()) return event_to_json(e);
    const bool moved_on = e.type == EventType::tsumo || (e.type == EventType::dahai && e.actor != seat) ||
                          e.type == EventType::end_kyoku || e.type == EventType::start_kyoku ||
                          e.type == EventType::ryukyoku;
    if (moved_on) break;
  }
  return json{{"type", "none"}};
}

bool same_action(const json& bot, const json& played) {
  if (bot.at("type") != played.at("type")) return false;
  for (const char* field : {"pai", "consumed"}) {
    if (bot.contains(field) && played.contains(field) && bot.at(field) != played.at(field)) {
      if (std::string(field) == "consumed") {
        auto a = bot.at(field).get<std::vector<std::string>>();
        auto b = played.at(field).get<std::vector<std::string>>();
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (a != b) return false;
      } else {
        return false;
      }
    }
  }
  return true;
}


ReplaySummary run_replay(std::istream& log, std::ostream& out, int seat, std::unique_ptr<Policy> policy) {
  ReplaySummary summary;
  const std::vector<MjaiLogLine> events = read_events(log, summary);

  BotOptions options;
  options.seat = seat;
  MjaiBot bot(std::move(policy), options);
  for (std::size_t i = 0; i < events.size(); ++i) {
    const std::optional<Action> choice = bot.take(mask_event_for_seat(events[i].event, seat));
    if (!choice) continue;
    const json mine = event_to_json(choice->to_event(seat));
    const json played = played_after(events, i, seat);
    const bool same = same_action(mine, played);
    ++summary.decisions;
    summary.agreements += same ? 1 : 0;
    out << json{{"line", events[i].number}, {"bot", mine}, {"played", played}, {"agree", same}}.dump()
        << '\n';
  }
  out << json{{"seat", seat},
              {"decisions", summary.decisions},
              {"agreements", summary.agreements},
              {"rejected_lines", summary.rejected_lines}}
             .dump()
      << '\n';
  return summary;
}


Subcommand add_replay_command(CLI::App& app, StrategyChoice& strategy) {
  auto seat = std::make_shared<int>(0);
  CLI::App* command = app.add_subcommand("replay", "Replay a game log as one seat: the bot beside the play");
  command->add_option("--seat", *seat, "the seat to replay")->required()->check(CLI::Range(0, 3));
  add_strategy_name_option(*command, strategy);
  return {command, [seat, &strategy] {
            run_replay(std::cin, std::cout, *seat, make_policy(strategy.name, strategy.settings));
            return 0;
          }};
}

}  // namespace tenbin
