// The batched losses (nmt/batch_loss: packed GEMMs, fixed-order sums, own float tanh/exp) against
// three references: the per-pair losses they replace (rnn_enc_loss / rnn_search_loss, themselves
// checked by finite differences), central differences on the double instantiation, and the double
// instantiation itself for the float one that trains.
#include "nmt/batch_loss.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <type_traits>

#include "core/checks.hpp"
#include "core/rng.hpp"
#include "nmt/packed.hpp"
#include "nmt/rnn_enc.hpp"
#include "nmt/rnn_search.hpp"

namespace attn {
namespace {

using batched::Batch;
using batched::Dims;
using batched::EncW;
using batched::FlatModel;
using batched::SearchW;

// Sentences of different lengths, so that the packing, the sort and the permutation between the
// encoder's and the decoder's order all matter.
struct Fixture {
  ToyCorpus corpus = make_toy_corpus({3, 40, 0, 0, 3, 14});
  Batch batch;
  Fixture() {
    for (int i = 0; i < 7; ++i) batch.push_back(&corpus.train[i]);
  }
};

RnnEnc enc_model(const Fixture& f, Rng& rng) {
  return random_rnn_enc(f.corpus.source_vocab.size(), f.corpus.target_vocab.size(), 6, 9, rng);
}
RnnSearch search_model(const Fixture& f, Rng& rng) {
  return random_rnn_search(f.corpus.source_vocab.size(), f.corpus.target_vocab.size(), 6, 9, 5, rng);
}
Dims dims(const RnnEnc& m) { return {int(m.p.emb_src.cols()), int(m.p.emb_tgt.cols()), int(m.p.emb_src.rows()), m.hidden(), 0}; }
Dims dims(const RnnSearch& m) {
  return {int(m.p.emb_src.cols()), int(m.p.emb_tgt.cols()), int(m.p.emb_src.rows()), m.hidden(), int(m.p.W_a.rows())};
}
double pair_loss(RnnEnc& m, const ToyPair& p) { return rnn_enc_loss(m, p, true); }
double pair_loss(RnnSearch& m, const ToyPair& p) { return rnn_search_loss(m, p, true); }

template <class Model> struct Flat;
template <> struct Flat<RnnEnc> { template <class T> using type = FlatModel<T, EncW>; };
template <> struct Flat<RnnSearch> { template <class T> using type = FlatModel<T, SearchW>; };

template <class Model>
class BatchLoss : public ::testing::Test {
 protected:
  Fixture f;
  Rng rng{7};
  Model model = make();
  Model make() {
    if constexpr (std::is_same_v<Model, RnnEnc>) return enc_model(f, rng);
    else return search_model(f, rng);
  }
  template <class T>
  std::unique_ptr<typename Flat<Model>::template type<T>> flat() {
    auto m = std::make_unique<typename Flat<Model>::template type<T>>(dims(model));
    batched::copy_to_flat(model, m->P);
    return m;
  }
};
using Models = ::testing::Types<RnnEnc, RnnSearch>;
TYPED_TEST_SUITE(BatchLoss, Models);

double relative_difference(const std::vector<double>& a, const std::vector<double>& b) {
  double num = 0, den = 0;
  for (std::size_t i = 0; i < a.size(); ++i) num += (a[i] - b[i]) * (a[i] - b[i]), den += b[i] * b[i];
  return std::sqrt(num / den);
}

TYPED_TEST(BatchLoss, GradientMatchesPerPairSum) {
  TypeParam& m = this->model;
  double expected = 0;
  for (const ToyPair* p : this->f.batch) expected += pair_loss(m, *p);
  auto flat = this->template flat<double>();
  std::vector<double> per_pair(flat->G.size());
  batched::copy_to_flat(m, per_pair, true);
  const double loss = batched::batch_loss(*flat, this->f.batch);
  EXPECT_NEAR(loss, expected, 1e-10 * expected);
  EXPECT_LT(relative_difference(flat->G, per_pair), 1e-12);
}

TYPED_TEST(BatchLoss, GradientMatchesCentralDifferences) {
  auto flat = this->template flat<double>();
  batched::batch_loss(*flat, this->f.batch);
  const std::vector<double> grad = flat->G;
  Rng pick(3);
  const double h = 1e-5;
  for (int s = 0; s < 60; ++s) {
    const std::size_t i = pick.next_u64() % grad.size();
    const double x = flat->P[i];
    flat->P[i] = x + h;
    const double up = batched::batch_loss(*flat, this->f.batch);
    flat->P[i] = x - h;
    const double down = batched::batch_loss(*flat, this->f.batch);
    flat->P[i] = x;
    const double fd = (up - down) / (2 * h);
    EXPECT_NEAR(grad[i], fd, 1e-5 * std::max(1.0, std::abs(fd))) << "parameter " << i;
  }
}

TYPED_TEST(BatchLoss, FloatAgreesWithDouble) {
  auto d = this->template flat<double>();
  auto f = this->template flat<float>();
  const double ld = batched::batch_loss(*d, this->f.batch), lf = batched::batch_loss(*f, this->f.batch);
  EXPECT_NEAR(lf, ld, 1e-5 * ld);
  const std::vector<double> gf(f->G.begin(), f->G.end());
  EXPECT_LT(relative_difference(gf, d->G), 1e-5);
}

TEST(Packed, RunningSentencesAreAPrefixOfTheLongestFirstOrder) {
  const batched::Packed p = batched::pack({3, 5, 1, 5});
  EXPECT_EQ(p.order, (std::vector<int>{1, 3, 0, 2}));  // ties keep the batch order
  EXPECT_EQ(p.pos, (std::vector<int>{2, 0, 3, 1}));
  EXPECT_EQ(p.active, (std::vector<int>{4, 3, 3, 2, 2}));
  EXPECT_EQ(p.offset, (std::vector<int>{0, 4, 7, 10, 12}));
  EXPECT_EQ(p.total, 14);
  EXPECT_EQ(p.last_col(2), 9);  // the third longest (sentence 0, length 3) ends at step 2: 7 + 2
}

TEST(Packed, RejectsAnEmptySentence) { EXPECT_THROW(batched::pack({2, 0}), InvalidInput); }

}  // namespace
}  // namespace attn
