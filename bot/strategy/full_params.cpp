#include "bot/strategy/full_params.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <type_traits>

namespace tenbin {
namespace {

std::string text_of(double value) { return fmt::format("{}", value); }
std::string text_of(int value) { return std::to_string(value); }
std::string text_of(bool value) { return value ? "true" : "false"; }
template <std::size_t N>
std::string text_of(const std::array<double, N>& table) {
  return fmt::format("{}", fmt::join(table, ","));
}
std::string text_of(const WinLevels& levels) {
  std::array<double, kWinLevels> shares{};
  for (int i = 0; i < kWinLevels; ++i) shares[i] = levels[i].share;
  return text_of(shares);
}

nlohmann::json json_of(double value) { return value; }
nlohmann::json json_of(int value) { return value; }
nlohmann::json json_of(bool value) { return value; }
template <std::size_t N>
nlohmann::json json_of(const std::array<double, N>& table) { return table; }
nlohmann::json json_of(const WinLevels& levels) {
  nlohmann::json shares = nlohmann::json::array();
  for (const WinLevel& level : levels) shares.push_back(level.share);
  return shares;
}

// One number, the whole text, finite and not negative (no parameter is meaningfully negative).
template <typename Number>
Number number_from(std::string_view name, std::string_view text) {
  Number value{};
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || stop != end) {
    throw std::invalid_argument(fmt::format("--param {}: \"{}\" is not {}", name, text,
                                            std::is_integral_v<Number> ? "an integer" : "a number"));
  }
  if (!std::isfinite(static_cast<double>(value)) || value < 0) {
    throw std::invalid_argument(fmt::format("--param {}: {} is out of range (finite, not negative)", name, text));
  }
  return value;
}

std::vector<double> numbers_from(std::string_view name, std::string_view text, std::size_t count) {
  std::vector<double> values;
  while (true) {
    const auto comma = text.find(',');
    values.push_back(number_from<double>(name, text.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  if (values.size() != count) {
    throw std::invalid_argument(fmt::format("--param {}: {} values given, {} expected", name, values.size(), count));
  }
  return values;
}

void assign(std::string_view name, std::string_view text, double& field) { field = number_from<double>(name, text); }
void assign(std::string_view name, std::string_view text, int& field) { field = number_from<int>(name, text); }
// A switch: true or false, or 1 or 0.
void assign(std::string_view name, std::string_view text, bool& field) {
  if (text == "true" || text == "1") {
    field = true;
  } else if (text == "false" || text == "0") {
    field = false;
  } else {
    throw std::invalid_argument(fmt::format("--param {}: \"{}\" is not true or false (or 1 or 0)", name, text));
  }
}
template <std::size_t N>
void assign(std::string_view name, std::string_view text, std::array<double, N>& table) {
  const std::vector<double> values = numbers_from(name, text, N);
  std::copy(values.begin(), values.end(), table.begin());
}
void assign(std::string_view name, std::string_view text, WinLevels& levels) {
  const std::vector<double> values = numbers_from(name, text, kWinLevels);
  for (int i = 0; i < kWinLevels; ++i) levels[i].share = values[i];
}

// The tunables that are a weight between two valuations: at most 1.
bool is_weight(std::string_view name) { return name == "discard_call_weight" || name == "claim_call_weight"; }

}  // namespace

nlohmann::json params_json(const FullParams& params) {
  nlohmann::json object = nlohmann::json::object();
  for_each_param(params, [&](std::string_view name, const auto& field, std::string_view) {
    object[std::string(name)] = json_of(field);
  });
  return object;
}

std::vector<ParamListing> list_params(const FullParams& params) {
  std::vector<ParamListing> listing;
  for_each_param(params, [&](std::string_view name, const auto& field, std::string_view note) {
    listing.push_back({std::string(name), text_of(field), std::string(note)});
  });
  return listing;
}

void set_param(FullParams& params, std::string_view assignment) {
  const auto equals = assignment.find('=');
  if (equals == std::string_view::npos) {
    throw std::invalid_argument(fmt::format("--param: expected NAME=VALUE, got \"{}\"", assignment));
  }
  const std::string_view name = assignment.substr(0, equals);
  const std::string_view text = assignment.substr(equals + 1);
  bool found = false;
  for_each_param(params, [&](std::string_view field_name, auto& field, std::string_view) {
    if (field_name != name) return;
    auto value = field;
    assign(name, text, value);
    if constexpr (std::is_same_v<decltype(value), double>) {
      if (is_weight(name) && value > 1) {
        throw std::invalid_argument(fmt::format("--param {}: {} is out of range (a weight, 0 to 1)", name, text));
      }
    }
    field = value;
    found = true;
  });
  if (!found) {
    throw std::invalid_argument(fmt::format("--param: no parameter \"{}\" (`tenbin params` lists them)", name));
  }
}

}  // namespace tenbin
