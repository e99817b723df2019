// The comparisons of fused predicate kernels (predicate.hpp), compiled into the kernels with the row
// functions and called by the reference.
#include <cstring>

#include "tessera/functions/predicate.hpp"

namespace {

using tessera::fn::CompareOp;

// Whether a three-way comparison result satisfies `op` (not In).
inline bool holds(int32_t op, int c) {
  switch (static_cast<CompareOp>(op)) {
    case CompareOp::Eq: return c == 0;
    case CompareOp::Ne: return c != 0;
    case CompareOp::Lt: return c < 0;
    case CompareOp::Le: return c <= 0;
    case CompareOp::Gt: return c > 0;
    case CompareOp::Ge: return c >= 0;
    default: return false;
  }
}

template <typename T>
inline int three_way(T a, T b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

// v against the operand's fixed-width constants: the first for a comparison, any of them for In.
// The operand of a fixed-width result is aligned to its width (device buffers are; on the host a
// std::string's bytes are at least 8-aligned), so each constant is one load, not sizeof(T) byte loads.
template <typename T>
inline uint8_t compare_fixed(T v, int32_t op, const char* unaligned, int32_t operand_length) {
  const char* operand = static_cast<const char*>(__builtin_assume_aligned(unaligned, sizeof(T)));
  const int32_t count = operand_length / static_cast<int32_t>(sizeof(T));
  if (op != static_cast<int32_t>(CompareOp::In)) {
    if (count < 1) return 0;
    T c;
    std::memcpy(&c, operand, sizeof(T));
    return holds(op, three_way(v, c)) ? 1 : 0;
  }
  for (int32_t i = 0; i < count; ++i) {
    T c;
    std::memcpy(&c, operand + static_cast<int64_t>(i) * sizeof(T), sizeof(T));
    if (v == c) return 1;
  }
  return 0;
}

inline int32_t trimmed(const char* s, int32_t n) {
  while (n > 0 && s[n - 1] == ' ') --n;
  return n;
}

inline int compare_bytes(const char* a, int32_t na, const char* b, int32_t nb) {
  const int32_t n = na < nb ? na : nb;
  for (int32_t k = 0; k < n; ++k) {
    const unsigned char x = static_cast<unsigned char>(a[k]), y = static_cast<unsigned char>(b[k]);
    if (x != y) return x < y ? -1 : 1;
  }
  return na < nb ? -1 : (na > nb ? 1 : 0);
}

}  // namespace

TESSERA_ROW_FN uint8_t tsf_compare_b(uint8_t v, int32_t op, const char* operand, int32_t operand_length) {
  return compare_fixed<uint8_t>(v, op, operand, operand_length);
}
TESSERA_ROW_FN uint8_t tsf_compare_i(int32_t v, int32_t op, const char* operand, int32_t operand_length) {
  return compare_fixed<int32_t>(v, op, operand, operand_length);
}
TESSERA_ROW_FN uint8_t tsf_compare_l(int64_t v, int32_t op, const char* operand, int32_t operand_length) {
  return compare_fixed<int64_t>(v, op, operand, operand_length);
}
TESSERA_ROW_FN uint8_t tsf_compare_d(double v, int32_t op, const char* operand, int32_t operand_length) {
  return compare_fixed<double>(v, op, operand, operand_length);
}

TESSERA_ROW_FN uint8_t tsf_compare_s(const char* v, int32_t length, int32_t op, const char* operand,
                                     int32_t operand_length) {
  const int32_t n = trimmed(v, length);
  int32_t at = 0;
  while (at + 4 <= operand_length) {
    int32_t len;
    std::memcpy(&len, operand + at, 4);
    at += 4;
    if (len < 0 || len > operand_length - at) return 0;
    const int c = compare_bytes(v, n, operand + at, trimmed(operand + at, len));
    at += len;
    if (op != static_cast<int32_t>(tessera::fn::CompareOp::In)) return holds(op, c) ? 1 : 0;
    if (c == 0) return 1;
  }
  return 0;
}
