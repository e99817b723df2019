// spec: {"functions":[{"sql_name":"checked","kernel":"checked","symbol":"udf_checked","result":"int32","args":[{"name":"a","type":"int32"}]}]}
#include <cstdint>

extern "C" int32_t udf_checked(int32_t* out, int32_t a) {
  if (a < 0)
    throw 42;
  *out = a;
  return 0;
}
