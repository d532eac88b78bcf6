// A claim's spread over seeds 1–100 is never measured inside a move (figures/claim_value.hpp):
// the page's call (Spreads::kPending) answers at once with the spread pending, prepare() measures
// it in slices, and the next answer carries it, equal to what the native tool and figure() give
// (Spreads::kSettled). ctest runs each TEST in a process of its own (gtest_discover_tests), where
// every spread starts unmeasured; run as one process, a spread an earlier test measured is
// simply there.
#include <gtest/gtest.h>

#include <string>

#include "figures/claim_value.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

struct BrokenClaim {
  std::string figure;
  Params params;
  std::string claim;
};

// A seed that breaks each claim (tests/cpp/core/seed_claims_test.cpp says why).
const BrokenClaim kScorers{"scorers", {{"pair", 0}, {"seed", 6}}, "tv_about_half"};
const BrokenClaim kSqrtD{"sqrt-d", {{"d", 512}, {"seed", 79}}, "scaled_above_one"};
const BrokenClaim kLength{"length", {{"seed", 1}}, "long_sentences_fall_out"};

const Value& claim_of(const Value& out, const BrokenClaim& c) { return out.at("data").at("claims").at(c.claim); }

// The move's answer, prepare() run to its end, and the next answer.
void expect_pending_then_measured(const BrokenClaim& c) {
  const long measured_before = SeedSpreadInSlices::seeds_measured_anywhere();
  const Value first = compute_figure(c.figure, c.params, Spreads::kPending);
  EXPECT_EQ(SeedSpreadInSlices::seeds_measured_anywhere(), measured_before) << c.figure << ": the move measured seeds";
  ASSERT_FALSE(claim_of(first, c).at("holds").as_bool()) << c.figure;
  if (measured_before > 0 && !first.find("pending")) return;  // measured by an earlier test of this process
  const Value& pending = claim_of(first, c).at("across");
  EXPECT_TRUE(pending.at("pending").as_bool()) << c.figure;
  EXPECT_EQ(pending.at("first_seed").as_number(), 1);
  EXPECT_EQ(pending.at("last_seed").as_number(), 100);
  EXPECT_EQ(pending.find("median"), nullptr) << "nothing measured inside the move";
  EXPECT_TRUE(first.at("pending").as_bool()) << "the answer says it is pending";

  int calls = 1;
  while (!prepare_figure(c.figure)) ASSERT_LE(++calls, 100) << c.figure << ": prepare() never finishes";
  EXPECT_GT(calls, 1) << c.figure << ": the spread is measured in slices";

  const Value next = compute_figure(c.figure, c.params, Spreads::kPending);
  EXPECT_EQ(next.find("pending"), nullptr) << c.figure;
  const Value settled = compute_figure(c.figure, c.params);  // what figure() and the native tool give
  EXPECT_EQ(to_json(next), to_json(settled)) << c.figure;
  const Value& across = claim_of(next, c).at("across");
  EXPECT_EQ(across.find("pending"), nullptr);
  EXPECT_GT(across.at("measured").as_number(), 0);
  EXPECT_GT(across.at("holding").as_number(), 50) << "most seeds keep the claim";
}

}  // namespace

TEST(ClaimValue, ScorersMoveOntoASeedBreakingTvAboutHalfWaitsForNoSpread) { expect_pending_then_measured(kScorers); }
TEST(ClaimValue, SqrtDMoveOntoASeedBreakingStaysAboveOneWaitsForNoSpread) { expect_pending_then_measured(kSqrtD); }
TEST(ClaimValue, LengthMoveOntoASeedBreakingLongSentencesFallOutWaitsForNoSpread) { expect_pending_then_measured(kLength); }

// figure() and the native tool never see a pending spread: they run prepare() to its end.
TEST(ClaimValue, TheSettledAnswerCarriesTheSpreadAtOnce) {
  for (const BrokenClaim& c : {kScorers, kSqrtD, kLength}) {
    const Value out = compute_figure(c.figure, c.params);
    EXPECT_EQ(out.find("pending"), nullptr) << c.figure;
    EXPECT_GT(claim_of(out, c).at("across").at("measured").as_number(), 0) << c.figure;
  }
}

// sqrt-d's spread costs up to 35 ms of the page's idle time at d = 512 and is needed about one
// seed in 200: prepare() measures nothing while the claim holds, even at the d it was last left
// pending at, and picks the work up where it stopped when the reader comes back.
// (d = 300 is used by no other test: run as one process, the suite has measured d = 512.)
TEST(ClaimValue, SqrtDMeasuresItsSpreadOnlyForADrawnSeedThatBreaksTheClaim) {
  const BrokenClaim broken{"sqrt-d", {{"d", 300}, {"seed", 158}}, "scaled_above_one"};
  const Params keeps = {{"d", 300}, {"seed", 1}};
  ASSERT_TRUE(claim_of(compute_figure("sqrt-d", keeps, Spreads::kPending), broken).at("holds").as_bool());
  EXPECT_TRUE(prepare_figure("sqrt-d")) << "nothing to measure while the claim holds";

  compute_figure("sqrt-d", broken.params, Spreads::kPending);
  EXPECT_FALSE(prepare_figure("sqrt-d")) << "one slice of seeds 1–100 at d = 300";
  compute_figure("sqrt-d", keeps, Spreads::kPending);
  EXPECT_TRUE(prepare_figure("sqrt-d")) << "the reader has moved to a seed that keeps the claim";
  expect_pending_then_measured(broken);
}

}  // namespace attn
