#include "nmt/adam.hpp"

#include <cmath>

#include "core/checks.hpp"

namespace attn {

void zero_grads(ParamList& params) {
  for (auto& p : params) p.grad.setZero();
}

int parameter_count(const ParamList& params) {
  Eigen::Index n = 0;
  for (const auto& p : params) n += p.value.size();
  return static_cast<int>(n);
}

double clip_global_norm(ParamList& params, double max_norm) {
  require(max_norm > 0, "clip_global_norm: max_norm must be positive");
  double sq = 0;
  for (const auto& p : params) sq += p.grad.squaredNorm();
  const double norm = std::sqrt(sq);
  if (std::isfinite(norm) && norm > max_norm)
    for (auto& p : params) p.grad *= max_norm / norm;
  return norm;
}

Adam::Adam(const ParamList& params, AdamConfig config) : cfg_(config) {
  require(cfg_.lr > 0 && cfg_.beta1 >= 0 && cfg_.beta1 < 1 && cfg_.beta2 >= 0 && cfg_.beta2 < 1 &&
              cfg_.eps > 0,
          "Adam: need lr > 0, 0 ≤ β < 1, ε > 0");
  for (const auto& p : params) {
    m_.push_back(Eigen::VectorXd::Zero(p.value.size()));
    v_.push_back(Eigen::VectorXd::Zero(p.value.size()));
  }
}

void Adam::step(ParamList& params) {
  require(params.size() == m_.size(), "Adam: the parameter list changed");
  ++t_;
  // Bias corrections: m and v start at 0, so early averages are scaled up by 1/(1 − βᵗ).
  // (βᵗ as a running product, not std::pow, whose last bit may differ between libms.)
  beta1_t_ *= cfg_.beta1, beta2_t_ *= cfg_.beta2;
  const double c1 = 1.0 - beta1_t_, c2 = 1.0 - beta2_t_;
  for (std::size_t k = 0; k < params.size(); ++k) {
    auto& p = params[k];
    require(p.value.size() == m_[k].size(), "Adam: a parameter block changed size");
    m_[k] = cfg_.beta1 * m_[k] + (1 - cfg_.beta1) * p.grad;
    v_[k] = cfg_.beta2 * v_[k] + (1 - cfg_.beta2) * p.grad.cwiseAbs2();
    p.value.array() -= cfg_.lr * (m_[k].array() / c1) / ((v_[k].array() / c2).sqrt() + cfg_.eps);
  }
}

}  // namespace attn
