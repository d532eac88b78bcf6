#pragma once
// The general-function fuzz cases, one per entry point; core_case() picks one.
#include "fuzz_case.hpp"

namespace attn::fuzz {

// core_case_encoder.cpp
CaseResult encoder_case(FuzzSource& src);
CaseResult first_word_case(FuzzSource& src);
CaseResult spectral_norm_case(FuzzSource& src);
CaseResult demo_encoder_case(FuzzSource& src);
CaseResult orthogonal_case(FuzzSource& src);
// core_case_measures.cpp
CaseResult softmax_case(FuzzSource& src);
CaseResult softmax_backward_case(FuzzSource& src);
CaseResult measures_case(FuzzSource& src);
CaseResult tv_distance_case(FuzzSource& src);
CaseResult sqrt_d_case(FuzzSource& src);
// core_case_scores.cpp
CaseResult score_functions_case(FuzzSource& src);
CaseResult alignment_map_case(FuzzSource& src);
CaseResult additive_scorer_case(FuzzSource& src);
CaseResult additive_fit_case(FuzzSource& src);
// core_case_misc.cpp
CaseResult decoder_case(FuzzSource& src);
CaseResult small_functions_case(FuzzSource& src);
// core_case_seq2seq.cpp
CaseResult rnn_search_step_case(FuzzSource& src);
CaseResult weight_file_case(FuzzSource& src);

}  // namespace attn::fuzz
