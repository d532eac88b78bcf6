#pragma once
// attn train-figure2 --model rnnenc|rnnsearch|both --out DIR
// Trains Figure 2's model(s) with figure2_default_config() and writes, per model,
//   DIR/<model>.weights  the weight file (encode_weight_file: "ATTNW001", count, float32s)
//   DIR/<model>.json     figure2_report_value: config, seconds, loss curve, checkpoints, final
//                        evaluation by bucket, and for rnnsearch the example's alignment.
// Progress (one line per checkpoint) goes to stderr.
#include <string>
#include <vector>

namespace attn {

int train_figure2_command(const std::vector<std::string>& args);

}  // namespace attn
