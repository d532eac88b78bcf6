#include "cli/command/command.hpp"

#include "cli/command/flags.hpp"
#include "cli/command/train_figure2.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

const char* kUsage =
    "usage: attn figures\n"
    "       attn figure <id> [--<param> <value>]...\n"
    "       attn train-figure2 --model rnnenc|rnnsearch|both --out DIR\n";

Params parse_params(const std::vector<std::string>& args) {
  Params params;
  for (const auto& flag : parse_flags(args, "figure"))
    params[flag.first] = parse_decimal(flag.second, "parameter '" + flag.first + "'");
  return params;
}

int dispatch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() == 1 && args[0] == "figures") {
    out << to_json(figures_value()) << "\n";
    return 0;
  }
  if (args.size() >= 2 && args[0] == "figure") {
    const std::vector<std::string> rest(args.begin() + 2, args.end());
    out << to_json(compute_figure(args[1], parse_params(rest))) << "\n";
    return 0;
  }
  if (!args.empty() && args[0] == "train-figure2")
    return train_figure2_command(std::vector<std::string>(args.begin() + 1, args.end()));
  err << kUsage;
  return 2;
}

}  // namespace

int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    return dispatch(args, out, err);
  } catch (const std::exception& e) {
    err << "attn: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace attn
