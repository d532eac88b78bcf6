#pragma once
// The native tool's arguments, read strictly: every flag is `--name value`, given once; every
// number is a decimal written out in full. What is not exactly that is refused by name (the
// caller prints the message and exits 2), never guessed at: no 0x10 read as 16, no ' 16'
// trimmed, no repeated flag silently taking its last value.
#include <map>
#include <string>
#include <vector>

namespace attn {

// `--name value` pairs → name → value. Refuses a token that is not --name, a flag without a
// value, and a flag given twice. `command` prefixes the messages.
std::map<std::string, std::string> parse_flags(const std::vector<std::string>& args, const std::string& command);

// A decimal number, the whole token: [-]digits[.digits][e[+|-]digits] or [-].digits[…], and
// finite. Refuses hex, leading or trailing space, a '+' sign, inf, nan and the empty string.
double parse_decimal(const std::string& text, const std::string& what);

}  // namespace attn
