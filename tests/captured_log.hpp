// Everything spdlog writes while a CapturedLog lives (a process's stderr), for tests that check
// what a program says of the input it rejected or left out.
#pragma once

#include <memory>
#include <sstream>
#include <string>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

namespace tenbin {

class CapturedLog {
 public:
  CapturedLog() : previous_(spdlog::default_logger()) {
    auto logger = std::make_shared<spdlog::logger>(
        "captured", std::make_shared<spdlog::sinks::ostream_sink_mt>(stream_));
    logger->set_level(spdlog::level::trace);
    spdlog::set_default_logger(logger);
  }
  ~CapturedLog() { spdlog::set_default_logger(previous_); }
  CapturedLog(const CapturedLog&) = delete;
  CapturedLog& operator=(const CapturedLog&) = delete;

  std::string text() const { return stream_.str(); }
  bool contains(const std::string& part) const { return text().find(part) != std::string::npos; }
  void clear() { stream_.str(""); }

 private:
  std::ostringstream stream_;
  std::shared_ptr<spdlog::logger> previous_;
};

}  // namespace tenbin
