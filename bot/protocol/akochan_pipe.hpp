// akochan's pipe dialect, the one Mortal's arena uses to seat an outside engine
// (`system.exe pipe TACTICS_FILE PLAYER_ID`; github.com/critter-mj/akochan main.cpp, and
// libriichi/src/agent/akochan.rs in github.com/Equim-chan/Mortal):
// - one event per line; "can_act": false means update only;
// - a reply only to our own draw and to another seat's discard or added kan, as one line holding
//   a JSON array of one or two actions: a riichi, chi or pon comes with the discard after it,
//   which the host plays itself at the echo (the echo is not answered);
// - start_game may carry no seat: the seat comes from the command line; the other seats' deals
//   and draws may come unmasked (Mortal's driver sends them) and are masked here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bot/protocol/mjai_bot.hpp"

namespace tenbin {

// One input line of the dialect; returns the reply lines (none or one).
std::vector<std::string> akochan_pipe_line(MjaiBot& bot, std::string_view line);

}  // namespace tenbin
