#pragma once
// The only matrix products and sums the batched trainer uses, in a fixed order of summation.
// For every output element the k-sum runs C + A(i,0)B(0,j) + A(i,1)B(1,j) + … as written, in
// every code path; the loops vectorise only across output rows. So the result does not depend
// on the SIMD width the compiler chose (SSE2 natively, simd128 or none in WASM), and native and
// WASM training give the same bits. (Eigen's products and reductions sum in an order that
// depends on its packet size.) Do not split the k-sum into several accumulators: that would
// silently break native = WASM, which tests/wasm/figure2_claims.test.mjs checks.
#include <Eigen/Dense>
#include <type_traits>

namespace attn::batched {

template <class T> using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
template <class T> using Vec = Eigen::Matrix<T, Eigen::Dynamic, 1>;

// C (+)= op(A) · op(B), column-major blocks. ta/tb: use the transpose; accumulate: C += ….
template <class CT, class AT, class BT>
void gemm(CT&& C, const AT& A, const BT& B, bool ta, bool tb, bool accumulate) {
  using T = typename std::decay_t<CT>::Scalar;
  if (ta) {
    // Aᵀ copied once, then the same order (a dot product per element would be a reduction,
    // which the compiler cannot vectorise without reassociating it).
    const Mat<T> At = A.transpose();
    gemm(C, At, B, false, tb, accumulate);
    return;
  }
  const Eigen::Index m = C.rows(), n = C.cols(), K = A.cols();
  if (!accumulate) C.setZero();
  // Register blocks of MR rows × NR columns of C, kept in registers over the whole k loop.
  constexpr int MR = 32 / sizeof(T), NR = 4;
  const Eigen::Index lda = A.outerStride();
  const auto b_at = [&](Eigen::Index k, Eigen::Index j) { return tb ? B.coeff(j, k) : B.coeff(k, j); };
  Eigen::Index j0 = 0;
  for (; j0 + NR <= n; j0 += NR) {
    Eigen::Index i0 = 0;
    for (; i0 + MR <= m; i0 += MR) {
      T acc[NR][MR];
      for (int jj = 0; jj < NR; ++jj)
        for (int ii = 0; ii < MR; ++ii) acc[jj][ii] = C.coeff(i0 + ii, j0 + jj);
      const T* a = &A.coeff(i0, 0);
      for (Eigen::Index k = 0; k < K; ++k, a += lda) {
        T b[NR];
        for (int jj = 0; jj < NR; ++jj) b[jj] = b_at(k, j0 + jj);
        for (int jj = 0; jj < NR; ++jj)
          for (int ii = 0; ii < MR; ++ii) acc[jj][ii] += a[ii] * b[jj];
      }
      for (int jj = 0; jj < NR; ++jj)
        for (int ii = 0; ii < MR; ++ii) C.coeffRef(i0 + ii, j0 + jj) = acc[jj][ii];
    }
    for (Eigen::Index j = j0; j < j0 + NR; ++j)  // the rows left over
      for (Eigen::Index i = i0; i < m; ++i) {
        T c = C.coeff(i, j);
        for (Eigen::Index k = 0; k < K; ++k) c += A.coeff(i, k) * b_at(k, j);
        C.coeffRef(i, j) = c;
      }
  }
  for (Eigen::Index j = j0; j < n; ++j) {  // the columns left over: one axpy per k
    T* c = &C.coeffRef(0, j);
    for (Eigen::Index k = 0; k < K; ++k) {
      const T bk = b_at(k, j);
      const T* a = &A.coeff(0, k);
      for (Eigen::Index i = 0; i < m; ++i) c[i] += a[i] * bk;
    }
  }
}

// dst += Σ_n M.col(n), columns added in order (a bias's gradient over all columns).
template <class DT, class MT>
void add_column_sum(DT&& dst, const MT& M) {
  for (Eigen::Index n = 0; n < M.cols(); ++n)
    for (Eigen::Index i = 0; i < M.rows(); ++i) dst.coeffRef(i) += M.coeff(i, n);
}

// Σ_i v_i in order.
template <class VT>
typename VT::Scalar sum_in_order(const VT& v) {
  typename VT::Scalar s = 0;
  for (Eigen::Index i = 0; i < v.size(); ++i) s += v.coeff(i);
  return s;
}

}  // namespace attn::batched
