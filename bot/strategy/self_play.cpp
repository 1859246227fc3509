#include "bot/strategy/self_play.hpp"

#include <algorithm>
#include <optional>

#include "engine/seats.hpp"

namespace tenbin {

int play_out(Game& game, const PerSeat<Policy*>& seats, int max_steps) {
  int replaced = 0;
  for (int step = 0; !game.finished() && step < max_steps; ++step) {
    std::array<std::optional<Action>, 4> replies;
    for (int seat = 0; seat < kSeats; ++seat) {
      const auto& legal = game.pending().legal[seat];
      if (!legal.empty()) replies[seat] = seats[seat]->choose(game.table(seat), legal);
    }
    const auto illegal = game.answer(replies);
    replaced += static_cast<int>(std::count(illegal.begin(), illegal.end(), true));
  }
  return replaced;
}

}  // namespace tenbin
