// The native tool's strict arguments: decimals written out in full, each flag once.
#include "cli/command/flags.hpp"

#include <gtest/gtest.h>

#include "core/checks.hpp"

namespace attn {
namespace {

TEST(CliFlags, DecimalsAreReadWhole) {
  EXPECT_EQ(parse_decimal("16", "d"), 16);
  EXPECT_EQ(parse_decimal("-2.5", "d"), -2.5);
  EXPECT_EQ(parse_decimal(".5", "d"), 0.5);
  EXPECT_EQ(parse_decimal("5.", "d"), 5);
  EXPECT_EQ(parse_decimal("1e3", "d"), 1000);
  EXPECT_EQ(parse_decimal("2.5E-1", "d"), 0.25);
}

TEST(CliFlags, AnythingButADecimalIsRefusedByName) {
  for (const char* bad : {"0x10", " 16", "16 ", "+16", "", "-", ".", "1e", "1e+", "inf", "nan",
                          "Infinity", "1,5", "1_000", "--16", "16abc", "1e999", "0b1", "٣"}) {
    try {
      parse_decimal(bad, "parameter 'd'");
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find("parameter 'd'"), std::string::npos) << e.what();
    }
  }
}

TEST(CliFlags, FlagsArePairsGivenOnce) {
  const auto flags = parse_flags({"--n", "5", "--j", "9"}, "figure");
  EXPECT_EQ(flags.at("n"), "5");
  EXPECT_EQ(flags.at("j"), "9");
  EXPECT_THROW(parse_flags({"--n", "5", "--n", "6"}, "figure"), InvalidInput);
  EXPECT_THROW(parse_flags({"--n"}, "figure"), InvalidInput);
  EXPECT_THROW(parse_flags({"n", "5"}, "figure"), InvalidInput);
  EXPECT_THROW(parse_flags({"--", "5"}, "figure"), InvalidInput);
}

TEST(CliFlags, ARepeatedFlagIsNamed) {
  try {
    parse_flags({"--d", "1", "--d", "2"}, "figure");
    FAIL();
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "figure: '--d' is given twice");
  }
}

}  // namespace
}  // namespace attn
