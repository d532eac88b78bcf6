#include "figures/registry.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

namespace attn {

TEST(Registry, IdsAreUniqueAndEveryDefaultComputes) {
  std::set<std::string> ids;
  for (const auto& f : all_figures()) {
    EXPECT_TRUE(ids.insert(f.id).second) << f.id;
    const Value out = compute_figure(f.id, {});
    EXPECT_EQ(out.at("id").as_string(), f.id);
    EXPECT_TRUE(out.at("data").is_object()) << f.id;
  }
}

TEST(Registry, EverySpecHasADefaultInsideItsRange) {
  for (const auto& f : all_figures())
    for (const auto& s : f.params) {
      EXPECT_LE(s.min, s.def) << f.id << "." << s.name;
      EXPECT_LE(s.def, s.max) << f.id << "." << s.name;
      EXPECT_GT(s.step, 0) << f.id << "." << s.name;
      if (!s.choices.empty()) EXPECT_EQ(s.max, static_cast<double>(s.choices.size() - 1));
    }
}

TEST(Registry, UnknownIdAndUnknownParameterAreRejectedByName) {
  try {
    compute_figure("no-such-figure", {});
    FAIL();
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("no-such-figure"), std::string::npos);
  }
  try {
    compute_figure("funnel", {{"bogus", 1}});
    FAIL();
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("bogus"), std::string::npos);
  }
}

TEST(Registry, EveryFigureCanBePreparedAndAnUnknownIdIsRejected) {
  for (const auto& f : all_figures()) {
    if (!f.prepare) EXPECT_TRUE(prepare_figure(f.id)) << f.id << ": nothing to prepare";
    for (int calls = 1; !prepare_figure(f.id); ++calls) ASSERT_LE(calls, 1000) << f.id << ": prepare() never finishes";
  }
  EXPECT_THROW(prepare_figure("no-such-figure"), InvalidInput);
}

TEST(Spec, OutOfRangeMessageNamesTheParameterAndItsRange) {
  const std::vector<ParamSpec> specs = {{"d", "d", 1, 64, 1, 8, {}, "d"}};
  try {
    resolve_params(specs, {{"d", 100}});
    FAIL();
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "parameter 'd' = 100 is outside [1, 64]");
  }
  EXPECT_EQ(resolve_params(specs, {}).at("d"), 8);
  EXPECT_THROW(resolve_params(specs, {{"d", 1.5}}), InvalidInput);
  EXPECT_THROW(resolve_params(specs, Params{{"d", std::numeric_limits<double>::infinity()}}), InvalidInput);
}

TEST(Value, JsonKeepsOrderEscapesAndRoundTripsDoubles) {
  Value v = Value::object();
  v.set("b", 0.1).set("a", "引号\"\n").set("xs", Value(std::vector<double>{1.0 / 3, std::nan("")}));
  EXPECT_EQ(to_json(v), "{\"b\":0.10000000000000001,\"a\":\"引号\\\"\\n\",\"xs\":[0.33333333333333331,null]}");
}

}  // namespace attn
