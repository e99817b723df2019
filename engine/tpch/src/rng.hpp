// The TPC-H random streams: the Park-Miller "minimal standard" generator (x' = 16807 x mod 2^31-1),
// one stream per column, each with a fixed number of draws reserved per row so that any row range can
// be generated on its own (skip ahead by A^(n) mod M).
#pragma once

#include <array>
#include <cstdint>

namespace tessera::tpch::detail {

constexpr int64_t kMultiplier = 16807;
constexpr int64_t kModulus = 2147483647;
constexpr double kModulusD = 2147483647.0;
constexpr int64_t kTextPoolSize = 300LL * 1024 * 1024;  // bytes of grammar text comments are cut from
constexpr int64_t kTextPoolSeed = 933588178;

inline int64_t mulmod(int64_t a, int64_t b) {
  const uint64_t p = static_cast<uint64_t>(a) * static_cast<uint64_t>(b);  // < 2^62
  uint64_t x = (p & 0x7fffffffULL) + (p >> 31);
  if (x >= static_cast<uint64_t>(kModulus)) x -= kModulus;
  return static_cast<int64_t>(x);
}

struct PowTable {
  std::array<int64_t, 128> pow{};
  PowTable() {
    pow[0] = 1;
    for (size_t i = 1; i < pow.size(); ++i) pow[i] = mulmod(pow[i - 1], kMultiplier);
  }
};
inline const PowTable& pow_table() {
  static const PowTable t;
  return t;
}

// seed after n draws
inline int64_t advance(int64_t seed, int64_t n) {
  if (n <= 0) return seed;
  if (n < 128) return mulmod(seed, pow_table().pow[n]);
  int64_t mult = kMultiplier;
  while (n > 0) {
    if (n & 1) seed = mulmod(seed, mult);
    n >>= 1;
    mult = mulmod(mult, mult);
  }
  return seed;
}

class Stream {
 public:
  Stream() = default;
  Stream(int64_t seed, int32_t per_row) : seed_(seed), per_row_(per_row) {}

  // positions the stream at the start of row `rows_before` (0-based)
  void skip_rows(int64_t rows_before) { seed_ = advance(seed_, rows_before * per_row_); used_ = 0; }

  int64_t next() {
    seed_ = mulmod(seed_, kMultiplier);
    ++used_;
    return seed_;
  }
  // uniform integer in [lo, hi], computed the way the reference generator does (through a double)
  int64_t uniform(int64_t lo, int64_t hi) {
    const int64_t v = next();
    const double range = static_cast<double>(hi - lo + 1);
    return lo + static_cast<int64_t>((static_cast<double>(v) / kModulusD) * range);
  }
  // the reference's draw over [0, 2^31-1]: its range wraps to -2^31 in 32-bit arithmetic
  int64_t uniform_full() {
    const int64_t v = next();
    return static_cast<int64_t>((static_cast<double>(v) / kModulusD) * -2147483648.0);
  }
  // zero-based offset into a weighted distribution of total weight `total`
  int64_t pick_offset(int64_t total) { return uniform(1, total) - 1; }

  void row_done() {
    if (used_ < per_row_) seed_ = advance(seed_, per_row_ - used_);
    used_ = 0;
  }
  int64_t seed() const { return seed_; }

 private:
  int64_t seed_ = 1;
  int32_t per_row_ = 1;
  int32_t used_ = 0;
};

}  // namespace tessera::tpch::detail
