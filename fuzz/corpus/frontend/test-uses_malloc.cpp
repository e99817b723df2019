// spec: {"functions":[{"sql_name":"boxed","kernel":"boxed","symbol":"udf_boxed","result":"int32","args":[{"name":"a","type":"int32"}]}]}
#include <cstdint>
#include <cstdlib>

extern "C" int32_t udf_boxed(int32_t* out, int32_t a) {
  int32_t* box = static_cast<int32_t*>(std::malloc(sizeof(int32_t)));
  *box = a;
  *out = *box;
  std::free(box);
  return 0;
}
