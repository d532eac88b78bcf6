#pragma once
// The weight file of Figure 2's models: the 8 bytes "ATTNW001", a little-endian uint32 count,
// then count float32 (little-endian), nothing after: Figure2Run::save_weights() in a form that is
// the same on any host.
#include <vector>

namespace attn {

std::vector<unsigned char> encode_weight_file(const std::vector<float>& weights);
std::vector<float> decode_weight_file(const std::vector<unsigned char>& bytes);  // InvalidInput if malformed

}  // namespace attn
