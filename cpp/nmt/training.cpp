#include "nmt/training.hpp"

#include <cmath>
#include <numeric>

#include "nmt/adam.hpp"
#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {
namespace {

double pair_loss(RnnEnc& m, const ToyPair& p, bool backward) { return rnn_enc_loss(m, p, backward); }
double pair_loss(RnnSearch& m, const ToyPair& p, bool backward) { return rnn_search_loss(m, p, backward); }
Tokens translate(const RnnEnc& m, const Tokens& s, int max_len) { return rnn_enc_translate(m, s, max_len); }
Tokens translate(const RnnSearch& m, const Tokens& s, int max_len) { return rnn_search_translate(m, s, max_len); }

template <class Model>
std::vector<double> train(Model& model, const std::vector<ToyPair>& data, const TrainConfig& cfg,
                          TrainState& state) {
  require(!data.empty(), "train_seq2seq: no training pairs");
  require(cfg.steps >= 0 && cfg.batch >= 1, "train_seq2seq: need steps ≥ 0 and batch ≥ 1");
  ParamList params = param_list(model);
  if (!state.adam) {
    state.adam = std::make_unique<Adam>(params, AdamConfig{cfg.lr});
    state.rng = std::make_unique<Rng>(cfg.seed);
    state.order.resize(data.size());
    std::iota(state.order.begin(), state.order.end(), 0);
    shuffle_order(state.order, *state.rng);
    state.next = 0;
  }
  require(state.order.size() == data.size(), "train_seq2seq: the training set changed between calls");
  Adam& adam = *state.adam;
  Rng& rng = *state.rng;
  std::vector<int>& order = state.order;
  std::size_t& next = state.next;
  std::vector<double> losses;
  for (int step = 0; step < cfg.steps; ++step) {
    zero_grads(params);
    double loss = 0;
    long tokens = 0;
    for (int b = 0; b < cfg.batch; ++b) {
      if (next == order.size()) shuffle_order(order, rng), next = 0;
      const ToyPair& pair = data[order[next++]];
      loss += pair_loss(model, pair, true);
      tokens += static_cast<long>(pair.target.size()) + 1;
    }
    for (auto& p : params) p.grad /= static_cast<double>(tokens);  // the mean over tokens
    losses.push_back(loss / static_cast<double>(tokens));
    if (std::isfinite(clip_global_norm(params, cfg.clip))) adam.step(params);
    ++state.steps_done;
  }
  return losses;
}

template <class Model>
Evaluation eval(const Model& model, const std::vector<ToyPair>& data, const std::vector<int>& edges) {
  Evaluation out;
  std::vector<Tokens> refs;
  std::vector<int> lengths;
  for (const auto& pair : data) {
    const int n = static_cast<int>(pair.source.size());
    out.hypotheses.push_back(translate(model, pair.source, greedy_max_length(pair.source.size())));
    refs.push_back(pair.target);
    lengths.push_back(n);
  }
  out.overall = corpus_bleu(out.hypotheses, refs);
  out.exact = exact_match(out.hypotheses, refs);
  out.buckets = bleu_by_length(out.hypotheses, refs, lengths, edges);
  return out;
}

}  // namespace

// Fisher–Yates with our generator (std::shuffle's algorithm differs between standard libraries).
void shuffle_order(std::vector<int>& order, Rng& rng) {
  for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.next_u64() % i]);
}

std::vector<double> train_seq2seq(RnnEnc& m, const std::vector<ToyPair>& d, const TrainConfig& c, TrainState& s) {
  return train(m, d, c, s);
}
std::vector<double> train_seq2seq(RnnSearch& m, const std::vector<ToyPair>& d, const TrainConfig& c, TrainState& s) {
  return train(m, d, c, s);
}
std::vector<double> train_seq2seq(RnnEnc& m, const std::vector<ToyPair>& d, const TrainConfig& c) {
  TrainState fresh;
  return train(m, d, c, fresh);
}
std::vector<double> train_seq2seq(RnnSearch& m, const std::vector<ToyPair>& d, const TrainConfig& c) {
  TrainState fresh;
  return train(m, d, c, fresh);
}
Evaluation evaluate(const RnnEnc& m, const std::vector<ToyPair>& d, const std::vector<int>& e) { return eval(m, d, e); }
Evaluation evaluate(const RnnSearch& m, const std::vector<ToyPair>& d, const std::vector<int>& e) { return eval(m, d, e); }

}  // namespace attn
