#include "figure2/run.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

#include "nmt/batch_trainer.hpp"
#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {

Figure2Model figure2_model_from_name(const std::string& name) {
  if (name == "rnnenc") return Figure2Model::RnnEnc;
  if (name == "rnnsearch") return Figure2Model::RnnSearch;
  throw InvalidInput("figure2: unknown model '" + name + "' (expected rnnenc or rnnsearch)");
}

const char* figure2_model_name(Figure2Model model) {
  return model == Figure2Model::RnnEnc ? "rnnenc" : "rnnsearch";
}

namespace {

// Limits that keep a page's request from asking the core for hours of work or gigabytes.
void check_config(const Figure2Config& c) {
  const auto& k = c.corpus;
  require(k.n_train >= 1 && k.n_train <= 100000 && k.n_valid >= 0 && k.n_valid <= 100000 &&
              k.n_test >= 1 && k.n_test <= 100000,
          "figure2: need 1 ≤ n_train, n_test ≤ 100000 and 0 ≤ n_valid ≤ 100000");
  require(k.min_len >= 3 && k.max_len >= k.min_len && k.max_len <= 200,
          "figure2: need 3 ≤ min_len ≤ max_len ≤ 200");
  for (int w : {c.embedding, c.hidden, c.attention})
    require(w >= 1 && w <= 512, "figure2: widths (embedding, hidden, attention) must be 1 … 512");
  require(c.train.steps >= 0 && c.train.steps <= 10000000, "figure2: need 0 ≤ steps ≤ 10⁷");
  require(c.train.batch >= 1 && c.train.batch <= 4096, "figure2: need 1 ≤ batch ≤ 4096");
  require(std::isfinite(c.train.lr) && c.train.lr > 0 && c.train.lr <= 10, "figure2: need 0 < lr ≤ 10");
  require(std::isfinite(c.train.clip) && c.train.clip > 0, "figure2: need clip > 0");
  require(c.checkpoint_every >= 0, "figure2: checkpoint_every must be ≥ 0");
  require(c.bucket_edges.size() >= 2, "figure2: need at least two bucket edges");
  for (std::size_t k = 1; k < c.bucket_edges.size(); ++k)
    require(c.bucket_edges[k] > c.bucket_edges[k - 1], "figure2: bucket edges must increase");
}

}  // namespace

// The paper's picture at the smallest budget the browser can retrain within a minute (issue 13;
// measured with seeds 1–3, docs/FIGURES.md): at embedding 32 / hidden 64 RNNenc holds short
// sentences (0.59–0.67 BLEU on 3–9 words) and falls bucket by bucket to about a fifth of that on
// 40–50, while RNNsearch (attention 32) stays above 0.96 everywhere. Narrower (hidden 24) RNNenc
// was bad at every length; wider (hidden 96) costs 1.7–2× per step. 2,000 steps of 16 pairs at a
// constant lr: more steps or a decaying lr moved RNNenc's short bucket by ±0.04 either way, and
// RNNsearch's longest bucket is the last to converge (it can dip below 0.90 at 1,200 steps).
Figure2Config figure2_default_config() {
  Figure2Config c;
  c.corpus = ToyCorpusConfig{1, 4000, 200, 600, 3, 50};
  c.embedding = 32, c.hidden = 64, c.attention = 32;
  c.train = TrainConfig{2000, 16, 5e-3, 1.0, 1};
  c.init_seed = 1;
  c.bucket_edges = {3, 10, 20, 30, 40, 51};  // 3–9, 10–19, 20–29, 30–39, 40–50: ~100–130 test sentences each
  c.checkpoint_every = 500;                  // 4 evaluations, ~6% of the training time
  return c;
}

struct Figure2Run::Impl {
  Figure2Model model;
  Figure2Config config;
  ToyCorpus corpus;
  std::variant<RnnEnc, RnnSearch> net;  // what evaluation and the figures read
  std::unique_ptr<BatchTrainer> trainer;  // what trains: float weights, copied into net when read
  bool net_stale = false;                 // the trainer's weights changed since the last copy
  bool loaded = false;                    // load_weights ran

  Impl(Figure2Model m, const Figure2Config& c) : model(m), config(c), corpus(make_toy_corpus(c.corpus)) {
    Rng rng(c.init_seed);
    const int vs = corpus.source_vocab.size(), vt = corpus.target_vocab.size();
    if (m == Figure2Model::RnnEnc) net = random_rnn_enc(vs, vt, c.embedding, c.hidden, rng);
    else net = random_rnn_search(vs, vt, c.embedding, c.hidden, c.attention, rng);
    // The seeded start rounded to float: the Box–Muller normals (libm log/sin/cos) may differ in
    // their last double bits between glibc and musl, not after rounding (tests/wasm checks it).
    std::visit([&](auto& n) { trainer = std::make_unique<BatchTrainer>(n, corpus.train, c.train); }, net);
    std::visit([&](auto& n) { trainer->copy_weights_to(n); }, net);
  }

  // The double model, with the trainer's latest weights (a copy only after training or loading).
  const std::variant<RnnEnc, RnnSearch>& current() {
    if (net_stale) std::visit([&](auto& n) { trainer->copy_weights_to(n); }, net);
    net_stale = false;
    return net;
  }


  std::vector<int> source_ids(const std::vector<std::string>& words, const char* who) const {
    require(!words.empty(), std::string(who) + ": the source sentence is empty");
    require(words.size() <= 1000, std::string(who) + ": the source sentence is longer than 1000 words");
    std::vector<int> ids;
    for (const auto& w : words) {
      const auto it = corpus.source_vocab.index.find(w);
      require(it != corpus.source_vocab.index.end(),
              std::string(who) + ": '" + w + "' is not a word of the source vocabulary");
      ids.push_back(it->second);
    }
    return ids;
  }

  const std::string& target_word(int id) const { return corpus.target_vocab.words.at(static_cast<std::size_t>(id)); }

  std::vector<std::string> target_words(const std::vector<int>& ids) const {
    std::vector<std::string> out;
    for (int id : ids) out.push_back(target_word(id));
    return out;
  }
};

Figure2Run::Figure2Run(Figure2Model model, const Figure2Config& config) {
  check_config(config);
  impl_ = std::make_unique<Impl>(model, config);
}
Figure2Run::~Figure2Run() = default;
Figure2Run::Figure2Run(Figure2Run&&) noexcept = default;
Figure2Run& Figure2Run::operator=(Figure2Run&&) noexcept = default;

Figure2Model Figure2Run::model() const { return impl_->model; }
const Figure2Config& Figure2Run::config() const { return impl_->config; }
const ToyCorpus& Figure2Run::corpus() const { return impl_->corpus; }
int Figure2Run::steps_done() const { return impl_->trainer->steps_done(); }
bool Figure2Run::learned() const { return steps_done() > 0 || impl_->loaded; }

// The trainer carries Adam's moments and the minibatch order across calls, so the sequence of
// updates does not depend on where the slices are cut.
std::vector<double> Figure2Run::train(int steps) {
  require(steps >= 0, "figure2: train(steps) needs steps ≥ 0");
  const int slice = std::min(steps, impl_->config.train.steps - steps_done());
  if (slice <= 0) return {};
  impl_->net_stale = true;
  return impl_->trainer->train(slice);
}

Evaluation Figure2Run::evaluate() const {
  return std::visit([&](const auto& m) { return attn::evaluate(m, impl_->corpus.test, impl_->config.bucket_edges); },
                    impl_->current());
}

Figure2Run::Alignment Figure2Run::align(const std::vector<std::string>& source) const {
  const RnnSearch* m = std::get_if<RnnSearch>(&impl_->current());
  require(m != nullptr, "figure2: align needs the rnnsearch model (rnnenc has no attention)");
  const std::vector<int> ids = impl_->source_ids(source, "figure2 align");
  Alignment out;
  out.source = source;
  out.output = impl_->target_words(rnn_search_translate(*m, ids, greedy_max_length(ids.size()), &out.weights));
  return out;
}

Figure2Run::DecodeTrace Figure2Run::decode_steps(const std::vector<std::string>& source, int max_steps) const {
  const RnnSearch* m = std::get_if<RnnSearch>(&impl_->current());
  require(m != nullptr, "figure2: decode_steps needs the rnnsearch model (rnnenc has no attention)");
  require(max_steps >= 1, "figure2: decode_steps needs max_steps ≥ 1");
  const std::vector<int> ids = impl_->source_ids(source, "figure2 decode_steps");
  DecodeTrace out;
  out.source = source;
  // The translation itself, watched step by step.
  const int steps = std::min(max_steps, greedy_max_length(ids.size()));
  rnn_search_translate(*m, ids, steps, nullptr, [&](int previous, const RnnSearchStep& step) {
    Eigen::Index chosen;
    step.probs.maxCoeff(&chosen);  // the greedy choice, as the translation makes it
    out.steps.push_back({impl_->target_word(previous), impl_->target_word(static_cast<int>(chosen)), step.scores,
                         step.alpha, step.probs});
    out.stopped = chosen == kEos;
  });
  return out;
}

std::vector<std::string> Figure2Run::translate(const std::vector<std::string>& source) const {
  const std::vector<int> ids = impl_->source_ids(source, "figure2 translate");
  const int max_len = greedy_max_length(ids.size());
  const std::vector<int> out = std::visit(
      [&](const auto& m) {
        if constexpr (std::is_same_v<std::decay_t<decltype(m)>, RnnEnc>) return rnn_enc_translate(m, ids, max_len);
        else return rnn_search_translate(m, ids, max_len);
      },
      impl_->current());
  return impl_->target_words(out);
}

std::size_t Figure2Run::parameter_count() const { return impl_->trainer->weights().size(); }

// Each block's entries in Eigen's storage order (column-major), blocks in visit order.
std::vector<float> Figure2Run::save_weights() const { return impl_->trainer->weights(); }

void Figure2Run::load_weights(const std::vector<float>& weights) {
  const std::size_t n = parameter_count();
  require(weights.size() == n, "figure2: the weights hold " + std::to_string(weights.size()) +
                                   " numbers, the " + figure2_model_name(impl_->model) + " model has " +
                                   std::to_string(n));
  for (float w : weights) require(std::isfinite(w), "figure2: the weights hold a non-finite number");
  impl_->trainer->set_weights(weights);
  impl_->net_stale = true;
  impl_->loaded = true;
}

}  // namespace attn
