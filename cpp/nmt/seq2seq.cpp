#include "nmt/seq2seq.hpp"

#include <algorithm>
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

Eigen::MatrixXd embed_source(const Eigen::MatrixXd& emb_src, const std::vector<int>& source) {
  Eigen::MatrixXd X(emb_src.rows(), static_cast<Eigen::Index>(source.size()));
  for (std::size_t t = 0; t < source.size(); ++t) X.col(static_cast<Eigen::Index>(t)) = emb_src.col(source[t]);
  return X;
}

Eigen::VectorXd stack(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  Eigen::VectorXd out(a.size() + b.size());
  out << a, b;
  return out;
}

double token_loss(const Eigen::VectorXd& probs, int wanted) {
  return -std::log(std::max(probs(wanted), 1e-300));
}

Eigen::VectorXd output_backward(const Eigen::MatrixXd& W_out, const Eigen::VectorXd& probs, int wanted,
                                const Eigen::VectorXd& o, Eigen::MatrixXd& dW_out, Eigen::VectorXd& db_out) {
  // ∂(−log p_y)/∂logits = p − onehot(y)
  Eigen::VectorXd dl = probs;
  dl(wanted) -= 1.0;
  dW_out.noalias() += dl * o.transpose();
  db_out += dl;
  return W_out.transpose() * dl;  // logits = W_out o + b_out
}

}  // namespace attn
