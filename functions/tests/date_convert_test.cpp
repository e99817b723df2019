// DATE <-> varchar: CAST, CONVERT (styles), TRY_CAST, TRY_CONVERT, ISDATE.
// Examples from the SQL Server docs pages "CAST and CONVERT (Transact-SQL)",
// "date (Transact-SQL)" (supported string literal formats), "SET DATEFORMAT
// (Transact-SQL)" and "ISDATE (Transact-SQL)" (example with DATEFORMAT).
#include <gtest/gtest.h>

#include <string>

#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/registry.hpp"
#include "test_support.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::date;
using tessera::fn::test::StrResult;

namespace {
SessionContext with_format(int32_t fmt) {
  SessionContext c;
  c.dateformat = fmt;
  return c;
}

// CAST(s AS date): the date, or -1 on kDateConversionFailed.
int32_t cast(const std::string& s, const SessionContext& ctx = SessionContext{}) {
  int32_t out = 0;
  const int32_t st = tsf_cast_varchar_to_date(&out, s.data(), int32_t(s.size()), &ctx);
  int32_t try_out = 0;
  const int32_t try_st = tsf_try_cast_varchar_to_date(&try_out, s.data(), int32_t(s.size()), &ctx);
  if (st == kOk) {
    EXPECT_EQ(try_st, kOk);
    EXPECT_EQ(try_out, out);
    return out;
  }
  EXPECT_EQ(st, kDateConversionFailed) << s;
  EXPECT_EQ(try_st, kNull) << s;
  return -1;
}

int32_t convert(const std::string& s, int32_t style, const SessionContext& ctx = SessionContext{}) {
  int32_t out = 0;
  const int32_t st = tsf_convert_varchar_to_date(&out, s.data(), int32_t(s.size()), style, &ctx);
  int32_t try_out = 0;
  const int32_t try_st = tsf_try_convert_varchar_to_date(&try_out, s.data(), int32_t(s.size()), style, &ctx);
  if (st == kOk) {
    EXPECT_EQ(try_st, kOk);
    EXPECT_EQ(try_out, out);
    return out;
  }
  EXPECT_EQ(st, kDateConversionFailed) << s;
  EXPECT_EQ(try_st, kNull) << s;
  return -1;
}

std::string to_text(int32_t d, int32_t style, const SessionContext& ctx = SessionContext{}) {
  StrResult r = call_str(tsf_convert_date_to_varchar, d, style, &ctx);
  EXPECT_EQ(r.status, kOk) << style;
  return r.value;
}

int32_t isdate(const std::string& s, const SessionContext& ctx = SessionContext{}) {
  int32_t out = -1;
  EXPECT_EQ(tsf_isdate(&out, s.data(), int32_t(s.size()), 0, &ctx), kOk);
  return out;
}

constexpr int32_t kStyles[] = {0,   100, 1,   101, 2,   102, 3,  103, 4,   104, 5,   105, 6,   106, 7,
                               107, 10,  110, 11,  111, 12,  112, 20, 120, 21,  121, 23,  126, 127};
}  // namespace

TEST(CastDateToVarchar, IsoDate) {
  EXPECT_EQ(call_str(tsf_cast_date_to_varchar, date(2024, 2, 29)), (StrResult{kOk, "2024-02-29"}));
  EXPECT_EQ(call_str(tsf_cast_date_to_varchar, date(1, 1, 1)), (StrResult{kOk, "0001-01-01"}));
  EXPECT_EQ(call_str(tsf_cast_date_to_varchar, date(9999, 12, 31)), (StrResult{kOk, "9999-12-31"}));
}

// CAST and CONVERT page: the date and time styles table, date part only.
TEST(ConvertDateToVarchar, Styles) {
  const int32_t d = date(2024, 2, 9);
  EXPECT_EQ(to_text(d, 0), "Feb  9 2024");
  EXPECT_EQ(to_text(d, 100), "Feb  9 2024");
  EXPECT_EQ(to_text(date(2000, 1, 1), 0), "Jan  1 2000");
  EXPECT_EQ(to_text(date(2024, 12, 25), 100), "Dec 25 2024");
  EXPECT_EQ(to_text(d, 1), "02/09/24");
  EXPECT_EQ(to_text(d, 101), "02/09/2024");
  EXPECT_EQ(to_text(d, 2), "24.02.09");
  EXPECT_EQ(to_text(d, 102), "2024.02.09");
  EXPECT_EQ(to_text(d, 3), "09/02/24");
  EXPECT_EQ(to_text(d, 103), "09/02/2024");
  EXPECT_EQ(to_text(d, 4), "09.02.24");
  EXPECT_EQ(to_text(d, 104), "09.02.2024");
  EXPECT_EQ(to_text(d, 5), "09-02-24");
  EXPECT_EQ(to_text(d, 105), "09-02-2024");
  EXPECT_EQ(to_text(d, 6), "09 Feb 24");
  EXPECT_EQ(to_text(d, 106), "09 Feb 2024");
  EXPECT_EQ(to_text(d, 7), "Feb 09, 24");
  EXPECT_EQ(to_text(d, 107), "Feb 09, 2024");
  EXPECT_EQ(to_text(d, 10), "02-09-24");
  EXPECT_EQ(to_text(d, 110), "02-09-2024");
  EXPECT_EQ(to_text(d, 11), "24/02/09");
  EXPECT_EQ(to_text(d, 111), "2024/02/09");
  EXPECT_EQ(to_text(d, 12), "240209");
  EXPECT_EQ(to_text(d, 112), "20240209");
  for (int32_t s : {20, 21, 23, 120, 121, 126, 127}) EXPECT_EQ(to_text(d, s), "2024-02-09") << s;
}

TEST(ConvertDateToVarchar, RangeEndsAndLanguages) {
  EXPECT_EQ(to_text(date(1, 1, 1), 100), "Jan  1 0001");
  EXPECT_EQ(to_text(date(1, 1, 1), 1), "01/01/01");
  EXPECT_EQ(to_text(date(9999, 12, 31), 112), "99991231");
  EXPECT_EQ(to_text(date(9999, 12, 31), 7), "Dec 31, 99");
  const SessionContext de = SessionContext::for_language(kDeutsch);
  const SessionContext fr = SessionContext::for_language(kFrancais);
  EXPECT_EQ(to_text(date(2024, 3, 1), 106, de), "01 Mär 2024");
  EXPECT_EQ(to_text(date(2024, 10, 3), 106, de), "03 Okt 2024");
  EXPECT_EQ(to_text(date(2024, 2, 9), 107, fr), "févr 09, 2024");
  EXPECT_EQ(to_text(date(2024, 8, 15), 100, fr), "août 15 2024");
  EXPECT_EQ(to_text(date(2024, 2, 9), 103, fr), "09/02/2024");
}

TEST(ConvertDateToVarchar, InvalidStyle) {
  SessionContext ctx;
  for (int32_t s : {-1, 8, 9, 13, 14, 108, 109, 113, 130, 999, INT32_MAX})
    EXPECT_EQ(call_str(tsf_convert_date_to_varchar, date(2024, 1, 1), s, &ctx).status, kInvalidStyle) << s;
}

// The registry's length rules bound every output.
TEST(DateLengthRules, AreUpperBounds) {
  const FunctionSpec* conv = find_kernel("convert_date_to_varchar");
  const FunctionSpec* name = find_kernel("datename");
  const FunctionSpec* cast_spec = find_kernel("cast_date_to_varchar");
  ASSERT_NE(conv, nullptr);
  ASSERT_NE(name, nullptr);
  ASSERT_NE(cast_spec, nullptr);
  const int32_t dates[] = {date(1, 1, 1), date(2024, 2, 9), date(2024, 8, 15), date(2024, 9, 30),
                           date(2024, 12, 31), date(9999, 12, 31), date(2024, 3, 6), date(2024, 2, 1)};
  for (int32_t lang = 0; lang < kLanguageCount; ++lang) {
    const SessionContext ctx = SessionContext::for_language(lang);
    for (int32_t d : dates) {
      for (int32_t style : kStyles) {
        LengthInputs in;
        in.value[1] = style;
        EXPECT_LE(int64_t(to_text(d, style, ctx).size()), conv->max_length(in)) << style;
      }
      for (int32_t p = 0; p < kDatePartCount; ++p) {
        LengthInputs in;
        in.value[0] = p;
        StrResult r = call_str(tsf_datename, p, d, &ctx);
        EXPECT_LE(int64_t(r.value.size()), name->max_length(in)) << p;
      }
      EXPECT_LE(int64_t(call_str(tsf_cast_date_to_varchar, d).value.size()), cast_spec->max_length(LengthInputs{}));
    }
  }
}

// date page: supported string literal formats.
TEST(CastVarcharToDate, IsoAndUnseparated) {
  EXPECT_EQ(cast("2024-02-29"), date(2024, 2, 29));
  EXPECT_EQ(cast("  2024-02-29  "), date(2024, 2, 29));
  EXPECT_EQ(cast("\t2024-02-29\r\n"), date(2024, 2, 29));
  EXPECT_EQ(cast("20240229"), date(2024, 2, 29));
  EXPECT_EQ(cast("240229"), date(2024, 2, 29));
  EXPECT_EQ(cast("2024"), date(2024, 1, 1));
  EXPECT_EQ(cast("2024/2/9"), date(2024, 2, 9));
  EXPECT_EQ(cast("2024.02.09"), date(2024, 2, 9));
  EXPECT_EQ(cast("0001-01-01"), date(1, 1, 1));
  EXPECT_EQ(cast("9999-12-31"), date(9999, 12, 31));
}

TEST(CastVarcharToDate, WithTimeOfDay) {
  EXPECT_EQ(cast("2024-02-29 10:20:30"), date(2024, 2, 29));
  EXPECT_EQ(cast("2024-02-29T10:20:30.1234567"), date(2024, 2, 29));
  EXPECT_EQ(cast("2024-02-29T10:20:30Z"), date(2024, 2, 29));
  EXPECT_EQ(cast("2024-02-29T10:20:30+05:30"), date(2024, 2, 29));
  EXPECT_EQ(cast("20240229 23:59"), date(2024, 2, 29));
  EXPECT_EQ(cast("Feb 29 2024 12:00AM"), date(2024, 2, 29));
  EXPECT_EQ(cast("02/29/2024 11 PM"), date(2024, 2, 29));
  EXPECT_EQ(cast("10:30"), date(1900, 1, 1));  // a time alone: 1900-01-01
  EXPECT_EQ(cast("10AM"), date(1900, 1, 1));
  EXPECT_EQ(cast("2024-02-29 24:00"), -1);
  EXPECT_EQ(cast("2024-02-29 13:00 PM"), -1);
  EXPECT_EQ(cast("2024-02-29 10:60"), -1);
  EXPECT_EQ(cast("2024-02-29 10"), -1);
  EXPECT_EQ(cast("2024-02-29T"), -1);
  EXPECT_EQ(cast("02/29/2024T10:00"), -1);  // T only after ISO yyyy-mm-dd
}

TEST(CastVarcharToDate, Alphabetic) {
  EXPECT_EQ(cast("Jan 1 2024"), date(2024, 1, 1));
  EXPECT_EQ(cast("January 1, 2024"), date(2024, 1, 1));
  EXPECT_EQ(cast("1 January 2024"), date(2024, 1, 1));
  EXPECT_EQ(cast("15-Apr-2024"), date(2024, 4, 15));
  EXPECT_EQ(cast("APRIL 15 24"), date(2024, 4, 15));
  EXPECT_EQ(cast("2024 April 15"), date(2024, 4, 15));
  EXPECT_EQ(cast("April 2024 15"), date(2024, 4, 15));
  EXPECT_EQ(cast("Apr 2024"), date(2024, 4, 1));
  EXPECT_EQ(cast("feb 29, 2024"), date(2024, 2, 29));
  EXPECT_EQ(cast("Feb 29, 2023"), -1);
  EXPECT_EQ(cast("Apr 15"), -1);
  EXPECT_EQ(cast("Apr May 2024"), -1);
  EXPECT_EQ(cast("Janu 1 2024"), -1);
}

TEST(CastVarcharToDate, LanguageMonthNames) {
  const SessionContext de = SessionContext::for_language(kDeutsch);
  const SessionContext fr = SessionContext::for_language(kFrancais);
  EXPECT_EQ(cast("1. März 2024", de), date(2024, 3, 1));
  EXPECT_EQ(cast("MÄRZ 1 2024", de), date(2024, 3, 1));
  EXPECT_EQ(cast("3 Okt 2024", de), date(2024, 10, 3));
  EXPECT_EQ(cast("29 février 2024", fr), date(2024, 2, 29));
  EXPECT_EQ(cast("29 FÉVRIER 2024", fr), date(2024, 2, 29));
  EXPECT_EQ(cast("15 août 2024", fr), date(2024, 8, 15));
  EXPECT_EQ(cast("März 1 2024"), -1);  // not an English month
  EXPECT_EQ(cast("Oct 3 2024", de), -1);
}

// SET DATEFORMAT page: the order of numeric date parts.
TEST(CastVarcharToDate, DateFormat) {
  EXPECT_EQ(cast("01/02/2024", with_format(kMdy)), date(2024, 1, 2));
  EXPECT_EQ(cast("01/02/2024", with_format(kDmy)), date(2024, 2, 1));
  EXPECT_EQ(cast("01.02.2024", with_format(kDmy)), date(2024, 2, 1));
  EXPECT_EQ(cast("24-01-02", with_format(kYmd)), date(2024, 1, 2));
  EXPECT_EQ(cast("24/02/01", with_format(kYdm)), date(2024, 1, 2));
  EXPECT_EQ(cast("01/2024/02", with_format(kMyd)), date(2024, 1, 2));
  EXPECT_EQ(cast("02/2024/01", with_format(kDym)), date(2024, 1, 2));
  EXPECT_EQ(cast("13/01/2024", with_format(kMdy)), -1);
  EXPECT_EQ(cast("13/01/2024", with_format(kDmy)), date(2024, 1, 13));
  // DATE reads year-first strings as y-m-d under every DATEFORMAT.
  EXPECT_EQ(cast("2024-01-13", with_format(kDmy)), date(2024, 1, 13));
  EXPECT_EQ(cast("2024-01-13", with_format(kYdm)), date(2024, 1, 13));
  // Two-digit years: cutoff 2049.
  EXPECT_EQ(cast("1/2/49"), date(2049, 1, 2));
  EXPECT_EQ(cast("1/2/50"), date(1950, 1, 2));
  EXPECT_EQ(cast("12/31/99"), date(1999, 12, 31));
  EXPECT_EQ(cast("1/1/00"), date(2000, 1, 1));
}

TEST(CastVarcharToDate, Failures) {
  for (const char* s : {"", "   ", "2023-02-29", "2024-13-01", "2024-04-31", "1995-10-1a", "abc", "2024/01-01",
                        "2024-01", "10000-01-01", "0000-01-01", "2024--01-01", "-2024-01-01", "2024-01-01-",
                        "2024 01 01", "123", "1234567", "123456789", "2024-001-01", "\xEF\xBC\x92\xEF\xBC\x90",
                        "2024-01-01 extra", "01/02", "1/2/3/4", "2024-01-01\xC3\xA9", "00000000"})
    EXPECT_EQ(cast(s), -1) << s;
  int32_t out = 0;
  SessionContext ctx;
  EXPECT_EQ(tsf_cast_varchar_to_date(&out, "2024-01-01", 0, &ctx), kDateConversionFailed);  // empty slice
}

// CAST and CONVERT page: a style fixes the input order, whatever DATEFORMAT says.
TEST(ConvertVarcharToDate, Styles) {
  const SessionContext dmy = with_format(kDmy);
  EXPECT_EQ(convert("09/02/2024", 103), date(2024, 2, 9));
  EXPECT_EQ(convert("09/02/2024", 101, dmy), date(2024, 9, 2));
  EXPECT_EQ(convert("09.02.2024", 104), date(2024, 2, 9));
  EXPECT_EQ(convert("09-02-2024", 105), date(2024, 2, 9));
  EXPECT_EQ(convert("09-02-2024", 110), date(2024, 9, 2));
  EXPECT_EQ(convert("24.02.09", 2), date(2024, 2, 9));
  EXPECT_EQ(convert("20240209", 112), date(2024, 2, 9));
  EXPECT_EQ(convert("240209", 12), date(2024, 2, 9));
  EXPECT_EQ(convert("2024-02-09", 23), date(2024, 2, 9));
  EXPECT_EQ(convert("2024-02-09T13:14:15.123", 126), date(2024, 2, 9));
  EXPECT_EQ(convert("Feb  9 2024", 100), date(2024, 2, 9));
  EXPECT_EQ(convert("09 Feb 2024", 106), date(2024, 2, 9));
  EXPECT_EQ(convert("Feb 09, 2024", 107), date(2024, 2, 9));
  EXPECT_EQ(convert("31/02/2024", 103), -1);
  EXPECT_EQ(convert("", 103), -1);
}

TEST(ConvertVarcharToDate, InvalidStyleIsAnErrorEvenForTry) {
  SessionContext ctx;
  int32_t out = 0;
  EXPECT_EQ(tsf_convert_varchar_to_date(&out, "2024-01-01", 10, 999, &ctx), kInvalidStyle);
  EXPECT_EQ(tsf_try_convert_varchar_to_date(&out, "2024-01-01", 10, 999, &ctx), kInvalidStyle);
  EXPECT_EQ(tsf_try_convert_varchar_to_date(&out, "2024-01-01", 10, 8, &ctx), kInvalidStyle);
}

// Every style reads back what it writes (two-digit styles within the cutoff window).
TEST(ConvertVarcharToDate, RoundTripsEveryStyle) {
  const int32_t dates[] = {date(1950, 1, 1), date(2000, 2, 29), date(2024, 2, 9), date(2049, 12, 31),
                           date(1999, 10, 10)};
  const int32_t four_digit[] = {date(1, 1, 1), date(9999, 12, 31), date(1752, 9, 14)};
  for (int32_t lang = 0; lang < kLanguageCount; ++lang) {
    const SessionContext ctx = SessionContext::for_language(lang);
    for (int32_t style : kStyles) {
      for (int32_t d : dates) EXPECT_EQ(convert(to_text(d, style, ctx), style, ctx), d) << style;
      const bool yyyy = style == 0 || style == 20 || style == 21 || style == 23 || style >= 100;
      if (!yyyy) continue;
      for (int32_t d : four_digit) EXPECT_EQ(convert(to_text(d, style, ctx), style, ctx), d) << style;
    }
  }
}

// ISDATE page, example "Showing the effects of SET DATEFORMAT and SET LANGUAGE".
TEST(IsDate, DocumentedDateFormatExamples) {
  EXPECT_EQ(isdate("04/15/2008", with_format(kMdy)), 1);
  EXPECT_EQ(isdate("04-15-2008", with_format(kMdy)), 1);
  EXPECT_EQ(isdate("04.15.2008", with_format(kMdy)), 1);
  EXPECT_EQ(isdate("04/2008/15", with_format(kMyd)), 1);
  EXPECT_EQ(isdate("15/04/2008", with_format(kMdy)), 0);
  EXPECT_EQ(isdate("15/2008/04", with_format(kMdy)), 0);
  EXPECT_EQ(isdate("2008/15/04", with_format(kMdy)), 0);
  EXPECT_EQ(isdate("2008/04/15", with_format(kMdy)), 1);
  EXPECT_EQ(isdate("15/04/2008", with_format(kDmy)), 1);
  EXPECT_EQ(isdate("15/2008/04", with_format(kDym)), 1);
  EXPECT_EQ(isdate("2008/15/04", with_format(kYdm)), 1);
  EXPECT_EQ(isdate("2008/04/15", with_format(kYmd)), 1);
  EXPECT_EQ(isdate("15/04/2008", SessionContext::for_language(kUsEnglish)), 0);
  EXPECT_EQ(isdate("2008/04/15", SessionContext::for_language(kBritish)), 1);
}

TEST(IsDate, DatetimeRulesAndNull) {
  EXPECT_EQ(isdate("2009-05-12 10:19:41.177"), 1);  // ISDATE page, example A
  EXPECT_EQ(isdate("2009-05-12 10:19:41.1774"), 0);  // more than 3 fractional digits
  EXPECT_EQ(isdate("1995-10-1a"), 0);
  EXPECT_EQ(isdate("0001-01-01"), 0);  // before the datetime range
  EXPECT_EQ(isdate("1752-12-31"), 0);
  EXPECT_EQ(isdate("1753-01-01"), 1);
  EXPECT_EQ(isdate("9999-12-31"), 1);
  EXPECT_EQ(isdate("2024-02-29"), 1);
  EXPECT_EQ(isdate("2023-02-29"), 0);
  EXPECT_EQ(isdate(""), 0);
  EXPECT_EQ(isdate("10:00"), 1);
  EXPECT_EQ(isdate("März 1 2024", SessionContext::for_language(kDeutsch)), 1);
  EXPECT_EQ(isdate("Ärger"), 0);
  SessionContext ctx;
  int32_t out = -1;
  EXPECT_EQ(tsf_isdate(&out, nullptr, 0, 1, &ctx), kOk);  // ISDATE(NULL) = 0
  EXPECT_EQ(out, 0);
}
