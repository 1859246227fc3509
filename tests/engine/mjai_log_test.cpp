// The one mjai log reader: events keep their line numbers past blank lines, an unreadable line
// is named by its number and reading goes on after it, and a log file's problems name the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "engine/mjai_log.hpp"

namespace tenbin {
namespace {

TEST(MjaiLogReader, EventsKeepTheirLineNumbersPastBlankLines) {
  std::istringstream in("{\"type\":\"start_game\"}\n\n  \t\r\n{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"5m\"}\n");
  MjaiLogReader reader(in);
  const auto first = reader.next();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->number, 1);
  EXPECT_EQ(first->event.type, EventType::start_game);
  const auto second = reader.next();
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->number, 4);
  EXPECT_EQ(second->event.type, EventType::tsumo);
  EXPECT_EQ(second->event.actor, 2);
  EXPECT_FALSE(reader.next().has_value());
  EXPECT_EQ(reader.lines_read(), 2);
}

TEST(MjaiLogReader, AnUnreadableLineIsNamedAndReadingGoesOn) {
  std::istringstream in("{\"type\":\"start_game\"}\nnot json\n{\"type\":\"end_game\"}\n");
  MjaiLogReader reader(in);
  ASSERT_TRUE(reader.next().has_value());
  try {
    reader.next();
    FAIL() << "the second line is not an event";
  } catch (const MjaiLogError& error) {
    EXPECT_EQ(error.line(), 2);
    EXPECT_EQ(std::string(error.what()), "line 2: " + error.reason());
    EXPECT_NE(error.reason().find("parse error"), std::string::npos) << error.reason();
  }
  const auto last = reader.next();
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->number, 3);
  EXPECT_EQ(last->event.type, EventType::end_game);
}

TEST(MjaiLogFile, KeepsTheLinesBeforeTheFirstProblem) {
  const auto path = std::filesystem::temp_directory_path() / ("tenbin-mjai-log-" + std::to_string(::getpid()) + ".mjson");
  std::ofstream(path) << "{\"type\":\"start_game\"}\n{\"type\":\"dahai\"}\n{\"type\":\"end_game\"}\n";
  const MjaiLogFile log = read_mjai_log_file(path.string());
  std::filesystem::remove(path);
  ASSERT_EQ(log.lines.size(), 1u);
  ASSERT_TRUE(log.problem.has_value());
  EXPECT_EQ(log.problem->line, 2);
  EXPECT_EQ(log.problem->what.rfind("unreadable event: ", 0), 0u) << log.problem->what;
  EXPECT_EQ(log.problem->message("game.mjson"), "game.mjson:2: " + log.problem->what);
}

TEST(MjaiLogFile, AFileThatCannotBeOpenedIsNamedWithoutALine) {
  const MjaiLogFile log = read_mjai_log_file("/nonexistent/tenbin.mjson");
  EXPECT_TRUE(log.lines.empty());
  ASSERT_TRUE(log.problem.has_value());
  EXPECT_EQ(log.problem->message("/nonexistent/tenbin.mjson"), "/nonexistent/tenbin.mjson: cannot open the log");
}

}  // namespace
}  // namespace tenbin
