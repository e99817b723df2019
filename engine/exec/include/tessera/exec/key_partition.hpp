// The partition of a join key whose type is not an integer (strings, DECIMAL, MONEY, dates and times, FLOAT), for
// the partitioned passes of join_partitions.hpp (plan::Op::KeyPartition): a hash of the key as the join compares it
// (strings without trailing blanks, -0.0 as 0.0), modulo the number of partitions. Integer keys are partitioned by
// |k % P| instead. One definition for both devices, so a row's partition does not depend on where it was computed.
#pragma once

#include <cstdint>
#include <cstring>

#include "tessera/exec/hash_mix.hpp"

namespace tessera::exec {

// FNV-1a over bytes with the trailing blanks dropped, then mixed.
TESSERA_HASH_HD inline uint64_t key_string_hash(const uint8_t* p, int64_t n) {
  while (n > 0 && p[n - 1] == ' ') --n;
  uint64_t h = 14695981039346656037ULL;
  for (int64_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ULL;
  return mix64(h);
}

// A fixed-width value's bits (`lo`, and `hi` for 16-byte types; a narrower value zero-extended), mixed.
TESSERA_HASH_HD inline uint64_t key_bits_hash(uint64_t lo, uint64_t hi) { return mix64(lo ^ mix64(hi + 0x632be59bd9b4e019ULL)); }

// A FLOAT key's bits: 0.0 and -0.0 compare equal, so they hash alike.
TESSERA_HASH_HD inline uint64_t key_double_bits(double d) {
  if (d == 0.0) return 0;
  uint64_t bits;
  memcpy(&bits, &d, sizeof bits);
  return bits;
}

// A fixed-width cell's hash: its `width` bytes at `p` (a FLOAT when `is_double`).
TESSERA_HASH_HD inline uint64_t key_cell_hash(const uint8_t* p, int width, bool is_double) {
  if (is_double) {
    double d;
    memcpy(&d, p, sizeof d);
    return key_bits_hash(key_double_bits(d), 0);
  }
  uint64_t v[2] = {0, 0};
  memcpy(v, p, width);  // little-endian: a narrower value zero-extended, a 16-byte one in both halves
  return key_bits_hash(v[0], v[1]);
}

TESSERA_HASH_HD inline int32_t key_partition(uint64_t hash, int32_t parts) {
  return static_cast<int32_t>(hash % static_cast<uint64_t>(parts));
}

}  // namespace tessera::exec
