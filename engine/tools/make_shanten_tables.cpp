// Build-time generator: computes the shanten tables and writes them as a C++ source file, so the
// engine starts with its tables ready. Usage: tenbin_make_shanten_tables OUTPUT.cpp
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "engine/shanten_tables.hpp"

namespace {

void write_table(std::ofstream& out, const char* name, const char* size,
                 const std::vector<tenbin::shanten_tables::PackedNeeds>& table) {
  out << "const PackedNeeds " << name << "[" << size << "] = {\n";
  char word[24];
  for (std::size_t i = 0; i < table.size(); ++i) {
    std::snprintf(word, sizeof word, "0x%llx,", static_cast<unsigned long long>(table[i]));
    out << word << ((i % 8 == 7) ? "\n" : "");
  }
  out << "};\n\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT.cpp\n", argv[0]);
    return 2;
  }
  const std::string path = argv[1];
  std::ofstream out(path + ".tmp");
  out << "// Generated at build time by tenbin_make_shanten_tables; do not edit.\n"
         "#include \"engine/shanten_tables.hpp\"\n\n"
         "namespace tenbin::shanten_tables {\n\n";
  write_table(out, "kSuitTable", "kSuitPatterns", tenbin::shanten_tables::build_suit_table());
  write_table(out, "kHonorTable", "kHonorPatterns", tenbin::shanten_tables::build_honor_table());
  out << "}  // namespace tenbin::shanten_tables\n";
  out.close();
  if (!out || std::rename((path + ".tmp").c_str(), path.c_str()) != 0) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    return 1;
  }
  return 0;
}
