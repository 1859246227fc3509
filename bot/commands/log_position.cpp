#include "bot/commands/log_position.hpp"

#include <istream>
#include <stdexcept>
#include <string>

#include "engine/mjai_log.hpp"
#include "engine/seats.hpp"

namespace tenbin {
namespace {

// Applies one event of the log as `seat` sees it, and follows whose draw comes next.
void follow(LogPosition& position, const Event& full, int seat) {
  const Event event = mask_event_for_seat(full, seat);
  position.table.apply(event);
  if (event.type == EventType::start_kyoku) position.next_drawer = event.oya;
  if (event.type == EventType::dahai) position.next_drawer = (event.actor + 1) % kSeats;
  if (event.type == EventType::tsumo) position.next_drawer = -1;  // the drawer discards next
}

}  // namespace

LogPosition read_log_position(std::istream& log, int seat) {
  LogPosition position{Table(seat)};
  MjaiLogReader reader(log);
  try {
    while (const auto line = reader.next()) {
      try {
        follow(position, line->event, seat);
      } catch (const std::exception& error) {
        throw MjaiLogError(line->number, error.what());
      }
    }
  } catch (const MjaiLogError& error) {
    throw std::invalid_argument(error.what());
  }
  position.lines = reader.lines_read();
  if (!position.table.synchronised()) {
    throw std::invalid_argument("the log holds no hand for seat " + std::to_string(seat));
  }
  return position;
}

}  // namespace tenbin
