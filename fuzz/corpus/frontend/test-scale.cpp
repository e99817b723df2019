// spec: {"functions":[{"sql_name":"SCALE","kernel":"scale","symbol":"udf_scale","result":"int64","args":[{"name":"x","type":"int64"},{"name":"factor","type":"int32","constant":true,"specialize":[3]}]}]}
#include <cstdint>

// x * factor, with a branch on the constant factor that specialisation folds away.
extern "C" int32_t udf_scale(int64_t* out, int64_t x, int32_t factor) {
  if (factor == 0) return 14;  // kInvalidArgument
  *out = x * factor;
  return 0;
}
