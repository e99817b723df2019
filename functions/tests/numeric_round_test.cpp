// ROUND, FLOOR and CEILING. Examples from the SQL Server pages
// "ROUND (Transact-SQL)", "FLOOR (Transact-SQL)" and "CEILING (Transact-SQL)".
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>

#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/numeric_rounding.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;

namespace {
struct DecResult {
  int32_t status;
  int64_t value;
  bool operator==(const DecResult&) const = default;
};
DecResult round_dec(int64_t x, int32_t length, int32_t p, int32_t s) {
  int64_t out = 0;
  int32_t st = tsf_round_decimal(&out, x, length, p, s);
  return {st, st == kOk ? out : 0};
}
DecResult trunc_dec(int64_t x, int32_t length, int32_t function, int32_t p, int32_t s) {
  int64_t out = 0;
  int32_t st = tsf_round_decimal_fn(&out, x, length, function, p, s);
  return {st, st == kOk ? out : 0};
}
DecResult ok(int64_t v) { return {kOk, v}; }
DecResult err(int32_t st) { return {st, 0}; }
}  // namespace

TEST(NumericRound, DocumentedDecimalExamples) {
  // ROUND page: ROUND(123.9994, 3) = 123.9990, ROUND(123.9995, 3) = 124.0000 (decimal(7,4)).
  EXPECT_EQ(round_dec(1239994, 3, 7, 4), ok(1239990));
  EXPECT_EQ(round_dec(1239995, 3, 7, 4), ok(1240000));
  // ROUND page: ROUND(123.4545, 2) = 123.4500; ROUND(123.45, -2) = 100.00.
  EXPECT_EQ(round_dec(1234545, 2, 7, 4), ok(1234500));
  EXPECT_EQ(round_dec(12345, -2, 5, 2), ok(10000));
  // ROUND page: ROUND(150.75, 0) = 151.00; ROUND(150.75, 0, 1) = 150.00.
  EXPECT_EQ(round_dec(15075, 0, 5, 2), ok(15100));
  EXPECT_EQ(trunc_dec(15075, 0, 1, 5, 2), ok(15000));
  EXPECT_EQ(trunc_dec(15075, 0, 0, 5, 2), ok(15100));
  // ROUND page: 748.58 (decimal(5,2)) with -1, -2 -> 750.00, 700.00; -3 overflows
  // because 1000.00 needs precision 6; -4 gives 0.
  EXPECT_EQ(round_dec(74858, -1, 5, 2), ok(75000));
  EXPECT_EQ(round_dec(74858, -2, 5, 2), ok(70000));
  EXPECT_EQ(round_dec(74858, -3, 5, 2), err(kArithmeticOverflow));
  EXPECT_EQ(round_dec(74858, -4, 5, 2), ok(0));
}

TEST(NumericRound, DecimalEdges) {
  // 999.9 as decimal(4,1) rounded to 0 decimals needs 1000.0: overflow.
  EXPECT_EQ(round_dec(9999, 0, 4, 1), err(kArithmeticOverflow));
  EXPECT_EQ(trunc_dec(9999, 0, 1, 4, 1), ok(9990));
  // Half away from zero for negatives.
  EXPECT_EQ(round_dec(-15075, 0, 5, 2), ok(-15100));
  EXPECT_EQ(round_dec(-15049, 0, 5, 2), ok(-15000));
  EXPECT_EQ(trunc_dec(-15075, 0, 1, 5, 2), ok(-15000));
  // length >= scale: unchanged.
  EXPECT_EQ(round_dec(12345, 2, 5, 2), ok(12345));
  EXPECT_EQ(round_dec(12345, 50, 5, 2), ok(12345));
  // Very negative lengths give 0.
  EXPECT_EQ(round_dec(999999999999999999LL, -100, 18, 0), ok(0));
  EXPECT_EQ(round_dec(-999999999999999999LL, INT32_MIN, 18, 0), ok(0));
  EXPECT_EQ(round_dec(999999999999999999LL, -18, 18, 0), err(kArithmeticOverflow));
  EXPECT_EQ(round_dec(499999999999999999LL, -18, 18, 0), ok(0));
  EXPECT_EQ(round_dec(0, -1, 18, 0), ok(0));
  // Bad type constants.
  EXPECT_EQ(round_dec(1, 0, 19, 0), err(kInvalidArgument));
  EXPECT_EQ(round_dec(1, 0, 5, 6), err(kInvalidArgument));
}

TEST(NumericRound, Integers) {
  int32_t i = 0;
  EXPECT_EQ(tsf_round_int(&i, 748, -1), kOk);
  EXPECT_EQ(i, 750);
  EXPECT_EQ(tsf_round_int(&i, -745, -1), kOk);
  EXPECT_EQ(i, -750);
  EXPECT_EQ(tsf_round_int(&i, 123, 2), kOk);
  EXPECT_EQ(i, 123);
  EXPECT_EQ(tsf_round_int(&i, 123, -5), kOk);
  EXPECT_EQ(i, 0);
  EXPECT_EQ(tsf_round_int_fn(&i, 759, -1, 1), kOk);
  EXPECT_EQ(i, 750);
  // Rounding up past INT_MAX overflows.
  EXPECT_EQ(tsf_round_int(&i, INT32_MAX, -1), kArithmeticOverflow);
  EXPECT_EQ(tsf_round_int(&i, INT32_MIN, -1), kArithmeticOverflow);
  EXPECT_EQ(tsf_round_int_fn(&i, INT32_MAX, -1, 1), kOk);
  EXPECT_EQ(i, 2147483640);
  EXPECT_EQ(tsf_round_int(&i, INT32_MAX, -10), kOk);
  EXPECT_EQ(i, 0);
  int64_t l = 0;
  EXPECT_EQ(tsf_round_bigint(&l, INT64_MAX, -1), kArithmeticOverflow);
  EXPECT_EQ(tsf_round_bigint(&l, INT64_MAX, -19), kArithmeticOverflow);  // 10^19
  EXPECT_EQ(tsf_round_bigint(&l, INT64_MAX, -20), kOk);
  EXPECT_EQ(l, 0);
  EXPECT_EQ(tsf_round_bigint(&l, INT64_MIN, -18), kOk);
  EXPECT_EQ(l, -9000000000000000000LL);
  EXPECT_EQ(tsf_round_bigint(&l, INT64_MIN, -19), kArithmeticOverflow);
  EXPECT_EQ(tsf_round_bigint_fn(&l, INT64_MIN, -19, 1), kOk);
  EXPECT_EQ(l, 0);
  EXPECT_EQ(tsf_round_bigint(&l, 1234567, -3), kOk);
  EXPECT_EQ(l, 1235000);
}

TEST(NumericRound, Float) {
  double f = 0;
  EXPECT_EQ(tsf_round_float(&f, 123.4545, 2), kOk);
  EXPECT_DOUBLE_EQ(f, 123.45);
  EXPECT_EQ(tsf_round_float(&f, 150.75, 0), kOk);
  EXPECT_EQ(f, 151.0);
  EXPECT_EQ(tsf_round_float_fn(&f, 150.75, 0, 1), kOk);
  EXPECT_EQ(f, 150.0);
  EXPECT_EQ(tsf_round_float(&f, -2.5, 0), kOk);
  EXPECT_EQ(f, -3.0);
  EXPECT_EQ(tsf_round_float(&f, 748.58, -2), kOk);
  EXPECT_EQ(f, 700.0);
  EXPECT_EQ(tsf_round_float(&f, 748.58, -3), kOk);  // float has no precision limit
  EXPECT_EQ(f, 1000.0);
  EXPECT_EQ(tsf_round_float(&f, 748.58, -400), kOk);
  EXPECT_EQ(f, 0.0);
  EXPECT_EQ(tsf_round_float(&f, 1.5e300, 20), kOk);  // no fractional digits to drop
  EXPECT_EQ(f, 1.5e300);
  EXPECT_EQ(tsf_round_float(&f, 0.125, 400), kOk);
  EXPECT_EQ(f, 0.125);
  // Rounding the largest double up to a power of ten leaves the double range.
  EXPECT_EQ(tsf_round_float(&f, 1.7976931348623157e308, -308), kArithmeticOverflow);
}

// ROUND(float) takes 10^0 .. 10^22 from a table of exact powers and the rest from pmath::pow: the table
// must give what pmath::pow gives there, and the seam at 22/23 must hold.
TEST(NumericRound, FloatPowersOfTenMatchPow) {
  double exact = 1.0;
  for (int32_t k = 0; k <= 22; ++k, exact *= 10.0) {
    EXPECT_EQ(FloatRound::pow10(k), exact) << k;
    EXPECT_EQ(FloatRound::pow10(k), pmath::pow(10.0, k)) << k;
  }
  EXPECT_EQ(FloatRound::pow10(23), pmath::pow(10.0, 23.0));
  double f = 0;
  EXPECT_EQ(tsf_round_float(&f, 0.5e-22, 22), kOk);  // 0.5e-22 * 1e22 = 0.5 rounds away from zero
  EXPECT_EQ(f, 1e-22);
  EXPECT_EQ(tsf_round_float(&f, 123456789012.0, -11), kOk);
  EXPECT_EQ(f, 100000000000.0);
}

TEST(NumericRound, Money) {
  int64_t m = 0;
  // $123.4567 -> 123.46 (length 2), -> 100.0000 (length -2), unchanged for length 4.
  EXPECT_EQ(tsf_round_money(&m, 1234567, 2), kOk);
  EXPECT_EQ(m, 1234600);
  EXPECT_EQ(tsf_round_money(&m, 1234567, -2), kOk);
  EXPECT_EQ(m, 1000000);
  EXPECT_EQ(tsf_round_money(&m, 1234567, 4), kOk);
  EXPECT_EQ(m, 1234567);
  EXPECT_EQ(tsf_round_money_fn(&m, 1234567, 2, 1), kOk);
  EXPECT_EQ(m, 1234500);
  EXPECT_EQ(tsf_round_money(&m, INT64_MAX, 0), kArithmeticOverflow);
  EXPECT_EQ(tsf_round_money_fn(&m, INT64_MAX, 0, 1), kOk);
  EXPECT_EQ(m, 9223372036854770000LL);
}

// {fn TRUNCATE(x, length)} (ODBC): "SELECT {fn TRUNCATE( 100.123456, 4)}; -- Returns 100.123400" (ODBC Scalar
// Functions (Transact-SQL)); a negative length truncates left of the point; the type is kept.
TEST(NumericTruncate, DocumentedExampleAndEdges) {
  int64_t dec = 0;
  ASSERT_EQ(tsf_truncate_decimal(&dec, 100123456, 4, 9, 6), kOk);
  EXPECT_EQ(dec, 100123400);
  ASSERT_EQ(tsf_truncate_decimal(&dec, -100123456, 4, 9, 6), kOk);  // toward zero
  EXPECT_EQ(dec, -100123400);
  ASSERT_EQ(tsf_truncate_decimal(&dec, 999999999, -2, 9, 6), kOk);  // 999.999999 -> 900.000000
  EXPECT_EQ(dec, 900000000);
  ASSERT_EQ(tsf_truncate_decimal(&dec, 999999999, 6, 9, 6), kOk);  // nothing past the scale to cut
  EXPECT_EQ(dec, 999999999);
  int32_t i = 0;
  ASSERT_EQ(tsf_truncate_int(&i, 1999, -3), kOk);
  EXPECT_EQ(i, 1000);
  ASSERT_EQ(tsf_truncate_int(&i, -1999, -3), kOk);
  EXPECT_EQ(i, -1000);
  ASSERT_EQ(tsf_truncate_int(&i, INT32_MAX, -1), kOk);  // truncation never overflows
  EXPECT_EQ(i, 2147483640);
  ASSERT_EQ(tsf_truncate_int(&i, INT32_MIN, 0), kOk);
  EXPECT_EQ(i, INT32_MIN);
  int64_t b = 0;
  ASSERT_EQ(tsf_truncate_bigint(&b, INT64_MAX, -18), kOk);
  EXPECT_EQ(b, 9'000'000'000'000'000'000);
  double f = 0;
  ASSERT_EQ(tsf_truncate_float(&f, 2.71828, 2), kOk);
  EXPECT_EQ(f, 2.71);
  ASSERT_EQ(tsf_truncate_float(&f, -2.71828, 0), kOk);
  EXPECT_EQ(f, -2.0);
  int64_t m = 0;
  ASSERT_EQ(tsf_truncate_money(&m, 1234567, 2), kOk);  // 123.4567 -> 123.4500
  EXPECT_EQ(m, 1234500);
  // Each equals ROUND(x, length, 1).
  for (int32_t len = -4; len <= 8; ++len) {
    int64_t r = 0, t = 0;
    ASSERT_EQ(tsf_round_decimal_fn(&r, -98765432, len, 1, 9, 4), kOk);
    ASSERT_EQ(tsf_truncate_decimal(&t, -98765432, len, 9, 4), kOk);
    EXPECT_EQ(r, t) << len;
  }
}

TEST(NumericFloorCeiling, DocumentedExamples) {
  // FLOOR page: FLOOR(123.45), FLOOR(-123.45), FLOOR($123.45) -> 123, -124, 123.0000.
  int64_t l = 0;
  EXPECT_EQ(tsf_floor_decimal(&l, 12345, 5, 2), kOk);
  EXPECT_EQ(l, 123);
  EXPECT_EQ(tsf_floor_decimal(&l, -12345, 5, 2), kOk);
  EXPECT_EQ(l, -124);
  EXPECT_EQ(tsf_floor_money(&l, 1234500), kOk);
  EXPECT_EQ(l, 1230000);
  // CEILING page: CEILING($123.45), CEILING($-123.45), CEILING($0.0) -> 124.00, -123.00, 0.00.
  EXPECT_EQ(tsf_ceiling_money(&l, 1234500), kOk);
  EXPECT_EQ(l, 1240000);
  EXPECT_EQ(tsf_ceiling_money(&l, -1234500), kOk);
  EXPECT_EQ(l, -1230000);
  EXPECT_EQ(tsf_ceiling_money(&l, 0), kOk);
  EXPECT_EQ(l, 0);
}

TEST(NumericFloorCeiling, Edges) {
  int64_t l = 0;
  EXPECT_EQ(tsf_ceiling_decimal(&l, 12345, 5, 2), kOk);
  EXPECT_EQ(l, 124);
  EXPECT_EQ(tsf_ceiling_decimal(&l, -12345, 5, 2), kOk);
  EXPECT_EQ(l, -123);
  EXPECT_EQ(tsf_ceiling_decimal(&l, 99, 2, 1), kOk);  // 9.9 -> 10 fits decimal(2,0)
  EXPECT_EQ(l, 10);
  EXPECT_EQ(tsf_floor_decimal(&l, -1, 18, 18), kOk);
  EXPECT_EQ(l, -1);
  EXPECT_EQ(tsf_ceiling_decimal(&l, 1, 18, 18), kOk);
  EXPECT_EQ(l, 1);
  EXPECT_EQ(tsf_floor_decimal(&l, 4200, 4, 2), kOk);
  EXPECT_EQ(l, 42);
  EXPECT_EQ(tsf_floor_decimal(&l, 7, 18, 0), kOk);
  EXPECT_EQ(l, 7);
  // Money extremes: the whole amount beyond the range overflows.
  EXPECT_EQ(tsf_floor_money(&l, INT64_MIN), kArithmeticOverflow);
  EXPECT_EQ(tsf_ceiling_money(&l, INT64_MAX), kArithmeticOverflow);
  EXPECT_EQ(tsf_floor_money(&l, INT64_MAX), kOk);
  EXPECT_EQ(l, 9223372036854770000LL);
  double f = 0;
  EXPECT_EQ(tsf_floor_float(&f, -0.5), kOk);
  EXPECT_EQ(f, -1.0);
  EXPECT_EQ(tsf_ceiling_float(&f, -0.5), kOk);
  EXPECT_EQ(f, 0.0);
  EXPECT_EQ(tsf_ceiling_float(&f, 123.45), kOk);
  EXPECT_EQ(f, 124.0);
  int32_t i = 0;
  EXPECT_EQ(tsf_floor_int(&i, INT32_MIN), kOk);
  EXPECT_EQ(i, INT32_MIN);
  EXPECT_EQ(tsf_ceiling_int(&i, INT32_MAX), kOk);
  EXPECT_EQ(i, INT32_MAX);
  EXPECT_EQ(tsf_floor_bigint(&l, INT64_MIN), kOk);
  EXPECT_EQ(l, INT64_MIN);
  EXPECT_EQ(tsf_ceiling_bigint(&l, -3), kOk);
  EXPECT_EQ(l, -3);
}
