// The native tool under random command lines, run in process (a crash would end the test): every
// one exits 0 with JSON on stdout, or 2 with a message on stderr and nothing on stdout.
#include "cli/command/command.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

#include "figures/registry.hpp"

namespace attn {
namespace {

// Tokens a confused or hostile caller might type: real ids and flags, numbers in every
// spelling, junk. train-figure2 is given no valid --out, so it never starts training.
std::vector<std::string> vocabulary() {
  std::vector<std::string> words = {"figure", "figures", "train-figure2", "--model", "rnnenc", "--out",
                                    "--", "-n", "--n", "--j", "--i", "--d", "0", "1", "2", "5", "9",
                                    "-1", "2.5", "1e3", "1e999", "0x10", " 16", "16 ", "+3", "nan",
                                    "inf", "", "--bogus", "文", "\xff", "2.", ".5", "--n=5"};
  const Value figures = figures_value();
  for (const auto& f : figures.as_array()) {
    words.push_back(f.at("id").as_string());
    for (const auto& p : f.at("params").as_array()) words.push_back("--" + p.at("name").as_string());
  }
  return words;
}

TEST(CliFuzz, EveryCommandLineExitsZeroWithJsonOrTwoWithAMessage) {
  const std::vector<std::string> words = vocabulary();
  std::mt19937 rng(20260112);
  int ok = 0, refused = 0;
  for (int run = 0; run < 3000; ++run) {
    std::vector<std::string> args;
    const int n = std::uniform_int_distribution<int>(0, 7)(rng);
    for (int i = 0; i < n; ++i) args.push_back(words[std::uniform_int_distribution<size_t>(0, words.size() - 1)(rng)]);
    if (!args.empty() && args[0] == "train-figure2")
      args.erase(std::remove(args.begin(), args.end(), std::string("--out")), args.end());
    std::ostringstream out, err;
    const int status = run_command(args, out, err);
    std::string line;
    for (const auto& a : args) line += "[" + a + "] ";
    if (status == 0) {
      ++ok;
      EXPECT_TRUE(out.str().front() == '{' || out.str().front() == '[') << line;  // figure, figures
      EXPECT_TRUE(err.str().empty()) << line;
    } else {
      ++refused;
      EXPECT_EQ(status, 2) << line;
      EXPECT_FALSE(err.str().empty()) << line;
      EXPECT_TRUE(out.str().empty()) << line;
    }
  }
  EXPECT_GT(ok, 0);  // the generator does reach valid command lines
  EXPECT_GT(refused, 0);
}

TEST(CliFuzz, TheIssuesCommandLinesAreRefused) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"figure", "sqrt-d", "--d", "0x10"}, {"figure", "sqrt-d", "--d", " 16"},
        {"figure", "path", "--n", "5", "--n", "6"}, {"train-figure2", "--model", "rnnenc", "--model", "x"}}) {
    std::ostringstream out, err;
    EXPECT_EQ(run_command(args, out, err), 2) << args[2] << args[3];
    EXPECT_NE(err.str().find("attn: "), std::string::npos);
  }
}

TEST(CliFuzz, TheParamsEchoedAreTheOnesUsed) {
  std::ostringstream out, err;
  ASSERT_EQ(run_command({"figure", "path", "--n", "5", "--j", "9"}, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("\"params\":{\"n\":5,\"j\":5,\"i\":1}"), std::string::npos) << out.str().substr(0, 200);
}

}  // namespace
}  // namespace attn
