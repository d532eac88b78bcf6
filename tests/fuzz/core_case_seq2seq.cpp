// Fuzz cases for Figure 2's models as the page reaches them: one RNNsearch decoder step
// (rnn_search_step, which the decoder figure runs with trained weights) on small random models
// with mismatched memories, states and word ids, and the weight file the page fetches.
#include <cmath>
#include <string>
#include <vector>

#include "figure2/run.hpp"
#include "figure2/weight_file.hpp"
#include "core/rng.hpp"
#include "nmt/rnn_search.hpp"
#include "core_cases.hpp"
#include "fuzz_values.hpp"

namespace attn::fuzz {

CaseResult rnn_search_step_case(FuzzSource& src) {
  const int vs = 1 + static_cast<int>(src.choose(6)), vt = 3 + static_cast<int>(src.choose(6));
  const int e = 1 + static_cast<int>(src.choose(4)), h = 1 + static_cast<int>(src.choose(4));
  const int a = 1 + static_cast<int>(src.choose(4));
  const std::uint64_t seed = src.choose(1000);
  Rng rng(seed);
  const RnnSearch model = random_rnn_search(vs, vt, e, h, a, rng);
  std::vector<int> source(1 + src.choose(6));
  for (int& id : source) id = static_cast<int>(src.choose(static_cast<unsigned>(vs)));
  if (src.choose(6) == 0) source[src.choose(static_cast<unsigned>(source.size()))] = src.choose(2) ? -1 : vs;  // out of range
  const int word = static_cast<int>(src.choose(static_cast<unsigned>(vt) + 4)) - 2;            // −2…vt+1
  Eigen::VectorXd state = matrix(src, near_size(src, h), 1);
  const int mangle = static_cast<int>(src.choose(4));  // 0: the memory as made; 1–3: replaced parts
  const std::string d = "rnn_search_step(model " + std::to_string(vs) + "/" + std::to_string(vt) + "/" +
                        std::to_string(e) + "/" + std::to_string(h) + "/" + std::to_string(a) + " seed " +
                        std::to_string(seed) + ", source of " + std::to_string(source.size()) + ", word " +
                        std::to_string(word) + ", state " + describe(state) + ", mangle " + std::to_string(mangle) + ")";
  bool ids_ok = true;
  for (int id : source) ids_ok = ids_ok && id >= 0 && id < vs;
  const Outcome outcome = guarded(d, false, [&] {
    RnnSearchMemory memory = rnn_search_memory(model, source);
    if (!ids_ok) broken(d, "a source id outside the vocabulary was accepted");
    if (mangle == 1) memory.annotations = matrix(src, near_size(src, 2 * h), near_size(src, static_cast<int>(source.size())));
    if (mangle == 2) memory.UH = matrix(src, near_size(src, a), near_size(src, static_cast<int>(source.size())));
    if (mangle == 3) memory.s0 = matrix(src, h, 1);
    const bool shapes_ok = memory.annotations.rows() == 2 * h && memory.annotations.cols() >= 1 &&
                           memory.UH.rows() == a && memory.UH.cols() == memory.annotations.cols();
    // Finite and at most 1e100 (moderate): tanh, the sigmoids and the softmaxes keep it finite.
    const bool valid = shapes_ok && word >= 0 && word < vt && state.size() == h && moderate(state) &&
                       moderate(memory.annotations) && moderate(memory.UH);
    const Outcome step_outcome = guarded(d, valid, [&] {
      const RnnSearchStep step = rnn_search_step(model, memory, word, state);
      if (!valid) return;
      require_finite(d, Eigen::MatrixXd(step.alpha), "α");
      require_finite(d, Eigen::MatrixXd(step.probs), "p");
      if (std::abs(step.alpha.sum() - 1.0) > 1e-9 || std::abs(step.probs.sum() - 1.0) > 1e-9)
        broken(d, "α or p does not sum to 1");
    });
    (void)step_outcome;
  });
  return {"rnn_search_step", outcome, d};
}

// The weight file as fetched: sometimes well formed (the header, a count, that many float32s,
// some of them NaN), sometimes truncated, padded, with a wrong count or a wrong header.
CaseResult weight_file_case(FuzzSource& src) {
  const unsigned count = src.choose(40);
  std::vector<float> weights(count);
  for (float& w : weights) w = src.choose(64) ? static_cast<float>(src.fraction() - 0.5) : static_cast<float>(special_double(src));
  std::vector<unsigned char> bytes = encode_weight_file(weights);
  const int damage = static_cast<int>(src.choose(6));
  if (damage == 1 && !bytes.empty()) bytes.resize(src.choose(static_cast<unsigned>(bytes.size())));  // truncated
  if (damage == 2) bytes.push_back(static_cast<unsigned char>(src.choose(256)));                       // padded
  if (damage == 3) bytes[8 + src.choose(4)] ^= static_cast<unsigned char>(1 + src.choose(255));        // count
  if (damage == 4) bytes[src.choose(8)] ^= static_cast<unsigned char>(1 + src.choose(255));            // header
  const std::string d = "decode_weight_file(" + std::to_string(count) + " floats, " + std::to_string(bytes.size()) +
                        " bytes, damage " + std::to_string(damage) + ")";
  bool finite = true;
  for (float w : weights) finite = finite && std::isfinite(w);
  const bool valid = (damage == 0 || damage == 5) && finite;  // a file from the network: no inf, no NaN
  const Outcome outcome = guarded(d, valid, [&] {
    const std::vector<float> back = decode_weight_file(bytes);
    if (!valid) broken(d, "a damaged or non-finite weight file was accepted");
    if (encode_weight_file(back) != bytes) broken(d, "the weights do not round-trip to the same bytes");
  });
  return {"weight file", outcome, d};
}

}  // namespace attn::fuzz
