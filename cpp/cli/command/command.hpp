#pragma once
// The native tool's commands, apart from main() so that the tests can run them in process:
//   attn figures                              ids, titles and parameter specs
//   attn figure <id> [--<param> <value>]...   {"id", "params", "data"}
//   attn train-figure2 --model rnnenc|rnnsearch|both --out DIR   (see train_figure2.hpp)
// Returns the exit status: 0, or 2 for bad input with a message on `err` (never an abort).
#include <ostream>
#include <string>
#include <vector>

namespace attn {

int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace attn
