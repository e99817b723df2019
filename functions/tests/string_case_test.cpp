// LOWER, UPPER and the UTF-8 helper class.
// Examples: "LOWER (Transact-SQL)", "UPPER (Transact-SQL)".
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "test_support.hpp"
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/utf8.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::StrResult;

namespace {
StrResult lower(std::string_view s) { return call_str(tsf_lower, s.data(), int32_t(s.size())); }
StrResult upper(std::string_view s) { return call_str(tsf_upper, s.data(), int32_t(s.size())); }
StrResult ok(std::string v) { return {kOk, std::move(v)}; }
}  // namespace

TEST(StringCase, DocumentedExamples) {
  // LOWER/UPPER page: a product name in both cases.
  EXPECT_EQ(upper("Road-650 Black, 48"), ok("ROAD-650 BLACK, 48"));
  EXPECT_EQ(lower("Road-650 Black, 48"), ok("road-650 black, 48"));
  // UPPER page: last names in upper case.
  EXPECT_EQ(upper("Abbas"), ok("ABBAS"));
}

TEST(StringCase, EdgeCases) {
  EXPECT_EQ(upper(""), ok(""));
  EXPECT_EQ(lower(""), ok(""));
  EXPECT_EQ(upper("123 !@#"), ok("123 !@#"));
  // Latin-1 letters, including y with diaeresis <-> U+0178; sharp s unchanged.
  EXPECT_EQ(upper("àéîõüçñøþ"), ok("ÀÉÎÕÜÇÑØÞ"));
  EXPECT_EQ(lower("ÀÉÎÕÜÇÑØÞ"), ok("àéîõüçñøþ"));
  EXPECT_EQ(upper("ÿ"), ok("Ÿ"));
  EXPECT_EQ(lower("Ÿ"), ok("ÿ"));
  EXPECT_EQ(upper("straße"), ok("STRAßE"));
  EXPECT_EQ(lower("ß"), ok("ß"));
  // Multiplication and division signs are not letters.
  EXPECT_EQ(upper("÷×"), ok("÷×"));
  EXPECT_EQ(lower("÷×"), ok("÷×"));
  // Outside Latin-1: unchanged.
  EXPECT_EQ(upper("日本語ωя"), ok("日本語ωя"));
  // Invalid bytes pass through unchanged.
  EXPECT_EQ(upper(std::string("a\xff" "b\xc3", 4)), ok(std::string("A\xff" "B\xc3", 4)));
  // Byte length is preserved for every code point 0..0x17F.
  for (uint32_t cp = 0; cp < 0x180; ++cp) {
    char buf[4];
    const int32_t n = Utf8::encode(cp, buf);
    const std::string s(buf, n);
    EXPECT_EQ(upper(s).value.size(), s.size()) << cp;
    EXPECT_EQ(lower(s).value.size(), s.size()) << cp;
  }
}

TEST(Utf8, DecodeCountAdvance) {
  const std::string s = "aé日😀";
  EXPECT_EQ(Utf8::count(s.data(), int32_t(s.size())), 4);
  EXPECT_EQ(Utf8::decode(s.data(), int32_t(s.size()), 1).cp, 0xE9u);
  EXPECT_EQ(Utf8::decode(s.data(), int32_t(s.size()), 3).cp, 0x65E5u);
  EXPECT_EQ(Utf8::decode(s.data(), int32_t(s.size()), 6).cp, 0x1F600u);
  EXPECT_EQ(Utf8::advance(s.data(), int32_t(s.size()), 0, 3), 6);
  EXPECT_EQ(Utf8::advance(s.data(), int32_t(s.size()), 0, 99), int32_t(s.size()));
  // Invalid: lone continuation, overlong, surrogate, truncated, above U+10FFFF.
  for (std::string bad : {std::string("\x80"), std::string("\xc0\xaf"), std::string("\xed\xa0\x80"),
                          std::string("\xe6\x97"), std::string("\xf4\x90\x80\x80"), std::string("\xff")}) {
    EXPECT_EQ(Utf8::count(bad.data(), int32_t(bad.size())), int32_t(bad.size())) << bad;
    const CodePoint c = Utf8::decode(bad.data(), int32_t(bad.size()), 0);
    EXPECT_EQ(c.size, 1);
    EXPECT_TRUE(Utf8::is_escaped_byte(c.cp));
    char out[4];
    EXPECT_EQ(Utf8::encode(c.cp, out), 1);
    EXPECT_EQ(out[0], bad[0]);
  }
  char out[4];
  EXPECT_EQ(Utf8::encode(0xD800, out), 0);
  EXPECT_EQ(Utf8::encode(0x110000, out), 0);
  EXPECT_EQ(Utf8::encode(0x10FFFF, out), 4);
}
