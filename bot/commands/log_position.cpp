#include "bot/commands/log_position.hpp"

#include <istream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/mjai.hpp"

namespace tenbin {

LogPosition read_log_position(std::istream& log, int seat) {
  LogPosition position{Table(seat)};
  std::string text;
  int line = 0;
  while (std::getline(log, text)) {
    ++line;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    ++position.lines;
    try {
      const Event event = mask_event_for_seat(parse_event(nlohmann::json::parse(text)).event, seat);
      position.table.apply(event);
      if (event.type == EventType::start_kyoku) position.next_drawer = event.oya;
      if (event.type == EventType::dahai) position.next_drawer = (event.actor + 1) % 4;
      if (event.type == EventType::tsumo) position.next_drawer = -1;  // the drawer discards next
    } catch (const std::exception& error) {
      throw std::invalid_argument("line " + std::to_string(line) + ": " + error.what());
    }
  }
  if (!position.table.synchronised()) {
    throw std::invalid_argument("the log holds no hand for seat " + std::to_string(seat));
  }
  return position;
}

}  // namespace tenbin
