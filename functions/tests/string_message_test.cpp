// FORMATMESSAGE with a msg_string. Expected values: "FORMATMESSAGE (Transact-SQL)"'s examples B to E (signed and
// unsigned integers, octal and hexadecimal with and without the # prefix, %s with a width and left-justified)
// and "RAISERROR (Transact-SQL)"'s placeholder rules (flags, width and precision as numbers or *, h and I64, %%,
// NULL and missing parameters as (null)); a message of 2,048 characters or more is cut to 2,044 and "...".
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.hpp"
#include "tessera/functions/format_functions.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;
using tessera::fn::test::StrResult;

namespace {
struct P {
  std::string s;
  bool null = false;
};
P null_param() { return {"", true}; }

// One link: at most six parameters; `last` as the binder sets it.
StrResult link(const std::string& f, const std::vector<P>& ps, bool last) {
  std::vector<P> a = ps;
  a.resize(6);
  static char buf[65536];
  int32_t len = -1;
  const int32_t flags = int32_t(ps.size()) | (last ? kFormatMessageLast : 0);
  const int32_t st = tsf_formatmessage(buf, &len, f.data(), int32_t(f.size()), 0, a[0].s.data(), int32_t(a[0].s.size()),
                                       a[0].null, a[1].s.data(), int32_t(a[1].s.size()), a[1].null, a[2].s.data(),
                                       int32_t(a[2].s.size()), a[2].null, a[3].s.data(), int32_t(a[3].s.size()),
                                       a[3].null, a[4].s.data(), int32_t(a[4].s.size()), a[4].null, a[5].s.data(),
                                       int32_t(a[5].s.size()), a[5].null, flags);
  return {st, st == kOk ? std::string(buf, len) : std::string()};
}

// The binder's chain: links of six parameters, the last one last.
std::string fm(const std::string& f, const std::vector<P>& ps = {}) {
  std::string msg = f;
  size_t i = 0;
  while (ps.size() - i > 6) {
    const StrResult r = link(msg, std::vector<P>(ps.begin() + i, ps.begin() + i + 6), false);
    EXPECT_EQ(r.status, kOk);
    msg = r.value;
    i += 6;
  }
  const StrResult r = link(msg, std::vector<P>(ps.begin() + i, ps.end()), true);
  EXPECT_EQ(r.status, kOk);
  return r.value;
}
}  // namespace

TEST(FormatMessage, DocumentedExamples) {
  EXPECT_EQ(fm("Signed int %i, %d %i, %d, %+i, %+d, %+i, %+d",
               {{"5"}, {"-5"}, {"50"}, {"-50"}, {"-11"}, {"-11"}, {"11"}, {"11"}}),
            "Signed int 5, -5 50, -50, -11, -11, +11, +11");
  EXPECT_EQ(fm("Signed int with up to 3 leading zeros %03i", {{"5"}}), "Signed int with up to 3 leading zeros 005");
  EXPECT_EQ(fm("Signed int with up to 20 leading zeros %020i", {{"5"}}),
            "Signed int with up to 20 leading zeros 00000000000000000005");
  EXPECT_EQ(fm("Signed int with leading zero 0 %020i", {{"-55"}}),
            "Signed int with leading zero 0 -0000000000000000055");
  EXPECT_EQ(fm("Bigint %I64d", {{"3000000000"}}), "Bigint 3000000000");
  EXPECT_EQ(fm("Unsigned int %u, %u", {{"50"}, {"-50"}}), "Unsigned int 50, 4294967246");
  EXPECT_EQ(fm("Unsigned octal %o, %o", {{"50"}, {"-50"}}), "Unsigned octal 62, 37777777716");
  EXPECT_EQ(fm("Unsigned hexadecimal %x, %X, %X, %X, %x", {{"11"}, {"11"}, {"-11"}, {"50"}, {"-50"}}),
            "Unsigned hexadecimal b, B, FFFFFFF5, 32, ffffffce");
  EXPECT_EQ(fm("Unsigned octal with prefix: %#o, %#o", {{"50"}, {"-50"}}),
            "Unsigned octal with prefix: 062, 037777777716");
  EXPECT_EQ(fm("Unsigned hexadecimal with prefix: %#x, %#X, %#X, %X, %x", {{"11"}, {"11"}, {"-11"}, {"50"}, {"-50"}}),
            "Unsigned hexadecimal with prefix: 0xb, 0XB, 0XFFFFFFF5, 32, ffffffce");
  EXPECT_EQ(fm("Hello %s!", {{"TEST"}}), "Hello TEST!");
  EXPECT_EQ(fm("Hello %20s!", {{"TEST"}}), "Hello                 TEST!");
  EXPECT_EQ(fm("Hello %-20s!", {{"TEST"}}), "Hello TEST                !");
}

TEST(FormatMessage, RaiserrorPlaceholders) {
  EXPECT_EQ(fm("100%% done"), "100% done");
  EXPECT_EQ(fm("%5d|%-5d|%05d", {{"42"}, {"42"}, {"-42"}}), "   42|42   |-0042");
  EXPECT_EQ(fm("% d|% d", {{"7"}, {"-7"}}), " 7|-7");
  EXPECT_EQ(fm("%.3d|%.0d|%5.3d", {{"7"}, {"0"}, {"7"}}), "007||  007");
  EXPECT_EQ(fm("%.3s|%7.2s|%-4.1s|", {{"abcdef"}, {"xyz"}, {"pq"}}), "abc|     xy|p   |");
  EXPECT_EQ(fm("%*d|%-*d|%.*s", {{"4"}, {"1"}, {"4"}, {"2"}, {"3"}, {"abcdef"}}), "   1|2   |abc");
  EXPECT_EQ(fm("%*d", {{"-4"}, {"1"}}), "1   ");
  EXPECT_EQ(fm("%hd %hu %hx", {{"65537"}, {"-1"}, {"-1"}}), "1 65535 ffff");
  EXPECT_EQ(fm("%ld %I64u %I64x", {{"-3"}, {"-1"}, {"-1"}}), "-3 18446744073709551615 ffffffffffffffff");
  EXPECT_EQ(fm("%#x %#o", {{"0"}, {"0"}}), "0 0");
  // Characters, not bytes: width and precision count code points.
  EXPECT_EQ(fm("[%4s][%.1s]", {{"é"}, {"日本"}}), "[   é][日]");
  // A % that starts no placeholder stays as it is.
  EXPECT_EQ(fm("50%. off %z", {}), "50%. off %z");
  EXPECT_EQ(fm("%"), "%");
  EXPECT_EQ(fm(""), "");
}

TEST(FormatMessage, NullsAndMissingParameters) {
  EXPECT_EQ(fm("Hello %s, %d!", {null_param(), null_param()}), "Hello (null), (null)!");
  EXPECT_EQ(fm("%s and %s", {{"a"}}), "a and (null)");
  EXPECT_EQ(fm("[%8s][%-8s][%.3s]", {null_param(), null_param(), null_param()}), "[  (null)][(null)  ][(nu]");
  EXPECT_EQ(fm("no placeholders", {{"a"}, {"b"}}), "no placeholders");
  // A NULL msg_string is NULL.
  char buf[16];
  int32_t len = 0;
  EXPECT_EQ(tsf_formatmessage(buf, &len, nullptr, 0, 1, "", 0, 0, "", 0, 0, "", 0, 0, "", 0, 0, "", 0, 0, "", 0, 0,
                              kFormatMessageLast),
            kNull);
}

TEST(FormatMessage, ChainsOfMoreThanSixParameters) {
  std::vector<P> ps;
  std::string f, expected;
  for (int i = 1; i <= 20; ++i) {
    ps.push_back({std::to_string(i * 3)});
    f += "%d,";
    expected += std::to_string(i * 3) + ",";
  }
  EXPECT_EQ(fm(f, ps), expected);
  // A parameter with % passes the links unchanged; a * whose value is in the next link.
  EXPECT_EQ(fm("%s %s %s %s %s %s %s %%", {{"1%"}, {"%d"}, {"3"}, {"4"}, {"5"}, {"6"}, {"%s%%"}}),
            "1% %d 3 4 5 6 %s%% %");
  EXPECT_EQ(fm("%s%s%s%s%s|%*.*d|", {{"a"}, {"b"}, {"c"}, {"d"}, {"e"}, {"6"}, {"3"}, {"7"}}), "abcde|   007|");
  EXPECT_EQ(fm("%s%s%s%s%s|%*.*d|", {{"a"}, {"b"}, {"c"}, {"d"}, {"e"}, {"-6"}, {"3"}, {"7"}}), "abcde|007   |");
  EXPECT_EQ(fm("%s%s%s%s%s%s|%-%s|", {{"a"}, {"b"}, {"c"}, {"d"}, {"e"}, {"f"}, {"x"}}), "abcdef|%-x|");
  // Missing parameters past the last link.
  EXPECT_EQ(fm("%s%s%s%s%s%s%s %s", {{"a"}, {"b"}, {"c"}, {"d"}, {"e"}, {"f"}, {"g"}}), "abcdefg (null)");
}

TEST(FormatMessage, LongMessagesAreCut) {
  const std::string a(2047, 'a');
  EXPECT_EQ(fm(a), a);
  const std::string b(2048, 'b');
  EXPECT_EQ(fm(b), std::string(2044, 'b') + "...");
  EXPECT_EQ(fm("%2047s%2047s", {{"x"}, {"y"}}), std::string(2044, ' ') + "...");
  std::string e;
  for (int i = 0; i < 3000; ++i) e += "é";
  std::string cut;
  for (int i = 0; i < 2044; ++i) cut += "é";
  EXPECT_EQ(fm(e), cut + "...");
}

TEST(FormatMessage, IntegerPlaceholderWithText) {
  // The binder refuses a string parameter for %d when the message is a constant; per row it fails.
  EXPECT_EQ(link("%d", {{"abc"}}, true).status, kInvalidArgument);
  EXPECT_EQ(link("%d", {{"1"}}, true).value, "1");
}
