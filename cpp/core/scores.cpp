#include "core/scores.hpp"

#include <cmath>
#include <sstream>
#include <string>

#include "core/checks.hpp"
#include "core/softmax.hpp"

namespace attn {
namespace {

// Scores run once per (target, source) pair, so messages are built only when a check fails.
std::string count(Eigen::Index n) { return std::to_string(n); }

std::string number_text(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

std::string shape(const Eigen::MatrixXd& m) { return count(m.rows()) + "×" + count(m.cols()); }

void require_same_size(const Eigen::VectorXd& s, const Eigen::VectorXd& h, const char* who) {
  if (s.size() == 0) throw InvalidInput(std::string(who) + ": s is empty");
  if (s.size() != h.size())
    throw InvalidInput(std::string(who) + ": s has " + count(s.size()) + " numbers but h has " +
                       count(h.size()));
}

}  // namespace

double dot(const Eigen::VectorXd& s, const Eigen::VectorXd& h) {
  require_same_size(s, h, "dot");
  return s.dot(h);
}

double scaled_dot(const Eigen::VectorXd& s, const Eigen::VectorXd& h, double d) {
  if (!(std::isfinite(d) && d > 0))
    throw InvalidInput("scaled_dot: d must be a positive number, got d = " + number_text(d));
  return dot(s, h) / std::sqrt(d);
}

double general(const Eigen::VectorXd& s, const Eigen::MatrixXd& W, const Eigen::VectorXd& h) {
  if (W.rows() != s.size() || W.cols() != h.size())
    throw InvalidInput("general: W must be " + count(s.size()) + "×" + count(h.size()) +
                       " (|s|×|h|), got " + shape(W));
  return s.dot(W * h);
}

double additive(const Eigen::VectorXd& s, const Eigen::VectorXd& h, const Eigen::MatrixXd& W1,
                const Eigen::MatrixXd& W2, const Eigen::VectorXd& v) {
  const Eigen::Index a = v.size();
  if (a == 0) throw InvalidInput("additive: v is empty");
  if (W1.rows() != a || W1.cols() != h.size())
    throw InvalidInput("additive: W1 must be " + count(a) + "×" + count(h.size()) +
                       " (|v|×|h|), got " + shape(W1));
  if (W2.rows() != a || W2.cols() != s.size())
    throw InvalidInput("additive: W2 must be " + count(a) + "×" + count(s.size()) +
                       " (|v|×|s|), got " + shape(W2));
  return v.dot((W1 * h + W2 * s).array().tanh().matrix());
}

AlignmentMap alignment_map(const Eigen::MatrixXd& S, const Eigen::MatrixXd& H,
                           const ScoreFunction& score) {
  require(S.rows() > 0 && S.cols() > 0, "alignment_map: S (decoder states) is empty");
  require(H.rows() > 0 && H.cols() > 0, "alignment_map: H (encoder memories) is empty");
  AlignmentMap map;
  map.scores.resize(S.rows(), H.rows());
  for (Eigen::Index i = 0; i < S.rows(); ++i) {
    const Eigen::VectorXd s = S.row(i).transpose();
    for (Eigen::Index j = 0; j < H.rows(); ++j) map.scores(i, j) = score(s, H.row(j).transpose());
  }
  map.alpha = softmax_rows(map.scores);
  return map;
}

}  // namespace attn
