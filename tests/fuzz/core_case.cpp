#include "core_cases.hpp"

namespace attn::fuzz {

CaseResult core_case(FuzzSource& src) {
  using Case = CaseResult (*)(FuzzSource&);
  static const Case cases[] = {
      encoder_case,          first_word_case,     spectral_norm_case,   demo_encoder_case,
      orthogonal_case,
      softmax_case,          softmax_backward_case, measures_case,      tv_distance_case,
      sqrt_d_case,           score_functions_case, alignment_map_case,  additive_scorer_case,
      additive_fit_case,     decoder_case,        small_functions_case,
      rnn_search_step_case,  weight_file_case,
  };
  return cases[src.choose(sizeof cases / sizeof cases[0])](src);
}

}  // namespace attn::fuzz
