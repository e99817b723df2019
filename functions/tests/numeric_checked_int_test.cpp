// The portable overflow checks (what CUDA device code uses, checked_int.hpp) against the compiler
// builtins, on edges and random operands of int32, int64 and __int128.
#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <vector>

#include "tessera/functions/checked_int.hpp"

namespace {

using namespace tessera::fn;

template <typename T>
void agree(T a, T b) {
  T r1{}, r2{};
  EXPECT_EQ(checked_detail::add(a, b, &r1), __builtin_add_overflow(a, b, &r2));
  if (!__builtin_add_overflow(a, b, &r2)) EXPECT_TRUE(r1 == r2);
  EXPECT_EQ(checked_detail::sub(a, b, &r1), __builtin_sub_overflow(a, b, &r2));
  if (!__builtin_sub_overflow(a, b, &r2)) EXPECT_TRUE(r1 == r2);
  const bool o = __builtin_mul_overflow(a, b, &r2);
  EXPECT_EQ(checked_detail::mul(a, b, &r1), o) << static_cast<long long>(a) << " * " << static_cast<long long>(b);
  if (!o) EXPECT_TRUE(r1 == r2);
}

template <typename T>
void check_all(std::mt19937_64& rng) {
  const T lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  std::vector<T> edges = {0, 1, -1, 2, -2, 10, -10, lo, hi, static_cast<T>(lo + 1), static_cast<T>(hi - 1),
                          static_cast<T>(hi / 2), static_cast<T>(lo / 2), static_cast<T>(hi / 10), static_cast<T>(lo / 10)};
  if constexpr (sizeof(T) >= 8) {
    edges.push_back(static_cast<T>(3037000499LL));  // ~sqrt(2^63)
    edges.push_back(static_cast<T>(-3037000500LL));
  }
  if constexpr (sizeof(T) == 16) {
    const __int128 two64 = static_cast<__int128>(1) << 64;
    for (__int128 v : {two64, -two64, two64 - 1, two64 + 1, static_cast<__int128>(1) << 63, (static_cast<__int128>(1) << 126)})
      edges.push_back(v);
  }
  for (T a : edges)
    for (T b : edges) agree(a, b);
  for (int i = 0; i < 200000; ++i) {
    unsigned __int128 x = (static_cast<unsigned __int128>(rng()) << 64) | rng();
    unsigned __int128 y = (static_cast<unsigned __int128>(rng()) << 64) | rng();
    const int sx = static_cast<int>(rng() % (8 * sizeof(T))), sy = static_cast<int>(rng() % (8 * sizeof(T)));
    agree(static_cast<T>(x >> (128 - 8 * sizeof(T)) >> sx), static_cast<T>(y >> (128 - 8 * sizeof(T)) >> sy));
  }
}

TEST(CheckedInt, PortableChecksEqualTheBuiltins) {
  std::mt19937_64 rng(20261202);
  check_all<int32_t>(rng);
  check_all<int64_t>(rng);
  check_all<__int128>(rng);
}

}  // namespace
