#include "nmt/gru_layer.hpp"

#include "core/checks.hpp"

namespace attn {

void gru_step_backward(const GruCell& p, const GruStep& c, const Eigen::VectorXd& d_out,
                       GruCell& g, Eigen::VectorXd& d_x, Eigen::VectorXd& d_h) {
  // ∂h'/∂z = h̃ − h,  ∂h'/∂h̃ = z,  ∂h'/∂h (direct) = 1 − z
  const Eigen::VectorXd d_z = d_out.cwiseProduct(c.cand - c.h);
  const Eigen::VectorXd d_cand = d_out.cwiseProduct(c.z);
  d_h = d_out - d_out.cwiseProduct(c.z);
  // h̃ = tanh(a_h): ∂a_h = ∂h̃ ⊙ (1 − h̃²)
  const Eigen::VectorXd d_ah = d_cand.cwiseProduct((1.0 - c.cand.array().square()).matrix());
  g.W_h.noalias() += d_ah * c.x.transpose();
  g.U_h.noalias() += d_ah * c.rh.transpose();
  g.b_h += d_ah;
  const Eigen::VectorXd d_rh = p.U_h.transpose() * d_ah;  // a_h = … + U_h (r ⊙ h)
  d_h += d_rh.cwiseProduct(c.r);
  // z = σ(a_z), r = σ(a_r): σ′ = σ(1 − σ)
  const Eigen::VectorXd d_az = d_z.cwiseProduct(c.z.cwiseProduct((1.0 - c.z.array()).matrix()));
  const Eigen::VectorXd d_ar =
      d_rh.cwiseProduct(c.h).cwiseProduct(c.r.cwiseProduct((1.0 - c.r.array()).matrix()));
  g.W_z.noalias() += d_az * c.x.transpose();
  g.U_z.noalias() += d_az * c.h.transpose();
  g.b_z += d_az;
  g.W_r.noalias() += d_ar * c.x.transpose();
  g.U_r.noalias() += d_ar * c.h.transpose();
  g.b_r += d_ar;
  d_h.noalias() += p.U_z.transpose() * d_az + p.U_r.transpose() * d_ar;
  d_x.noalias() = p.W_h.transpose() * d_ah + p.W_z.transpose() * d_az + p.W_r.transpose() * d_ar;
}

Eigen::MatrixXd gru_backward(const GruCell& p, const GruSequence& seq, const Eigen::MatrixXd& dH,
                             GruCell& grad, Eigen::VectorXd& d_h0) {
  const Eigen::Index T = static_cast<Eigen::Index>(seq.steps.size());
  require(dH.rows() == p.hidden_size() && dH.cols() == T, "gru_backward: dH must be hidden × T");
  Eigen::MatrixXd dX(p.input_size(), T);
  Eigen::VectorXd carry = Eigen::VectorXd::Zero(p.hidden_size()), d_x, d_h;
  for (Eigen::Index t = T - 1; t >= 0; --t) {
    // h_t feeds the output at t and the next step: ∂L/∂h_t = dH_t + ∂L/∂h_t via h_{t+1}
    gru_step_backward(p, seq.steps[t], dH.col(t) + carry, grad, d_x, d_h);
    dX.col(t) = d_x;
    carry = d_h;
  }
  d_h0 = carry;
  return dX;
}

}  // namespace attn
