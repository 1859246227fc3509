#include "eval/match/match_fields.hpp"

#include <cmath>
#include <limits>
#include <set>

namespace tenbin::arena {

using nlohmann::json;

const json& field(const json& object, const std::string& key) {
  if (!object.is_object()) throw FieldError("not a JSON object");
  const auto found = object.find(key);
  if (found == object.end()) throw FieldError(key + ": missing");
  return *found;
}

std::int64_t whole_number(const json& value, const std::string& name, std::int64_t low, std::int64_t high) {
  const std::string range = " (" + std::to_string(low) + ".." + std::to_string(high) + ")";
  if (!value.is_number_integer()) throw FieldError(name + ": not a whole number" + range);
  if (value.is_number_unsigned()) {
    const auto number = value.get<std::uint64_t>();
    const bool below = low > 0 && number < static_cast<std::uint64_t>(low);
    if (below || high < 0 || number > static_cast<std::uint64_t>(high)) throw FieldError(name + ": " + value.dump() + " is out of range" + range);
    return static_cast<std::int64_t>(number);
  }
  const auto number = value.get<std::int64_t>();
  if (number < low || number > high) throw FieldError(name + ": " + value.dump() + " is out of range" + range);
  return number;
}

std::uint64_t unsigned_number(const json& value, const std::string& name) {
  if (!value.is_number_integer() || (!value.is_number_unsigned() && value.get<std::int64_t>() < 0)) {
    throw FieldError(name + ": not a whole number in 0..2^64-1");
  }
  return value.get<std::uint64_t>();
}

double finite_number(const json& value, const std::string& name) {
  if (!value.is_number()) throw FieldError(name + ": not a number");
  const double number = value.get<double>();
  if (!std::isfinite(number)) throw FieldError(name + ": not a finite number");
  return number;
}

const std::string& text(const json& value, const std::string& name) {
  if (!value.is_string()) throw FieldError(name + ": not a string");
  return value.get_ref<const std::string&>();
}

bool flag(const json& value, const std::string& name) {
  if (!value.is_boolean()) throw FieldError(name + ": not true or false");
  return value.get<bool>();
}

const json& array_of(const json& value, const std::string& name, std::size_t size) {
  if (!value.is_array()) throw FieldError(name + ": not an array");
  if (size > 0 && value.size() != size) {
    throw FieldError(name + ": " + std::to_string(value.size()) + " values, not " + std::to_string(size));
  }
  return value;
}

namespace {

constexpr std::int64_t kMaxInt = std::numeric_limits<int>::max();
constexpr std::int64_t kMinInt = std::numeric_limits<int>::min();

std::string at(const std::string& name, std::size_t index) { return name + "[" + std::to_string(index) + "]"; }

void check_seat(const json& seat, const std::string& name) {
  whole_number(field(seat, "decisions"), name + ".decisions", 0, kMaxInt);
  const json& latencies = array_of(field(seat, "latency_ms"), name + ".latency_ms");
  for (std::size_t i = 0; i < latencies.size(); ++i) {
    if (finite_number(latencies[i], at(name + ".latency_ms", i)) < 0) throw FieldError(at(name + ".latency_ms", i) + ": negative");
  }
  const json& incidents = field(seat, "incidents");
  for (const char* kind : {"timeouts", "crashes", "junk", "illegal", "restarts"}) {
    whole_number(field(incidents, kind), name + ".incidents." + kind, 0, kMaxInt);
  }
}

void check_result(const json& line) {
  whole_number(field(line, "game"), "game", 0, kMaxGames - 1);
  if (line.contains("wall_game")) unsigned_number(line.at("wall_game"), "wall_game");
  whole_number(field(line, "hands"), "hands", 0, kMaxInt);
  const json& names = array_of(field(line, "names"), "names", 4);
  const json& scores = array_of(field(line, "scores"), "scores", 4);
  const json& ranks = array_of(field(line, "ranks"), "ranks", 4);
  const json& points = array_of(field(line, "points"), "points", 4);
  const json& seats = array_of(field(line, "seats"), "seats", 4);
  std::set<std::int64_t> seen;
  for (std::size_t seat = 0; seat < 4; ++seat) {
    text(names[seat], at("names", seat));
    whole_number(scores[seat], at("scores", seat), kMinInt, kMaxInt);
    if (!seen.insert(whole_number(ranks[seat], at("ranks", seat), 0, 3)).second) {
      throw FieldError(at("ranks", seat) + ": rank " + ranks[seat].dump() + " twice");
    }
    finite_number(points[seat], at("points", seat));
    if (!seats[seat].is_object()) throw FieldError(at("seats", seat) + ": not a JSON object");
    check_seat(seats[seat], at("seats", seat));
  }
}

}  // namespace

std::optional<std::string> result_problem(const json& line) {
  try {
    check_result(line);
    return std::nullopt;
  } catch (const FieldError& error) {
    return error.what();
  }
}

bool bounded_getline(std::istream& in, std::string& line, std::size_t max_bytes, bool& too_long) {
  line.clear();
  too_long = false;
  std::istream::sentry sentry(in, true);
  if (!sentry) return false;
  std::streambuf& buffer = *in.rdbuf();
  bool any = false;
  while (true) {
    const int c = buffer.sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      if (!any) in.setstate(std::ios::failbit);
      return any;
    }
    any = true;
    if (c == '\n') return true;
    if (too_long) continue;
    if (line.size() < max_bytes) {
      line.push_back(static_cast<char>(c));
    } else {
      too_long = true;
      line.clear();
      line.shrink_to_fit();
    }
  }
}

}  // namespace tenbin::arena
