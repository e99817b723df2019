#include <cstdint>

extern "C" int32_t udf_add_one(int32_t* out, int32_t a) {
  *out = a + 1;
  return 0;
}
