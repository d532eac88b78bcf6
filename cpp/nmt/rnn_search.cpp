#include "nmt/rnn_search.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "core/checks.hpp"
#include "core/greedy_decode.hpp"
#include "core/rng.hpp"
#include "core/softmax.hpp"

namespace attn {
namespace {

void check_ids(const RnnSearch& m, const std::vector<int>& source, const std::vector<int>* target) {
  check_sentence_ids("rnn_search", source, static_cast<int>(m.p.emb_src.cols()), target, static_cast<int>(m.p.emb_tgt.cols()));
}

// The memory the decoder reads (annotations h_j = [→h_j; ←h_j], U_a h_j, s_0), and the two GRU
// passes that made it, which the backward pass needs.
struct Encoded : RnnSearchMemory {
  GruSequence fwd, bwd;  // bwd reads the source reversed: bwd.states column t is ←h_{T−t}
};

// `target` (null for a translation) is checked with the source.
Encoded encode(const RnnSearch& m, const std::vector<int>& source, const std::vector<int>* target) {
  check_ids(m, source, target);
  const Eigen::Index T = static_cast<Eigen::Index>(source.size()), H = m.hidden();
  const Eigen::MatrixXd X = embed_source(m.p.emb_src, source);
  Encoded e;
  e.fwd = gru_forward(m.p.enc_fwd, X, Eigen::VectorXd::Zero(H));
  e.bwd = gru_forward(m.p.enc_bwd, X.rowwise().reverse(), Eigen::VectorXd::Zero(H));
  e.annotations.resize(2 * H, T);
  e.annotations.topRows(H) = e.fwd.states;
  e.annotations.bottomRows(H) = e.bwd.states.rowwise().reverse();
  e.UH = m.p.U_a * e.annotations;
  e.s0 = (m.p.W_init * e.annotations.col(0).tail(H) + m.p.b_init).array().tanh().matrix();
  return e;
}

// Given ∂L/∂c, adds to the gradients of v_a and W_a, to ∂L/∂(U_a h_j) (dUH), to ∂L/∂h_j
// (dA) and to ∂L/∂s.
void attend_backward(RnnSearch& m, const Encoded& e, const Eigen::VectorXd& s,
                     const RnnSearchStep& a, const Eigen::VectorXd& dc, Eigen::MatrixXd& dUH,
                     Eigen::MatrixXd& dA, Eigen::VectorXd& ds) {
  dA.noalias() += dc * a.alpha.transpose();                                  // c = Σ α_j h_j
  const Eigen::VectorXd de = softmax_backward(a.alpha, e.annotations.transpose() * dc);
  m.g.v_a.noalias() += a.Z * de;                                              // e_j = v_aᵀ z_j
  // z_j = tanh(pre_j): ∂pre_j = ∂e_j · v_a ⊙ (1 − z_j²)
  const Eigen::MatrixXd dpre =
      ((1.0 - a.Z.array().square()).colwise() * m.p.v_a.array()).rowwise() * de.transpose().array();
  dUH += dpre;
  const Eigen::VectorXd d_ws = dpre.rowwise().sum();  // pre_j = W_a s + U_a h_j, for every j
  m.g.W_a.noalias() += d_ws * s.transpose();
  ds.noalias() += m.p.W_a.transpose() * d_ws;
}

Eigen::VectorXd decoder_input(const RnnSearch& m, int previous, const Eigen::VectorXd& c) {
  return stack(m.p.emb_tgt.col(previous), c);
}

void check_step(const RnnSearch& m, const RnnSearchMemory& memory, int previous_word,
                const Eigen::VectorXd& previous_state) {
  const int H = m.hidden();
  require(previous_word >= 0 && previous_word < m.p.emb_tgt.cols(),
          "rnn_search_step: word index " + std::to_string(previous_word) + " is not in the target vocabulary");
  require(previous_state.size() == H, "rnn_search_step: the state must have the model's hidden width");
  require(memory.annotations.rows() == 2 * H && memory.annotations.cols() >= 1 &&
              memory.UH.rows() == m.p.v_a.size() && memory.UH.cols() == memory.annotations.cols(),
          "rnn_search_step: the memory was not made by this model");
}

}  // namespace

RnnSearch random_rnn_search(int source_vocab, int target_vocab, int embedding, int hidden,
                            int attention, Rng& rng) {
  require(source_vocab > 0 && target_vocab > 2 && embedding > 0 && hidden > 0 && attention > 0,
          "random_rnn_search: sizes must be positive");
  RnnSearch m;
  m.p.emb_src = rng.normal_matrix(embedding, source_vocab);
  m.p.emb_tgt = rng.normal_matrix(embedding, target_vocab);
  m.p.enc_fwd = random_gru_cell(embedding, hidden, rng);
  m.p.enc_bwd = random_gru_cell(embedding, hidden, rng);
  m.p.dec = random_gru_cell(embedding + 2 * hidden, hidden, rng);
  m.p.W_init = fan_in_normal(hidden, hidden, rng);
  m.p.b_init = Eigen::VectorXd::Zero(hidden);
  m.p.W_a = fan_in_normal(attention, hidden, rng);
  m.p.U_a = fan_in_normal(attention, 2 * hidden, rng);
  m.p.v_a = rng.normal_vector(attention, 1.0 / std::sqrt(static_cast<double>(attention)));
  m.init_output_and_gradient(target_vocab, 3 * hidden, rng);
  return m;
}

double rnn_search_loss(RnnSearch& m, const ToyPair& pair, bool backward) {
  const Encoded enc = encode(m, pair.source, &pair.target);
  const auto [loss, steps] = teacher_forced(pair, enc.s0, [&](int previous, const Eigen::VectorXd& s) {
    return rnn_search_step(m, enc, previous, s);  // attention scores with s_{i−1}
  });
  if (!backward) return loss;
  const int H = m.hidden(), E = static_cast<int>(m.p.emb_tgt.rows());
  const Eigen::Index T = static_cast<Eigen::Index>(pair.source.size());
  Eigen::MatrixXd dA = Eigen::MatrixXd::Zero(2 * H, T), dUH = Eigen::MatrixXd::Zero(m.p.v_a.size(), T);
  Eigen::VectorXd carry = Eigen::VectorXd::Zero(H), dx, dh;
  for (std::size_t k = steps.size(); k-- > 0;) {
    const RnnSearchStep& step = steps[k];
    const Eigen::VectorXd d_out =  // o = [s_i; c_i]
        output_backward(m.p.W_out, step.probs, wanted_word(pair, k), step.state_and_context, m.g.W_out, m.g.b_out);
    gru_step_backward(m.p.dec, step.gru, d_out.head(H) + carry, m.g.dec, dx, dh);
    m.g.emb_tgt.col(previous_word(pair, k)) += dx.head(E);  // x_i = [E_tgt y_{i−1}; c_i]
    const Eigen::VectorXd dc = d_out.tail(2 * H) + dx.tail(2 * H);
    attend_backward(m, enc, step.gru.h, step, dc, dUH, dA, dh);  // gru.h = s_{i−1}
    carry = dh;
  }
  // UH = U_a A: ∂U_a = ∂UH Aᵀ, ∂A += U_aᵀ ∂UH
  m.g.U_a.noalias() += dUH * enc.annotations.transpose();
  dA.noalias() += m.p.U_a.transpose() * dUH;
  // s_0 = tanh(W_init ←h_1 + b_init)
  const Eigen::VectorXd da = carry.cwiseProduct((1.0 - enc.s0.array().square()).matrix());
  m.g.W_init.noalias() += da * enc.annotations.col(0).tail(H).transpose();
  m.g.b_init += da;
  dA.col(0).tail(H) += m.p.W_init.transpose() * da;
  Eigen::VectorXd dh0;
  const Eigen::MatrixXd dXf = gru_backward(m.p.enc_fwd, enc.fwd, dA.topRows(H), m.g.enc_fwd, dh0);
  const Eigen::MatrixXd dXb =
      gru_backward(m.p.enc_bwd, enc.bwd, dA.bottomRows(H).rowwise().reverse(), m.g.enc_bwd, dh0);
  for (Eigen::Index t = 0; t < T; ++t)  // the backward GRU read word t at its step T−1−t
    m.g.emb_src.col(pair.source[t]) += dXf.col(t) + dXb.col(T - 1 - t);
  return loss;
}

RnnSearchMemory rnn_search_memory(const RnnSearch& m, const std::vector<int>& source) {
  return encode(m, source, nullptr);
}

const std::vector<std::string>& rnn_search_step_lines() {
  static const std::vector<std::string> lines = {"scores", "softmax", "context", "embed", "gru", "output"};
  return lines;
}

// [rnnsearch-step:begin]
RnnSearchStep rnn_search_step(const RnnSearch& m, const RnnSearchMemory& memory, int previous_word,
                              const Eigen::VectorXd& previous_state) {
  check_step(m, memory, previous_word, previous_state);
  RnnSearchStep out;

  // [line:scores]
  // e_j = v_aᵀ tanh(W_a s_{i−1} + U_a h_j): the state *before* this word asks every source word.
  out.Z = (memory.UH.colwise() + m.p.W_a * previous_state).array().tanh().matrix();
  out.scores = out.Z.transpose() * m.p.v_a;

  // [line:softmax]
  // α = softmax(e): positive weights over the source words, summing to 1.
  out.alpha = softmax(out.scores);

  // [line:context]
  // c_i = Σ_j α_j h_j: look back at the source, mixed by the weights.
  out.context = memory.annotations * out.alpha;

  // [line:embed]
  // x = [E y_{i−1}; c_i]: the word we just wrote, with the context beside it.
  const Eigen::VectorXd x = decoder_input(m, previous_word, out.context);

  // [line:gru]
  // s_i = GRU(x, s_{i−1}): fold word and context into the decoder's state (gru.out; training
  // reads the gates the step keeps).
  out.gru = gru_step(m.p.dec, x, previous_state);

  // [line:output]
  // p = softmax(W_out [s_i; c_i] + b_out): a probability for every word of the vocabulary.
  out.state_and_context = stack(out.state(), out.context);
  out.probs = softmax(m.p.W_out * out.state_and_context + m.p.b_out);

  return out;
}
// [rnnsearch-step:end]

std::vector<int> rnn_search_translate(const RnnSearch& m, const std::vector<int>& source,
                                      int max_len, Eigen::MatrixXd* alignment,
                                      const RnnSearchStepObserver& observe) {
  const RnnSearchMemory memory = rnn_search_memory(m, source);
  std::vector<Eigen::VectorXd> alphas;
  Eigen::VectorXd s = memory.s0;
  std::vector<int> out = greedy_loop(kBos, kEos, max_len, [&](int previous) {
    RnnSearchStep step = rnn_search_step(m, memory, previous, s);
    if (observe) observe(previous, step);
    s = step.state();
    alphas.push_back(std::move(step.alpha));
    return std::move(step.probs);
  });
  if (!out.empty() && out.back() == kEos) out.pop_back();
  if (alignment) {
    alignment->resize(static_cast<Eigen::Index>(alphas.size()), static_cast<Eigen::Index>(source.size()));
    for (std::size_t i = 0; i < alphas.size(); ++i) alignment->row(i) = alphas[i].transpose();
  }
  return out;
}

}  // namespace attn
