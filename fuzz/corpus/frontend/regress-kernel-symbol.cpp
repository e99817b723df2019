// spec: {"functions":[{"sql_name":"TWICE","kernel":"twice","symbol":"tk_twice","result":"int64","args":[{"name":"a","type":"int64"}]}]}
// A row function named like the kernel tessera-cc builds for it (tk_<kernel id>).
#include <cstdint>
extern "C" int32_t tk_twice(int64_t* out, int64_t a) {
  *out = 2 * a;
  return 0;
}
