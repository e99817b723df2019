// spec: {"functions":[{"sql_name":"add_one","kernel":"add_one","symbol":"udf_add_one","result":"int32","args":[{"name":"a","type":"int32"}]}]}
#include <cstdint>

extern "C" int32_t udf_add_one(int32_t* out, int32_t a) {
  *out = a + 1;
  return 0;
}
