// Which draws in a hand's log are rinshan draws: the tsumo that follows a kan, by the kan's seat.
// A chi or pon in between (a kakan ronned for chankan ends the hand) means the next tsumo is a
// live draw again. The referee knows this from its own state; the walks that read logs (verify,
// the wall experiment) follow it here.
#pragma once

#include "engine/mjai.hpp"

namespace tenbin {

class RinshanWatch {
 public:
  // Feed every event of a hand in order; true for a tsumo that is a rinshan draw.
  bool is_rinshan_draw(const Event& event) {
    if (event.type == EventType::start_kyoku || event.type == EventType::chi || event.type == EventType::pon) {
      kan_seat_ = -1;
    } else if (event.is_kan()) {
      kan_seat_ = event.actor;
    } else if (event.type == EventType::tsumo) {
      const bool rinshan = kan_seat_ >= 0 && event.actor == kan_seat_;
      kan_seat_ = -1;
      return rinshan;
    }
    return false;
  }

 private:
  int kan_seat_ = -1;  // the seat whose kan awaits its replacement draw
};

}  // namespace tenbin
