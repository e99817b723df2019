#include <cmath>
#include <cstdint>

// Calls libm: AMDGPU has no device math library in this build (no ocml).
extern "C" int32_t udf_grow(double* out, double a) {
  *out = std::exp(a) + 1.0;
  return 0;
}

extern "C" int32_t udf_twice(double* out, double a) {
  *out = a * 2.0;
  return 0;
}
