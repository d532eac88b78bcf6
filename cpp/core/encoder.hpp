#pragma once
// The plain RNN encoder of §1:  h_0 = 0,  h_t = tanh(W·h_{t−1} + w_t),  c = h_n.
// Its backward pass gives ∂c/∂w_j for every word j — how much each word can still move c.
#include <Eigen/Dense>
#include <vector>

namespace attn {

struct EncoderTrace {
  // Row t is h_t for t = 0…n (row 0 is h_0 = 0), cached for the backward pass.
  Eigen::MatrixXd h;
  int length() const { return static_cast<int>(h.rows()) - 1; }
  Eigen::VectorXd context() const { return h.row(h.rows() - 1).transpose(); }  // c = h_n
};

// W is k×k; words is n×k (row j−1 is the word vector w_j). Any k ≥ 1, n ≥ 1.
EncoderTrace encode(const Eigen::MatrixXd& W, const Eigen::MatrixXd& words);

// ∂c/∂w_j for j = 1…n (k×k each), by backpropagation through time.
std::vector<Eigen::MatrixXd> context_jacobians(const Eigen::MatrixXd& W, const EncoderTrace& trace);

// ‖∂h_n/∂w_1‖₂ for every prefix length n = 1…N of the sentence, in one forward sweep
// (the sentence of length n is the first n words, so all prefixes share one trace).
std::vector<double> first_word_influence(const Eigen::MatrixXd& W, const Eigen::MatrixXd& words);

// The first prefix length n at which ‖∂h_n/∂w_1‖₂ is outside [low, high]; 0 if none is. The
// same as the first such entry of first_word_influence, several times cheaper: it stops there,
// and takes the spectral norm only where the Frobenius norm's bounds leave the answer open.
int first_word_band_exit(const Eigen::MatrixXd& W, const Eigen::MatrixXd& words, double low, double high);

// Largest singular value: the most a unit change of w_j can move c. InvalidInput for an empty
// matrix or one with a NaN entry; +inf if an entry is infinite.
double spectral_norm(const Eigen::MatrixXd& m);

}  // namespace attn
