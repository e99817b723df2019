// REPLACE, CHARINDEX, TRANSLATE.
// Examples: "REPLACE (Transact-SQL)", "CHARINDEX (Transact-SQL)", "TRANSLATE (Transact-SQL)".
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
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
StrResult replace(std::string_view s, std::string_view f, std::string_view r, const SessionContext& ctx = kCi) {
  return call_str(tsf_replace, s.data(), int32_t(s.size()), f.data(), int32_t(f.size()), r.data(),
                  int32_t(r.size()), &ctx);
}
StrResult translate(std::string_view s, std::string_view f, std::string_view t, const SessionContext& ctx = kCi) {
  return call_str(tsf_translate, s.data(), int32_t(s.size()), f.data(), int32_t(f.size()), t.data(),
                  int32_t(t.size()), &ctx);
}
int32_t charindex(std::string_view f, std::string_view s, const SessionContext& ctx = kCi) {
  int32_t out = -1;
  EXPECT_EQ(tsf_charindex(&out, f.data(), int32_t(f.size()), s.data(), int32_t(s.size()), &ctx), kOk);
  return out;
}
int32_t charindex(std::string_view f, std::string_view s, int64_t start, const SessionContext& ctx = kCi) {
  int32_t out = -1;
  EXPECT_EQ(tsf_charindex_start(&out, f.data(), int32_t(f.size()), s.data(), int32_t(s.size()), start, &ctx), kOk);
  return out;
}
StrResult ok(std::string v) { return {kOk, std::move(v)}; }
}  // namespace

TEST(StringReplace, DocumentedExamples) {
  // REPLACE page: 'cde' replaced by 'xxx'.
  EXPECT_EQ(replace("abcdefghicde", "cde", "xxx"), ok("abxxxfghixxx"));
  // REPLACE page: the default collation is case-insensitive.
  EXPECT_EQ(replace("This is a Test", "Test", "desk"), ok("This is a desk"));
  EXPECT_EQ(replace("This is a Test", "test", "desk"), ok("This is a desk"));
  EXPECT_EQ(replace("This is a Test", "test", "desk", kBinary), ok("This is a Test"));
  EXPECT_EQ(replace("Abc", "a", "x"), ok("xbc"));
}

TEST(StringReplace, EdgeCases) {
  EXPECT_EQ(replace("", "a", "b"), ok(""));
  EXPECT_EQ(replace("abc", "", "x"), ok("abc"));
  EXPECT_EQ(replace("abc", "abcd", "x"), ok("abc"));
  EXPECT_EQ(replace("aaaa", "aa", "b"), ok("bb"));  // non-overlapping, left to right
  EXPECT_EQ(replace("aaa", "aa", "b"), ok("ba"));
  EXPECT_EQ(replace("abc", "b", ""), ok("ac"));
  EXPECT_EQ(replace("aaa", "a", "xyz"), ok("xyzxyzxyz"));
  EXPECT_EQ(replace("日本語日本", "日本", "にほん"), ok("にほん語にほん"));
  EXPECT_EQ(replace("ÀÿàŸ", "àÿ", "-"), ok("--"));
  EXPECT_EQ(replace("ÀÿàŸ", "àÿ", "-", kBinary), ok("ÀÿàŸ"));
  EXPECT_EQ(replace("ÀàÿŸ", "àÿ", "-"), ok("À-Ÿ"));
  EXPECT_EQ(replace(std::string("a\xff" "b\xff", 4), "\xff", "?"), ok("a?b?"));
  // A character's bytes never match in the middle of another character.
  EXPECT_EQ(replace("é", "\xa9", "x"), ok("é"));
}

TEST(StringCharindex, DocumentedExamples) {
  // CHARINDEX page: 'bicycle' in a sentence.
  const std::string doc = "Reflectors are vital safety components of your bicycle.";
  EXPECT_EQ(charindex("bicycle", doc), 48);
  EXPECT_EQ(charindex("vital", doc, 5), 16);
  EXPECT_EQ(charindex("bike", doc), 0);
  // CHARINDEX page: case-sensitive and case-insensitive searches.
  EXPECT_EQ(charindex("TEST", "This is a Test", kBinary), 0);
  EXPECT_EQ(charindex("Test", "This is a Test", kBinary), 11);
  EXPECT_EQ(charindex("TEST", "This is a Test"), 11);
  // CHARINDEX page: 'is' from position 4 finds the second one.
  EXPECT_EQ(charindex("is", "This is a string", 4), 6);
  EXPECT_EQ(charindex("is", "This is a string", 1), 3);
  EXPECT_EQ(charindex("is", "This is a string", 0), 3);
}

TEST(StringCharindex, EdgeCases) {
  EXPECT_EQ(charindex("", "abc"), 0);
  EXPECT_EQ(charindex("a", ""), 0);
  EXPECT_EQ(charindex("", ""), 0);
  EXPECT_EQ(charindex("abcd", "abc"), 0);
  EXPECT_EQ(charindex("c", "abc", -5), 3);
  EXPECT_EQ(charindex("c", "abc", 3), 3);
  EXPECT_EQ(charindex("c", "abc", 4), 0);
  EXPECT_EQ(charindex("c", "abc", std::numeric_limits<int64_t>::max()), 0);
  EXPECT_EQ(charindex("語", "日本語"), 3);
  EXPECT_EQ(charindex("😀b", "a😀😀b"), 3);
  EXPECT_EQ(charindex("É", "café"), 4);
  EXPECT_EQ(charindex("É", "café", kBinary), 0);
  EXPECT_EQ(charindex("b", std::string("\xff\xfe" "b", 3)), 3);
}

TEST(StringTranslate, DocumentedExamples) {
  // TRANSLATE page: brackets and braces become parentheses.
  EXPECT_EQ(translate("2*[3+4]/{7-2}", "[]{}", "()()"), ok("2*(3+4)/(7-2)"));
  // TRANSLATE page: a GeoJSON point's coordinates swapped into parentheses.
  EXPECT_EQ(translate("[137.4, 72.3]", "[,]", "( )"), ok("(137.4  72.3)"));
  // TRANSLATE page: different lengths are an error.
  EXPECT_EQ(translate("abcdef", "abc", "bc"), (StrResult{kInvalidArgument, ""}));
}

TEST(StringTranslate, EdgeCases) {
  EXPECT_EQ(translate("", "a", "b"), ok(""));
  EXPECT_EQ(translate("abc", "", ""), ok("abc"));
  EXPECT_EQ(translate("abcabc", "abc", "xyz"), ok("xyzxyz"));
  EXPECT_EQ(translate("aaa", "aa", "xy"), ok("xxx"));  // the first occurrence in `from` wins
  EXPECT_EQ(translate("a日c", "日", "😀"), ok("a😀c"));
  EXPECT_EQ(translate("a日c", "a日", "éb"), ok("ébc"));
  EXPECT_EQ(translate("ABC", "abc", "xyz"), ok("xyz"));
  EXPECT_EQ(translate("ABC", "abc", "xyz", kBinary), ok("ABC"));
  // Lengths are counted in characters, not bytes.
  EXPECT_EQ(translate("x", "日", "a"), ok("x"));
}
