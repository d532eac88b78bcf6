#include "nmt/rnn_enc.hpp"

#include "core/checks.hpp"
#include "core/greedy_decode.hpp"
#include "core/rng.hpp"
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

// `target` (null for a translation) is checked with the source.
Encoded encode(const RnnEnc& m, const std::vector<int>& source, const std::vector<int>* target) {
  check_pair(m, source, target);
  Encoded e;
  e.seq = gru_forward(m.p.enc, embed_source(m.p.emb_src, source), Eigen::VectorXd::Zero(m.hidden()));
  e.c = e.seq.states.col(e.seq.states.cols() - 1);
  e.s0 = (m.p.W_init * e.c + m.p.b_init).array().tanh().matrix();
  return e;
}

RnnEncStep decoder_step(const RnnEnc& m, const Encoded& e, int previous, const Eigen::VectorXd& s) {
  RnnEncStep out;
  out.gru = gru_step(m.p.dec, stack(m.p.emb_tgt.col(previous), e.c), s);
  out.state_and_context = stack(out.gru.out, e.c);
  out.probs = softmax(m.p.W_out * out.state_and_context + m.p.b_out);
  return out;
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
  m.init_output_and_gradient(target_vocab, 2 * hidden, rng);
  return m;
}

std::vector<int> rnn_enc_translate(const RnnEnc& m, const std::vector<int>& source, int max_len) {
  const Encoded enc = encode(m, source, nullptr);
  Eigen::VectorXd s = enc.s0;
  std::vector<int> out = greedy_loop(kBos, kEos, max_len, [&](int previous) {
    const RnnEncStep step = decoder_step(m, enc, previous, s);
    s = step.state();
    return Eigen::VectorXd(m.p.W_out * step.state_and_context + m.p.b_out);  // the logits: ranked as p is
  });
  if (!out.empty() && out.back() == kEos) out.pop_back();
  return out;
}

double rnn_enc_loss(RnnEnc& m, const ToyPair& pair, bool backward) {
  const Encoded enc = encode(m, pair.source, &pair.target);
  const auto [loss, steps] = teacher_forced(pair, enc.s0, [&](int previous, const Eigen::VectorXd& s) {
    return decoder_step(m, enc, previous, s);
  });
  if (!backward) return loss;
  const int H = m.hidden(), E = static_cast<int>(m.p.emb_tgt.rows());
  Eigen::VectorXd carry = Eigen::VectorXd::Zero(H), dc = Eigen::VectorXd::Zero(H), dx, dh;
  for (std::size_t k = steps.size(); k-- > 0;) {
    const RnnEncStep& step = steps[k];
    const Eigen::VectorXd d_out =  // o = [s_i; c]
        output_backward(m.p.W_out, step.probs, wanted_word(pair, k), step.state_and_context, m.g.W_out, m.g.b_out);
    dc += d_out.tail(H);
    gru_step_backward(m.p.dec, step.gru, d_out.head(H) + carry, m.g.dec, dx, dh);
    m.g.emb_tgt.col(previous_word(pair, k)) += dx.head(E);  // x_i = [E_tgt y_{i−1}; c]
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

}  // namespace attn
