#include "nmt/batch_trainer.hpp"

#include <cmath>
#include <numeric>
#include <variant>

#include "core/checks.hpp"
#include "core/rng.hpp"
#include "nmt/batch_loss.hpp"

namespace attn {
namespace {

using batched::Batch;
using batched::Dims;
using batched::FlatModel;

template <template <class> class W>
using FloatModel = FlatModel<float, W>;

Dims dims_of(const RnnEnc& m) {
  return {static_cast<int>(m.p.emb_src.cols()), static_cast<int>(m.p.emb_tgt.cols()),
          static_cast<int>(m.p.emb_src.rows()), m.hidden(), 0};
}
Dims dims_of(const RnnSearch& m) {
  return {static_cast<int>(m.p.emb_src.cols()), static_cast<int>(m.p.emb_tgt.cols()),
          static_cast<int>(m.p.emb_src.rows()), m.hidden(), static_cast<int>(m.p.W_a.rows())};
}

}  // namespace

struct BatchTrainer::Impl {
  std::variant<std::unique_ptr<FloatModel<batched::EncW>>, std::unique_ptr<FloatModel<batched::SearchW>>> model;
  const std::vector<ToyPair>& data;
  TrainConfig config;
  Rng rng;
  std::vector<int> order;
  std::size_t next = 0;
  std::vector<float> mom, vel;  // Adam's moments
  double beta1_t = 1, beta2_t = 1;
  int steps_done = 0;

  template <template <class> class W, class Model>
  Impl(std::unique_ptr<FloatModel<W>> m, Model& init, const std::vector<ToyPair>& d, const TrainConfig& c)
      : data(d), config(c), rng(c.seed), order(d.size()), mom(m->P.size(), 0.f), vel(m->P.size(), 0.f) {
    require(!d.empty(), "BatchTrainer: no training pairs");
    require(c.batch >= 1, "BatchTrainer: need batch ≥ 1");
    batched::copy_to_flat(init, m->P);
    model = std::move(m);
    std::iota(order.begin(), order.end(), 0);
    shuffle_order(order, rng);
  }

  std::vector<float>& P() { return std::visit([](auto& m) -> std::vector<float>& { return m->P; }, model); }
  std::vector<float>& G() { return std::visit([](auto& m) -> std::vector<float>& { return m->G; }, model); }

  double step() {
    std::vector<float>& P = this->P();
    std::vector<float>& G = this->G();
    std::fill(G.begin(), G.end(), 0.f);
    Batch batch;
    long tokens = 0;
    for (int b = 0; b < config.batch; ++b) {
      if (next == order.size()) shuffle_order(order, rng), next = 0;
      batch.push_back(&data[order[next++]]);
      tokens += static_cast<long>(batch.back()->target.size()) + 1;
    }
    const double loss = std::visit([&](auto& m) { return batched::batch_loss(*m, batch); }, model);
    ++steps_done;
    // The mean over tokens, clipped to the global norm (adam.hpp's clip_global_norm)…
    double sq = 0;
    for (float& g : G) g /= static_cast<float>(tokens), sq += static_cast<double>(g) * g;
    const double norm = std::sqrt(sq);
    if (!std::isfinite(norm)) return loss / tokens;
    if (norm > config.clip)
      for (float& g : G) g *= static_cast<float>(config.clip / norm);
    // …then Adam: m ← β₁m + (1 − β₁)g, v ← β₂v + (1 − β₂)g², θ ← θ − lr · m̂ / (√v̂ + ε)
    beta1_t *= 0.9, beta2_t *= 0.999;
    const float c1 = static_cast<float>(1 - beta1_t), c2 = static_cast<float>(1 - beta2_t);
    const float lr = static_cast<float>(config.lr);
    for (std::size_t i = 0; i < P.size(); ++i) {
      const float g = G[i];
      mom[i] = 0.9f * mom[i] + (1 - 0.9f) * g;
      vel[i] = 0.999f * vel[i] + (1 - 0.999f) * (g * g);
      P[i] -= lr * (mom[i] / c1) / (std::sqrt(vel[i] / c2) + 1e-8f);
    }
    return loss / tokens;
  }
};

BatchTrainer::BatchTrainer(RnnEnc& init, const std::vector<ToyPair>& data, const TrainConfig& config)
    : impl_(std::make_unique<Impl>(std::make_unique<FloatModel<batched::EncW>>(dims_of(init)), init, data, config)) {}
BatchTrainer::BatchTrainer(RnnSearch& init, const std::vector<ToyPair>& data, const TrainConfig& config)
    : impl_(std::make_unique<Impl>(std::make_unique<FloatModel<batched::SearchW>>(dims_of(init)), init, data, config)) {}
BatchTrainer::~BatchTrainer() = default;
BatchTrainer::BatchTrainer(BatchTrainer&&) noexcept = default;
BatchTrainer& BatchTrainer::operator=(BatchTrainer&&) noexcept = default;

std::vector<double> BatchTrainer::train(int steps) {
  require(steps >= 0, "BatchTrainer: train(steps) needs steps ≥ 0");
  std::vector<double> losses;
  for (int s = 0; s < steps; ++s) losses.push_back(impl_->step());
  return losses;
}

int BatchTrainer::steps_done() const { return impl_->steps_done; }
const std::vector<float>& BatchTrainer::weights() const { return impl_->P(); }

void BatchTrainer::set_weights(const std::vector<float>& weights) {
  std::vector<float>& P = impl_->P();
  require(weights.size() == P.size(), "BatchTrainer: the weights hold " + std::to_string(weights.size()) +
                                          " numbers, the model has " + std::to_string(P.size()));
  P = weights;
}

void BatchTrainer::copy_weights_to(RnnEnc& model) const { batched::copy_from_flat(model, impl_->P()); }
void BatchTrainer::copy_weights_to(RnnSearch& model) const { batched::copy_from_flat(model, impl_->P()); }

}  // namespace attn
