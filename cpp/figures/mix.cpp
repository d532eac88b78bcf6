// Figure `mix` (§3 微型图解 · 「加权求和」在几何上是这样): c = Σ_j α_j h_j drawn in the plane.
// The five arrows are 2-D stand-ins for the memories h_1…h_5 of 「我 昨天 看见 一只 猫」 (the real
// ones are 8-dim; a fan is what can be drawn): hand-set, 30° apart from 20° to 140°, lengths
// 0.9–1.05 (all five tips on the fan's convex outline).
// The weights are real: α_j = softmax_j(β · s·h_j) with the concept vectors of the chosen
// target word s and source words h_j (core/concepts); β = 0 gives the uniform mix, large β
// all but one-hot. Because α_j > 0 and Σ α_j = 1, c is a convex combination: it lies in the
// convex hull of the five tips, hence inside the fan. Both are checked and returned.
#include <algorithm>
#include <cmath>

#include "core/concepts.hpp"
#include "core/softmax.hpp"
#include "figures/eigen_value.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kSlack = 1e-12;  // rounding tolerance of the inside tests

std::vector<Eigen::Vector2d> fan_arrows() {
  const double degrees[5] = {20, 50, 80, 110, 140};
  const double lengths[5] = {1.0, 0.9, 1.05, 0.95, 1.0};
  std::vector<Eigen::Vector2d> arrows;
  for (int j = 0; j < 5; ++j) {
    const double t = degrees[j] * kPi / 180.0;
    arrows.emplace_back(lengths[j] * std::cos(t), lengths[j] * std::sin(t));
  }
  return arrows;
}

double cross(const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  return a.x() * b.y() - a.y() * b.x();
}

// Inside the cone between the first and last arrow (the fan is narrower than 180°): c is on the
// left of the first arrow and on the right of the last.
bool inside_fan(const std::vector<Eigen::Vector2d>& arrows, const Eigen::Vector2d& c) {
  return cross(arrows.front(), c) >= -kSlack && cross(c, arrows.back()) >= -kSlack;
}

// Convex hull of the tips, counter-clockwise, as indices (Andrew's monotone chain).
std::vector<int> convex_hull(const std::vector<Eigen::Vector2d>& p) {
  std::vector<int> order(p.size());
  for (size_t i = 0; i < p.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return p[a].x() < p[b].x() || (p[a].x() == p[b].x() && p[a].y() < p[b].y());
  });
  std::vector<int> hull;
  for (int pass = 0; pass < 2; ++pass) {  // lower chain, then upper chain
    const size_t start = hull.size();
    for (int i : order) {
      while (hull.size() >= start + 2) {
        const Eigen::Vector2d& a = p[hull[hull.size() - 2]];
        const Eigen::Vector2d& b = p[hull.back()];
        if (cross(b - a, p[i] - a) > 0) break;  // a left turn at b: b stays on the hull
        hull.pop_back();
      }
      hull.push_back(i);
    }
    hull.pop_back();  // the chain's last point starts the other chain
    std::reverse(order.begin(), order.end());
  }
  return hull;
}

bool inside_hull(const std::vector<Eigen::Vector2d>& p, const std::vector<int>& hull,
                 const Eigen::Vector2d& c) {
  for (size_t k = 0; k < hull.size(); ++k) {
    const Eigen::Vector2d& a = p[hull[k]];
    const Eigen::Vector2d& b = p[hull[(k + 1) % hull.size()]];
    if (cross(b - a, c - a) < -kSlack) return false;
  }
  return true;
}

Value compute_mix(const Params& p) {
  const SentencePair& pair = sentence_pair(kReorderedPair);
  const Eigen::VectorXd s = concept_vector(pair.tgt[static_cast<size_t>(as_int(p, "target"))]);
  const Eigen::VectorXd scores = concept_matrix(pair.src) * s;  // s·h_j
  const Eigen::VectorXd alpha = softmax(p.at("beta") * scores);
  const std::vector<Eigen::Vector2d> arrows = fan_arrows();
  Eigen::Vector2d c = Eigen::Vector2d::Zero();
  Eigen::MatrixXd tips(static_cast<Eigen::Index>(arrows.size()), 2);  // row j: the tip of h_j
  for (size_t j = 0; j < arrows.size(); ++j) {
    c += alpha(static_cast<Eigen::Index>(j)) * arrows[j];  // c = Σ_j α_j h_j
    tips.row(static_cast<Eigen::Index>(j)) = arrows[j].transpose();
  }
  const std::vector<int> hull = convex_hull(arrows);
  Value data = Value::object();
  data.set("src", Value::strings(pair.src));
  data.set("target", pair.tgt[static_cast<size_t>(as_int(p, "target"))]);
  data.set("scores", numbers(scores));
  data.set("alpha", numbers(alpha));
  data.set("arrows", matrix_value(tips));
  data.set("c", numbers(Eigen::VectorXd(c)));
  data.set("hull", numbers(hull));  // tip indices, CCW
  data.set("inside_fan", inside_fan(arrows, c));
  data.set("inside_hull", inside_hull(arrows, hull, c));
  return data;
}

}  // namespace

Figure make_mix() {
  const SentencePair& pair = sentence_pair(kReorderedPair);
  return Figure{
      "mix",
      "微型图解 · 「加权求和」在几何上是这样：五支箭按 α 的比例合成一支",
      {
          {"target", "哪个译文词的注意力（决定 α）", 0, static_cast<double>(pair.tgt.size() - 1), 1,
           static_cast<double>(kThreeStepsTarget), pair.tgt, "alpha"},
          {"beta", "α 的尖锐程度 β（分数先乘 β 再 softmax）", 0, 10, 0.1, 1, {}, "alpha"},
      },
      compute_mix,
  };
}

}  // namespace attn
