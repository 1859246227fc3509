// How long the network clients (`--connect`, `--riichilab`) wait on a host: the connection and
// its first word, then each line or frame of a game.
#pragma once

#include <chrono>

namespace tenbin {

// The connection and the host's first word (a host that accepts and never speaks).
constexpr std::chrono::seconds kDefaultConnectTimeout{30};

// The longest silence accepted from a host during a game (`--read-timeout`; zero waits for
// ever). Three opponents each spending a whole bank stay well inside it.
constexpr std::chrono::seconds kDefaultReadTimeout{300};

// After end_game the host is given this long (at most the read timeout) to close the
// connection, or to begin another game on it; then the client closes it.
constexpr std::chrono::seconds kAfterGameWait{5};

}  // namespace tenbin
