#include "core/gru_cell.hpp"

#include <cmath>
#include <string>

#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {

GruCell random_gru_cell(int input, int hidden, Rng& rng) {
  require(input >= 1 && hidden >= 1, "random_gru_cell: sizes must be at least 1");
  const double sx = 1.0 / std::sqrt(static_cast<double>(input));
  const double sh = 1.0 / std::sqrt(static_cast<double>(hidden));
  GruCell c;
  c.W_z = rng.normal_matrix(hidden, input, sx);
  c.W_r = rng.normal_matrix(hidden, input, sx);
  c.W_h = rng.normal_matrix(hidden, input, sx);
  c.U_z = rng.normal_matrix(hidden, hidden, sh);
  c.U_r = rng.normal_matrix(hidden, hidden, sh);
  c.U_h = rng.normal_matrix(hidden, hidden, sh);
  c.b_z = c.b_r = c.b_h = Eigen::VectorXd::Zero(hidden);
  return c;
}

Eigen::VectorXd sigmoid(const Eigen::VectorXd& a) {
  Eigen::VectorXd out(a.size());
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    // For a < 0 use e^a / (1 + e^a): the exponent is then never positive.
    const double e = std::exp(-std::abs(a(i)));
    out(i) = a(i) >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
  }
  return out;
}

GruStep gru_step(const GruCell& cell, const Eigen::VectorXd& x, const Eigen::VectorXd& h) {
  require(x.size() == cell.input_size(), "gru_cell: input has " + std::to_string(x.size()) +
                                             " numbers, the cell takes " + std::to_string(cell.input_size()));
  require(h.size() == cell.hidden_size(), "gru_cell: state has " + std::to_string(h.size()) +
                                              " numbers, the cell keeps " + std::to_string(cell.hidden_size()));
  GruStep s;
  s.x = x, s.h = h;
  s.z = sigmoid(cell.W_z * x + cell.U_z * h + cell.b_z);
  s.r = sigmoid(cell.W_r * x + cell.U_r * h + cell.b_r);
  s.rh = s.r.cwiseProduct(h);
  s.cand = (cell.W_h * x + cell.U_h * s.rh + cell.b_h).array().tanh().matrix();
  // h' = (1 − z) ⊙ h + z ⊙ h̃  =  h + z ⊙ (h̃ − h)
  s.out = h + s.z.cwiseProduct(s.cand - h);
  return s;
}

Eigen::VectorXd gru_cell(const GruCell& cell, const Eigen::VectorXd& x, const Eigen::VectorXd& h) {
  return gru_step(cell, x, h).out;
}

}  // namespace attn
