// attn — the core on the command line. Prints any figure's data as JSON, the same fields the
// page receives from the WASM build. The commands: cpp/cli/command/command.hpp.
// Bad input: a message on stderr and exit status 2.
#include <iostream>
#include <string>
#include <vector>

#include "cli/command/command.hpp"

int main(int argc, char** argv) {
  return attn::run_command(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
