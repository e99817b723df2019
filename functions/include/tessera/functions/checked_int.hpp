// Overflow-checked integer add, subtract and multiply for int32, int64 and __int128: the compiler builtins
// (__builtin_*_overflow) in host code and in clang's GPU compiles, portable two's-complement code in CUDA
// device code compiled by nvcc, which has no such builtins there (the engine's GPU operators call the
// decimal arithmetic of this library). Each returns true on overflow and then leaves *r unspecified.
#pragma once

#include <cstdint>

namespace tessera::fn {

namespace checked_detail {

// (std::make_unsigned does not know __int128 in strict C++ modes.)
template <typename T>
struct UnsignedOf;
template <>
struct UnsignedOf<int32_t> {
  using type = uint32_t;
};
template <>
struct UnsignedOf<int64_t> {
  using type = uint64_t;
};
template <>
struct UnsignedOf<__int128> {
  using type = unsigned __int128;
};
template <typename T>
using Unsigned = typename UnsignedOf<T>::type;

template <typename T>
constexpr bool add(T a, T b, T* r) {
  const T s = static_cast<T>(static_cast<Unsigned<T>>(a) + static_cast<Unsigned<T>>(b));
  *r = s;
  return ((a ^ s) & (b ^ s)) < 0;
}

template <typename T>
constexpr bool sub(T a, T b, T* r) {
  const T s = static_cast<T>(static_cast<Unsigned<T>>(a) - static_cast<Unsigned<T>>(b));
  *r = s;
  return ((a ^ b) & (a ^ s)) < 0;
}

constexpr bool mul(int32_t a, int32_t b, int32_t* r) {
  const int64_t p = static_cast<int64_t>(a) * b;
  *r = static_cast<int32_t>(p);
  return p < INT32_MIN || p > INT32_MAX;
}

constexpr bool mul(int64_t a, int64_t b, int64_t* r) {
  const __int128 p = static_cast<__int128>(a) * b;
  *r = static_cast<int64_t>(p);
  return p < INT64_MIN || p > INT64_MAX;
}

constexpr bool mul(__int128 a, __int128 b, __int128* r) {
  using u128 = unsigned __int128;
  const bool negative = (a < 0) != (b < 0);
  const u128 ua = a < 0 ? u128(0) - u128(a) : u128(a);
  const u128 ub = b < 0 ? u128(0) - u128(b) : u128(b);
  const uint64_t ah = static_cast<uint64_t>(ua >> 64), al = static_cast<uint64_t>(ua);
  const uint64_t bh = static_cast<uint64_t>(ub >> 64), bl = static_cast<uint64_t>(ub);
  if (ah && bh) return true;
  const u128 low = u128(al) * bl;
  const u128 cross = u128(ah) * bl + u128(al) * bh;  // one of the two terms is 0
  if (cross >> 64) return true;
  const u128 m = low + (cross << 64);
  if (m < low) return true;
  const u128 limit = (u128(1) << 127) - (negative ? 0 : 1);  // |INT128_MIN| = 2^127
  if (m > limit) return true;
  *r = negative ? static_cast<__int128>(u128(0) - m) : static_cast<__int128>(m);
  return false;
}

}  // namespace checked_detail

template <typename T>
constexpr bool add_overflow(T a, T b, T* r) {
#ifdef __CUDA_ARCH__
  return checked_detail::add(a, b, r);
#else
  return __builtin_add_overflow(a, b, r);
#endif
}

template <typename T>
constexpr bool sub_overflow(T a, T b, T* r) {
#ifdef __CUDA_ARCH__
  return checked_detail::sub(a, b, r);
#else
  return __builtin_sub_overflow(a, b, r);
#endif
}

template <typename T>
constexpr bool mul_overflow(T a, T b, T* r) {
#ifdef __CUDA_ARCH__
  return checked_detail::mul(a, b, r);
#else
  return __builtin_mul_overflow(a, b, r);
#endif
}

}  // namespace tessera::fn
