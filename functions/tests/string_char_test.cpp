// ASCII, CHAR, UNICODE, NCHAR, SOUNDEX, DIFFERENCE.
// Examples: "ASCII (Transact-SQL)", "CHAR (Transact-SQL)", "UNICODE (Transact-SQL)", "NCHAR (Transact-SQL)".
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
struct IntResult {
  int32_t status;
  int32_t value;
  bool operator==(const IntResult&) const = default;
};
IntResult ascii(std::string_view s) {
  int32_t out = -1;
  const int32_t st = tsf_ascii(&out, s.data(), int32_t(s.size()));
  return {st, st == kOk ? out : -1};
}
IntResult unicode(std::string_view s) {
  int32_t out = -1;
  const int32_t st = tsf_unicode(&out, s.data(), int32_t(s.size()));
  return {st, st == kOk ? out : -1};
}
StrResult chr(int32_t n) { return call_str(tsf_char, n); }
StrResult nchar(int32_t n) { return call_str(tsf_nchar, n); }
StrResult ok(std::string v) { return {kOk, std::move(v)}; }
const StrResult kNullResult{kNull, ""};
const IntResult kNullInt{kNull, -1};
}  // namespace

TEST(StringAscii, Examples) {
  // ASCII page: the codes of 'A', 'B', 'a', 'b', '1', '!'.
  EXPECT_EQ(ascii("A"), (IntResult{kOk, 65}));
  EXPECT_EQ(ascii("B"), (IntResult{kOk, 66}));
  EXPECT_EQ(ascii("a"), (IntResult{kOk, 97}));
  EXPECT_EQ(ascii("b"), (IntResult{kOk, 98}));
  EXPECT_EQ(ascii("1"), (IntResult{kOk, 49}));
  EXPECT_EQ(ascii("!"), (IntResult{kOk, 33}));
  EXPECT_EQ(ascii("Abc"), (IntResult{kOk, 65}));
  EXPECT_EQ(ascii(""), kNullInt);
  EXPECT_EQ(ascii("é"), (IntResult{kOk, 0xC3}));  // first byte of the UTF-8 encoding
  EXPECT_EQ(ascii(std::string("\xff", 1)), (IntResult{kOk, 255}));
}

TEST(StringChar, Examples) {
  // CHAR page: CHAR(65) is 'A'; control characters such as CHAR(13), CHAR(10).
  EXPECT_EQ(chr(65), ok("A"));
  EXPECT_EQ(chr(13), ok("\r"));
  EXPECT_EQ(chr(10), ok("\n"));
  EXPECT_EQ(chr(0), ok(std::string(1, '\0')));
  EXPECT_EQ(chr(233), ok("é"));
  EXPECT_EQ(chr(255), ok("ÿ"));
  EXPECT_EQ(chr(256), kNullResult);
  EXPECT_EQ(chr(-1), kNullResult);
  EXPECT_EQ(chr(std::numeric_limits<int32_t>::min()), kNullResult);
}

TEST(StringUnicode, Examples) {
  // UNICODE page: the code of the first character of 'Åkergatan 24'.
  EXPECT_EQ(unicode("Åkergatan 24"), (IntResult{kOk, 197}));
  EXPECT_EQ(unicode("A"), (IntResult{kOk, 65}));
  EXPECT_EQ(unicode("日本"), (IntResult{kOk, 0x65E5}));
  EXPECT_EQ(unicode("😀"), (IntResult{kOk, 0x1F600}));
  EXPECT_EQ(unicode(""), kNullInt);
  EXPECT_EQ(unicode(std::string("\xff" "a", 2)), (IntResult{kOk, 0xFFFD}));
}

TEST(StringNchar, Examples) {
  // NCHAR page: NCHAR(UNICODE('Å')) round-trips; NCHAR(248) is 'ø'.
  EXPECT_EQ(nchar(197), ok("Å"));
  EXPECT_EQ(nchar(248), ok("ø"));
  EXPECT_EQ(nchar(65), ok("A"));
  EXPECT_EQ(nchar(0x65E5), ok("日"));
  EXPECT_EQ(nchar(0x1F600), ok("😀"));
  EXPECT_EQ(nchar(0x10FFFF), ok("\xf4\x8f\xbf\xbf"));
  EXPECT_EQ(nchar(0x110000), kNullResult);
  EXPECT_EQ(nchar(0xD800), kNullResult);
  EXPECT_EQ(nchar(-1), kNullResult);
  EXPECT_EQ(nchar(std::numeric_limits<int32_t>::max()), kNullResult);
}
