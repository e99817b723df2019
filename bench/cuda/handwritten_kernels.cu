// Hand-written CUDA kernels for the GPU benchmark (see handwritten_kernels.hpp).
//
// Design, per function family:
//  - fixed-width (YEAR, DATEPART(quarter), DATEADD(day), DATEDIFF(day),
//    CAST(float AS MONEY)): grid-stride loops, UNROLL independent 16-byte
//    vector loads per thread in flight (int4 = 4 dates, double2 = 2 floats),
//    coalesced across the warp, 16-byte stores of the results, 4- or 2-byte
//    validity loads/stores; a scalar tail for n % 4 rows.
//  - CONVERT(varchar, date, 101): 8 rows per thread; when the 8 output slots
//    are back to back and 16-byte aligned (the runtime's plan gives 10 bytes a
//    row), the 80 result bytes leave as five 16-byte stores.
//  - LOWER/UPPER: the mapping is byte-local (an output byte depends on the byte
//    and its neighbours inside the row: ASCII letters, C3 xx and C5 B8), so when
//    the rows are packed and the output layout equals the input layout the
//    whole byte buffer is mapped in 16-byte chunks (SWAR on all-ASCII chunks, a
//    neighbour-aware byte path with a row lookup otherwise), plus one coalesced
//    pass writing lengths and validity.
//  - LEFT/RIGHT/SUBSTRING/ISNUMERIC: one row per thread (strings are short),
//    code-point walking with an ASCII fast path.
#include "handwritten_kernels.hpp"
#include "selftest_support.hpp"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/session_context.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"

namespace tessera::bench::hw {

#define HD __host__ __device__ __forceinline__

namespace {

constexpr int32_t kMinDay = -719162;  // 0001-01-01
constexpr int32_t kMaxDay = 2932896;  // 9999-12-31
constexpr int32_t kStatusDateOverflow = 2;
constexpr int32_t kStatusDatediffOverflow = 3;
constexpr int32_t kStatusInvalidLength = 4;
constexpr int32_t kStatusArithmeticOverflow = 7;
constexpr int64_t kNoError = INT64_MAX;

// ---------------------------------------------------------------- dates ----
struct Ymd {
  int32_t y, m, d;
};

// Neri & Schneider, "Euclidean affine functions and their application to
// calendar algorithms" (2022): civil date of a day number with 32-bit
// multiplies and shifts. Exact for every day of 0001-01-01 .. 9999-12-31
// (hw_selftest compares it with Calendar::from_days over the whole range).
HD Ymd civil(int32_t days) {
  constexpr uint32_t s = 82;
  constexpr uint32_t K = 719468 + 146097 * s;
  constexpr uint32_t L = 400 * s;
  const uint32_t N = static_cast<uint32_t>(days) + K;
  const uint32_t N1 = 4 * N + 3;
  const uint32_t C = N1 / 146097;
  const uint32_t NC = N1 % 146097 / 4;
  const uint32_t N2 = 4 * NC + 3;
  const uint64_t P2 = uint64_t(2939745) * N2;
  const uint32_t Z = static_cast<uint32_t>(P2 >> 32);
  const uint32_t NY = static_cast<uint32_t>(P2) / 2939745 / 4;
  const uint32_t Y = 100 * C + Z;
  const uint32_t N3 = 2141 * NY + 197913;
  const uint32_t M = N3 >> 16;
  const uint32_t D = (N3 & 65535) / 2141;
  const uint32_t J = NY >= 306;
  return {static_cast<int32_t>(Y - L + J), static_cast<int32_t>(J ? M - 12 : M), static_cast<int32_t>(D + 1)};
}

HD int32_t year_of(int32_t days) { return civil(days).y; }
HD int32_t quarter_of(int32_t days) { return (civil(days).m - 1) / 3 + 1; }

// DATEADD(day, n, d): status 0 or kDateOverflow.
HD int32_t dateadd_day_row(int32_t n, int32_t d, int32_t* out) {
  const int64_t r = int64_t(d) + n;
  if (r < kMinDay || r > kMaxDay) return kStatusDateOverflow;
  *out = static_cast<int32_t>(r);
  return 0;
}

HD int32_t datediff_day_row(int32_t a, int32_t b, int32_t* out) {
  const int64_t r = int64_t(b) - a;
  if (r < INT32_MIN || r > INT32_MAX) return kStatusDatediffOverflow;
  *out = static_cast<int32_t>(r);
  return 0;
}

// 'mm/dd/yyyy' into 10 bytes.
HD void format_101(int32_t days, char* o) {
  const Ymd c = civil(days);
  o[0] = static_cast<char>('0' + c.m / 10);
  o[1] = static_cast<char>('0' + c.m % 10);
  o[2] = '/';
  o[3] = static_cast<char>('0' + c.d / 10);
  o[4] = static_cast<char>('0' + c.d % 10);
  o[5] = '/';
  const int32_t y = c.y;
  o[6] = static_cast<char>('0' + y / 1000 % 10);
  o[7] = static_cast<char>('0' + y / 100 % 10);
  o[8] = static_cast<char>('0' + y / 10 % 10);
  o[9] = static_cast<char>('0' + y % 10);
}

// --------------------------------------------------- CAST(float AS MONEY) ---
// The library rounds the double to its correctly rounded 17 significant digits
// (half to even), then to 4 decimals half away from zero, and fails when that
// leaves int64. Here the 17 digits come from one exact 128-bit product
// m * 5^s shifted right (the double is m * 2^e2), which covers every double
// that can give a non-zero in-range result; the rest are decided up front.
HD uint64_t pow10u(int32_t n) {
  uint64_t r = 1;
  for (int32_t i = 0; i < n; ++i) r *= 10;
  return r;
}
HD uint64_t pow5u(int32_t n) {
  uint64_t r = 1;
  for (int32_t i = 0; i < n; ++i) r *= 5;
  return r;
}

HD int32_t money_row(double v, int64_t* out) {
  uint64_t bits;
  memcpy(&bits, &v, 8);
  const bool neg = (bits >> 63) != 0;
  const double mag = neg ? -v : v;
  if (!(mag < 1e15)) return kStatusArithmeticOverflow;  // also NaN and inf: 17 digits give >= 10^19 / 10^4
  if (mag < 1e-5) {  // 17 digits round to 0 at 4 decimals (decimal exponent <= -6, or -5 below 5e-5)
    *out = 0;
    return 0;
  }
  const int32_t biased = static_cast<int32_t>((bits >> 52) & 0x7ff);  // normal here (mag >= 1e-5)
  const uint64_t m = (bits & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52);
  const int32_t e2 = biased - 1075;
  // decimal exponent estimate: floor(log10(2^(e2+52))), then corrected.
  int32_t e = static_cast<int32_t>(floor((e2 + 52) * 0.30102999566398120));
  const uint64_t lo = 100000000000000000ull / 10, hi = 100000000000000000ull;  // 10^16, 10^17
  uint64_t q = 0;
  int32_t half = 0;
  for (int32_t tries = 0; tries < 4; ++tries) {
    const int32_t s = 16 - e;  // in [1, 23] for 1e-5 <= mag < 1e15
    const unsigned __int128 p = static_cast<unsigned __int128>(m) * pow5u(s);
    const int32_t sh = -(e2 + s);  // > 0 in this range
    const unsigned __int128 qq = p >> sh;
    const unsigned __int128 rem = p - (qq << sh);
    const unsigned __int128 halfway = static_cast<unsigned __int128>(1) << (sh - 1);
    if (qq >= hi) {
      ++e;
      continue;
    }
    if (qq < lo) {
      --e;
      continue;
    }
    q = static_cast<uint64_t>(qq);
    half = rem < halfway ? -1 : rem == halfway ? 0 : 1;
    break;
  }
  if (half > 0 || (half == 0 && (q & 1) != 0)) ++q;
  if (q == hi) {
    q = lo;
    ++e;
  }
  const int32_t shift = e - 16 + 4;
  unsigned __int128 r;
  if (shift >= 0) {
    r = static_cast<unsigned __int128>(q) * pow10u(shift);  // shift <= 3 here
  } else if (-shift > 17) {
    r = 0;
  } else {
    const uint64_t p = pow10u(-shift);
    uint64_t qt = q / p;
    const uint64_t rm = q - qt * p;
    if (rm * 2 >= p) ++qt;
    r = qt;
  }
  if (neg ? r > (static_cast<unsigned __int128>(1) << 63) : r > static_cast<unsigned __int128>(INT64_MAX))
    return kStatusArithmeticOverflow;
  *out = neg ? static_cast<int64_t>(0 - static_cast<uint64_t>(r)) : static_cast<int64_t>(r);
  return 0;
}

// ---------------------------------------------------------------- UTF-8 ----
// Byte length of the character at pos (Utf8::decode's size: strict, an
// invalid byte is one character).
HD int32_t u8_size(const uint8_t* s, int32_t len, int32_t pos) {
  const uint8_t b0 = s[pos];
  if (b0 < 0x80) return 1;
  const int32_t left = len - pos;
  if (b0 >= 0xC2 && b0 <= 0xDF) return left >= 2 && (s[pos + 1] & 0xC0) == 0x80 ? 2 : 1;
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    if (left < 3) return 1;
    const uint8_t b1 = s[pos + 1], b2 = s[pos + 2];
    const uint8_t lo = b0 == 0xE0 ? 0xA0 : 0x80, hi = b0 == 0xED ? 0x9F : 0xBF;
    return b1 < lo || b1 > hi || (b2 & 0xC0) != 0x80 ? 1 : 3;
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    if (left < 4) return 1;
    const uint8_t b1 = s[pos + 1], b2 = s[pos + 2], b3 = s[pos + 3];
    const uint8_t lo = b0 == 0xF0 ? 0x90 : 0x80, hi = b0 == 0xF4 ? 0x8F : 0xBF;
    return b1 < lo || b1 > hi || (b2 & 0xC0) != 0x80 || (b3 & 0xC0) != 0x80 ? 1 : 4;
  }
  return 1;
}

HD int32_t u8_advance(const uint8_t* s, int32_t len, int32_t pos, int64_t n) {
  while (n > 0 && pos < len) {
    pos += s[pos] < 0x80 ? 1 : u8_size(s, len, pos);
    --n;
  }
  return pos;
}

HD int64_t u8_count(const uint8_t* s, int32_t len) {
  int64_t n = 0;
  for (int32_t pos = 0; pos < len; ++n) pos += s[pos] < 0x80 ? 1 : u8_size(s, len, pos);
  return n;
}

// Case mapping as byte rules. A byte C3 or C5 is never a continuation byte,
// so it always starts a character, two bytes long when a continuation byte
// follows inside the row; ASCII bytes are always whole characters. So the
// output byte at i depends only on bytes i-1, i, i+1 of the same row.
//   LOWER: A-Z +32; C3 {80..9E}\{97} -> C3 (+32); C5 B8 -> C3 BF
//   UPPER: a-z -32; C3 {A0..BE}\{B7} -> C3 (-32); C3 BF -> C5 B8
// `prev` / `next` are -1 when outside the row.
template <bool Upper>
HD uint8_t case_byte(int32_t prev, uint8_t b, int32_t next) {
  if (b < 0x80) {
    if (Upper) return b >= 'a' && b <= 'z' ? static_cast<uint8_t>(b - 32) : b;
    return b >= 'A' && b <= 'Z' ? static_cast<uint8_t>(b + 32) : b;
  }
  if (Upper) {
    if (b == 0xC3 && next == 0xBF) return 0xC5;
    if (prev == 0xC3) {
      if (b >= 0xA0 && b <= 0xBE && b != 0xB7) return static_cast<uint8_t>(b - 32);
      if (b == 0xBF) return 0xB8;
    }
  } else {
    if (b == 0xC5 && next == 0xB8) return 0xC3;
    if (prev == 0xC3 && b >= 0x80 && b <= 0x9E && b != 0x97) return static_cast<uint8_t>(b + 32);
    if (prev == 0xC5 && b == 0xB8) return 0xBF;
  }
  return b;
}

// SWAR case map of 4 ASCII bytes (every byte < 0x80: no carries between bytes).
template <bool Upper>
HD uint32_t case_word_ascii(uint32_t x) {
  const uint32_t ge = x + (Upper ? 0x1F1F1F1Fu : 0x3F3F3F3Fu);  // >= 'a' / 'A'
  const uint32_t gt = x + (Upper ? 0x05050505u : 0x25252525u);  // >  'z' / 'Z'
  const uint32_t mask = (ge & ~gt & 0x80808080u) >> 2;          // 0x20 in letter bytes
  return x ^ mask;
}

// -------------------------------------------------------------- ISNUMERIC ---
HD bool isn_space(uint8_t c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
HD bool is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

HD int32_t currency_at(const uint8_t* s, int32_t i, int32_t e) {
  if (s[i] == '$') return 1;
  if (i + 1 < e && s[i] == 0xC2 && s[i + 1] >= 0xA2 && s[i + 1] <= 0xA5) return 2;
  if (i + 2 < e && s[i] == 0xE2 && s[i + 1] == 0x82 && s[i + 2] == 0xAC) return 3;
  return 0;
}

// NumberParse::money(..., wide_space = true) == kOk, on the trimmed [i, e).
HD bool money_syntax_ok(const uint8_t* s, int32_t i, int32_t e) {
  bool neg = false, signed_ = false, currency = false;
  for (int32_t k = 0; k < 2 && i < e; ++k) {
    if (!signed_ && (s[i] == '+' || s[i] == '-')) {
      neg = s[i++] == '-';
      signed_ = true;
    } else {
      const int32_t c = currency_at(s, i, e);
      if (!currency && c > 0) {
        i += c;
        currency = true;
      }
    }
  }
  const unsigned __int128 kSat = static_cast<unsigned __int128>(1) << 64;
  unsigned __int128 v = 0;
  for (; i < e && (is_digit(s[i]) || s[i] == ','); ++i) {
    if (s[i] == ',') continue;
    v = v * 10 + (s[i] - '0');
    if (v > kSat) v = kSat;
  }
  int32_t frac = 0;
  bool round_up = false;
  if (i < e && s[i] == '.') {
    for (++i; i < e && is_digit(s[i]); ++i) {
      if (frac < 4) {
        v = v * 10 + (s[i] - '0');
        ++frac;
      } else if (frac == 4) {
        round_up = s[i] >= '5';
        ++frac;
      }
    }
  }
  if (i != e) return false;
  for (; frac < 4; ++frac) v *= 10;
  if (round_up) ++v;
  return neg ? v <= (static_cast<unsigned __int128>(1) << 63) : v <= static_cast<unsigned __int128>(INT64_MAX);
}

// The first 40 digits of DBL_MAX + half an ulp = (2^54 - 1) * 2^970, a
// 309-digit integer: a decimal with leading exponent 308 overflows float
// exactly when its (<= 40) kept digits compare above this prefix.
HD int32_t half_past_max_digit(int32_t j) { return "1797693134862315807937289714053034150799"[j] - '0'; }

// NumberParse::floating(..., d_exponent = true, wide_space = true) == kOk on
// the trimmed, non-empty [i, e).
HD bool float_syntax_ok(const uint8_t* s, int32_t i, int32_t e) {
  if (s[i] == '+' || s[i] == '-') ++i;
  const int32_t mantissa_begin = i;
  int32_t nd = 0, k = 0, mantissa_digits = 0;
  bool seen_point = false;
  for (; i < e; ++i) {
    const uint8_t c = s[i];
    if (c == '.') {
      if (seen_point) return false;
      seen_point = true;
      continue;
    }
    if (!is_digit(c)) break;
    ++mantissa_digits;
    if (nd == 0 && c == '0') {
      if (seen_point) --k;
      continue;
    }
    if (nd < 40) {
      ++nd;
      if (seen_point) --k;
    } else if (!seen_point) {
      ++k;
    }
  }
  if (mantissa_digits == 0) return false;
  if (i < e && (s[i] == 'e' || s[i] == 'E' || s[i] == 'd' || s[i] == 'D')) {
    ++i;
    bool eneg = false;
    if (i < e && (s[i] == '+' || s[i] == '-')) eneg = s[i++] == '-';
    int32_t ev = 0, edigits = 0;
    for (; i < e && is_digit(s[i]); ++i, ++edigits)
      if (ev < 100000) ev = ev * 10 + (s[i] - '0');
    if (edigits == 0) return false;
    k += eneg ? -ev : ev;
  }
  if (i != e) return false;
  if (nd == 0) return true;
  const int32_t lead = nd - 1 + k;
  if (lead < 308) return true;
  if (lead > 308) return false;
  // lead == 308: compare the kept digits with DBL_MAX + half an ulp.
  int32_t j = 0;
  for (int32_t p = mantissa_begin; j < nd; ++p) {
    const uint8_t c = s[p];
    if (c == '.' || (j == 0 && c == '0')) continue;
    const int32_t d = c - '0';
    if (d != half_past_max_digit(j)) return d < half_past_max_digit(j);
    ++j;
  }
  return true;  // equal prefix: the rest of the bound is non-zero, so below it
}

HD int32_t isnumeric_row(const uint8_t* s, int32_t n) {
  int32_t i = 0, e = n;
  while (i < e && isn_space(s[i])) ++i;
  while (e > i && isn_space(s[e - 1])) --e;
  if (i == e) return 0;
  if (money_syntax_ok(s, i, e)) return 1;
  return float_syntax_ok(s, i, e) ? 1 : 0;
}

// --------------------------------------------------- LEFT/RIGHT/SUBSTRING ---
// Byte range [from, to) of the result, or a status.
HD int32_t left_range(const uint8_t* s, int32_t len, int64_t n, int32_t* from, int32_t* to) {
  if (n < 0) return kStatusInvalidLength;
  *from = 0;
  *to = u8_advance(s, len, 0, n);
  return 0;
}
HD int32_t right_range(const uint8_t* s, int32_t len, int64_t n, int32_t* from, int32_t* to) {
  if (n < 0) return kStatusInvalidLength;
  const int64_t total = u8_count(s, len);
  const int64_t skip = total > n ? total - n : 0;
  *from = u8_advance(s, len, 0, skip);
  *to = len;
  return 0;
}
HD int32_t substring_range(const uint8_t* s, int32_t len, int64_t start, int64_t length, int32_t* from,
                           int32_t* to) {
  if (length < 0) return kStatusInvalidLength;
  const int64_t end = start > 0 && length > INT64_MAX - start ? INT64_MAX : start + length;
  const int64_t first = start < 1 ? 1 : start;
  if (end <= first) {
    *from = *to = 0;
    return 0;
  }
  *from = u8_advance(s, len, 0, first - 1);
  *to = u8_advance(s, len, *from, end - first);
  return 0;
}

// ------------------------------------------------------------- kernels -----
constexpr int kBlock = 256;
constexpr int kUnroll = 4;

int grid_for(int64_t work_items, int per_block) {
  static int sms = 0;
  if (sms == 0) {
    int dev = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (sms <= 0) sms = 132;
  }
  const int64_t need = (work_items + per_block - 1) / per_block;
  // Enough resident blocks to fill the chip (8 blocks of 256 per SM), no more.
  return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(need, int64_t(sms) * 8)));
}

__device__ __forceinline__ void report_error(int64_t* error, int64_t local) {
  if (local != kNoError) atomicMin(reinterpret_cast<long long*>(error), static_cast<long long>(local));
}

__device__ __forceinline__ uint8_t valid_at(const uint8_t* v, int64_t r) { return v ? __ldg(v + r) : 1; }
__device__ __forceinline__ uchar4 valid4(const uint8_t* v, int64_t q) {
  return v ? __ldg(reinterpret_cast<const uchar4*>(v) + q) : make_uchar4(1, 1, 1, 1);
}

// One int32 date -> int32 (no errors): YEAR, DATEPART(quarter).
template <int Op>
__device__ __forceinline__ int32_t date_op(int32_t d) {
  if constexpr (Op == 0) return year_of(d);
  else return quarter_of(d);
}

template <int Op>
__global__ void __launch_bounds__(kBlock) k_date_to_int(const int32_t* __restrict__ in,
                                                        const uint8_t* __restrict__ valid,
                                                        int32_t* __restrict__ out, uint8_t* __restrict__ out_valid,
                                                        int64_t n) {
  const int64_t nvec = n / 4;
  const int64_t stride = int64_t(gridDim.x) * kBlock * kUnroll;
  for (int64_t base = int64_t(blockIdx.x) * kBlock * kUnroll + threadIdx.x; base < nvec; base += stride) {
    int4 x[kUnroll];
    uchar4 v[kUnroll];
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      const int64_t q = base + int64_t(j) * kBlock;
      if (q < nvec) {
        x[j] = __ldg(reinterpret_cast<const int4*>(in) + q);
        v[j] = valid4(valid, q);
      }
    }
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      const int64_t q = base + int64_t(j) * kBlock;
      if (q < nvec) {
        // NULL rows still compute (cheap, no errors); out_valid marks them.
        const int4 y = make_int4(date_op<Op>(x[j].x), date_op<Op>(x[j].y), date_op<Op>(x[j].z), date_op<Op>(x[j].w));
        reinterpret_cast<int4*>(out)[q] = y;
        reinterpret_cast<uchar4*>(out_valid)[q] = make_uchar4(v[j].x != 0, v[j].y != 0, v[j].z != 0, v[j].w != 0);
      }
    }
  }
  if (blockIdx.x == 0 && threadIdx.x < n % 4) {
    const int64_t r = nvec * 4 + threadIdx.x;
    out[r] = date_op<Op>(in[r]);
    out_valid[r] = valid_at(valid, r) != 0;
  }
}

// Two int32 columns -> int32 with a status: DATEADD(day), DATEDIFF(day).
template <int Op>
__device__ __forceinline__ int32_t pair_op(int32_t a, int32_t b, int32_t* out) {
  if constexpr (Op == 0) return dateadd_day_row(a, b, out);
  else return datediff_day_row(a, b, out);
}

template <int Op>
__device__ __forceinline__ void pair_row(int32_t a, int32_t b, bool valid, int64_t row, int32_t& out, uint8_t& ov,
                                         int64_t& err) {
  out = 0;
  if (!valid) {
    ov = 0;
    return;
  }
  const int32_t st = pair_op<Op>(a, b, &out);
  ov = st == 0;
  if (st != 0 && err == kNoError) err = (row << 8) | st;  // rows rise within a thread: the first is the least
}

template <int Op>
__global__ void __launch_bounds__(kBlock) k_pair(const int32_t* __restrict__ a, const uint8_t* __restrict__ av,
                                                 const int32_t* __restrict__ b, const uint8_t* __restrict__ bv,
                                                 int32_t* __restrict__ out, uint8_t* __restrict__ out_valid,
                                                 int64_t* error, int64_t n) {
  const int64_t nvec = n / 4;
  const int64_t stride = int64_t(gridDim.x) * kBlock * kUnroll;
  int64_t err = kNoError;
  for (int64_t base = int64_t(blockIdx.x) * kBlock * kUnroll + threadIdx.x; base < nvec; base += stride) {
    int4 x[kUnroll], y[kUnroll];
    uchar4 va[kUnroll], vb[kUnroll];
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      const int64_t q = base + int64_t(j) * kBlock;
      if (q < nvec) {
        x[j] = __ldg(reinterpret_cast<const int4*>(a) + q);
        y[j] = __ldg(reinterpret_cast<const int4*>(b) + q);
        va[j] = valid4(av, q);
        vb[j] = valid4(bv, q);
      }
    }
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      const int64_t q = base + int64_t(j) * kBlock;
      if (q < nvec) {
        int4 o;
        uchar4 ov;
        pair_row<Op>(x[j].x, y[j].x, va[j].x && vb[j].x, q * 4 + 0, o.x, ov.x, err);
        pair_row<Op>(x[j].y, y[j].y, va[j].y && vb[j].y, q * 4 + 1, o.y, ov.y, err);
        pair_row<Op>(x[j].z, y[j].z, va[j].z && vb[j].z, q * 4 + 2, o.z, ov.z, err);
        pair_row<Op>(x[j].w, y[j].w, va[j].w && vb[j].w, q * 4 + 3, o.w, ov.w, err);
        reinterpret_cast<int4*>(out)[q] = o;
        reinterpret_cast<uchar4*>(out_valid)[q] = ov;
      }
    }
  }
  if (blockIdx.x == 0 && threadIdx.x < n % 4) {
    const int64_t r = nvec * 4 + threadIdx.x;
    pair_row<Op>(a[r], b[r], valid_at(av, r) && valid_at(bv, r), r, out[r], out_valid[r], err);
  }
  report_error(error, err);
}

__device__ __forceinline__ void money_one(double x, bool valid, int64_t row, int64_t& out, uint8_t& ov, int64_t& err) {
  out = 0;
  if (!valid) {
    ov = 0;
    return;
  }
  const int32_t st = money_row(x, &out);
  ov = st == 0;
  if (st != 0 && err == kNoError) err = (row << 8) | st;
}

__global__ void __launch_bounds__(kBlock) k_money(const double* __restrict__ in, const uint8_t* __restrict__ valid,
                                                  int64_t* __restrict__ out, uint8_t* __restrict__ out_valid,
                                                  int64_t* error, int64_t n) {
  const int64_t nvec = n / 2;
  const int64_t stride = int64_t(gridDim.x) * kBlock * kUnroll;
  int64_t err = kNoError;
  for (int64_t base = int64_t(blockIdx.x) * kBlock * kUnroll + threadIdx.x; base < nvec; base += stride) {
    double2 x[kUnroll];
    uchar2 v[kUnroll];
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      const int64_t q = base + int64_t(j) * kBlock;
      if (q < nvec) {
        x[j] = __ldg(reinterpret_cast<const double2*>(in) + q);
        v[j] = valid ? __ldg(reinterpret_cast<const uchar2*>(valid) + q) : make_uchar2(1, 1);
      }
    }
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      const int64_t q = base + int64_t(j) * kBlock;
      if (q < nvec) {
        longlong2 o;
        uchar2 ov;
        int64_t o0, o1;
        money_one(x[j].x, v[j].x, q * 2, o0, ov.x, err);
        money_one(x[j].y, v[j].y, q * 2 + 1, o1, ov.y, err);
        o.x = o0;
        o.y = o1;
        reinterpret_cast<longlong2*>(out)[q] = o;
        reinterpret_cast<uchar2*>(out_valid)[q] = ov;
      }
    }
  }
  if (blockIdx.x == 0 && threadIdx.x == 0 && (n & 1)) {
    const int64_t r = n - 1;
    int64_t o;
    money_one(in[r], valid_at(valid, r), r, o, out_valid[r], err);
    out[r] = o;
  }
  report_error(error, err);
}

// CONVERT(varchar, date, 101): 8 rows per thread.
__global__ void __launch_bounds__(kBlock) k_convert_101(const int32_t* __restrict__ in,
                                                        const uint8_t* __restrict__ valid, OutString o, int64_t n) {
  const int64_t groups = (n + 7) / 8;
  for (int64_t g = int64_t(blockIdx.x) * kBlock + threadIdx.x; g < groups; g += int64_t(gridDim.x) * kBlock) {
    const int64_t r0 = g * 8;
    if (r0 + 8 <= n) {
      const int4 d0 = __ldg(reinterpret_cast<const int4*>(in) + g * 2);
      const int4 d1 = __ldg(reinterpret_cast<const int4*>(in) + g * 2 + 1);
      const int32_t d[8] = {d0.x, d0.y, d0.z, d0.w, d1.x, d1.y, d1.z, d1.w};
      uint2 vv = valid ? __ldg(reinterpret_cast<const uint2*>(valid) + g) : make_uint2(0x01010101u, 0x01010101u);
      // Normalise validity bytes to 0/1.
      vv.x = ((((vv.x & 0x7f7f7f7fu) + 0x7f7f7f7fu) | vv.x) >> 7) & 0x01010101u;
      vv.y = ((((vv.y & 0x7f7f7f7fu) + 0x7f7f7f7fu) | vv.y) >> 7) & 0x01010101u;
      const longlong2 oa = __ldg(reinterpret_cast<const longlong2*>(o.offsets) + g * 4);
      const longlong2 ob = __ldg(reinterpret_cast<const longlong2*>(o.offsets) + g * 4 + 1);
      const longlong2 oc = __ldg(reinterpret_cast<const longlong2*>(o.offsets) + g * 4 + 2);
      const longlong2 od = __ldg(reinterpret_cast<const longlong2*>(o.offsets) + g * 4 + 3);
      const int64_t off[8] = {oa.x, oa.y, ob.x, ob.y, oc.x, oc.y, od.x, od.y};
      bool contiguous = (off[0] & 15) == 0;
#pragma unroll
      for (int k = 1; k < 8; ++k) contiguous &= off[k] == off[0] + 10 * k;
      if (contiguous) {
        union {
          char c[80];
          uint4 v[5];
        } buf;
#pragma unroll
        for (int k = 0; k < 8; ++k) format_101(d[k], buf.c + 10 * k);
        uint4* dst = reinterpret_cast<uint4*>(o.bytes + off[0]);
#pragma unroll
        for (int k = 0; k < 5; ++k) dst[k] = buf.v[k];
      } else {
#pragma unroll
        for (int k = 0; k < 8; ++k) {
          char t[10];
          format_101(d[k], t);
          for (int b = 0; b < 10; ++b) o.bytes[off[k] + b] = t[b];
        }
      }
      const int4 ten = make_int4(10, 10, 10, 10);
      reinterpret_cast<int4*>(o.lengths)[g * 2] = ten;
      reinterpret_cast<int4*>(o.lengths)[g * 2 + 1] = ten;
      reinterpret_cast<uint2*>(o.valid)[g] = vv;
    } else {
      for (int64_t r = r0; r < n; ++r) {
        char t[10];
        format_101(in[r], t);
        for (int b = 0; b < 10; ++b) o.bytes[o.offsets[r] + b] = t[b];
        o.lengths[r] = 10;
        o.valid[r] = valid_at(valid, r) != 0;
      }
    }
  }
}

// LOWER/UPPER, packed layout: lengths + validity, then the bytes in 16-byte chunks.
__global__ void __launch_bounds__(kBlock) k_copy_len_valid(InString s, OutString o, int64_t n) {
  const int64_t nvec = n / 4;
  for (int64_t q = int64_t(blockIdx.x) * kBlock + threadIdx.x; q < nvec; q += int64_t(gridDim.x) * kBlock) {
    reinterpret_cast<int4*>(o.lengths)[q] = __ldg(reinterpret_cast<const int4*>(s.lengths) + q);
    const uchar4 v = valid4(s.valid, q);
    reinterpret_cast<uchar4*>(o.valid)[q] = make_uchar4(v.x != 0, v.y != 0, v.z != 0, v.w != 0);
  }
  if (blockIdx.x == 0 && threadIdx.x < n % 4) {
    const int64_t r = nvec * 4 + threadIdx.x;
    o.lengths[r] = s.lengths[r];
    o.valid[r] = valid_at(s.valid, r) != 0;
  }
}

// Row holding byte p (the last row whose offset is <= p).
__device__ int64_t row_of_byte(const int64_t* offsets, int64_t n, int64_t p) {
  int64_t lo = 0, hi = n;  // answer in [lo, hi)
  while (hi - lo > 1) {
    const int64_t mid = (lo + hi) / 2;
    if (__ldg(offsets + mid) <= p) lo = mid;
    else hi = mid;
  }
  return lo;
}

template <bool Upper>
__device__ uint8_t case_byte_at(const InString& s, int64_t n, int64_t p) {
  const uint8_t* b = reinterpret_cast<const uint8_t*>(s.bytes);
  const uint8_t c = b[p];
  if (c < 0x80) return case_byte<Upper>(-1, c, -1);
  const int64_t r = row_of_byte(s.offsets, n, p);
  const int64_t row_begin = s.offsets[r], row_end = row_begin + s.lengths[r];
  const int32_t prev = p - 1 >= row_begin ? b[p - 1] : -1;
  const int32_t next = p + 1 < row_end ? b[p + 1] : -1;
  return case_byte<Upper>(prev, c, next);
}

template <bool Upper>
__global__ void __launch_bounds__(kBlock) k_case_packed(InString s, OutString o, int64_t n) {
  const int64_t chunks = s.total_bytes / 16;
  const int64_t stride = int64_t(gridDim.x) * kBlock * kUnroll;
  for (int64_t base = int64_t(blockIdx.x) * kBlock * kUnroll + threadIdx.x; base < chunks; base += stride) {
    uint4 x[kUnroll];
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      const int64_t c = base + int64_t(j) * kBlock;
      if (c < chunks) x[j] = __ldg(reinterpret_cast<const uint4*>(s.bytes) + c);
    }
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      const int64_t c = base + int64_t(j) * kBlock;
      if (c >= chunks) continue;
      uint4 y;
      if (((x[j].x | x[j].y | x[j].z | x[j].w) & 0x80808080u) == 0) {
        y.x = case_word_ascii<Upper>(x[j].x);
        y.y = case_word_ascii<Upper>(x[j].y);
        y.z = case_word_ascii<Upper>(x[j].z);
        y.w = case_word_ascii<Upper>(x[j].w);
      } else {
        union {
          uint4 v;
          uint8_t b[16];
        } t;
        for (int k = 0; k < 16; ++k) t.b[k] = case_byte_at<Upper>(s, n, c * 16 + k);
        y = t.v;
      }
      reinterpret_cast<uint4*>(o.bytes)[c] = y;
    }
  }
  if (blockIdx.x == 0 && threadIdx.x < s.total_bytes % 16) {
    const int64_t p = chunks * 16 + threadIdx.x;
    o.bytes[p] = static_cast<char>(case_byte_at<Upper>(s, n, p));
  }
}

// General layout: one row per thread.
template <bool Upper>
__global__ void __launch_bounds__(kBlock) k_case_rows(InString s, OutString o, int64_t n) {
  for (int64_t r = int64_t(blockIdx.x) * kBlock + threadIdx.x; r < n; r += int64_t(gridDim.x) * kBlock) {
    const int32_t len = s.lengths[r];
    const uint8_t* in = reinterpret_cast<const uint8_t*>(s.bytes) + s.offsets[r];
    char* out = o.bytes + o.offsets[r];
    const bool v = valid_at(s.valid, r) != 0;
    if (v)
      for (int32_t i = 0; i < len; ++i)
        out[i] = static_cast<char>(
            case_byte<Upper>(i > 0 ? in[i - 1] : -1, in[i], i + 1 < len ? in[i + 1] : -1));
    o.lengths[r] = v ? len : 0;
    o.valid[r] = v;
  }
}

// LEFT / RIGHT / SUBSTRING: one row per thread.
template <int Op>
__global__ void __launch_bounds__(kBlock) k_slice(InString s, int64_t a, int64_t b, OutString o, int64_t* error,
                                                  int64_t n) {
  int64_t err = kNoError;
  for (int64_t r = int64_t(blockIdx.x) * kBlock + threadIdx.x; r < n; r += int64_t(gridDim.x) * kBlock) {
    if (!valid_at(s.valid, r)) {
      o.valid[r] = 0;
      o.lengths[r] = 0;
      continue;
    }
    const int32_t len = __ldg(s.lengths + r);
    const uint8_t* in = reinterpret_cast<const uint8_t*>(s.bytes) + __ldg(s.offsets + r);
    int32_t from = 0, to = 0, st;
    if constexpr (Op == 0) st = left_range(in, len, a, &from, &to);
    else if constexpr (Op == 1) st = right_range(in, len, a, &from, &to);
    else st = substring_range(in, len, a, b, &from, &to);
    if (st != 0) {
      o.valid[r] = 0;
      o.lengths[r] = 0;
      if (err == kNoError) err = (r << 8) | st;
      continue;
    }
    char* out = o.bytes + __ldg(o.offsets + r);
    for (int32_t i = from; i < to; ++i) out[i - from] = static_cast<char>(__ldg(in + i));
    o.lengths[r] = to - from;
    o.valid[r] = 1;
  }
  report_error(error, err);
}

__global__ void __launch_bounds__(kBlock) k_isnumeric(InString s, int32_t* __restrict__ out,
                                                      uint8_t* __restrict__ out_valid, int64_t n) {
  for (int64_t r = int64_t(blockIdx.x) * kBlock + threadIdx.x; r < n; r += int64_t(gridDim.x) * kBlock) {
    // Custom NULL rule: ISNUMERIC(NULL) = 0, a valid result.
    const bool v = valid_at(s.valid, r) != 0;
    out[r] = v ? isnumeric_row(reinterpret_cast<const uint8_t*>(s.bytes) + __ldg(s.offsets + r), __ldg(s.lengths + r))
               : 0;
    out_valid[r] = 1;
  }
}

}  // namespace

// ------------------------------------------------------------- launchers ---
cudaError_t year(const int32_t* date, const uint8_t* valid, int32_t* out, uint8_t* out_valid, int64_t n,
                 cudaStream_t stream) {
  k_date_to_int<0><<<grid_for(n / 4 + 1, kBlock * kUnroll), kBlock, 0, stream>>>(date, valid, out, out_valid, n);
  return cudaGetLastError();
}
cudaError_t datepart_quarter(const int32_t* date, const uint8_t* valid, int32_t* out, uint8_t* out_valid,
                             int64_t n, cudaStream_t stream) {
  k_date_to_int<1><<<grid_for(n / 4 + 1, kBlock * kUnroll), kBlock, 0, stream>>>(date, valid, out, out_valid, n);
  return cudaGetLastError();
}
cudaError_t dateadd_day(const int32_t* number, const uint8_t* number_valid, const int32_t* date,
                        const uint8_t* date_valid, int32_t* out, uint8_t* out_valid, int64_t* error, int64_t n,
                        cudaStream_t stream) {
  k_pair<0><<<grid_for(n / 4 + 1, kBlock * kUnroll), kBlock, 0, stream>>>(number, number_valid, date, date_valid,
                                                                           out, out_valid, error, n);
  return cudaGetLastError();
}
cudaError_t datediff_day(const int32_t* start, const uint8_t* start_valid, const int32_t* end,
                         const uint8_t* end_valid, int32_t* out, uint8_t* out_valid, int64_t* error, int64_t n,
                         cudaStream_t stream) {
  k_pair<1><<<grid_for(n / 4 + 1, kBlock * kUnroll), kBlock, 0, stream>>>(start, start_valid, end, end_valid, out,
                                                                           out_valid, error, n);
  return cudaGetLastError();
}
cudaError_t cast_float_to_money(const double* v, const uint8_t* valid, int64_t* out, uint8_t* out_valid,
                                int64_t* error, int64_t n, cudaStream_t stream) {
  k_money<<<grid_for(n / 2 + 1, kBlock * kUnroll), kBlock, 0, stream>>>(v, valid, out, out_valid, error, n);
  return cudaGetLastError();
}
cudaError_t convert_date_101(const int32_t* date, const uint8_t* valid, OutString out, int64_t n,
                             cudaStream_t stream) {
  k_convert_101<<<grid_for((n + 7) / 8, kBlock), kBlock, 0, stream>>>(date, valid, out, n);
  return cudaGetLastError();
}
template <bool Upper>
static cudaError_t map_case(InString s, OutString out, int64_t n, cudaStream_t stream) {
  if (s.packed_same_layout) {
    k_copy_len_valid<<<grid_for(n / 4 + 1, kBlock), kBlock, 0, stream>>>(s, out, n);
    k_case_packed<Upper><<<grid_for(s.total_bytes / 16 + 1, kBlock * kUnroll), kBlock, 0, stream>>>(s, out, n);
  } else {
    k_case_rows<Upper><<<grid_for(n, kBlock), kBlock, 0, stream>>>(s, out, n);
  }
  return cudaGetLastError();
}
cudaError_t lower(InString s, OutString out, int64_t n, cudaStream_t stream) { return map_case<false>(s, out, n, stream); }
cudaError_t upper(InString s, OutString out, int64_t n, cudaStream_t stream) { return map_case<true>(s, out, n, stream); }
cudaError_t left(InString s, int64_t count, OutString out, int64_t* error, int64_t n, cudaStream_t stream) {
  k_slice<0><<<grid_for(n, kBlock), kBlock, 0, stream>>>(s, count, 0, out, error, n);
  return cudaGetLastError();
}
cudaError_t right(InString s, int64_t count, OutString out, int64_t* error, int64_t n, cudaStream_t stream) {
  k_slice<1><<<grid_for(n, kBlock), kBlock, 0, stream>>>(s, count, 0, out, error, n);
  return cudaGetLastError();
}
cudaError_t substring(InString s, int64_t start, int64_t length, OutString out, int64_t* error, int64_t n,
                      cudaStream_t stream) {
  k_slice<2><<<grid_for(n, kBlock), kBlock, 0, stream>>>(s, start, length, out, error, n);
  return cudaGetLastError();
}
cudaError_t isnumeric(InString s, int32_t* out, uint8_t* out_valid, int64_t n, cudaStream_t stream) {
  k_isnumeric<<<grid_for(n, kBlock), kBlock, 0, stream>>>(s, out, out_valid, n);
  return cudaGetLastError();
}

// --------------------------------------------------------- host selftest ---
namespace {

void check_string_fns(Tally& t, const std::string& s) {
  const auto* u = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t len = static_cast<int32_t>(s.size());
  std::vector<char> ref(s.size() * 4 + 16), mine(s.size() * 4 + 16);
  int32_t ref_len = 0;
  for (int up = 0; up < 2; ++up) {
    (up ? tsf_upper : tsf_lower)(ref.data(), &ref_len, s.data(), len);
    for (int32_t i = 0; i < len; ++i)
      mine[i] = static_cast<char>(up ? case_byte<true>(i ? u[i - 1] : -1, u[i], i + 1 < len ? u[i + 1] : -1)
                                     : case_byte<false>(i ? u[i - 1] : -1, u[i], i + 1 < len ? u[i + 1] : -1));
    if (ref_len != len || std::memcmp(ref.data(), mine.data(), len) != 0)
      t.fail(std::string(up ? "UPPER" : "LOWER") + "('" + hex(s) + "')");
    // The SWAR path on 4-byte ASCII words.
    for (int32_t i = 0; i + 4 <= len; i += 4) {
      uint32_t w;
      std::memcpy(&w, u + i, 4);
      if (w & 0x80808080u) continue;
      const uint32_t m = up ? case_word_ascii<true>(w) : case_word_ascii<false>(w);
      if (std::memcmp(&m, ref.data() + i, 4) != 0) t.fail("SWAR case('" + hex(s) + "')");
    }
  }
  for (int64_t n : {0, 1, 2, 3, 5, 100, -1}) {
    int32_t from = 0, to = 0;
    int32_t st = tsf_left(ref.data(), &ref_len, s.data(), len, n);
    int32_t mst = left_range(u, len, n, &from, &to);
    if (st != mst || (st == 0 && (ref_len != to - from || std::memcmp(ref.data(), s.data() + from, ref_len) != 0)))
      t.fail("LEFT('" + hex(s) + "', " + std::to_string(n) + ")");
    st = tsf_right(ref.data(), &ref_len, s.data(), len, n);
    mst = right_range(u, len, n, &from, &to);
    if (st != mst || (st == 0 && (ref_len != to - from || std::memcmp(ref.data(), s.data() + from, ref_len) != 0)))
      t.fail("RIGHT('" + hex(s) + "', " + std::to_string(n) + ")");
    for (int64_t start : {int64_t(-2), int64_t(0), int64_t(1), int64_t(2), int64_t(4), INT64_MAX}) {
      st = tsf_substring(ref.data(), &ref_len, s.data(), len, start, n);
      mst = substring_range(u, len, start, n, &from, &to);
      if (st != mst || (st == 0 && (ref_len != to - from || std::memcmp(ref.data(), s.data() + from, ref_len) != 0)))
        t.fail("SUBSTRING('" + hex(s) + "', " + std::to_string(start) + ", " + std::to_string(n) + ")");
    }
  }
  int32_t ref_isn = -1;
  tsf_isnumeric(&ref_isn, s.data(), len, 0);
  if (ref_isn != isnumeric_row(u, len)) t.fail("ISNUMERIC('" + hex(s) + "') ref " + std::to_string(ref_isn));
}
}  // namespace

int64_t hw_selftest(std::string& report, uint64_t seed) {
  Tally t{0, report};
  std::mt19937_64 rng(seed);
  // Dates: every day of the DATE range.
  char ref101[16], mine101[16];
  for (int32_t d = kMinDay; d <= kMaxDay; ++d) {
    int32_t y = 0, q = 0;
    tsf_year(&y, d);
    const fn::SessionContext session{};  // tsf_datepart reads DATEFIRST from the session
    tsf_datepart(&q, int32_t(fn::DatePart::Quarter), d, &session);
    if (y != year_of(d) || q != quarter_of(d)) t.fail("YEAR/QUARTER day " + std::to_string(d));
    if ((d & 7) == 0) {
      fn::SessionContext ctx{};
      int32_t len = 0;
      tsf_convert_date_to_varchar(ref101, &len, d, 101, &ctx);
      format_101(d, mine101);
      if (len != 10 || std::memcmp(ref101, mine101, 10) != 0) t.fail("CONVERT 101 day " + std::to_string(d));
    }
  }
  // DATEADD(day) / DATEDIFF(day), edges and random.
  const int32_t edge[] = {kMinDay, kMinDay + 1, kMaxDay, kMaxDay - 1, 0, -1, 1, INT32_MIN, INT32_MAX, 8000, -8000};
  auto check_pair = [&](int32_t a, int32_t b) {
    int32_t r1 = 0, r2 = 0;
    int32_t s1 = tsf_dateadd(&r1, int32_t(fn::DatePart::Day), a, b), s2 = dateadd_day_row(a, b, &r2);
    if (s1 != s2 || (s1 == 0 && r1 != r2)) t.fail("DATEADD(day, " + std::to_string(a) + ", " + std::to_string(b) + ")");
    s1 = tsf_datediff(&r1, int32_t(fn::DatePart::Day), a, b);
    s2 = datediff_day_row(a, b, &r2);
    if (s1 != s2 || (s1 == 0 && r1 != r2)) t.fail("DATEDIFF(day, " + std::to_string(a) + ", " + std::to_string(b) + ")");
  };
  for (int32_t a : edge)
    for (int32_t b : edge) check_pair(a, b);
  for (int i = 0; i < 200000; ++i) check_pair(static_cast<int32_t>(rng()), static_cast<int32_t>(rng() % 3700000) - 720000);
  // CAST(float AS MONEY): random bit patterns, benchmark-like values, halfway cases.
  auto check_money = [&](double v) {
    int64_t r1 = 0, r2 = 0;
    const int32_t s1 = tsf_cast_float_to_money(&r1, v), s2 = money_row(v, &r2);
    if (s1 != s2 || (s1 == 0 && r1 != r2)) {
      char b[128];
      std::snprintf(b, sizeof b, "MONEY(%.17g): ref %d/%" PRId64 ", hw %d/%" PRId64, v, s1, r1, s2, r2);
      t.fail(b);
    }
  };
  const double medge[] = {0.0, -0.0, 5e-5, 4.9999999999999996e-5, -5e-5, 1e-5, 9.9999e-6, 0.00005000000000000001,
                          922337203685477.5807, 922337203685477.58, 922337203685477.6, -922337203685477.5808,
                          -922337203685477.6, 999999999999999.9, 1e15, 1e300, 5e-324, 2.2250738585072014e-308,
                          0.12345, 0.00015, 1.00005, 2.5e-4, 1.23455, 12345.67885, 1e14, 99999999999999.99995};
  for (double v : medge) {
    check_money(v);
    check_money(-v);
  }
  check_money(__builtin_nan(""));
  check_money(__builtin_inf());
  check_money(-__builtin_inf());
  for (int i = 0; i < 1000000; ++i) {
    uint64_t bits = rng();
    double v;
    std::memcpy(&v, &bits, 8);
    check_money(v);
    const double price = double((rng() % 10000000) + 90000) / 100.0 * double(rng() % 50 + 1);
    const double disc = double(rng() % 11) / 100.0;
    check_money(price * (1.0 - disc));
    check_money(std::ldexp(double(rng() >> 11), -int(rng() % 120)));  // all magnitudes
    check_money(double(int64_t(rng() % 2000000000000000000ull) - 1000000000000000000ll) / 1e4 +
                double(rng() % 3) * 0.00005);  // near 4-decimal halfway points
  }
  // Strings: fixed cases and random bytes from a biased alphabet.
  const char* cases[] = {"", " ", "\t\n", "1", "-", "+", "$", ".", ",", "1.5", "1e5", "1d5", "1E+05", "1e", "e5",
                         "$1,234.56", "-$1", "$-1", "+-1", "--1", "1,2,3", "  42  ", "\x0b" "7\r", "12345678901234567890",
                         "922337203685477.5807", "922337203685477.5808", "-922337203685477.5808",
                         "-922337203685477.58085", "1.7976931348623157e308", "1.7976931348623158e308",
                         "1.797693134862315807937289714053034150799e308", "1.7976931348623158079372897140530341508e308",
                         "17976931348623158079372897140530341507990000e264", "1e309", "1e308", "0e999999", "0.0000e5",
                         "1..2", "1.2.3", ".e1", "1e-400", "\xc2\xa3" "5", "\xe2\x82\xac" "5", "\xc2\xa2", "\xc2",
                         "25-989-741-2988", "Brand#23", "PROMO BRUSHED COPPER", "\xc3\x80\xc3\x97\xc3\xbf\xc5\xb8",
                         "A\xc3", "\xc3" "A", "\xe2\x82", "\xf0\x9f\x98\x80x", "\xed\xa0\x80", "\xc3\xc3\x80"};
  for (const char* c : cases) check_string_fns(t, c);
  const char alphabet[] = {'0', '1', '9', '.', ',', '+', '-', 'e', 'E', 'd', 'D', '$', ' ', '\t', 'a', 'Z', 'A', 'z',
                           '#', char(0xC2), char(0xA3), char(0xC3), char(0x80), char(0x97), char(0x9E), char(0xA0),
                           char(0xB7), char(0xBF), char(0xC5), char(0xB8), char(0xE2), char(0x82), char(0xAC),
                           char(0xF0), char(0x9F), char(0xED), char(0xFF)};
  for (int i = 0; i < 300000; ++i) {
    std::string s(rng() % 24, ' ');
    const int mode = static_cast<int>(rng() % 3);
    for (char& c : s) c = mode == 0 ? alphabet[rng() % sizeof alphabet] : mode == 1 ? alphabet[rng() % 14]
                                                                                    : static_cast<char>(rng());
    check_string_fns(t, s);
  }
  return t.bad + hw_selftest_more(report, seed + 1);
}

}  // namespace tessera::bench::hw
