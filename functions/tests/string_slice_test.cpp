// LEFT, RIGHT, SUBSTRING, LEN, DATALENGTH, REVERSE.
// Examples: "LEFT (Transact-SQL)", "RIGHT (Transact-SQL)", "SUBSTRING (Transact-SQL)",
// "LEN (Transact-SQL)", "DATALENGTH (Transact-SQL)", "REVERSE (Transact-SQL)".
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
StrResult left(std::string_view s, int64_t n) { return call_str(tsf_left, s.data(), int32_t(s.size()), n); }
StrResult right(std::string_view s, int64_t n) { return call_str(tsf_right, s.data(), int32_t(s.size()), n); }
StrResult substring(std::string_view s, int64_t start, int64_t len) {
  return call_str(tsf_substring, s.data(), int32_t(s.size()), start, len);
}
StrResult reverse(std::string_view s) { return call_str(tsf_reverse, s.data(), int32_t(s.size())); }
int32_t len(std::string_view s) {
  int32_t out = -1;
  EXPECT_EQ(tsf_len(&out, s.data(), int32_t(s.size())), kOk);
  return out;
}
int32_t datalength(std::string_view s) {
  int32_t out = -1;
  EXPECT_EQ(tsf_datalength(&out, s.data(), int32_t(s.size())), kOk);
  return out;
}
StrResult ok(std::string v) { return {kOk, std::move(v)}; }
const StrResult kBadLength{kInvalidLength, ""};
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
}  // namespace

TEST(StringLeftRight, DocumentedExamples) {
  // LEFT page: the five leftmost characters of 'abcdefg'.
  EXPECT_EQ(left("abcdefg", 2), ok("ab"));
  EXPECT_EQ(left("abcdefg", 5), ok("abcde"));
  // RIGHT page: the five rightmost characters of a first name.
  EXPECT_EQ(right("abcdefg", 2), ok("fg"));
  EXPECT_EQ(right("Catherine", 5), ok("erine"));
}

TEST(StringLeftRight, EdgeCases) {
  EXPECT_EQ(left("", 3), ok(""));
  EXPECT_EQ(right("", 3), ok(""));
  EXPECT_EQ(left("abc", 0), ok(""));
  EXPECT_EQ(right("abc", 0), ok(""));
  EXPECT_EQ(left("abc", kMax), ok("abc"));
  EXPECT_EQ(right("abc", kMax), ok("abc"));
  EXPECT_EQ(left("abc", -1), kBadLength);
  EXPECT_EQ(right("abc", -1), kBadLength);
  EXPECT_EQ(left("abc", kMin), kBadLength);
  // Characters are code points.
  EXPECT_EQ(left("日本語テキスト", 3), ok("日本語"));
  EXPECT_EQ(right("日本語テキスト", 4), ok("テキスト"));
  EXPECT_EQ(left("é😀x", 2), ok("é😀"));
  EXPECT_EQ(right("é😀x", 2), ok("😀x"));
  // An invalid byte is one character.
  EXPECT_EQ(left(std::string("\xff\xfe" "a", 3), 1), ok("\xff"));
  EXPECT_EQ(right(std::string("a\xe6\x97", 3), 2), ok("\xe6\x97"));
}

TEST(StringSubstring, DocumentedExamples) {
  // SUBSTRING page: 'abcdef' from 2 for 3 characters.
  EXPECT_EQ(substring("abcdef", 2, 3), ok("bcd"));
  // Positions before 1 count against the length (start 0, length 3 gives 2 characters).
  EXPECT_EQ(substring("abcdef", 0, 3), ok("ab"));
  EXPECT_EQ(substring("abcdef", -1, 3), ok("a"));
  EXPECT_EQ(substring("abcdef", -5, 3), ok(""));
  EXPECT_EQ(substring("Ken Sánchez", 1, 1), ok("K"));
}

TEST(StringSubstring, EdgeCases) {
  EXPECT_EQ(substring("", 1, 5), ok(""));
  EXPECT_EQ(substring("abc", 4, 5), ok(""));
  EXPECT_EQ(substring("abc", 3, 100), ok("c"));
  EXPECT_EQ(substring("abc", 2, 0), ok(""));
  EXPECT_EQ(substring("abc", 1, -1), kBadLength);
  EXPECT_EQ(substring("abc", 2, kMax), ok("bc"));
  EXPECT_EQ(substring("abc", kMax, kMax), ok(""));
  EXPECT_EQ(substring("abc", kMin, kMax), ok(""));
  EXPECT_EQ(substring("abc", kMin + 5, 10), ok(""));
  EXPECT_EQ(substring("aé日😀b", 2, 3), ok("é日😀"));
  EXPECT_EQ(substring(std::string("a\x80\x80z", 4), 2, 2), ok("\x80\x80"));
}

TEST(StringLen, DocumentedExamples) {
  // LEN page: trailing spaces are not counted, leading spaces are.
  EXPECT_EQ(len("abc   "), 3);
  EXPECT_EQ(len("   abc"), 6);
  EXPECT_EQ(len("Ken Sánchez"), 11);
  // DATALENGTH counts bytes, trailing spaces included.
  EXPECT_EQ(datalength("abc   "), 6);
  EXPECT_EQ(datalength("Ken Sánchez"), 12);
}

TEST(StringLen, EdgeCases) {
  EXPECT_EQ(len(""), 0);
  EXPECT_EQ(len("    "), 0);
  EXPECT_EQ(len("日本語"), 3);
  EXPECT_EQ(len("😀 "), 1);
  EXPECT_EQ(len("a\tb\t"), 4);  // only spaces are trailing blanks
  EXPECT_EQ(len(std::string("\xff\xfe\xe6\x97", 4)), 4);
  EXPECT_EQ(datalength(""), 0);
  EXPECT_EQ(datalength("日本語"), 9);
}

// {fn OCTET_LENGTH(s)}, {fn BIT_LENGTH(s)} (ODBC): the page's 'Returns the length.' is NVARCHAR there (38 bytes, 304
// bits in UTF-16); as VARCHAR it is 19 and 152, which is what Tessera's UTF-8 strings give.
TEST(StringOdbcLengths, BytesAndBits) {
  auto octets = [](std::string_view s) {
    int32_t out = -1;
    EXPECT_EQ(tsf_octet_length(&out, s.data(), int32_t(s.size())), kOk);
    return out;
  };
  auto bits = [](std::string_view s) {
    int32_t out = -1;
    EXPECT_EQ(tsf_bit_length(&out, s.data(), int32_t(s.size())), kOk);
    return out;
  };
  EXPECT_EQ(octets("Returns the length."), 19);
  EXPECT_EQ(bits("Returns the length."), 152);
  EXPECT_EQ(octets(""), 0);
  EXPECT_EQ(bits(""), 0);
  EXPECT_EQ(octets("abc   "), 6);  // trailing spaces count
  EXPECT_EQ(octets("日本語"), 9);
  EXPECT_EQ(bits("日本語"), 72);
  // Past 2^28 bytes the bits do not fit an INT (the length alone is checked: no such string is made here).
  int32_t out = -1;
  EXPECT_EQ(tsf_bit_length(&out, "", INT32_MAX / 8), kOk);
  EXPECT_EQ(out, INT32_MAX / 8 * 8);
  EXPECT_EQ(tsf_bit_length(&out, "", INT32_MAX / 8 + 1), kArithmeticOverflow);
}

TEST(StringReverse, Examples) {
  // REVERSE page: first names reversed.
  EXPECT_EQ(reverse("Ken"), ok("neK"));
  EXPECT_EQ(reverse("abc"), ok("cba"));
  EXPECT_EQ(reverse(""), ok(""));
  EXPECT_EQ(reverse("aé日😀"), ok("😀日éa"));
  EXPECT_EQ(reverse(std::string("a\xe6\x97" "b", 4)), ok(std::string("b\x97\xe6" "a", 4)));
}
