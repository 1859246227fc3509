#include "fuzz/match_dir_check.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include "eval/check/verify.hpp"
#include "eval/match/match.hpp"
#include "eval/match/match_dir.hpp"
#include "eval/match/merge.hpp"
#include "eval/match/start_book.hpp"
#include "eval/report/report.hpp"

namespace tenbin::fuzz {
namespace {

namespace fs = std::filesystem;

const std::set<std::string, std::less<>> kFiles = {"meta.json",        "results.jsonl",    "commitments.jsonl",
                                                   "summary.json",     "logs/0000.mjson",  "logs/0001.mjson",
                                                   "logs/0002.mjson",  "logs/0003.mjson"};

// Writes each section of `bytes` to its file under `dir`.
void write_sections(std::string_view bytes, const fs::path& dir) {
  fs::create_directories(dir / "logs");
  std::ofstream* file = nullptr;
  std::ofstream current;
  std::size_t start = 0;
  while (start < bytes.size()) {
    const std::size_t end = bytes.find('\n', start);
    const std::string_view line = bytes.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    const bool last = end == std::string_view::npos;
    start = last ? bytes.size() : end + 1;
    if (line.rfind("=== ", 0) == 0 && kFiles.count(line.substr(4))) {
      current.close();
      current.open(dir / std::string(line.substr(4)), std::ios::binary | std::ios::trunc);
      file = &current;
      continue;
    }
    if (file == nullptr) continue;
    *file << line;
    if (!last) *file << '\n';
  }
}

void expect_status(const char* reader, int status, std::initializer_list<int> documented) {
  for (const int code : documented) {
    if (status == code) return;
  }
  throw MatchCheckFailure(std::string(reader) + " ended with status " + std::to_string(status));
}

template <typename Read>
void no_escape(const char* reader, Read read) {
  try {
    read();
  } catch (const MatchCheckFailure&) {
    throw;
  } catch (const std::exception& error) {
    throw MatchCheckFailure(std::string(reader) + " let an exception escape: " + error.what());
  }
}

}  // namespace

void check_match_dir_input(std::span<const std::uint8_t> bytes) {
  const fs::path root = fs::temp_directory_path() / ("tenbin-match-fuzz-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const fs::path dir = root / "match";
  write_sections({reinterpret_cast<const char*>(bytes.data()), bytes.size()}, dir);
  std::ostringstream out;
  std::ostringstream err;
  no_escape("verify", [&] { expect_status("verify", arena::verify_match(dir.string(), out), {0, 1}); });
  no_escape("report", [&] { expect_status("report", arena::write_report(dir.string(), "/dev/null", out, err), {0, 3}); });
  no_escape("merge", [&] {
    expect_status("merge", arena::merge_shards((root / "merged").string(), {dir.string()}, out, err), {0, 1});
  });
  no_escape("starts", [&] { expect_status("starts", arena::write_start_book({dir.string()}, "E1", out, err), {0, 1}); });
  // What --resume reads before it plays, and the summary it writes at the end; these readers
  // report a bad meta.json by throwing std::runtime_error, which the arena turns into exit 2 or 3.
  try {
    const arena::MatchDir match(dir.string());
    const arena::MatchMeta meta = match.read_meta();
    match.read_results_file(meta.duplicate);
    match.read_commitments();
    arena::summary_json(match, meta.duplicate);
  } catch (const std::runtime_error&) {
  }
  fs::remove_all(root);
}

}  // namespace tenbin::fuzz
