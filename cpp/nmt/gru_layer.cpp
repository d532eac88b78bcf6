#include "nmt/gru_layer.hpp"

#include "core/checks.hpp"

namespace attn {

GruCell zero_gru_like(const GruCell& c) {
  GruCell g;
  g.W_z = g.W_r = g.W_h = Eigen::MatrixXd::Zero(c.W_z.rows(), c.W_z.cols());
  g.U_z = g.U_r = g.U_h = Eigen::MatrixXd::Zero(c.U_z.rows(), c.U_z.cols());
  g.b_z = g.b_r = g.b_h = Eigen::VectorXd::Zero(c.b_z.size());
  return g;
}

void gru_step_forward(const GruCell& p, const Eigen::VectorXd& x, const Eigen::VectorXd& h,
                      GruStepCache& c) {
  if (x.size() != p.input_size() || h.size() != p.hidden_size())
    throw InvalidInput("gru_step_forward: input or state size does not match the cell");
  c.x = x, c.h = h;
  c.z = sigmoid(p.W_z * x + p.U_z * h + p.b_z);
  c.r = sigmoid(p.W_r * x + p.U_r * h + p.b_r);
  c.rh = c.r.cwiseProduct(h);
  c.cand = (p.W_h * x + p.U_h * c.rh + p.b_h).array().tanh().matrix();
  c.out = h + c.z.cwiseProduct(c.cand - h);  // h' = (1 − z) ⊙ h + z ⊙ h̃
}

void gru_step_backward(const GruCell& p, const GruStepCache& c, const Eigen::VectorXd& d_out,
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

GruSequence gru_forward(const GruCell& p, const Eigen::MatrixXd& X, const Eigen::VectorXd& h0) {
  require(X.rows() == p.input_size(), "gru_forward: inputs must have the cell's input size");
  const Eigen::Index T = X.cols();
  GruSequence seq;
  seq.steps.resize(T);
  seq.states.resize(p.hidden_size(), T);
  Eigen::VectorXd h = h0;
  for (Eigen::Index t = 0; t < T; ++t) {
    gru_step_forward(p, X.col(t), h, seq.steps[t]);
    h = seq.steps[t].out;
    seq.states.col(t) = h;
  }
  return seq;
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
