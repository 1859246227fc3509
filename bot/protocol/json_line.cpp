#include "bot/protocol/json_line.hpp"

#include <string>

namespace tenbin {

int json_depth(std::string_view text, int limit) {
  int depth = 0;
  int deepest = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

nlohmann::json parse_json_line(std::string_view line) {
  if (json_depth(line, kMaxJsonDepth) > kMaxJsonDepth) {
    throw JsonLineError("JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
  }
  try {
    return nlohmann::json::parse(line.begin(), line.end());
  } catch (const nlohmann::json::exception& error) {
    throw JsonLineError(std::string("malformed JSON: ") + error.what());
  }
}

bool is_utf8(std::string_view text) {
  try {
    static_cast<void>(nlohmann::json(std::string(text)).dump());
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

}  // namespace tenbin
