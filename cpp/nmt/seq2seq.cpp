#include "nmt/seq2seq.hpp"

#include <cmath>

#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {

Eigen::MatrixXd fan_in_normal(int rows, int cols, Rng& rng) {
  return rng.normal_matrix(rows, cols, 1.0 / std::sqrt(static_cast<double>(cols)));
}

void check_sentence_ids(const std::string& model, const std::vector<int>& source, int source_vocab,
                        const std::vector<int>* target, int target_vocab) {
  require(!source.empty(), model + ": empty source sentence");
  for (int w : source) require(w >= 0 && w < source_vocab, model + ": source id out of range");
  if (target)
    for (int w : *target) require(w >= 0 && w < target_vocab, model + ": target id out of range");
}

}  // namespace attn
