// RAND([seed]): a FLOAT in [0, 1) from the seed. SQL Server's generator is not documented, so the values differ from
// SQL Server's for a given seed; what holds is its contract: the same seed gives the same value, on either device.
// RAND() without a seed is one value per statement: the binder draws the seed (docs/FUNCTIONS.md, "RAND").
#include <cstdint>

#include "tessera/functions/numeric_functions.hpp"

using tessera::fn::kOk;

// SplitMix64's finaliser (Steele, Lea, Flood 2014) over the seed, whose 53 high bits are the fraction: every seed
// gives a well-mixed value, and nearby seeds unrelated ones.
TESSERA_ROW_FN int32_t tsf_rand(double* out, int32_t seed) {
  uint64_t z = static_cast<uint64_t>(static_cast<uint32_t>(seed)) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  *out = static_cast<double>(z >> 11) * (1.0 / 9007199254740992.0);  // / 2^53: below 1
  return kOk;
}
