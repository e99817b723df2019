// spec: {"functions":[{"sql_name":"grow","kernel":"grow","symbol":"udf_grow","result":"float64","args":[{"name":"a","type":"float64"}]},{"sql_name":"twice","kernel":"twice","symbol":"udf_twice","result":"float64","args":[{"name":"a","type":"float64"}]}]}
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
