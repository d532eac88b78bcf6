#include "nmt/rnn_enc.hpp"

#include <algorithm>
#include <cmath>

#include "core/checks.hpp"
#include "core/rng.hpp"
#include "nmt/seq2seq.hpp"
#include "core/softmax.hpp"

namespace attn {
namespace {

void check_pair(const RnnEnc& m, const std::vector<int>& source, const std::vector<int>* target) {
  check_sentence_ids("rnn_enc", source, static_cast<int>(m.p.emb_src.cols()), target, static_cast<int>(m.p.emb_tgt.cols()));
}

struct Encoded {
  GruSequence seq;
  Eigen::VectorXd c, s0;
};

Encoded encode(const RnnEnc& m, const std::vector<int>& source) {
  Eigen::MatrixXd X(m.p.emb_src.rows(), static_cast<Eigen::Index>(source.size()));
  for (std::size_t t = 0; t < source.size(); ++t) X.col(t) = m.p.emb_src.col(source[t]);
  Encoded e;
  e.seq = gru_forward(m.p.enc, X, Eigen::VectorXd::Zero(m.hidden()));
  e.c = e.seq.states.col(X.cols() - 1);
  e.s0 = (m.p.W_init * e.c + m.p.b_init).array().tanh().matrix();
  return e;
}

Eigen::VectorXd decoder_input(const RnnEnc& m, int previous, const Eigen::VectorXd& c) {
  Eigen::VectorXd x(m.p.emb_tgt.rows() + c.size());
  x << m.p.emb_tgt.col(previous), c;
  return x;
}

}  // namespace

RnnEnc random_rnn_enc(int source_vocab, int target_vocab, int embedding, int hidden, Rng& rng) {
  require(source_vocab > 0 && target_vocab > 2 && embedding > 0 && hidden > 0,
          "random_rnn_enc: sizes must be positive");
  RnnEnc m;
  m.p.emb_src = rng.normal_matrix(embedding, source_vocab);
  m.p.emb_tgt = rng.normal_matrix(embedding, target_vocab);
  m.p.enc = random_gru_cell(embedding, hidden, rng);
  m.p.dec = random_gru_cell(embedding + hidden, hidden, rng);
  m.p.W_init = fan_in_normal(hidden, hidden, rng);
  m.p.b_init = Eigen::VectorXd::Zero(hidden);
  m.p.W_out = fan_in_normal(target_vocab, 2 * hidden, rng);
  m.p.b_out = Eigen::VectorXd::Zero(target_vocab);
  m.g.emb_src = Eigen::MatrixXd::Zero(embedding, source_vocab);
  m.g.emb_tgt = Eigen::MatrixXd::Zero(embedding, target_vocab);
  m.g.enc = zero_gru_like(m.p.enc), m.g.dec = zero_gru_like(m.p.dec);
  m.g.W_init = Eigen::MatrixXd::Zero(hidden, hidden), m.g.b_init = Eigen::VectorXd::Zero(hidden);
  m.g.W_out = Eigen::MatrixXd::Zero(target_vocab, 2 * hidden);
  m.g.b_out = Eigen::VectorXd::Zero(target_vocab);
  return m;
}

double rnn_enc_loss(RnnEnc& m, const ToyPair& pair, bool backward) {
  check_pair(m, pair.source, &pair.target);
  const int H = m.hidden(), E = static_cast<int>(m.p.emb_tgt.rows());
  const Encoded enc = encode(m, pair.source);
  const std::size_t n = pair.target.size() + 1;  // the words, then <eos>
  std::vector<GruStepCache> steps(n);
  std::vector<Eigen::VectorXd> probs(n), outs(n);
  double loss = 0;
  Eigen::VectorXd s = enc.s0;
  for (std::size_t i = 0; i < n; ++i) {
    const int previous = i == 0 ? kBos : pair.target[i - 1];
    const int wanted = i + 1 == n ? kEos : pair.target[i];
    gru_step_forward(m.p.dec, decoder_input(m, previous, enc.c), s, steps[i]);
    s = steps[i].out;
    outs[i].resize(2 * H);
    outs[i] << s, enc.c;
    probs[i] = softmax(m.p.W_out * outs[i] + m.p.b_out);
    loss -= std::log(std::max(probs[i](wanted), 1e-300));  // guard: log 0 would be −∞
  }
  if (!backward) return loss;
  Eigen::VectorXd carry = Eigen::VectorXd::Zero(H), dc = Eigen::VectorXd::Zero(H), dx, dh;
  for (std::size_t k = n; k-- > 0;) {
    const int previous = k == 0 ? kBos : pair.target[k - 1];
    const int wanted = k + 1 == n ? kEos : pair.target[k];
    // ∂(−log p_y)/∂logits = p − onehot(y)
    Eigen::VectorXd dl = probs[k];
    dl(wanted) -= 1.0;
    m.g.W_out.noalias() += dl * outs[k].transpose();
    m.g.b_out += dl;
    const Eigen::VectorXd d_out = m.p.W_out.transpose() * dl;  // o = [s_i; c]
    dc += d_out.tail(H);
    gru_step_backward(m.p.dec, steps[k], d_out.head(H) + carry, m.g.dec, dx, dh);
    m.g.emb_tgt.col(previous) += dx.head(E);  // x_i = [E_tgt y_{i−1}; c]
    dc += dx.tail(H);
    carry = dh;
  }
  // s_0 = tanh(a): ∂a = ∂s_0 ⊙ (1 − s_0²)
  const Eigen::VectorXd da = carry.cwiseProduct((1.0 - enc.s0.array().square()).matrix());
  m.g.W_init.noalias() += da * enc.c.transpose();
  m.g.b_init += da;
  dc.noalias() += m.p.W_init.transpose() * da;
  // c = h_T: only the last encoder state receives a gradient from outside the encoder
  Eigen::MatrixXd dH = Eigen::MatrixXd::Zero(H, enc.seq.states.cols());
  dH.col(dH.cols() - 1) = dc;
  Eigen::VectorXd dh0;
  const Eigen::MatrixXd dX = gru_backward(m.p.enc, enc.seq, dH, m.g.enc, dh0);
  for (std::size_t t = 0; t < pair.source.size(); ++t) m.g.emb_src.col(pair.source[t]) += dX.col(t);
  return loss;
}

std::vector<int> rnn_enc_translate(const RnnEnc& m, const std::vector<int>& source, int max_len) {
  check_pair(m, source, nullptr);
  const Encoded enc = encode(m, source);
  std::vector<int> out;
  GruStepCache step;
  Eigen::VectorXd s = enc.s0, o(2 * m.hidden());
  int previous = kBos;
  while (static_cast<int>(out.size()) < max_len) {
    gru_step_forward(m.p.dec, decoder_input(m, previous, enc.c), s, step);
    s = step.out;
    o << s, enc.c;
    Eigen::Index best;
    (m.p.W_out * o + m.p.b_out).maxCoeff(&best);  // the first on a tie
    if (best == kEos) break;
    out.push_back(previous = static_cast<int>(best));
  }
  return out;
}

}  // namespace attn
