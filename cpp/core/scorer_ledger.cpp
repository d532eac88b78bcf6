#include "core/scorer_ledger.hpp"

#include <Eigen/Dense>

#include "core/additive_scorer.hpp"
#include "core/checks.hpp"

namespace attn {
namespace {

void check_width(int h) { require(h >= 1, "scorer ledger: the width h must be at least 1"); }

ParameterBlock block(const std::string& name, const Eigen::MatrixXd& m) { return {name, m.rows(), m.cols()}; }

long long sum(const std::vector<ParameterBlock>& blocks) {
  long long total = 0;
  for (const auto& b : blocks) total += b.count();
  return total;
}

}  // namespace

ScorerLedger additive_ledger(int h) {
  check_width(h);
  // The weights are allocated at their real shapes but never filled: only the shapes are read.
  AdditiveScorer scorer;
  scorer.W1 = Eigen::MatrixXd(h, h);
  scorer.W2 = Eigen::MatrixXd(h, h);
  scorer.v = Eigen::VectorXd(h);
  ScorerLedger ledger{"additive", {block("W1", scorer.W1), block("W2", scorer.W2), block("v", scorer.v)}, 0};
  ledger.total = sum(ledger.blocks);
  require(ledger.total == scorer.parameter_count(), "scorer ledger: additive blocks miss a weight");
  return ledger;
}

ScorerLedger general_ledger(int h) {
  check_width(h);
  const Eigen::MatrixXd W(h, h);  // e = sᵀ W h
  ScorerLedger ledger{"general", {block("W", W)}, 0};
  ledger.total = sum(ledger.blocks);
  return ledger;
}

ScorerLedger dot_ledger(int h) {
  check_width(h);
  return ScorerLedger{"dot", {}, 0};  // e = s·h: the score has no weights of its own
}

}  // namespace attn
