// DECIMAL and MONEY arithmetic. Result types from the SQL Server page
// "Precision, scale, and length (Transact-SQL)"; money from "money and
// smallmoney (Transact-SQL)"; division by zero is Msg 8134.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>

#include "tessera/functions/numeric_decimal_arith.hpp"
#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;

// The type rule is constexpr: the binder can evaluate it at compile time.
static_assert(sql_server_result_type(DecimalOp::kAdd, 5, 2, 7, 4) == DecimalType{8, 4});
static_assert(result_type(DecimalOp::kMul, 18, 2, 18, 2) == DecimalType{18, 4});

namespace {
struct R {
  int32_t status;
  int64_t value;
  bool operator==(const R&) const = default;
};
using DecFn = int32_t (*)(int64_t*, int64_t, int64_t, int32_t, int32_t, int32_t, int32_t);
R dec(DecFn f, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
  int64_t out = 0;
  int32_t st = f(&out, a, b, p1, s1, p2, s2);
  return {st, st == kOk ? out : 0};
}
using MoneyFn = int32_t (*)(int64_t*, int64_t, int64_t);
R money(MoneyFn f, int64_t a, int64_t b) {
  int64_t out = 0;
  int32_t st = f(&out, a, b);
  return {st, st == kOk ? out : 0};
}
R ok(int64_t v) { return {kOk, v}; }
R err(int32_t st) { return {st, 0}; }
}  // namespace

TEST(NumericDecimalType, SqlServerRules) {
  // Precision, scale, and length: add/sub p = max(s1,s2) + max(p1-s1,p2-s2) + 1, s = max(s1,s2).
  EXPECT_EQ(sql_server_result_type(DecimalOp::kAdd, 5, 2, 7, 4), (DecimalType{8, 4}));
  EXPECT_EQ(sql_server_result_type(DecimalOp::kSub, 18, 0, 3, 3), (DecimalType{22, 3}));
  // mul: p = p1 + p2 + 1, s = s1 + s2.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kMul, 5, 2, 7, 4), (DecimalType{13, 6}));
  // div: s = max(6, s1 + p2 + 1), p = p1 - s1 + s2 + s.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kDiv, 1, 0, 1, 0), (DecimalType{7, 6}));
  EXPECT_EQ(sql_server_result_type(DecimalOp::kDiv, 5, 2, 7, 4), (DecimalType{17, 10}));
  // Capped at 38: decimal(38,10) / decimal(38,10) is decimal(38,6);
  // decimal(28,10) / decimal(38,10) keeps decimal(38,10).
  EXPECT_EQ(sql_server_result_type(DecimalOp::kDiv, 38, 10, 38, 10), (DecimalType{38, 6}));
  EXPECT_EQ(sql_server_result_type(DecimalOp::kDiv, 28, 10, 38, 10), (DecimalType{38, 10}));
  // decimal(38,2) * decimal(38,2): integral part 73 > 32, scale < 6 stays.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kMul, 38, 2, 38, 2), (DecimalType{38, 4}));
  EXPECT_EQ(sql_server_result_type(DecimalOp::kMul, 38, 20, 38, 20), (DecimalType{38, 6}));
}

TEST(NumericDecimalType, TesseraCapAt18) {
  // Types that fit 18 digits are SQL Server's.
  EXPECT_EQ(result_type(DecimalOp::kAdd, 5, 2, 7, 4), (DecimalType{8, 4}));
  EXPECT_EQ(result_type(DecimalOp::kDiv, 5, 2, 7, 4), (DecimalType{17, 10}));
  // Otherwise the same reduction with 18 in place of 38.
  EXPECT_EQ(result_type(DecimalOp::kAdd, 18, 2, 18, 2), (DecimalType{18, 2}));
  EXPECT_EQ(result_type(DecimalOp::kAdd, 18, 10, 18, 10), (DecimalType{18, 9}));
  EXPECT_EQ(result_type(DecimalOp::kMul, 18, 10, 18, 10), (DecimalType{18, 6}));
  EXPECT_EQ(result_type(DecimalOp::kDiv, 18, 10, 18, 10), (DecimalType{18, 6}));
  EXPECT_EQ(result_type(DecimalOp::kDiv, 18, 18, 18, 0), (DecimalType{18, 18}));
  for (int32_t p1 = 1; p1 <= 18; ++p1)
    for (int32_t s1 = 0; s1 <= p1; ++s1)
      for (int32_t p2 = 1; p2 <= 18; ++p2)
        for (int32_t s2 = 0; s2 <= p2; ++s2)
          for (DecimalOp op : {DecimalOp::kAdd, DecimalOp::kSub, DecimalOp::kMul, DecimalOp::kDiv, DecimalOp::kMod}) {
            const DecimalType t = result_type(op, p1, s1, p2, s2);
            ASSERT_TRUE(valid_decimal_type(t.precision, t.scale));
            if (op == DecimalOp::kDiv) {
              ASSERT_GE(t.scale + s2 - s1, 0);
            }
          }
}

TEST(NumericDecimalArith, AddSub) {
  // 1.5 (2,1) + 2.25 (3,2) = 3.75 as decimal(4,2).
  EXPECT_EQ(dec(tsf_decimal_add, 15, 225, 2, 1, 3, 2), ok(375));
  EXPECT_EQ(dec(tsf_decimal_sub, 15, 225, 2, 1, 3, 2), ok(-75));
  EXPECT_EQ(dec(tsf_decimal_add, -15, 15, 2, 1, 2, 1), ok(0));
  // 9.9 + 0.1 needs the carry digit of decimal(3,1).
  EXPECT_EQ(dec(tsf_decimal_add, 99, 1, 2, 1, 2, 1), ok(100));
  // decimal(18,0) maximum + 1 exceeds 18 digits.
  EXPECT_EQ(dec(tsf_decimal_add, 999999999999999999LL, 1, 18, 0, 18, 0), err(kArithmeticOverflow));
  EXPECT_EQ(dec(tsf_decimal_sub, -999999999999999999LL, 1, 18, 0, 18, 0), err(kArithmeticOverflow));
  EXPECT_EQ(dec(tsf_decimal_sub, 999999999999999999LL, 1, 18, 0, 18, 0), ok(999999999999999998LL));
  // decimal(18,10) + decimal(18,10) is stored as decimal(18,9): rounded half away.
  EXPECT_EQ(dec(tsf_decimal_add, 5, 0, 18, 10, 18, 10), ok(1));
  EXPECT_EQ(dec(tsf_decimal_add, -5, 0, 18, 10, 18, 10), ok(-1));
  EXPECT_EQ(dec(tsf_decimal_add, 4, 0, 18, 10, 18, 10), ok(0));
  EXPECT_EQ(dec(tsf_decimal_add, 1, 1, 19, 0, 1, 0), err(kInvalidArgument));
}

TEST(NumericDecimalArith, Mul) {
  // 1.5 * 2.25 = 3.375 as decimal(6,3).
  EXPECT_EQ(dec(tsf_decimal_mul, 15, 225, 2, 1, 3, 2), ok(3375));
  EXPECT_EQ(dec(tsf_decimal_mul, -15, 225, 2, 1, 3, 2), ok(-3375));
  EXPECT_EQ(dec(tsf_decimal_mul, 0, -225, 2, 1, 3, 2), ok(0));
  // decimal(18,10) * decimal(18,10) is decimal(18,6): 1.0000005 * 1 rounds to 1.000001.
  EXPECT_EQ(dec(tsf_decimal_mul, 10000005000LL, 10000000000LL, 18, 10, 18, 10), ok(1000001));
  // decimal(18,2) * decimal(18,2) -> decimal(18,4): 10^14 * 10^2 does not fit.
  EXPECT_EQ(dec(tsf_decimal_mul, 10000000000000000LL, 10000, 18, 2, 18, 2), err(kArithmeticOverflow));
  EXPECT_EQ(dec(tsf_decimal_mul, 10000000000000LL, 10000, 18, 2, 18, 2), ok(1000000000000000000LL / 10));
  EXPECT_EQ(dec(tsf_decimal_mul, 999999999999999999LL, 999999999999999999LL, 18, 0, 18, 0),
            err(kArithmeticOverflow));
}

TEST(NumericDecimalArith, Div) {
  // 2 / 3 as decimal(1,0) operands: decimal(7,6) 0.666666 (truncated, as SQL Server).
  EXPECT_EQ(dec(tsf_decimal_div, 2, 3, 1, 0, 1, 0), ok(666666));
  EXPECT_EQ(dec(tsf_decimal_div, -2, 3, 1, 0, 1, 0), ok(-666666));
  EXPECT_EQ(dec(tsf_decimal_div, 2, -3, 1, 0, 1, 0), ok(-666666));
  // 1.67574 / 10000 with decimal(18,10) operands -> decimal(18,6) 0.000167.
  EXPECT_EQ(dec(tsf_decimal_div, 16757400000LL, 100000000000000LL, 18, 10, 18, 10), ok(167));
  // 10.00 / 4.0 -> decimal(5,2)/decimal(2,1): s = max(6, 2+2+1) = 6 -> 2.500000.
  EXPECT_EQ(dec(tsf_decimal_div, 1000, 40, 5, 2, 2, 1), ok(2500000));
  // Division by zero.
  EXPECT_EQ(dec(tsf_decimal_div, 1, 0, 5, 2, 5, 2), err(kDivideByZero));
  EXPECT_EQ(dec(tsf_decimal_div, 0, 0, 5, 2, 5, 2), err(kDivideByZero));
  // Large quotients overflow 18 digits: 10^17 / 10^-18 in decimal(18,0)/decimal(18,18).
  EXPECT_EQ(dec(tsf_decimal_div, 100000000000000000LL, 1, 18, 0, 18, 18), err(kArithmeticOverflow));
  EXPECT_EQ(dec(tsf_decimal_div, 999999999999999999LL, 1, 18, 0, 1, 0), err(kArithmeticOverflow));
  // 0.5 / 2 in decimal(18,18) / decimal(18,0): decimal(18,18) 0.25.
  EXPECT_EQ(dec(tsf_decimal_div, 500000000000000000LL, 2, 18, 18, 18, 0), ok(250000000000000000LL));
}

TEST(NumericDecimalArith, Mod) {
  // e1 % e2: p = min(p1-s1, p2-s2) + max(s1,s2), s = max(s1,s2).
  EXPECT_EQ(sql_server_result_type(DecimalOp::kMod, 5, 2, 3, 1), (DecimalType{4, 2}));
  // 10.5 % 3 = 1.5 (decimal(3,1) % decimal(1,0)); the sign follows the dividend.
  EXPECT_EQ(dec(tsf_decimal_mod, 105, 3, 3, 1, 1, 0), ok(15));
  EXPECT_EQ(dec(tsf_decimal_mod, -105, 3, 3, 1, 1, 0), ok(-15));
  EXPECT_EQ(dec(tsf_decimal_mod, 105, -3, 3, 1, 1, 0), ok(15));
  // 7.25 % 0.5 = 0.25.
  EXPECT_EQ(dec(tsf_decimal_mod, 725, 5, 3, 2, 1, 1), ok(25));
  EXPECT_EQ(dec(tsf_decimal_mod, 999999999999999999LL, 7, 18, 0, 1, 0), ok(999999999999999999LL % 7));
  EXPECT_EQ(dec(tsf_decimal_mod, 1, 0, 1, 0, 1, 0), err(kDivideByZero));
}

TEST(NumericMoneyArith, AddSub) {
  EXPECT_EQ(money(tsf_money_add, 12345, 10000), ok(22345));
  EXPECT_EQ(money(tsf_money_sub, 12345, 22345), ok(-10000));
  // money range is [-922337203685477.5808, 922337203685477.5807].
  EXPECT_EQ(money(tsf_money_add, INT64_MAX, 1), err(kArithmeticOverflow));
  EXPECT_EQ(money(tsf_money_sub, INT64_MIN, 1), err(kArithmeticOverflow));
  EXPECT_EQ(money(tsf_money_sub, INT64_MAX, INT64_MAX), ok(0));
}

TEST(NumericMoneyArith, MulDivRoundToFourDecimals) {
  // $1.2345 * $1.2345 = 1.52399025 -> 1.5240.
  EXPECT_EQ(money(tsf_money_mul, 12345, 12345), ok(15240));
  EXPECT_EQ(money(tsf_money_mul, -12345, 12345), ok(-15240));
  EXPECT_EQ(money(tsf_money_mul, 20000, 30000), ok(60000));
  EXPECT_EQ(money(tsf_money_mul, INT64_MAX, 20000), err(kArithmeticOverflow));
  // $1 / $3 = 0.3333, $2 / $3 = 0.6667.
  EXPECT_EQ(money(tsf_money_div, 10000, 30000), ok(3333));
  EXPECT_EQ(money(tsf_money_div, 20000, 30000), ok(6667));
  EXPECT_EQ(money(tsf_money_div, -20000, 30000), ok(-6667));
  EXPECT_EQ(money(tsf_money_div, 20000, -30000), ok(-6667));
  EXPECT_EQ(money(tsf_money_div, 10000, 0), err(kDivideByZero));
  EXPECT_EQ(money(tsf_money_div, INT64_MAX, 1), err(kArithmeticOverflow));  // / 0.0001
  EXPECT_EQ(money(tsf_money_div, INT64_MAX, 10000), ok(INT64_MAX));
}
