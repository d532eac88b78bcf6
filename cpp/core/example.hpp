#pragma once
// The chapter's running example, said once: 「我 昨天 看见 一只 猫」 → "I saw a cat yesterday".
// The §3 figures score it with hand-set vectors (concepts), the §1 encoder reads a long sentence
// that starts with it (demo_encoder), the decoder figure translates it, and Figure 2's trained
// RNNsearch aligns it (its toy corpus spells the same words).
#include <string>
#include <vector>

namespace attn {

const std::vector<std::string>& example_source();  // 我 昨天 看见 一只 猫
const std::vector<std::string>& example_target();  // I saw a cat yesterday

}  // namespace attn
