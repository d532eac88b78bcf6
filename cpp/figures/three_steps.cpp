// Figure `three-steps` (§3 核心大图 · 一张图走完三步): one decoder state s against the five
// encoder memories h_j of 「我 昨天 看见 一只 猫」, through the three steps of attention:
//   1. score    e_j = s·h_j / √d
//   2. softmax  α_j = exp(e_j) / Σ_k exp(e_k)
//   3. mix      c = Σ_j α_j h_j
// s and h_j are the hand-set concept vectors of core/concepts. The slider d only divides the
// scores (the vectors stay 8-dim): at d = 64 the largest e is 1.31/8 = 0.16, at d = 1 it is
// 1.31, and α sharpens as d shrinks (entropy of softmax(βx) falls as β = 1/√d grows).
#include <cmath>

#include "core/concepts.hpp"
#include "core/measures.hpp"
#include "core/scores.hpp"
#include "core/softmax.hpp"
#include "figures/eigen_value.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

Value compute_three_steps(const Params& p) {
  const SentencePair& pair = sentence_pair(kReorderedPair);
  const int target = as_int(p, "target");
  const double d = p.at("d");
  const Eigen::VectorXd s = concept_vector(pair.tgt[static_cast<size_t>(target)]);
  const Eigen::MatrixXd H = concept_matrix(pair.src);
  Eigen::VectorXd raw(H.rows()), e(H.rows());
  for (Eigen::Index j = 0; j < H.rows(); ++j) {
    raw(j) = dot(s, H.row(j).transpose());
    e(j) = scaled_dot(s, H.row(j).transpose(), d);
  }
  const Eigen::VectorXd alpha = softmax(e);
  const Eigen::VectorXd c = H.transpose() * alpha;  // c = Σ_j α_j h_j
  Value data = Value::object();
  data.set("src", Value::strings(pair.src));
  data.set("target", pair.tgt[static_cast<size_t>(target)]);
  data.set("d", d).set("sqrt_d", std::sqrt(d));
  data.set("raw", numbers(raw)).set("e", numbers(e)).set("alpha", numbers(alpha));
  data.set("c", numbers(c)).set("s", numbers(s));
  data.set("entropy", entropy(alpha));
  data.set("max_entropy", std::log(static_cast<double>(H.rows())));  // ln 5: uniform α
  data.set("dims", Value::strings(concept_dimension_names()));
  return data;
}

}  // namespace

Figure make_three_steps() {
  const SentencePair& pair = sentence_pair(kReorderedPair);
  return Figure{
      "three-steps",
      "核心大图 · 一张图走完三步：谁被打分、分到多少、混成什么",
      {
          {"d", "除以 √d 的 d", 1, 64, 1, 8, {}, "d"},
          {"target", "解码器状态 s 对应的译文词", 0, static_cast<double>(pair.tgt.size() - 1), 1,
           static_cast<double>(kThreeStepsTarget), pair.tgt, "state"},
      },
      compute_three_steps,
  };
}

}  // namespace attn
