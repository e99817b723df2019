// A string result read from a table of names (pointers to string constants), as DATENAME's tables are.
#include <cstdint>

namespace {
struct Name {
  const char* text;
  int32_t length;
};
const Name kDays[7] = {{"Sunday", 6},   {"Monday", 6}, {"Tuesday", 7}, {"Wednesday", 9},
                       {"Thursday", 8}, {"Friday", 6}, {"Saturday", 8}};
}  // namespace

extern "C" int32_t udf_day_name(char* out, int32_t* out_len, int32_t d) {
  if (d < 0 || d > 6) return 1;
  const Name& n = kDays[d];
  for (int32_t i = 0; i < n.length; ++i) out[i] = n.text[i];
  *out_len = n.length;
  return 0;
}
