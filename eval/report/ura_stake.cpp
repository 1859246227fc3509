#include "eval/report/ura_stake.hpp"

#include <stdexcept>

namespace tenbin::arena {

PerSeat<int> ura_deltas(const UraStake& stake, Tile last) {
  std::vector<Tile> indicators = stake.earlier;
  indicators.push_back(last);
  PerSeat<int> deltas{};
  for (const UraWin& win : stake.wins) {
    const bool tsumo = win.hora.target == win.hora.actor;
    const std::optional<Score> score =
        win.before.evaluate_win(win.hora.pai, tsumo, win.hora.target, indicators, win.collects_sticks);
    if (!score) throw std::invalid_argument("a win with ura indicators that the engine cannot score");
    for (int seat = 0; seat < 4; ++seat) deltas[seat] += score->deltas[seat];
  }
  return deltas;
}

}  // namespace tenbin::arena
