#pragma once
// What RNNenc and RNNsearch share outside their maths: the rule for initial weights and the
// check that a sentence pair's ids fit the vocabularies.
#include <Eigen/Dense>
#include <string>
#include <vector>

namespace attn {

class Rng;

// N(0, 1/cols): each output of W x starts with about the variance of one input.
Eigen::MatrixXd fan_in_normal(int rows, int cols, Rng& rng);

// InvalidInput (prefixed by `model`) unless the source is non-empty and every id lies in its
// vocabulary; `target` may be null (translation has no target).
void check_sentence_ids(const std::string& model, const std::vector<int>& source, int source_vocab,
                        const std::vector<int>* target, int target_vocab);

}  // namespace attn
