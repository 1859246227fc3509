// The bodies of the fuzz targets, shared with the test that replays the corpus: arbitrary bytes
// read as mjai input lines by the LineReader and fed to the greedy bot three ways: line by line
// (stdin style), regrouped into arrays (batch style) and through the TCP client's session (one
// reply per line). Checked: nothing escapes as an exception, every reply is one line of JSON that
// parses as an event, a reply made at a decision is one of the table's legal actions (tsumogiri
// flag and target included), and the strategy itself only ever picks from the legal list.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>

namespace tenbin::fuzz {

// A broken check, naming what went wrong and on which line or reply.
class CheckFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Feeds `bytes` to fresh bots line by line and in batches; throws CheckFailure when a check breaks
// (anything else the bot throws escapes as it is).
void check_mjai_input(std::span<const std::uint8_t> bytes);

// Feeds `bytes` as a server's lines to the TCP client's session (tcp_client.hpp): exactly one
// reply per line but a blank one, each checked as above.
void check_tcp_input(std::span<const std::uint8_t> bytes);

}  // namespace tenbin::fuzz
