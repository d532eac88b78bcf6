#include "cli/command/train_figure2.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/command/flags.hpp"
#include "core/checks.hpp"
#include "figure2/run.hpp"
#include "figure2/weight_file.hpp"
#include "figure2/report.hpp"

namespace attn {
namespace {

// Written to <path>.tmp and renamed, so a killed build never leaves a half file that looks done.
void write_file(const std::string& path, const char* data, std::size_t size) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    require(static_cast<bool>(out), "train-figure2: cannot write " + tmp);
    out.write(data, static_cast<std::streamsize>(size));
    require(static_cast<bool>(out), "train-figure2: failed writing " + tmp);
  }
  require(std::rename(tmp.c_str(), path.c_str()) == 0, "train-figure2: cannot rename " + tmp + " to " + path);
}

void train_one(Figure2Model model, const std::string& dir) {
  const char* name = figure2_model_name(model);
  Figure2Run run(model, figure2_default_config());
  const Figure2Report report = train_figure2_with_checkpoints(run, [name](const Value& c) {
    std::cerr << "train-figure2 " << name << ": step " << c.at("step").as_number() << ", BLEU "
              << c.at("bleu").as_number() << "\n";
  });
  const std::vector<unsigned char> weights = encode_weight_file(run.save_weights());
  const std::string json = to_json(figure2_report_value(run, report)) + "\n";
  // The JSON last: build.sh takes it as the mark of a finished run.
  write_file(dir + "/" + name + ".weights", reinterpret_cast<const char*>(weights.data()), weights.size());
  write_file(dir + "/" + name + ".json", json.data(), json.size());
  std::cerr << "train-figure2 " << name << ": " << report.train_seconds << " s training, "
            << report.eval_seconds << " s evaluating, " << weights.size() << " bytes of weights\n";
}

}  // namespace

int train_figure2_command(const std::vector<std::string>& args) {
  std::string model, out;
  for (const auto& flag : parse_flags(args, "train-figure2")) {
    if (flag.first == "model") model = flag.second;
    else if (flag.first == "out") out = flag.second;
    else throw InvalidInput("train-figure2: unknown option '--" + flag.first + "'");
  }
  require(!out.empty(), "train-figure2: --out DIR is required");
  require(!model.empty(), "train-figure2: --model rnnenc|rnnsearch|both is required");
  if (model == "both") {
    train_one(Figure2Model::RnnEnc, out);
    train_one(Figure2Model::RnnSearch, out);
  } else {
    train_one(figure2_model_from_name(model), out);
  }
  return 0;
}

}  // namespace attn
