#include "core/example.hpp"

namespace attn {

const std::vector<std::string>& example_source() {
  static const std::vector<std::string> words = {"我", "昨天", "看见", "一只", "猫"};
  return words;
}

const std::vector<std::string>& example_target() {
  static const std::vector<std::string> words = {"I", "saw", "a", "cat", "yesterday"};
  return words;
}

}  // namespace attn
