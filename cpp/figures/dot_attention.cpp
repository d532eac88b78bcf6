// Figure `dot-attention` (§3 互动 · 真实的点积注意力): real dot-product attention on the
// hand-set concept vectors. s is the decoder state of the chosen English word, h_j the encoder
// memory of Chinese word j (both: their concept vectors, core/concepts). Score s·h_j/√d with
// d = 8, the width of the vectors; softmax gives where that word's attention lands. The products
// s_k·h_jk are returned per dimension so the page can show what each dot product is made of.
#include <cmath>

#include "core/concepts.hpp"
#include "core/scores.hpp"
#include "core/softmax.hpp"
#include "figures/eigen_value.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

Value compute_dot_attention(const Params& p) {
  const SentencePair& pair = sentence_pair(kReorderedPair);
  const int target = as_int(p, "target");
  const Eigen::MatrixXd S = concept_matrix(pair.tgt), H = concept_matrix(pair.src);
  const Eigen::VectorXd s = S.row(target).transpose();
  const double d = static_cast<double>(kConceptDim);
  Eigen::VectorXd scores(H.rows());
  Eigen::MatrixXd products(H.rows(), kConceptDim);  // row j: s_k·h_jk; sums to s·h_j
  for (Eigen::Index j = 0; j < H.rows(); ++j) {
    scores(j) = scaled_dot(s, H.row(j).transpose(), d);
    products.row(j) = s.transpose().cwiseProduct(H.row(j));
  }
  const Eigen::VectorXd alpha = softmax(scores);
  Value vectors = Value::object();
  vectors.set("src", matrix_value(H)).set("tgt", matrix_value(S));
  Value data = Value::object();
  data.set("src", Value::strings(pair.src)).set("tgt", Value::strings(pair.tgt));
  data.set("target", target).set("d", d).set("sqrt_d", std::sqrt(d));
  data.set("vectors", std::move(vectors));
  data.set("scores", numbers(scores)).set("alpha", numbers(alpha));
  data.set("products", matrix_value(products));
  data.set("dims", Value::strings(concept_dimension_names()));
  return data;
}

}  // namespace

Figure make_dot_attention() {
  const SentencePair& pair = sentence_pair(kReorderedPair);
  return Figure{
      "dot-attention",
      "互动 · 真实的点积注意力",
      {
          // default: s₁, the decoder's first step ("I"), as the chapter's text names it
          {"target", "点一个译文词（解码器状态 s）", 0, static_cast<double>(pair.tgt.size() - 1), 1,
           0, pair.tgt, "state"},
      },
      compute_dot_attention,
  };
}

}  // namespace attn
