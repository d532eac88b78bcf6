#pragma once
// The batched trainer's parameters: ONE flat buffer per model (values, and a gradient of the same
// layout), cut into Eigen::Map blocks in the order RnnEncParams::visit / RnnSearchParams::visit
// list them, each column-major. So Adam, clipping and zeroing are loops over one vector, and a
// model converts to and from the double model (and its weight file) by copying in order.
#include <Eigen/Dense>
#include <cstddef>
#include <vector>

#include "nmt/fixed_order_gemm.hpp"

namespace attn::batched {

template <class T> using MatMap = Eigen::Map<Mat<T>>;
template <class T> using VecMap = Eigen::Map<Vec<T>>;

// Hands out consecutive blocks of a buffer (or, with data == nullptr, only counts them).
template <class T>
struct Cursor {
  T* data;
  std::size_t used = 0;
  T* next(Eigen::Index n) {
    T* p = data ? data + used : nullptr;
    used += static_cast<std::size_t>(n);
    return p;
  }
  MatMap<T> mat(Eigen::Index r, Eigen::Index c) { return MatMap<T>(next(r * c), r, c); }
  VecMap<T> vec(Eigen::Index n) { return VecMap<T>(next(n), n); }
};

// A GRU's nine blocks (GruCell), in visit_gru's order.
template <class T>
struct GruW {
  MatMap<T> W_z, W_r, W_h, U_z, U_r, U_h;
  VecMap<T> b_z, b_r, b_h;
  GruW(Cursor<T>& c, int in, int H)
      : W_z(c.mat(H, in)), W_r(c.mat(H, in)), W_h(c.mat(H, in)),
        U_z(c.mat(H, H)), U_r(c.mat(H, H)), U_h(c.mat(H, H)),
        b_z(c.vec(H)), b_r(c.vec(H)), b_h(c.vec(H)) {}
};

struct Dims {
  int source_vocab, target_vocab, embedding, hidden, attention;
};

// RNNenc, as RnnEncParams::visit lists it.
template <class T>
struct EncW {
  MatMap<T> emb_src, emb_tgt;
  GruW<T> enc, dec;
  MatMap<T> W_init;
  VecMap<T> b_init;
  MatMap<T> W_out;
  VecMap<T> b_out;
  EncW(Cursor<T>& c, const Dims& d)
      : emb_src(c.mat(d.embedding, d.source_vocab)), emb_tgt(c.mat(d.embedding, d.target_vocab)),
        enc(c, d.embedding, d.hidden), dec(c, d.embedding + d.hidden, d.hidden),
        W_init(c.mat(d.hidden, d.hidden)), b_init(c.vec(d.hidden)),
        W_out(c.mat(d.target_vocab, 2 * d.hidden)), b_out(c.vec(d.target_vocab)) {}
};

// RNNsearch, as RnnSearchParams::visit lists it.
template <class T>
struct SearchW {
  MatMap<T> emb_src, emb_tgt;
  GruW<T> enc_fwd, enc_bwd, dec;
  MatMap<T> W_init;
  VecMap<T> b_init;
  MatMap<T> W_a, U_a;
  VecMap<T> v_a;
  MatMap<T> W_out;
  VecMap<T> b_out;
  SearchW(Cursor<T>& c, const Dims& d)
      : emb_src(c.mat(d.embedding, d.source_vocab)), emb_tgt(c.mat(d.embedding, d.target_vocab)),
        enc_fwd(c, d.embedding, d.hidden), enc_bwd(c, d.embedding, d.hidden),
        dec(c, d.embedding + 2 * d.hidden, d.hidden), W_init(c.mat(d.hidden, d.hidden)), b_init(c.vec(d.hidden)),
        W_a(c.mat(d.attention, d.hidden)), U_a(c.mat(d.attention, 2 * d.hidden)), v_a(c.vec(d.attention)),
        W_out(c.mat(d.target_vocab, 3 * d.hidden)), b_out(c.vec(d.target_vocab)) {}
};

// Values P and gradient G of one model (W = EncW or SearchW), with block views p and g into them.
template <class T, template <class> class W>
struct FlatModel {
  Dims dims;
  std::vector<T> P, G;
  W<T> p, g;
  static std::size_t count(const Dims& d) {
    Cursor<T> c{nullptr};
    W<T> probe(c, d);
    return c.used;
  }
  explicit FlatModel(const Dims& d) : dims(d), P(count(d)), G(count(d)), p(bind(P)), g(bind(G)) {}
  FlatModel(const FlatModel&) = delete;  // p and g point into P and G
  FlatModel& operator=(const FlatModel&) = delete;

 private:
  W<T> bind(std::vector<T>& buf) {
    Cursor<T> c{buf.data()};
    return W<T>(c, dims);
  }
};

// Copies between a double model (RnnEnc / RnnSearch, through visit) and a flat buffer: both list
// the blocks in the same order, each column-major.
template <class Model, class T>
void copy_to_flat(Model& model, std::vector<T>& flat, bool gradient = false) {
  std::size_t k = 0;
  model.visit([&](const auto&, auto& p, auto& g) {
    const auto& src = gradient ? g : p;
    for (Eigen::Index i = 0; i < src.size(); ++i) flat.at(k++) = static_cast<T>(src.data()[i]);
  });
}
template <class Model, class T>
void copy_from_flat(Model& model, const std::vector<T>& flat) {
  std::size_t k = 0;
  model.visit([&](const auto&, auto& p, auto&) {
    for (Eigen::Index i = 0; i < p.size(); ++i) p.data()[i] = static_cast<double>(flat.at(k++));
  });
}

}  // namespace attn::batched
