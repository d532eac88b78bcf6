#pragma once
// The page shows code cut from the very files compiled here (tools/extract_source.py: the lines
// between `// [M:begin]` and `// [M:end]`, lit by their `// [line:NAME]` tags). These helpers read
// a file the same way, for the tests that check a listing is the function it claims to be.
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace attn::testing {

// The repository root, from this file's own path (…/tests/cpp/support/source_listing.hpp).
inline std::string repo_root() {
  const std::string here = __FILE__;
  return here.substr(0, here.rfind("/tests/cpp/"));
}

struct Listing {
  std::vector<std::string> lines;  // the whole file
  int begin = -1, end = -1;        // the marker lines (-1: missing; -2: found twice)
  std::vector<std::string> tags;   // the [line:NAME] tags between them, in order
};

inline Listing read_listing(const std::string& relative_path, const std::string& marker) {
  Listing out;
  std::ifstream in(repo_root() + "/" + relative_path);
  for (std::string line; std::getline(in, line);) out.lines.push_back(line);
  for (int k = 0; k < static_cast<int>(out.lines.size()); ++k) {
    if (out.lines[k] == "// [" + marker + ":begin]") out.begin = out.begin == -1 ? k : -2;
    if (out.lines[k] == "// [" + marker + ":end]") out.end = out.end == -1 ? k : -2;
  }
  const std::regex tag(R"(^\s*// \[line:([a-z_]+)\]\s*$)");
  for (int k = out.begin + 1; out.begin >= 0 && k < out.end; ++k) {
    std::smatch m;
    if (std::regex_match(out.lines[k], m, tag)) out.tags.push_back(m[1]);
  }
  return out;
}

}  // namespace attn::testing
