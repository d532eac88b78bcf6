#pragma once
// Input checks of the core: a failed check throws attn::InvalidInput with a message that says
// what was wrong, which the native tool prints and the page shows. Never an abort.
#include <stdexcept>
#include <string>

namespace attn {

class InvalidInput : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

inline void require(bool ok, const std::string& message) {
  if (!ok) throw InvalidInput(message);
}

}  // namespace attn
