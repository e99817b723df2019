// Hashing and comparing rows over several key columns on the device (grouping, sorting, joins). NULLs
// hash alike and equal each other (GROUP BY's rule); strings drop trailing blanks; compare() orders NULLs
// first, as the CPU's compare_values.
#pragma once

#include <cstdint>

#include "tessera/exec/hash_mix.hpp"
#include "tessera/runtime/column_view.hpp"

namespace tessera::exec::gpu {

struct KeyColumns {
  const rt::ColumnView* cols = nullptr;  // device array
  int count = 0;
};

__device__ inline bool key_valid(const rt::ColumnView& c, int64_t r) { return !c.valid || c.valid[r]; }

__device__ inline void key_string(const rt::ColumnView& c, int64_t r, const uint8_t*& p, int32_t& n) {
  p = static_cast<const uint8_t*>(c.data) + c.offsets[r];
  n = c.lengths[r];
  while (n > 0 && p[n - 1] == ' ') --n;
}

__device__ inline uint64_t row_hash(const KeyColumns& k, int64_t r) {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (int c = 0; c < k.count; ++c) {
    const rt::ColumnView& col = k.cols[c];
    uint64_t v;
    if (!key_valid(col, r)) {
      v = 0x5bd1e995ULL;
    } else if (col.type == fn::SqlType::String) {
      const uint8_t* p;
      int32_t n;
      key_string(col, r, p, n);
      v = 14695981039346656037ULL;
      for (int32_t i = 0; i < n; ++i) v = (v ^ p[i]) * 1099511628211ULL;
    } else {
      const int w = fn::type_width(col.type);
      const uint8_t* p = static_cast<const uint8_t*>(col.data) + r * w;
      uint64_t lo = 0, hi = 0;
      if (w == 1) lo = *p;
      else if (w == 4) lo = *reinterpret_cast<const uint32_t*>(p);
      else if (w == 8) lo = col.type == fn::SqlType::Float64 && *reinterpret_cast<const double*>(p) == 0.0
                                ? 0  // -0.0 equals 0.0: they hash alike
                                : *reinterpret_cast<const uint64_t*>(p);
      else {
        lo = reinterpret_cast<const uint64_t*>(p)[0];
        hi = reinterpret_cast<const uint64_t*>(p)[1];
      }
      v = lo ^ mix64(hi + 0x632be59bd9b4e019ULL);
    }
    h = mix64(h ^ v) + 0x9e3779b97f4a7c15ULL * (c + 1);
  }
  return h;
}

// -1, 0, 1 for row a of x against row b of y (same type): NULLs first, strings bytewise without trailing blanks.
__device__ inline int compare_cells(const rt::ColumnView& x, int64_t a, const rt::ColumnView& y, int64_t b) {
  const bool va = key_valid(x, a), vb = key_valid(y, b);
  if (!va || !vb) return va == vb ? 0 : (va ? 1 : -1);
  switch (x.type) {
    case fn::SqlType::String: {
      const uint8_t *p, *q;
      int32_t n, m;
      key_string(x, a, p, n);
      key_string(y, b, q, m);
      const int32_t l = n < m ? n : m;
      for (int32_t i = 0; i < l; ++i)
        if (p[i] != q[i]) return p[i] < q[i] ? -1 : 1;
      return n < m ? -1 : (n > m ? 1 : 0);
    }
    case fn::SqlType::Bool: {
      const uint8_t u = static_cast<const uint8_t*>(x.data)[a], v = static_cast<const uint8_t*>(y.data)[b];
      return u < v ? -1 : (u > v ? 1 : 0);
    }
    case fn::SqlType::Int32:
    case fn::SqlType::Date: {
      const int32_t u = static_cast<const int32_t*>(x.data)[a], v = static_cast<const int32_t*>(y.data)[b];
      return u < v ? -1 : (u > v ? 1 : 0);
    }
    case fn::SqlType::Float64: {
      const double u = static_cast<const double*>(x.data)[a], v = static_cast<const double*>(y.data)[b];
      return u < v ? -1 : (u > v ? 1 : 0);
    }
    case fn::SqlType::Decimal128: {
      const __int128 u = static_cast<const __int128*>(x.data)[a], v = static_cast<const __int128*>(y.data)[b];
      return u < v ? -1 : (u > v ? 1 : 0);
    }
    default: {
      const int64_t u = static_cast<const int64_t*>(x.data)[a], v = static_cast<const int64_t*>(y.data)[b];
      return u < v ? -1 : (u > v ? 1 : 0);
    }
  }
}

__device__ inline bool rows_equal(const KeyColumns& k, int64_t a, int64_t b) {
  for (int c = 0; c < k.count; ++c)
    if (compare_cells(k.cols[c], a, k.cols[c], b) != 0) return false;
  return true;
}

// Row order over key columns for a merge sort of row indices: DESC per key, ties by row (a stable order).
struct RowLess {
  KeyColumns keys;
  const uint8_t* descending;
  __device__ bool operator()(int32_t a, int32_t b) const {
    for (int k = 0; k < keys.count; ++k) {
      const int c = compare_cells(keys.cols[k], a, keys.cols[k], b);
      if (c != 0) return descending[k] ? c > 0 : c < 0;
    }
    return a < b;
  }
};

}  // namespace tessera::exec::gpu
