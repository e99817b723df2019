#include <cstdint>

extern "C" int32_t udf_checked(int32_t* out, int32_t a) {
  if (a < 0)
    throw 42;
  *out = a;
  return 0;
}
