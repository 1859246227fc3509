// The fields of a match directory's files read as untrusted input: each value's type and range
// checked before it is used, so that no file can index out of bounds, divide by zero, switch a
// check off or ask for unbounded memory. Every reader throws FieldError naming the field.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace tenbin::arena {

class FieldError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The most games a match asks for (the arena's --games limit), and the most shards.
constexpr std::int64_t kMaxGames = 10'000'000;
constexpr std::int64_t kMaxShards = kMaxGames;
// No line of results.jsonl or commitments.jsonl is this long (a result line with every
// decision's latency is some 100 KB); meta.json (with a start book) stays far below its cap.
constexpr std::size_t kMaxLineBytes = std::size_t{16} << 20;
constexpr std::uintmax_t kMaxMetaBytes = std::uintmax_t{64} << 20;

// `object[key]`, present; `name` is how messages call it.
const nlohmann::json& field(const nlohmann::json& object, const std::string& key);

// A whole number within [low, high] (a float, a string or a number beyond it is an error).
std::int64_t whole_number(const nlohmann::json& value, const std::string& name, std::int64_t low, std::int64_t high);
std::uint64_t unsigned_number(const nlohmann::json& value, const std::string& name);
// A finite number.
double finite_number(const nlohmann::json& value, const std::string& name);
const std::string& text(const nlohmann::json& value, const std::string& name);
bool flag(const nlohmann::json& value, const std::string& name);
// An array of exactly `size` values (0: any size).
const nlohmann::json& array_of(const nlohmann::json& value, const std::string& name, std::size_t size = 0);

// Why a results.jsonl line is not a game's result as the arena writes it, or nothing (every
// field present, each of its type and range; the ranks 0-3, each once).
std::optional<std::string> result_problem(const nlohmann::json& line);

// The next line of `in`, as std::getline reads it (false at the end), but never longer than
// `max_bytes`: a longer line is skipped to its end, `line` left empty and `too_long` set.
bool bounded_getline(std::istream& in, std::string& line, std::size_t max_bytes, bool& too_long);

}  // namespace tenbin::arena
