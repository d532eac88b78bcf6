#pragma once
// Adam (Kingma & Ba, 2015) over a list of named parameter blocks, and clipping of the gradient
// by its global norm (Pascanu et al., 2013), which keeps one exploding step of backpropagation
// through time from throwing the weights away.
//   m ← β₁m + (1 − β₁)g,   v ← β₂v + (1 − β₂)g²,   θ ← θ − lr · m̂ / (√v̂ + ε)
//   with m̂ = m / (1 − β₁ᵗ), v̂ = v / (1 − β₂ᵗ)
#include <Eigen/Dense>
#include <string>
#include <vector>

namespace attn {

// A view of one parameter block and its gradient, flattened (the storage stays the model's).
struct ParamView {
  std::string name;
  Eigen::Map<Eigen::VectorXd> value;
  Eigen::Map<Eigen::VectorXd> grad;
};
using ParamList = std::vector<ParamView>;

// Collects a model's blocks through its visitor: model.visit(f) calls f(name, param, grad).
template <class Model>
ParamList param_list(Model& model) {
  ParamList out;
  model.visit([&out](const std::string& name, auto& p, auto& g) {
    out.push_back({name, Eigen::Map<Eigen::VectorXd>(p.data(), p.size()),
                   Eigen::Map<Eigen::VectorXd>(g.data(), g.size())});
  });
  return out;
}

void zero_grads(ParamList& params);
int parameter_count(const ParamList& params);

// √(Σ‖g‖²) over all blocks; if it exceeds max_norm, every gradient is scaled by max_norm / norm.
// Returns the norm before clipping (not finite if some gradient is not: the caller skips the step).
double clip_global_norm(ParamList& params, double max_norm);

struct AdamConfig {
  double lr = 1e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
};

class Adam {
 public:
  Adam(const ParamList& params, AdamConfig config);
  void step(ParamList& params);  // one update from the gradients in `params`
  int steps_taken() const { return t_; }

 private:
  AdamConfig cfg_;
  std::vector<Eigen::VectorXd> m_, v_;
  int t_ = 0;
  double beta1_t_ = 1.0, beta2_t_ = 1.0;  // β₁ᵗ, β₂ᵗ
};

}  // namespace attn
