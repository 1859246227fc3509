#include "tests/process.hpp"

#include <sys/wait.h>

#include <future>
#include <system_error>

#include <boost/asio/io_context.hpp>
#include <boost/process.hpp>

namespace tenbin::subprocess {

namespace bp = boost::process;

Result run(const std::filesystem::path& program, const std::vector<std::string>& arguments,
           const std::string& input, std::chrono::milliseconds timeout) {
  boost::asio::io_context io;
  std::future<std::string> out;
  std::future<std::string> err;
  bp::child child(program.string(), bp::args(arguments), bp::std_in < boost::asio::buffer(input),
                  bp::std_out > out, bp::std_err > err, io);
  Result result;
  io.run_for(timeout);
  if (!io.stopped()) {
    result.timed_out = true;
    std::error_code ignored;
    child.terminate(ignored);
    io.run();
  }
  std::error_code ignored;
  child.wait(ignored);
  const int status = child.native_exit_code();
  if (!result.timed_out && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  result.out = out.get();
  result.err = err.get();
  return result;
}

std::filesystem::path tenbin_binary() { return TENBIN_BINARY; }

std::filesystem::path arena_binary() { return tenbin_binary().parent_path() / "tenbin-arena"; }

}  // namespace tenbin::subprocess
