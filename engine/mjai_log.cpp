#include "engine/mjai_log.hpp"

#include <filesystem>
#include <fstream>
#include <istream>

#include <nlohmann/json.hpp>

namespace tenbin {
namespace {

bool is_blank(const std::string& text) { return text.find_first_not_of(" \t\r") == std::string::npos; }

}  // namespace

MjaiLogError::MjaiLogError(int line, const std::string& reason)
    : std::runtime_error("line " + std::to_string(line) + ": " + reason), line_(line), reason_(reason) {}

std::optional<MjaiLogLine> MjaiLogReader::next() {
  std::string text;
  while (std::getline(in_, text)) {
    ++line_;
    if (is_blank(text)) continue;
    ++lines_read_;
    try {
      return MjaiLogLine{line_, parse_event(nlohmann::json::parse(text)).event};
    } catch (const std::exception& error) {
      throw MjaiLogError(line_, error.what());
    }
  }
  return std::nullopt;
}

std::string MjaiLogProblem::message(const std::string& path) const {
  const std::string at = line > 0 ? path + ":" + std::to_string(line) : path;
  return at + ": " + what;
}

MjaiLogFile read_mjai_log_file(const std::string& path) {
  MjaiLogFile log;
  std::error_code no_size;
  const auto size = std::filesystem::file_size(path, no_size);
  if (!no_size && size > kMaxLogFileBytes) {
    log.problem = MjaiLogProblem{0, "the log is " + std::to_string(size) + " bytes, over the " +
                                        std::to_string(kMaxLogFileBytes) + " a game's log can take"};
    return log;
  }
  std::ifstream in(path);
  if (!in) {
    log.problem = MjaiLogProblem{0, "cannot open the log"};
    return log;
  }
  MjaiLogReader reader(in);
  try {
    while (auto line = reader.next()) log.lines.push_back(std::move(*line));
  } catch (const MjaiLogError& error) {
    log.problem = MjaiLogProblem{error.line(), "unreadable event: " + error.reason()};
  }
  return log;
}

}  // namespace tenbin
