#pragma once
#include <functional>
#include <optional>
#include <vector>
namespace CLI { class App; }
namespace tenbin {
struct Subcommand {
  CLI::App* app = nullptr;
  std::function<int()> run;  // once parsed: the exit status
};
}  // namespace tenbin
