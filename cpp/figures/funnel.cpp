// Figure `funnel` (§1 互动 · 瓶颈漏斗): how much each word of the sentence still moves c.
// For every word j, ‖∂c/∂w_j‖₂ from backpropagation through the 16-dim demo encoder.
#include "core/demo_encoder.hpp"
#include "core/encoder.hpp"
#include "figures/encoder_band.hpp"
#include "figures/eigen_value.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

Value compute_funnel(const Params& p) {
  const DemoEncoder enc = demo_encoder(as_int(p, "n"), p.at("rho"), as_int(p, "seed"));
  const EncoderTrace trace = encode(enc.W, enc.vectors);
  std::vector<double> norms;
  for (const auto& jacobian : context_jacobians(enc.W, trace)) norms.push_back(spectral_norm(jacobian));
  const Eigen::VectorXd c = trace.context();
  Value data = Value::object();
  data.set("words", Value::strings(enc.words));
  data.set("norms", Value(norms));
  data.set("norm", "spectral");
  data.set("band", band_value());
  data.set("c", numbers(c));
  return data;
}

}  // namespace

Figure make_funnel() {
  return Figure{
      "funnel",
      "互动 · 瓶颈漏斗：真跑一遍",
      {
          {"n", "句子长度（词数）", 1, 50, 1, 5, {}, "n"},
          {"rho", "记忆保留率 ρ", 0.5, 1.5, 0.05, 1.0, {}, "rho"},
          {"seed", "随机种子", 1, 9999, 1, kDemoSeed, {}, ""},
      },
      compute_funnel,
  };
}

}  // namespace attn
