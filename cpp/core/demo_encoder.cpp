#include "core/demo_encoder.hpp"

#include <algorithm>

#include "core/checks.hpp"
#include "core/example.hpp"
#include "core/orthogonal.hpp"
#include "core/rng.hpp"

namespace attn {

const std::vector<std::string>& long_sentence() {
  static const std::vector<std::string> sentence = [] {
    std::vector<std::string> words = example_source();
    words.insert(words.end(), {
        "它", "蹲", "在", "公园", "门口", "那", "棵", "老",
        "槐树", "下", "一动", "不动", "地", "盯着", "草地", "上", "一群", "正在", "找", "吃",
        "的", "麻雀", "尾巴", "轻轻", "地", "摇", "来", "摇", "去", "好像", "在", "等", "一个",
        "最", "合适", "的", "时机", "扑", "过去", "可是", "等", "了", "很久", "它", "最后",
        "只是", "打", "了", "个", "哈欠", "慢慢", "地", "走", "回", "了", "家"});
    return words;
  }();
  return sentence;
}

DemoEncoder demo_encoder(int n, double rho, std::uint64_t seed) {
  const auto& sentence = long_sentence();
  require(n >= 1 && n <= static_cast<int>(sentence.size()),
          "sentence length n must be between 1 and " + std::to_string(sentence.size()));
  constexpr int k = DemoEncoder::kWidth;
  DemoEncoder enc;
  enc.W = rho * random_orthogonal(k, derive_seed(seed, 0x5157));  // 'QW': the recurrence
  enc.words.assign(sentence.begin(), sentence.begin() + n);
  enc.vectors.resize(n, k);
  for (int j = 0; j < n; ++j) {
    // The word's vocabulary index: where it first appears in the sentence.
    const auto first = std::find(sentence.begin(), sentence.end(), sentence[j]);
    const auto vocab_index = static_cast<std::uint64_t>(first - sentence.begin());
    Rng rng(derive_seed(seed, 1000 + vocab_index));
    enc.vectors.row(j) = rng.normal_vector(k, DemoEncoder::kWordStddev).transpose();
  }
  return enc;
}

}  // namespace attn
