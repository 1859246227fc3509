#include "eval/verify.hpp"

#include <ostream>

namespace tenbin::arena {

int verify_match(const std::string& dir, std::ostream& out) {
  out << "verify: not yet implemented for " << dir << "\n";
  return 1;
}

int validate_logs(const std::vector<std::string>& logs, std::ostream& out) {
  out << "validate: not yet implemented (" << logs.size() << " logs)\n";
  return 1;
}

}  // namespace tenbin::arena
