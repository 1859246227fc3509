#include "eval/match/seat_check.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <sstream>
#include <vector>

#include <boost/process.hpp>

namespace tenbin::arena {
namespace {

bool is_assignment(const std::string& word) {
  const auto equals = word.find('=');
  return equals != std::string::npos && equals > 0 && word.find('/') > equals;
}

bool executable_file(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// A name the shell finds: a builtin, or a program on the PATH.
bool shell_finds(const std::string& name) {
  namespace bp = boost::process;
  std::error_code error;
  const int status = bp::system(bp::search_path("sh"), "-c", "command -v \"$1\" >/dev/null 2>&1", "sh", name,
                                bp::std_in < bp::null, bp::std_out > bp::null, bp::std_err > bp::null, error);
  return !error && status == 0;
}

}  // namespace

std::optional<std::string> program_of(const std::string& command) {
  if (command.find_first_of("'\"`$\\;&|()<>*?") != std::string::npos) return std::nullopt;
  std::istringstream words(command);
  std::string word;
  while (words >> word) {
    if (is_assignment(word) || word == "exec") continue;
    return word;
  }
  return std::nullopt;
}

std::optional<std::string> seat_command_problem(const std::string& command) {
  const std::optional<std::string> program = program_of(command);
  if (!program) return std::nullopt;
  if (program->find('/') != std::string::npos) {
    if (executable_file(*program)) return std::nullopt;
    return "no executable file " + *program;
  }
  if (shell_finds(*program)) return std::nullopt;
  return "no such program on the PATH: " + *program;
}

}  // namespace tenbin::arena
