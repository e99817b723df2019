// 38-digit DECIMAL arithmetic (decimal128.hpp) against an exact oracle.
//
// The oracle applies the rules of SQL Server's "Precision, scale, and length
// (Transact-SQL)" with boost::multiprecision::cpp_int (test only): the result
// type is sql_server_result_type(), the value is the exact rational result
// rounded half away from zero (add, sub, mul) or truncated (div) at the result
// scale, and |r| >= 10^p is an overflow (Msg 8115). The oracle works from the
// rational value (N / D), not from the library's alignment steps.
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <cstdio>
#include <random>
#include <sstream>
#include <string>

#include "tessera/functions/decimal128.hpp"
#include "tessera/functions/numeric_decimal_arith.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;
using boost::multiprecision::cpp_int;

namespace {
using i128 = __int128;
using u128 = unsigned __int128;

std::string str(i128 v) {
  u128 m = v < 0 ? u128{0} - static_cast<u128>(v) : static_cast<u128>(v);
  char digits[48];
  int32_t n = 0;
  do {
    digits[n++] = static_cast<char>('0' + static_cast<int32_t>(m % 10));
    m /= 10;
  } while (m != 0);
  std::string s = v < 0 ? "-" : "";
  while (n > 0) s += digits[--n];
  return s;
}

const cpp_int& p10(int32_t n) {
  static const auto* table = [] {
    auto* t = new cpp_int[128];
    t[0] = 1;
    for (int32_t i = 1; i < 128; ++i) t[i] = t[i - 1] * 10;
    return t;
  }();
  return table[n];
}

cpp_int big(i128 v) {
  const u128 m = v < 0 ? u128{0} - static_cast<u128>(v) : static_cast<u128>(v);
  cpp_int r = static_cast<uint64_t>(m >> 64);
  r <<= 64;
  r += static_cast<uint64_t>(m);
  return v < 0 ? cpp_int(-r) : r;
}

// Only for |v| < 2^127.
i128 small(const cpp_int& v) {
  const cpp_int m = abs(v);
  const uint64_t lo = static_cast<uint64_t>(m & cpp_int(UINT64_MAX));
  const uint64_t hi = static_cast<uint64_t>(m >> 64);
  const i128 r = static_cast<i128>((static_cast<u128>(hi) << 64) | lo);
  return v < 0 ? -r : r;
}

i128 p10i(int32_t n) { return small(p10(n)); }

struct R {
  int32_t status;
  i128 value;
  bool operator==(const R&) const = default;
};
R ok(i128 v) { return {kOk, v}; }
R err(int32_t st) { return {st, 0}; }

std::string str(const R& r) { return "{status " + std::to_string(r.status) + ", value " + str(r.value) + "}"; }

const char* op_name(DecimalOp op) {
  switch (op) {
    case DecimalOp::kAdd: return "add";
    case DecimalOp::kSub: return "sub";
    case DecimalOp::kMul: return "mul";
    case DecimalOp::kDiv: return "div";
    case DecimalOp::kMod: return "mod";
  }
  return "?";
}

R run(DecimalOp op, i128 a, i128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
  i128 out = 0;
  int32_t st = kInvalidArgument;
  switch (op) {
    case DecimalOp::kAdd: st = WideDecimalArith::add_sub(false, a, b, p1, s1, p2, s2, &out); break;
    case DecimalOp::kSub: st = WideDecimalArith::add_sub(true, a, b, p1, s1, p2, s2, &out); break;
    case DecimalOp::kMul: st = WideDecimalArith::mul(a, b, p1, s1, p2, s2, &out); break;
    case DecimalOp::kDiv: st = WideDecimalArith::div(a, b, p1, s1, p2, s2, &out); break;
    case DecimalOp::kMod: st = WideDecimalArith::mod(a, b, p1, s1, p2, s2, &out); break;
  }
  return {st, st == kOk ? out : 0};
}

R run64(DecimalOp op, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
  int64_t out = 0;
  int32_t st = kInvalidArgument;
  switch (op) {
    case DecimalOp::kAdd: st = DecimalArith::add_sub(false, a, b, p1, s1, p2, s2, &out); break;
    case DecimalOp::kSub: st = DecimalArith::add_sub(true, a, b, p1, s1, p2, s2, &out); break;
    case DecimalOp::kMul: st = DecimalArith::mul(a, b, p1, s1, p2, s2, &out); break;
    case DecimalOp::kDiv: st = DecimalArith::div(a, b, p1, s1, p2, s2, &out); break;
    case DecimalOp::kMod: st = DecimalArith::mod(a, b, p1, s1, p2, s2, &out); break;
  }
  return {st, st == kOk ? out : 0};
}

// n / d rounded half away from zero (d > 0); cpp_int division truncates.
cpp_int round_div(const cpp_int& n, const cpp_int& d) {
  cpp_int q = n / d;
  const cpp_int r = n % d;
  if (2 * abs(r) >= d) q += n < 0 ? -1 : 1;
  return q;
}

R oracle(DecimalOp op, i128 a, i128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
  if (!valid_wide_decimal_type(p1, s1) || !valid_wide_decimal_type(p2, s2)) return err(kInvalidArgument);
  const DecimalType t = sql_server_result_type(op, p1, s1, p2, s2);
  const cpp_int x = big(a);
  const cpp_int y = big(b);
  cpp_int r;  // the result, unscaled at t.scale
  switch (op) {
    case DecimalOp::kAdd:
    case DecimalOp::kSub: {
      // x/10^s1 +- y/10^s2 = (x*10^s2 +- y*10^s1) / 10^(s1+s2).
      const cpp_int n = op == DecimalOp::kAdd ? cpp_int(x * p10(s2) + y * p10(s1)) : cpp_int(x * p10(s2) - y * p10(s1));
      r = round_div(n * p10(t.scale), p10(s1 + s2));
      break;
    }
    case DecimalOp::kMul: r = round_div(x * y * p10(t.scale), p10(s1 + s2)); break;
    case DecimalOp::kDiv: {
      if (y == 0) return err(kDivideByZero);
      // (x/10^s1) / (y/10^s2) = x*10^s2 / (y*10^s1), truncated at t.scale.
      cpp_int n = x * p10(s2) * p10(t.scale);
      cpp_int d = y * p10(s1);
      r = n / d;
      break;
    }
    case DecimalOp::kMod: {
      if (y == 0) return err(kDivideByZero);
      // Over the common denominator 10^S; cpp_int's % takes the dividend's sign.
      const int32_t s = s1 > s2 ? s1 : s2;
      const cpp_int rem = (x * p10(s - s1)) % (y * p10(s - s2));
      r = round_div(rem * p10(t.scale), p10(s));
      break;
    }
  }
  if (abs(r) >= p10(t.precision)) return err(kArithmeticOverflow);
  return ok(small(r));
}

// A value of DECIMAL(p, s): mostly random digit counts, plus the extremes and
// "round" values whose products and quotients land on .5 ties.
i128 random_value(std::mt19937_64& rng, int32_t p) {
  u128 m = 0;
  switch (rng() % 10) {
    case 0: m = static_cast<u128>(p10i(p)) - 1; break;
    case 1: m = 0; break;
    case 2: m = static_cast<u128>(1 + rng() % 9) * static_cast<u128>(p10i(static_cast<int32_t>(rng() % p))); break;
    case 3: m = 5 * static_cast<u128>(p10i(static_cast<int32_t>(rng() % p))); break;
    case 4: {  // 10^k or 5 * 10^k, sometimes minus one
      const u128 base = static_cast<u128>(p10i(static_cast<int32_t>(rng() % p))) * (rng() % 2 == 0 ? 1 : 5);
      m = base - rng() % 2;
      break;
    }
    default: {
      const int32_t d = static_cast<int32_t>(rng() % (p + 1));
      const u128 raw = (static_cast<u128>(rng()) << 64) | rng();
      m = raw % static_cast<u128>(p10i(d));
      break;
    }
  }
  if (m >= static_cast<u128>(p10i(p))) m = static_cast<u128>(p10i(p)) - 1;
  const i128 v = static_cast<i128>(m);
  return rng() % 2 == 0 ? v : -v;
}

struct Type {
  int32_t p;
  int32_t s;
};
Type random_type(std::mt19937_64& rng, int32_t max_p) {
  int32_t p = 1 + static_cast<int32_t>(rng() % max_p);
  if (max_p == 38 && rng() % 4 == 0) p = 38 - static_cast<int32_t>(rng() % 3);  // the wide end
  int32_t s = static_cast<int32_t>(rng() % (p + 1));
  if (rng() % 8 == 0) s = rng() % 2 == 0 ? 0 : p;
  return {p, s};
}

std::string describe(DecimalOp op, i128 a, i128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
  const DecimalType t = sql_server_result_type(op, p1, s1, p2, s2);
  std::ostringstream os;
  os << op_name(op) << ": a=" << str(a) << " DECIMAL(" << p1 << "," << s1 << "), b=" << str(b) << " DECIMAL(" << p2
     << "," << s2 << ") -> DECIMAL(" << t.precision << "," << t.scale << ")";
  return os.str();
}

constexpr DecimalOp kOps[] = {DecimalOp::kAdd, DecimalOp::kSub, DecimalOp::kMul, DecimalOp::kDiv, DecimalOp::kMod};
constexpr i128 kMax38 = Decimal128::pow10(38) - 1;
}  // namespace

// The library is constexpr: a wide product rounds at compile time.
static_assert([] {
  i128 out = 0;
  // 10^17 (DECIMAL(38,20)) * 1 (DECIMAL(38,20)): the product 10^57 overflows int128.
  const int32_t st = WideDecimalArith::mul(Decimal128::pow10(37), Decimal128::pow10(20), 38, 20, 38, 20, &out);
  return st == kOk && out == Decimal128::pow10(23);
}());
static_assert(Decimal128::div_pow10_round(-25, 1) == -3);

TEST(NumericDecimal128, Pow10) {
  for (int32_t n = 0; n <= 38; ++n) {
    ASSERT_EQ(big(Decimal128::pow10(n)), p10(n)) << n;
  }
  EXPECT_EQ(Decimal128::pow10(0), 1);
  EXPECT_EQ(str(Decimal128::pow10(38)), "100000000000000000000000000000000000000");
}

TEST(NumericDecimal128, Fits) {
  for (int32_t p = 1; p <= 38; ++p) {
    const i128 m = p10i(p) - 1;
    EXPECT_TRUE(Decimal128::fits(m, p)) << p;
    EXPECT_TRUE(Decimal128::fits(-m, p)) << p;
    EXPECT_TRUE(Decimal128::fits(0, p)) << p;
    EXPECT_FALSE(Decimal128::fits(m + 1, p)) << p;
    EXPECT_FALSE(Decimal128::fits(-m - 1, p)) << p;
  }
  const i128 kMin = static_cast<i128>(u128{1} << 127);
  EXPECT_FALSE(Decimal128::fits(kMin, 38));
  EXPECT_FALSE(Decimal128::fits(~kMin, 38));
}

TEST(NumericDecimal128, DivPow10Round) {
  EXPECT_EQ(Decimal128::div_pow10_round(15, 1), 2);
  EXPECT_EQ(Decimal128::div_pow10_round(-15, 1), -2);
  EXPECT_EQ(Decimal128::div_pow10_round(14, 1), 1);
  EXPECT_EQ(Decimal128::div_pow10_round(-14, 1), -1);
  EXPECT_EQ(Decimal128::div_pow10_round(25, 1), 3);  // half away from zero, not to even
  EXPECT_EQ(Decimal128::div_pow10_round(12345, 0), 12345);
  EXPECT_EQ(Decimal128::div_pow10_round(kMax38, 38), 1);
  EXPECT_EQ(Decimal128::div_pow10_round(-kMax38, 38), -1);
  EXPECT_EQ(Decimal128::div_pow10_round(5 * p10i(37), 38), 1);
  EXPECT_EQ(Decimal128::div_pow10_round(5 * p10i(37) - 1, 38), 0);
  EXPECT_EQ(Decimal128::div_pow10_round(-5 * p10i(37), 38), -1);
  const i128 kMin = static_cast<i128>(u128{1} << 127);
  EXPECT_EQ(Decimal128::div_pow10_round(~kMin, 38), 2);  // 1.70141...
  EXPECT_EQ(Decimal128::div_pow10_round(kMin, 38), -2);
  EXPECT_EQ(Decimal128::div_pow10_round(kMin, 39), 0);
  std::mt19937_64 rng(7);
  for (int32_t i = 0; i < 20000; ++i) {
    const int32_t n = static_cast<int32_t>(rng() % 39);
    const i128 v = random_value(rng, 38);
    ASSERT_EQ(big(Decimal128::div_pow10_round(v, n)), round_div(big(v), p10(n))) << str(v) << " n=" << n;
  }
}

TEST(NumericDecimal128, Rescale) {
  i128 out = 0;
  EXPECT_EQ(Decimal128::rescale(15, 1, 0, 1, &out), kOk);
  EXPECT_EQ(out, 2);
  EXPECT_EQ(Decimal128::rescale(-15, 1, 0, 1, &out), kOk);
  EXPECT_EQ(out, -2);
  EXPECT_EQ(Decimal128::rescale(123, 2, 10, 38, &out), kOk);
  EXPECT_EQ(out, 123 * p10i(8));
  // 99.5 (DECIMAL(3,1)) to DECIMAL(2,0) rounds to 100: three digits.
  EXPECT_EQ(Decimal128::rescale(995, 1, 0, 2, &out), kArithmeticOverflow);
  EXPECT_EQ(Decimal128::rescale(995, 1, 0, 3, &out), kOk);
  EXPECT_EQ(out, 100);
  // Exactly 10^38 - 1 fits DECIMAL(38,0); 10^37 * 10^38 overflows int128 on the way.
  EXPECT_EQ(Decimal128::rescale(kMax38, 0, 0, 38, &out), kOk);
  EXPECT_EQ(out, kMax38);
  EXPECT_EQ(Decimal128::rescale(p10i(37), 0, 38, 38, &out), kArithmeticOverflow);
  EXPECT_EQ(Decimal128::rescale(1, 0, 38, 38, &out), kArithmeticOverflow);  // 10^38 has 39 digits
  EXPECT_EQ(Decimal128::rescale(1, 0, 37, 38, &out), kOk);
  EXPECT_EQ(out, p10i(37));
  EXPECT_EQ(Decimal128::rescale(kMax38, 38, 0, 1, &out), kOk);  // 0.999... rounds to 1
  EXPECT_EQ(out, 1);
  EXPECT_EQ(Decimal128::rescale(1, 39, 0, 38, &out), kInvalidArgument);
  EXPECT_EQ(Decimal128::rescale(1, 0, 0, 39, &out), kInvalidArgument);
  EXPECT_EQ(Decimal128::rescale(1, 0, 0, 0, &out), kInvalidArgument);
}

namespace {
using decimal128_detail::U256;

cpp_int big(const U256& v) {
  cpp_int r = 0;
  for (int32_t i = 3; i >= 0; --i) {
    r <<= 64;
    r += v.w[i];
  }
  return r;
}
cpp_int big_u(u128 v) { return big(U256::from_u128(v)); }

// Limbs near the edges of Knuth's estimate (0, 2^63, 2^64 - 1) as well as random ones.
uint64_t edge_limb(std::mt19937_64& rng) {
  constexpr uint64_t kEdges[] = {0, 1, 2, (1ULL << 63) - 1, 1ULL << 63, (1ULL << 63) + 1, UINT64_MAX - 1, UINT64_MAX};
  const uint64_t k = rng() % 12;
  if (k < 8) return kEdges[k];
  return k < 10 ? rng() : rng() >> (rng() % 64);
}
}  // namespace

// The 256-bit helper on its own, limb patterns included that decimal
// operands never produce (a divisor >= 2^127).
TEST(NumericDecimal128, U256AgainstOracle) {
  std::mt19937_64 rng(256);
  const cpp_int two256 = cpp_int(1) << 256;
  for (int32_t i = 0; i < 200000; ++i) {
    U256 n{{edge_limb(rng), edge_limb(rng), edge_limb(rng), edge_limb(rng)}};
    if (rng() % 4 == 0) n.w[3] = 0;
    const u128 d = (static_cast<u128>(rng() % 3 == 0 ? 0 : edge_limb(rng)) << 64) | edge_limb(rng);
    if (d == 0) continue;
    U256 q{};
    const u128 r = U256::divmod(n, d, &q);
    ASSERT_EQ(big(q), big(n) / big_u(d)) << big(n) << " / " << big_u(d);
    ASSERT_EQ(big_u(r), big(n) % big_u(d)) << big(n) << " % " << big_u(d);

    const u128 a = (static_cast<u128>(edge_limb(rng)) << 64) | edge_limb(rng);
    ASSERT_EQ(big(U256::mul(a, d)), big_u(a) * big_u(d));
    const uint64_t m = edge_limb(rng);
    U256 prod = n;
    const bool fits = prod.mul_small(m);
    ASSERT_EQ(fits, big(n) * m < two256);
    if (fits) {
      ASSERT_EQ(big(prod), big(n) * m);
    }
    U256 sum{};
    const U256 other{{edge_limb(rng), edge_limb(rng), edge_limb(rng), edge_limb(rng)}};
    ASSERT_EQ(U256::add(n, other, &sum), big(n) + big(other) < two256);
    ASSERT_EQ(big(sum), (big(n) + big(other)) % two256);
    const int32_t c = U256::compare(n, other);
    ASSERT_EQ(c, big(n) < big(other) ? -1 : (big(n) == big(other) ? 0 : 1));
    ASSERT_EQ(U256::compare(n, n), 0);
    if (c >= 0) {
      ASSERT_EQ(big(U256::sub(n, other)), big(n) - big(other));
    }
    const int32_t k = static_cast<int32_t>(rng() % 78);
    ASSERT_EQ(big(U256::div_pow10_round(n, k)), round_div(big(n), p10(k))) << big(n) << " k=" << k;
  }
}

// The claims the implementation relies on, over every pair of valid types.
TEST(NumericWideDecimalType, RuleInvariants) {
  int32_t max_div_k = -1;
  int32_t min_div_k = 1000;
  int32_t max_mul_drop = 0;
  int32_t max_add_drop = 0;
  for (int32_t p1 = 1; p1 <= 38; ++p1)
    for (int32_t s1 = 0; s1 <= p1; ++s1)
      for (int32_t p2 = 1; p2 <= 38; ++p2)
        for (int32_t s2 = 0; s2 <= p2; ++s2) {
          for (DecimalOp op : kOps) {
            const DecimalType t = sql_server_result_type(op, p1, s1, p2, s2);
            ASSERT_TRUE(valid_wide_decimal_type(t.precision, t.scale)) << describe(op, 0, 0, p1, s1, p2, s2);
          }
          const DecimalType d = sql_server_result_type(DecimalOp::kDiv, p1, s1, p2, s2);
          const int32_t k = d.scale + s2 - s1;
          max_div_k = std::max(max_div_k, k);
          min_div_k = std::min(min_div_k, k);
          const DecimalType m = sql_server_result_type(DecimalOp::kMul, p1, s1, p2, s2);
          ASSERT_LE(m.scale, s1 + s2);
          max_mul_drop = std::max(max_mul_drop, s1 + s2 - m.scale);
          const DecimalType a = sql_server_result_type(DecimalOp::kAdd, p1, s1, p2, s2);
          ASSERT_LE(a.scale, std::max(s1, s2));
          max_add_drop = std::max(max_add_drop, std::max(s1, s2) - a.scale);
          // mod is never capped: its scale is max(s1,s2).
          const DecimalType r = sql_server_result_type(DecimalOp::kMod, p1, s1, p2, s2);
          ASSERT_EQ(r.scale, std::max(s1, s2));
        }
  // The division exponent is never negative, so the divisor is never scaled.
  EXPECT_EQ(min_div_k, 0);
  EXPECT_EQ(max_div_k, 44);     // DECIMAL(38,0) / DECIMAL(38,38): DECIMAL(38,6)
  EXPECT_EQ(max_mul_drop, 39);  // DECIMAL(38,38) * DECIMAL(38,38): DECIMAL(38,37)
  EXPECT_EQ(max_add_drop, 32);  // DECIMAL(38,0) + DECIMAL(38,38): DECIMAL(38,6)
}

// Random differential test of every operation against the cpp_int oracle.
TEST(NumericWideDecimalArith, RandomAgainstOracle) {
  constexpr int32_t kCasesPerOp = 250000;
  std::mt19937_64 rng(0x5EED1238);
  for (DecimalOp op : kOps) {
    int32_t mismatches = 0;
    int32_t n_ok = 0;
    int32_t n_overflow = 0;
    int32_t n_div0 = 0;
    int32_t n_wide_ok = 0;  // succeeded although the exact intermediate needs more than int128
    for (int32_t i = 0; i < kCasesPerOp; ++i) {
      const Type t1 = random_type(rng, 38);
      const Type t2 = random_type(rng, 38);
      const i128 a = random_value(rng, t1.p);
      const i128 b = random_value(rng, t2.p);
      const R got = run(op, a, b, t1.p, t1.s, t2.p, t2.s);
      const R want = oracle(op, a, b, t1.p, t1.s, t2.p, t2.s);
      if (!(got == want)) {
        if (mismatches++ == 0) {
          ADD_FAILURE() << "first mismatch: " << describe(op, a, b, t1.p, t1.s, t2.p, t2.s) << "\n  got  " << str(got)
                        << "\n  want " << str(want);
        }
        continue;
      }
      if (want.status == kOk) {
        ++n_ok;
        const cpp_int limit = p10(38);
        const int32_t s = std::max(t1.s, t2.s);
        const cpp_int x = abs(big(a));
        const cpp_int y = abs(big(b));
        bool wide = false;
        if (op == DecimalOp::kMul) wide = x * y >= limit;
        if (op == DecimalOp::kAdd || op == DecimalOp::kSub)
          wide = x * p10(s - t1.s) + y * p10(s - t2.s) >= limit;
        if (op == DecimalOp::kDiv) {
          const DecimalType t = sql_server_result_type(op, t1.p, t1.s, t2.p, t2.s);
          wide = x * p10(t.scale + t2.s - t1.s) >= limit;
        }
        if (op == DecimalOp::kMod) wide = x * p10(s - t1.s) >= limit || y * p10(s - t2.s) >= limit;
        if (wide) ++n_wide_ok;
      }
      if (want.status == kArithmeticOverflow) ++n_overflow;
      if (want.status == kDivideByZero) ++n_div0;
    }
    EXPECT_EQ(mismatches, 0) << op_name(op);
    std::printf("[ %s ] %d cases: %d ok (%d past 10^38 in the intermediate), %d overflow, %d divide by zero\n",
                op_name(op), kCasesPerOp, n_ok, n_wide_ok, n_overflow, n_div0);
    // Every outcome is exercised, the wide paths included.
    EXPECT_GT(n_ok, kCasesPerOp / 10) << op_name(op);
    EXPECT_GT(n_wide_ok, kCasesPerOp / 100) << op_name(op);
    if (op != DecimalOp::kMod) {
      EXPECT_GT(n_overflow, 0) << op_name(op);
    }
    if (op == DecimalOp::kDiv || op == DecimalOp::kMod) {
      EXPECT_GT(n_div0, 0) << op_name(op);
    }
  }
}

// For types within 18 digits both libraries implement the same rule.
TEST(NumericWideDecimalArith, AgreesWithInt64DecimalArith) {
  constexpr int32_t kComparedPerOp = 100000;
  std::mt19937_64 rng(18);
  for (DecimalOp op : kOps) {
    int32_t compared = 0;
    int32_t mismatches = 0;
    while (compared < kComparedPerOp) {
      // Small precisions, so that products (p1 + p2 + 1) often stay within 18.
      const int32_t max_p = rng() % 2 == 0 ? 18 : 9;
      const Type t1 = random_type(rng, max_p);
      const Type t2 = random_type(rng, max_p);
      if (sql_server_result_type(op, t1.p, t1.s, t2.p, t2.s).precision > kMaxDecimalPrecision) continue;
      ++compared;
      const i128 a = random_value(rng, t1.p);
      const i128 b = random_value(rng, t2.p);
      const R wide = run(op, a, b, t1.p, t1.s, t2.p, t2.s);
      const R narrow = run64(op, static_cast<int64_t>(a), static_cast<int64_t>(b), t1.p, t1.s, t2.p, t2.s);
      if (!(wide == narrow) && mismatches++ == 0) {
        ADD_FAILURE() << "first mismatch: " << describe(op, a, b, t1.p, t1.s, t2.p, t2.s) << "\n  wide   "
                      << str(wide) << "\n  int64  " << str(narrow);
      }
    }
    EXPECT_EQ(mismatches, 0) << op_name(op);
  }
}

TEST(NumericWideDecimalArith, AddSubEdges) {
  const auto add = [](i128 a, i128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
    return run(DecimalOp::kAdd, a, b, p1, s1, p2, s2);
  };
  const auto sub = [](i128 a, i128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
    return run(DecimalOp::kSub, a, b, p1, s1, p2, s2);
  };
  // DECIMAL(38,0) + DECIMAL(38,0) is DECIMAL(38,0): the carry digit overflows.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kAdd, 38, 0, 38, 0), (DecimalType{38, 0}));
  EXPECT_EQ(add(kMax38, 1, 38, 0, 38, 0), err(kArithmeticOverflow));
  EXPECT_EQ(add(-kMax38, -1, 38, 0, 38, 0), err(kArithmeticOverflow));
  EXPECT_EQ(add(kMax38, kMax38, 38, 0, 38, 0), err(kArithmeticOverflow));  // 2e38 also overflows int128
  EXPECT_EQ(add(-kMax38, -kMax38, 38, 0, 38, 0), err(kArithmeticOverflow));
  EXPECT_EQ(sub(kMax38, -1, 38, 0, 38, 0), err(kArithmeticOverflow));
  EXPECT_EQ(add(kMax38, -1, 38, 0, 38, 0), ok(kMax38 - 1));
  EXPECT_EQ(sub(kMax38, kMax38, 38, 0, 38, 0), ok(0));
  EXPECT_EQ(add(kMax38 - 1, 1, 38, 0, 38, 0), ok(kMax38));  // exactly 10^38 - 1
  // DECIMAL(38,0) + DECIMAL(38,38) is DECIMAL(38,6): 2 + 0.5 aligns to 2.5e38 (past int128).
  EXPECT_EQ(sql_server_result_type(DecimalOp::kAdd, 38, 0, 38, 38), (DecimalType{38, 6}));
  EXPECT_EQ(add(2, 5 * p10i(37), 38, 0, 38, 38), ok(2500000));
  EXPECT_EQ(sub(-2, 5 * p10i(37), 38, 0, 38, 38), ok(-2500000));
  EXPECT_EQ(add(kMax38, kMax38, 38, 0, 38, 38), err(kArithmeticOverflow));
  // 10^32 - 1 + 0.9999995 rounds to exactly 10^32: 10^38 at scale 6 overflows;
  // + 0.9999994 stays at 10^38 - 1.
  EXPECT_EQ(add(p10i(32) - 1, 9999995 * p10i(31), 38, 0, 38, 38), err(kArithmeticOverflow));
  EXPECT_EQ(add(p10i(32) - 1, 9999994 * p10i(31), 38, 0, 38, 38), ok(kMax38));
  // Ties at the reduced scale round away from zero, both signs.
  EXPECT_EQ(add(0, 5 * p10i(31), 38, 0, 38, 38), ok(1));  // 0.0000005 -> 0.000001
  EXPECT_EQ(sub(0, 5 * p10i(31), 38, 0, 38, 38), ok(-1));
  EXPECT_EQ(add(0, 5 * p10i(31) - 1, 38, 0, 38, 38), ok(0));
  EXPECT_EQ(sub(0, 5 * p10i(31) - 1, 38, 0, 38, 38), ok(0));
  // Invalid operand types.
  EXPECT_EQ(add(1, 1, 39, 0, 1, 0), err(kInvalidArgument));
  EXPECT_EQ(add(1, 1, 0, 0, 1, 0), err(kInvalidArgument));
  EXPECT_EQ(add(1, 1, 5, 6, 1, 0), err(kInvalidArgument));
  EXPECT_EQ(sub(1, 1, 5, 0, 5, -1), err(kInvalidArgument));
}

TEST(NumericWideDecimalArith, MulEdges) {
  const auto mul = [](i128 a, i128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
    return run(DecimalOp::kMul, a, b, p1, s1, p2, s2);
  };
  // SELECT CAST(0.1 AS DECIMAL(38,10)) * CAST(0.1 AS DECIMAL(38,10)) returns
  // 0.010000: DECIMAL(77,20) is capped to DECIMAL(38,6).
  EXPECT_EQ(sql_server_result_type(DecimalOp::kMul, 38, 10, 38, 10), (DecimalType{38, 6}));
  EXPECT_EQ(mul(p10i(9), p10i(9), 38, 10, 38, 10), ok(10000));
  // Half-way at the reduced scale: 0.0000005 * 1 -> 0.000001, both signs.
  EXPECT_EQ(mul(5000, p10i(10), 38, 10, 38, 10), ok(1));
  EXPECT_EQ(mul(-5000, p10i(10), 38, 10, 38, 10), ok(-1));
  EXPECT_EQ(mul(4999, p10i(10), 38, 10, 38, 10), ok(0));
  EXPECT_EQ(mul(5000, -p10i(10), 38, 10, 38, 10), ok(-1));
  // 10^17 * 1 in DECIMAL(38,20): the exact product 10^57 overflows before rounding to DECIMAL(38,6).
  EXPECT_EQ(mul(p10i(37), p10i(20), 38, 20, 38, 20), ok(p10i(23)));
  EXPECT_EQ(mul(-p10i(37), p10i(20), 38, 20, 38, 20), ok(-p10i(23)));
  // 0.99...9 (38 nines) squared: DECIMAL(38,37), 39 digits dropped, rounds up to 1.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kMul, 38, 38, 38, 38), (DecimalType{38, 37}));
  EXPECT_EQ(mul(kMax38, kMax38, 38, 38, 38, 38), ok(p10i(37)));
  EXPECT_EQ(mul(-kMax38, kMax38, 38, 38, 38, 38), ok(-p10i(37)));
  // DECIMAL(38,0) * DECIMAL(38,0): 10^19 * 10^18 fits; 10^19 * 10^19 is exactly 10^38.
  EXPECT_EQ(mul(p10i(19), p10i(18), 38, 0, 38, 0), ok(p10i(37)));
  EXPECT_EQ(mul(p10i(19), p10i(19), 38, 0, 38, 0), err(kArithmeticOverflow));
  EXPECT_EQ(mul(kMax38, kMax38, 38, 0, 38, 0), err(kArithmeticOverflow));
  EXPECT_EQ(mul(-kMax38, kMax38, 38, 0, 38, 0), err(kArithmeticOverflow));
  EXPECT_EQ(mul(kMax38, -1, 38, 0, 1, 0), ok(-kMax38));
  EXPECT_EQ(mul(kMax38, 0, 38, 0, 38, 0), ok(0));
  // DECIMAL(38,2) * DECIMAL(38,2) keeps scale 4 (below 6): 10^17 * 10^17 = 10^34
  // needs 35 integral digits, one more than 34; (10^17 - 0.01) * 10^16 fits.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kMul, 38, 2, 38, 2), (DecimalType{38, 4}));
  EXPECT_EQ(mul(p10i(19), p10i(19), 38, 2, 38, 2), err(kArithmeticOverflow));
  EXPECT_EQ(mul(p10i(19) - 1, p10i(18), 38, 2, 38, 2), ok((p10i(19) - 1) * p10i(18)));
  EXPECT_EQ(mul(1, 1, 38, 0, 39, 0), err(kInvalidArgument));
}

TEST(NumericWideDecimalArith, DivEdges) {
  const auto div = [](i128 a, i128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
    return run(DecimalOp::kDiv, a, b, p1, s1, p2, s2);
  };
  EXPECT_EQ(div(1, 0, 38, 0, 38, 0), err(kDivideByZero));
  EXPECT_EQ(div(0, 0, 38, 10, 38, 10), err(kDivideByZero));
  EXPECT_EQ(div(kMax38, 0, 38, 38, 1, 0), err(kDivideByZero));
  // 2 / 3 in DECIMAL(38,0): DECIMAL(38,6), truncated toward zero.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kDiv, 38, 0, 38, 0), (DecimalType{38, 6}));
  EXPECT_EQ(div(2, 3, 38, 0, 38, 0), ok(666666));
  EXPECT_EQ(div(-2, 3, 38, 0, 38, 0), ok(-666666));
  EXPECT_EQ(div(2, -3, 38, 0, 38, 0), ok(-666666));
  EXPECT_EQ(div(-2, -3, 38, 0, 38, 0), ok(666666));
  // DECIMAL(38,0) / DECIMAL(1,0) is DECIMAL(38,6): only 32 integral digits.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kDiv, 38, 0, 1, 0), (DecimalType{38, 6}));
  EXPECT_EQ(div(p10i(32) - 1, 1, 38, 0, 1, 0), ok(kMax38 - 999999));
  EXPECT_EQ(div(p10i(32), 1, 38, 0, 1, 0), err(kArithmeticOverflow));  // exactly 10^38
  EXPECT_EQ(div(kMax38, 1, 38, 0, 1, 0), err(kArithmeticOverflow));
  EXPECT_EQ(div(-kMax38, 1, 38, 0, 1, 0), err(kArithmeticOverflow));
  // DECIMAL(38,0) / DECIMAL(38,38) scales the dividend by 10^44 (82 digits).
  EXPECT_EQ(div(1, 1, 38, 0, 38, 38), err(kArithmeticOverflow));  // 10^38
  EXPECT_EQ(div(kMax38, 1, 38, 0, 38, 38), err(kArithmeticOverflow));
  EXPECT_EQ(div(kMax38, -kMax38, 38, 0, 38, 38), err(kArithmeticOverflow));
  EXPECT_EQ(div(1, kMax38, 38, 0, 38, 38), ok(1000000));  // 1 / 0.99... = 1.000000000...01
  EXPECT_EQ(div(-1, kMax38, 38, 0, 38, 38), ok(-1000000));
  EXPECT_EQ(div(1, 5 * p10i(37), 38, 0, 38, 38), ok(2000000));
  // A divisor past 2^64 with a dividend past int128: DECIMAL(38,38) / DECIMAL(38,38)
  // is DECIMAL(38,6) (s = 77 is cut to the minimum 6), the dividend is scaled by 10^6.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kDiv, 38, 38, 38, 38), (DecimalType{38, 6}));
  EXPECT_EQ(div(kMax38, kMax38, 38, 38, 38, 38), ok(1000000));
  EXPECT_EQ(div(kMax38 / 2, kMax38, 38, 38, 38, 38), ok(499999));  // 0.4999...95 truncated
  EXPECT_EQ(div(-kMax38, 3, 38, 38, 38, 38), err(kArithmeticOverflow));  // 0.99... / 3e-38 = 3.3e37
  // 0.99... / 3e-32 = 33333333333333333333333333333333.333333 (truncated): 38 threes.
  EXPECT_EQ(div(-kMax38, 3 * p10i(6), 38, 38, 38, 38), ok(-kMax38 / 3));

  EXPECT_EQ(div(1, 0, 38, 0, 0, 0), err(kInvalidArgument));
}

TEST(NumericWideDecimalArith, ModEdges) {
  const auto mod = [](i128 a, i128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
    return run(DecimalOp::kMod, a, b, p1, s1, p2, s2);
  };
  EXPECT_EQ(mod(105, 3, 3, 1, 1, 0), ok(15));  // 10.5 % 3 = 1.5
  EXPECT_EQ(mod(-105, 3, 3, 1, 1, 0), ok(-15));
  EXPECT_EQ(mod(105, -3, 3, 1, 1, 0), ok(15));
  EXPECT_EQ(mod(1, 0, 38, 0, 38, 0), err(kDivideByZero));
  EXPECT_EQ(mod(0, 0, 38, 38, 38, 38), err(kDivideByZero));
  // DECIMAL(38,0) % DECIMAL(38,38): 10^37 at scale 38 is 10^75; 10^75 mod 3 = 1.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kMod, 38, 0, 38, 38), (DecimalType{38, 38}));
  EXPECT_EQ(mod(p10i(37), 3, 38, 0, 38, 38), ok(1));
  EXPECT_EQ(mod(-p10i(37), 3, 38, 0, 38, 38), ok(-1));
  EXPECT_EQ(mod(kMax38, kMax38, 38, 0, 38, 38), ok(0));  // (10^38-1)*10^38 is a multiple of 10^38-1
  EXPECT_EQ(mod(kMax38, kMax38 - 1, 38, 0, 38, 38), ok(p10i(38) % (kMax38 - 1)));  // 10^38 mod (10^38-2) = 2
  // DECIMAL(38,38) % DECIMAL(38,0): 0.99... % 2 (2e38 at scale 38, past int128) is 0.99...
  EXPECT_EQ(mod(kMax38, 2, 38, 38, 38, 0), ok(kMax38));
  EXPECT_EQ(mod(-kMax38, -2, 38, 38, 38, 0), ok(-kMax38));
  EXPECT_EQ(mod(kMax38, 7, 38, 0, 38, 0), ok(static_cast<i128>(kMax38 % 7)));
}

// Outputs reported from SQL Server, checked by hand against the rules.
TEST(NumericWideDecimalArith, SqlServerExamples) {
  // Stack Overflow 6624533 ("T-SQL Decimal Multiplication"): 1.123456789 * 1
  //   DECIMAL(18,9) * DECIMAL(19,9) -> DECIMAL(38,18) 1.123456789000000000
  //   DECIMAL(28,9) * DECIMAL(19,9) -> DECIMAL(38,8)  1.12345679 (rounded)
  //   DECIMAL(30,9) * DECIMAL(19,9) -> DECIMAL(38,6)  1.123457 (the minimum scale 6)
  EXPECT_EQ(run(DecimalOp::kMul, 1123456789, p10i(9), 18, 9, 19, 9), ok(1123456789 * p10i(9)));
  EXPECT_EQ(run(DecimalOp::kMul, 1123456789, p10i(9), 28, 9, 19, 9), ok(112345679));
  EXPECT_EQ(run(DecimalOp::kMul, 1123456789, p10i(9), 30, 9, 19, 9), ok(1123457));
  EXPECT_EQ(run(DecimalOp::kMul, 1123456789, p10i(9), 38, 9, 19, 9), ok(1123457));
  // SQLServerCentral "High Precision Multiplication": DECIMAL(38,18)
  // 1234.123456789012345678 * DECIMAL(2,1) 1.0 is DECIMAL(38,16) 1234.1234567890123457.
  EXPECT_EQ(sql_server_result_type(DecimalOp::kMul, 38, 18, 2, 1), (DecimalType{38, 16}));
  EXPECT_EQ(run(DecimalOp::kMul, 1234 * p10i(18) + 123456789012345678LL, 10, 38, 18, 2, 1),
            ok(1234 * p10i(16) + 1234567890123457LL));
  // SQLServerCentral "Fun with Scale and Precision": 1.67574 / 10000 with
  // DECIMAL(38,10) operands is DECIMAL(38,6) 0.000167 (truncated); with a
  // DECIMAL(38,1) divisor DECIMAL(38,9) 0.000167574; DECIMAL(6,5) / DECIMAL(5,0)
  // is DECIMAL(12,11) 0.00016757400.
  EXPECT_EQ(run(DecimalOp::kDiv, 16757400000LL, 10000 * p10i(10), 38, 10, 38, 10), ok(167));
  EXPECT_EQ(sql_server_result_type(DecimalOp::kDiv, 38, 10, 38, 1), (DecimalType{38, 9}));
  EXPECT_EQ(run(DecimalOp::kDiv, 16757400000LL, 100000, 38, 10, 38, 1), ok(167574));
  EXPECT_EQ(sql_server_result_type(DecimalOp::kDiv, 6, 5, 5, 0), (DecimalType{12, 11}));
  EXPECT_EQ(run(DecimalOp::kDiv, 167574, 10000, 6, 5, 5, 0), ok(16757400));
}
