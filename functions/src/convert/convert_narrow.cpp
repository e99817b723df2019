// The value ranges of SQL Server's narrow numeric types, checked where a value is converted to one. The
// engine keeps TINYINT and SMALLINT as INT and SMALLMONEY as MONEY; a CAST or CONVERT to them converts to
// the wide type first, then ends in one of these. `try_null` = 1 is the TRY_ form: NULL instead of the error.
//   TINYINT    0 .. 255                       Msg 220 (Arithmetic overflow error for data type tinyint)
//   SMALLINT   -32,768 .. 32,767              Msg 220 (... smallint)
//   SMALLMONEY -214,748.3648 .. 214,748.3647  Msg 8115 (... converting expression to data type smallmoney)
#include "tessera/functions/convert_functions.hpp"

using tessera::fn::kNull;
using tessera::fn::kOk;

namespace {
template <typename T>
int32_t in_range(T* out, T v, T lo, T hi, int32_t try_null, int32_t overflow) {
  if (v < lo || v > hi) return try_null ? kNull : overflow;
  *out = v;
  return kOk;
}
}  // namespace

TESSERA_ROW_FN int32_t tsf_range_tinyint(int32_t* out, int32_t v, int32_t try_null) {
  return in_range<int32_t>(out, v, 0, 255, try_null, tessera::fn::kTinyintOverflow);
}

TESSERA_ROW_FN int32_t tsf_range_smallint(int32_t* out, int32_t v, int32_t try_null) {
  return in_range<int32_t>(out, v, -32768, 32767, try_null, tessera::fn::kSmallintOverflow);
}

// MONEY is stored scaled by 10^4: SMALLMONEY's range is exactly int32's.
TESSERA_ROW_FN int32_t tsf_range_smallmoney(int64_t* out, int64_t v, int32_t try_null) {
  return in_range<int64_t>(out, v, -2147483648LL, 2147483647LL, try_null, tessera::fn::kSmallmoneyOverflow);
}
