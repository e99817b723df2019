// Column statistics and the HyperLogLog sketch (see column_stats.hpp).
#include "tessera/storage/column_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tessera::storage {
namespace {

// MurmurHash3's 64-bit finaliser, the same function as exec::mix64 (exec/hash_mix.hpp), kept apart on purpose:
// sketches are stored in databases, so this hash is part of the file format and must not change when the
// engine's hash tables change theirs (and storage sits below exec).
uint64_t fmix64(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

uint64_t hash_bytes(std::string_view s) {
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ (s.size() * 0xff51afd7ed558ccdULL);
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = fmix64(h ^ w) + 0x9e3779b97f4a7c15ULL;
  }
  uint64_t tail = 0;
  if (i < s.size()) std::memcpy(&tail, s.data() + i, s.size() - i);
  return fmix64(h ^ tail);
}

}  // namespace

bool integer_like(fn::SqlType t) {
  switch (t) {
    case fn::SqlType::Bool: case fn::SqlType::Int32: case fn::SqlType::Date: case fn::SqlType::Int64:
    case fn::SqlType::Decimal: case fn::SqlType::Money: case fn::SqlType::DateTime: case fn::SqlType::Time: return true;
    default: return false;
  }
}

int64_t load_int(const rt::Column& c, int64_t r) {
  switch (fn::type_width(c.type)) {
    case 1: return c.data[r];
    case 4: return c.value<int32_t>(r);
    default: return c.value<int64_t>(r);
  }
}

void DistinctSketch::add_hash(uint64_t h) {
  h = fmix64(h ^ 0x9e3779b97f4a7c15ULL);
  const uint32_t idx = static_cast<uint32_t>(h >> (64 - kBits));
  const uint64_t rest = h << kBits;
  const uint8_t rank = static_cast<uint8_t>(rest == 0 ? 64 - kBits + 1 : __builtin_clzll(rest) + 1);
  reg_[idx] = std::max(reg_[idx], rank);
}

void DistinctSketch::add(const rt::Column& c, int64_t begin, int64_t rows) {
  const int w = fn::type_width(c.type);
  for (int64_t r = begin; r < begin + rows; ++r) {
    if (!c.valid.empty() && !c.valid[r]) continue;
    if (c.type == fn::SqlType::String) {
      add_hash(hash_bytes(c.string(r)));
    } else {
      uint64_t cell[2] = {0, 0};
      std::memcpy(cell, c.data.data() + r * w, static_cast<size_t>(w));
      add_hash(w == 16 ? cell[0] ^ fmix64(cell[1]) : cell[0]);
    }
  }
}

void DistinctSketch::merge(const DistinctSketch& other) {
  for (int i = 0; i < kRegisters; ++i) reg_[i] = std::max(reg_[i], other.reg_[i]);
}

double DistinctSketch::estimate() const {
  double sum = 0;
  int zeros = 0;
  for (uint8_t v : reg_) {
    sum += std::ldexp(1.0, -v);
    zeros += v == 0;
  }
  const double m = kRegisters;
  double est = 0.7213 / (1 + 1.079 / m) * m * m / sum;
  if (est <= 2.5 * m && zeros > 0) est = m * std::log(m / zeros);  // small range: linear counting
  return std::max(0.0, est);
}

bool DistinctSketch::from_bytes(const std::vector<uint8_t>& bytes, DistinctSketch& out) {
  if (bytes.size() != static_cast<size_t>(kRegisters)) return false;
  for (uint8_t v : bytes)
    if (v > 64) return false;
  out.reg_ = bytes;
  return true;
}

ColumnStats ColumnStats::of(const rt::Column& c, int64_t begin, int64_t rows) {
  ColumnStats s;
  s.rows = rows;
  const bool ints = integer_like(c.type);
  for (int64_t r = begin; r < begin + rows; ++r) {
    if (!c.valid.empty() && !c.valid[r]) {
      ++s.nulls;
      continue;
    }
    if (!ints) continue;
    const int64_t v = load_int(c, r);
    s.min = s.has_range ? std::min(s.min, v) : v;
    s.max = s.has_range ? std::max(s.max, v) : v;
    s.has_range = true;
  }
  s.distinct.add(c, begin, rows);
  return s;
}

void ColumnStats::merge(const ColumnStats& o) {
  if (o.has_range) {
    min = has_range ? std::min(min, o.min) : o.min;
    max = has_range ? std::max(max, o.max) : o.max;
    has_range = true;
  }
  rows += o.rows;
  nulls += o.nulls;
  distinct.merge(o.distinct);
}

double ColumnStats::distinct_values() const {
  const double non_null = static_cast<double>(rows - nulls);
  return std::max(1.0, std::min(distinct.estimate(), non_null));
}

}  // namespace tessera::storage
