// attn — the core on the command line. Prints any figure's data as JSON, the same fields the
// page receives from the WASM build.
//   attn figures                              ids, titles and parameter specs
//   attn figure <id> [--<param> <value>]...   {"id", "params", "data"}
//   attn train-figure2 --model rnnenc|rnnsearch|both --out DIR   (see train_figure2.hpp)
// Bad input: a message on stderr and exit status 2.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "figures/registry.hpp"
#include "train_figure2.hpp"

namespace {

const char* kUsage =
    "usage: attn figures\n"
    "       attn figure <id> [--<param> <value>]...\n"
    "       attn train-figure2 --model rnnenc|rnnsearch|both --out DIR\n";

double parse_number(const std::string& name, const std::string& text) {
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size())
    throw attn::InvalidInput("parameter '" + name + "' must be a number, got '" + text + "'");
  return x;
}

attn::Params parse_params(const std::vector<std::string>& args) {
  attn::Params params;
  for (size_t i = 0; i < args.size(); i += 2) {
    const std::string& flag = args[i];
    if (flag.size() < 3 || flag.compare(0, 2, "--") != 0)
      throw attn::InvalidInput("expected --<param> <value>, got '" + flag + "'");
    if (i + 1 >= args.size()) throw attn::InvalidInput("parameter '" + flag + "' has no value");
    const std::string name = flag.substr(2);
    params[name] = parse_number(name, args[i + 1]);
  }
  return params;
}

int run(const std::vector<std::string>& args) {
  if (args.size() == 1 && args[0] == "figures") {
    std::cout << attn::to_json(attn::figures_value()) << "\n";
    return 0;
  }
  if (args.size() >= 2 && args[0] == "figure") {
    const std::vector<std::string> rest(args.begin() + 2, args.end());
    std::cout << attn::to_json(attn::compute_figure(args[1], parse_params(rest))) << "\n";
    return 0;
  }
  if (!args.empty() && args[0] == "train-figure2")
    return attn::train_figure2_command(std::vector<std::string>(args.begin() + 1, args.end()));
  std::cerr << kUsage;
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "attn: " << e.what() << "\n";
    return 2;
  }
}
