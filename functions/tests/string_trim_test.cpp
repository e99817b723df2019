// LTRIM, RTRIM, TRIM and their character-list forms.
// Examples: "LTRIM (Transact-SQL)", "RTRIM (Transact-SQL)", "TRIM (Transact-SQL)".
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "test_support.hpp"
#include "tessera/functions/string_functions.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::StrResult;

namespace {
const SessionContext kCi{};
const SessionContext kBinary{.collation = 0};
StrResult ltrim(std::string_view s) { return call_str(tsf_ltrim, s.data(), int32_t(s.size())); }
StrResult rtrim(std::string_view s) { return call_str(tsf_rtrim, s.data(), int32_t(s.size())); }
StrResult trim(std::string_view s) { return call_str(tsf_trim, s.data(), int32_t(s.size())); }
StrResult ltrim(std::string_view s, std::string_view c, const SessionContext& ctx = kCi) {
  return call_str(tsf_ltrim_chars, s.data(), int32_t(s.size()), c.data(), int32_t(c.size()), &ctx);
}
StrResult rtrim(std::string_view s, std::string_view c, const SessionContext& ctx = kCi) {
  return call_str(tsf_rtrim_chars, s.data(), int32_t(s.size()), c.data(), int32_t(c.size()), &ctx);
}
StrResult trim_from(std::string_view c, std::string_view s, const SessionContext& ctx = kCi) {
  return call_str(tsf_trim_chars, c.data(), int32_t(c.size()), s.data(), int32_t(s.size()), &ctx);
}
StrResult ok(std::string v) { return {kOk, std::move(v)}; }
}  // namespace

TEST(StringTrim, DocumentedExamples) {
  // LTRIM page: leading spaces removed.
  EXPECT_EQ(ltrim("     Five spaces are at the beginning of this string."),
            ok("Five spaces are at the beginning of this string."));
  // RTRIM page: trailing spaces removed.
  EXPECT_EQ(rtrim("Removes trailing spaces.   "), ok("Removes trailing spaces."));
  // TRIM page: spaces on both sides.
  EXPECT_EQ(trim("     test    "), ok("test"));
  // TRIM page: TRIM( '.,! ' FROM '     #     test    .') -> '#     test'
  EXPECT_EQ(trim_from(".,! ", "     #     test    ."), ok("#     test"));
  // LTRIM page: LTRIM('123abc.', '123.') -> 'abc.'
  EXPECT_EQ(ltrim("123abc.", "123."), ok("abc."));
  // RTRIM page: RTRIM('.123abc.', 'abc.') -> '.123'
  EXPECT_EQ(rtrim(".123abc.", "abc."), ok(".123"));
}

TEST(StringTrim, EdgeCases) {
  EXPECT_EQ(ltrim(""), ok(""));
  EXPECT_EQ(rtrim(""), ok(""));
  EXPECT_EQ(trim(""), ok(""));
  EXPECT_EQ(trim("      "), ok(""));
  EXPECT_EQ(ltrim("   "), ok(""));
  // Only U+0020 is trimmed by default.
  EXPECT_EQ(trim("\t x \n"), ok("\t x \n"));
  EXPECT_EQ(trim("  日本 語  "), ok("日本 語"));
  EXPECT_EQ(trim(std::string(" \xff ", 3)), ok("\xff"));
  // Character lists: multi-byte characters, empty list, everything trimmed.
  EXPECT_EQ(trim_from("日", "日日本日"), ok("本"));
  EXPECT_EQ(ltrim("éèa", "èé"), ok("a"));
  EXPECT_EQ(trim_from("", "  x  "), ok("  x  "));
  EXPECT_EQ(trim_from("ab", "abba"), ok(""));
  EXPECT_EQ(rtrim("", "x"), ok(""));
  // The collation decides whether case matters.
  EXPECT_EQ(trim_from("a", "AbcA"), ok("bc"));
  EXPECT_EQ(trim_from("a", "AbcA", kBinary), ok("AbcA"));
  EXPECT_EQ(ltrim("ÉE", "é"), ok("E"));
  EXPECT_EQ(ltrim("ÉE", "é", kBinary), ok("ÉE"));
}
