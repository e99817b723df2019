// LOWER, UPPER: ASCII and Latin-1 Supplement case mapping (see utf8.hpp).
// Every mapping keeps the encoded length, so the output has the input's length.
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::CodePoint;
using tessera::fn::kOk;
using tessera::fn::Utf8;

namespace {
template <bool Upper>
int32_t map_case(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  int32_t o = 0;
  for (int32_t pos = 0; pos < s_len;) {
    const CodePoint c = Utf8::decode(s, s_len, pos);
    const uint32_t m = Upper ? Utf8::to_upper(c.cp) : Utf8::to_lower(c.cp);
    if (m == c.cp) {
      for (int32_t k = 0; k < c.size; ++k) out[o + k] = s[pos + k];  // unchanged (also invalid bytes)
      o += c.size;
    } else {
      o += Utf8::encode(m, out + o);
    }
    pos += c.size;
  }
  *out_len = o;
  return kOk;
}
}  // namespace

TESSERA_ROW_FN int32_t tsf_lower(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  return map_case<false>(out, out_len, s, s_len);
}

TESSERA_ROW_FN int32_t tsf_upper(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  return map_case<true>(out, out_len, s, s_len);
}
