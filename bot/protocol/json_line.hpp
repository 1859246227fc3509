// One line of JSON from a server, a file or a pipe, read with bounds: its nesting is checked
// before it is parsed, so that no later step (a message quoting it, a recursive walk) can run
// out of stack on input such as 80,000 opening brackets.
#pragma once

#include <stdexcept>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tenbin {

// mjai events nest four levels deep at most (a batch of events holding tehais); the rest is
// headroom for fields the bot does not read.
constexpr int kMaxJsonDepth = 32;

// A line that is not JSON, or nests deeper than kMaxJsonDepth; what() says which.
class JsonLineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The nesting depth of the JSON text (brackets and braces outside strings), counted only up to
// `limit` + 1.
int json_depth(std::string_view text, int limit);

// The line's JSON; throws JsonLineError.
nlohmann::json parse_json_line(std::string_view line);

// True when `text` is valid UTF-8 (a JSON string can hold it).
bool is_utf8(std::string_view text);

}  // namespace tenbin
