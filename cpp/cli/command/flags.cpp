#include "cli/command/flags.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "core/checks.hpp"

namespace attn {
namespace {

// Advances i over a run of decimal digits; returns how many there were.
std::size_t digits(const std::string& s, std::size_t& i) {
  const std::size_t start = i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  return i - start;
}

bool is_decimal(const std::string& s) {
  std::size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  std::size_t mantissa = digits(s, i);
  if (i < s.size() && s[i] == '.') {
    ++i;
    mantissa += digits(s, i);
  }
  if (mantissa == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits(s, i) == 0) return false;
  }
  return i == s.size();
}

}  // namespace

std::map<std::string, std::string> parse_flags(const std::vector<std::string>& args, const std::string& command) {
  std::map<std::string, std::string> flags;
  for (std::size_t i = 0; i < args.size(); i += 2) {
    const std::string& flag = args[i];
    require(flag.size() >= 3 && flag.compare(0, 2, "--") == 0,
            command + ": expected --<name> <value>, got '" + flag + "'");
    require(i + 1 < args.size(), command + ": '" + flag + "' has no value");
    const std::string name = flag.substr(2);
    require(flags.count(name) == 0, command + ": '" + flag + "' is given twice");
    flags[name] = args[i + 1];
  }
  return flags;
}

double parse_decimal(const std::string& text, const std::string& what) {
  require(is_decimal(text), what + " must be a decimal number, got '" + text + "'");
  const double x = std::strtod(text.c_str(), nullptr);
  require(std::isfinite(x), what + " is out of range, got '" + text + "'");
  return x;
}

}  // namespace attn
