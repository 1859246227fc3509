// Integers read exactly: a value outside its field's range is refused, never wrapped into it
// (4294967299 read as an int is 3) nor saturated (a seed past 2^64-1 read as 2^64-1).
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tenbin {

// A JSON integer within low..high; nothing for a value that is no integer (a fraction, a number
// too large for 64 bits, which JSON readers keep as a double) or outside the range.
inline std::optional<std::int64_t> exact_integer(const nlohmann::json& value, std::int64_t low, std::int64_t high) {
  if (value.is_number_unsigned()) {
    const auto number = value.get<std::uint64_t>();
    if (high < 0 || number > static_cast<std::uint64_t>(high)) return std::nullopt;
    if (low > 0 && number < static_cast<std::uint64_t>(low)) return std::nullopt;
    return static_cast<std::int64_t>(number);
  }
  if (!value.is_number_integer()) return std::nullopt;
  const auto number = value.get<std::int64_t>();
  if (number < low || number > high) return std::nullopt;
  return number;
}

// Decimal digits naming a number 0..2^64-1 (no sign, no base prefix, no space); nothing else.
inline std::optional<std::uint64_t> exact_unsigned(std::string_view text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  std::uint64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return number;
}

}  // namespace tenbin
