// A small fixed-capacity unsigned big integer for exact number conversions.
//
// Exact decimal <-> binary conversion of doubles needs integers of up to about
// 1,300 bits (a double spans 2^-1074 .. 2^1024, and a decimal string adds up to
// 40 significant digits and a power of ten). BigUInt holds 44 32-bit limbs on
// the stack (176 bytes), with no allocation, so row code can use it on every
// target. Operations that would exceed the capacity set `overflow` (callers
// bound their inputs so that it never happens).
#pragma once

#include <cstdint>

namespace tessera::fn {

class BigUInt {
 public:
  static constexpr int32_t kLimbs = 44;

  constexpr BigUInt() = default;
  constexpr explicit BigUInt(uint64_t v) { set(v); }

  constexpr void set(uint64_t v) {
    n_ = 0;
    overflow_ = false;
    while (v != 0) {
      limb_[n_++] = static_cast<uint32_t>(v);
      v >>= 32;
    }
  }

  constexpr bool is_zero() const { return n_ == 0; }
  constexpr bool overflowed() const { return overflow_; }

  constexpr void mul_small(uint32_t m) {
    uint64_t carry = 0;
    for (int32_t i = 0; i < n_; ++i) {
      const uint64_t t = static_cast<uint64_t>(limb_[i]) * m + carry;
      limb_[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    push_carry(carry);
  }

  constexpr void add_small(uint32_t a) {
    uint64_t carry = a;
    for (int32_t i = 0; i < n_ && carry != 0; ++i) {
      const uint64_t t = static_cast<uint64_t>(limb_[i]) + carry;
      limb_[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    push_carry(carry);
  }

  // *this *= 10^k (k >= 0).
  constexpr void mul_pow10(int32_t k) {
    constexpr uint32_t kSmall[10] = {1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u,
                                     1000000000u};
    while (k >= 9) {
      mul_small(kSmall[9]);
      k -= 9;
    }
    if (k > 0) mul_small(kSmall[k]);
  }

  // *this <<= bits (bits >= 0).
  constexpr void shl(int32_t bits) {
    if (n_ == 0 || bits <= 0) return;
    const int32_t words = bits / 32;
    const int32_t rem = bits % 32;
    if (n_ + words + 1 > kLimbs) {
      overflow_ = true;
      return;
    }
    uint32_t top = 0;
    if (rem != 0) top = limb_[n_ - 1] >> (32 - rem);
    for (int32_t i = n_ - 1; i >= 0; --i) {
      uint32_t v = limb_[i] << rem;
      if (rem != 0 && i > 0) v |= limb_[i - 1] >> (32 - rem);
      limb_[i + words] = v;
    }
    for (int32_t i = 0; i < words; ++i) limb_[i] = 0;
    n_ += words;
    if (top != 0) limb_[n_++] = top;
  }

  // *this /= d, returning the remainder (d > 0).
  constexpr uint32_t div_small(uint32_t d) {
    uint64_t rem = 0;
    for (int32_t i = n_ - 1; i >= 0; --i) {
      const uint64_t cur = (rem << 32) | limb_[i];
      limb_[i] = static_cast<uint32_t>(cur / d);
      rem = cur % d;
    }
    trim();
    return static_cast<uint32_t>(rem);
  }

  // *this -= b; requires *this >= b.
  constexpr void sub(const BigUInt& b) {
    int64_t borrow = 0;
    for (int32_t i = 0; i < n_; ++i) {
      int64_t t = static_cast<int64_t>(limb_[i]) - borrow - (i < b.n_ ? static_cast<int64_t>(b.limb_[i]) : 0);
      borrow = 0;
      if (t < 0) {
        t += static_cast<int64_t>(1) << 32;
        borrow = 1;
      }
      limb_[i] = static_cast<uint32_t>(t);
    }
    trim();
  }

  // -1, 0 or 1 as a <, ==, > b.
  static constexpr int32_t compare(const BigUInt& a, const BigUInt& b) {
    if (a.n_ != b.n_) return a.n_ < b.n_ ? -1 : 1;
    for (int32_t i = a.n_ - 1; i >= 0; --i)
      if (a.limb_[i] != b.limb_[i]) return a.limb_[i] < b.limb_[i] ? -1 : 1;
    return 0;
  }

 private:
  constexpr void push_carry(uint64_t carry) {
    while (carry != 0) {
      if (n_ >= kLimbs) {
        overflow_ = true;
        return;
      }
      limb_[n_++] = static_cast<uint32_t>(carry);
      carry >>= 32;
    }
  }
  constexpr void trim() {
    while (n_ > 0 && limb_[n_ - 1] == 0) --n_;
  }

  uint32_t limb_[kLimbs] = {};
  int32_t n_ = 0;
  bool overflow_ = false;
};

}  // namespace tessera::fn
