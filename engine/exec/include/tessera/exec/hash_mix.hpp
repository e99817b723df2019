// The 64-bit finaliser (MurmurHash3's fmix64) every hash table of the engine mixes with, on both devices.
#pragma once

#include <cstdint>

#ifdef __CUDACC__
#define TESSERA_HASH_HD __host__ __device__
#else
#define TESSERA_HASH_HD
#endif

namespace tessera::exec {

TESSERA_HASH_HD inline uint64_t mix64(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

}  // namespace tessera::exec
