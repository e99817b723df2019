// spec: {"functions":[{"sql_name":"ASMF","symbol":"udf_asm","result":"int32","args":[{"name":"a","type":"int32"}]},{"sql_name":"GOODF","symbol":"udf_good","result":"int32","args":[{"name":"a","type":"int32"}]}]}
// One function with x86 inline assembly (no GPU can run it) beside one that is fine.
#include <cstdint>
extern "C" int32_t udf_asm(int32_t* out, int32_t a) {
  int32_t r = a;
  asm volatile("bswap %0" : "+r"(r));
  *out = r + 1;
  return 0;
}
extern "C" int32_t udf_good(int32_t* out, int32_t a) { *out = a * 2; return 0; }
