#include "aggregate_result.hpp"

#include <climits>
#include <cstring>

#include "tessera/functions/decimal128.hpp"
#include "tessera/plan/type_rules.hpp"

namespace tessera::exec {

using plan::TypeId;

void aggregate_overflow(const DataType& t) {
  throw ExecError("Msg 8115: Arithmetic overflow error converting expression to data type " + plan::type_text(t) + ".");
}

__int128 exact_value(const rt::Column& arg, int64_t row) {
  switch (arg.type) {
    case fn::SqlType::Bool: return arg.data[row];
    case fn::SqlType::Int32: return arg.value<int32_t>(row);
    case fn::SqlType::Decimal128: return arg.value<__int128>(row);
    default: return arg.value<int64_t>(row);
  }
}

void store_exact(rt::Column& out, int64_t at, __int128 v, int64_t count, bool avg, const DataType& in_type,
                 const DataType& out_type) {
  const int in_scale = in_type.id == TypeId::Decimal ? in_type.scale : in_type.id == TypeId::Money ? 4 : 0;
  const int out_scale = out_type.id == TypeId::Decimal ? out_type.scale : out_type.id == TypeId::Money ? 4 : 0;
  if (avg && count) {
    for (int k = in_scale; k < out_scale; ++k)
      if (__builtin_mul_overflow(v, 10, &v)) aggregate_overflow(out_type);
    v /= count;  // truncates toward zero, as SQL Server's decimal AVG does
  }
  switch (out_type.id) {
    case TypeId::Int32: {
      if (v < INT32_MIN || v > INT32_MAX) aggregate_overflow(out_type);
      const int32_t x = static_cast<int32_t>(v);
      std::memcpy(out.data.data() + at * 4, &x, 4);
      return;
    }
    case TypeId::Decimal:
      if (!fn::Decimal128::fits(v, out_type.precision)) aggregate_overflow(out_type);
      if (out_type.is_wide_decimal()) {
        std::memcpy(out.data.data() + at * 16, &v, 16);
        return;
      }
      [[fallthrough]];
    default: {
      if (v < INT64_MIN || v > INT64_MAX) aggregate_overflow(out_type);
      const int64_t x = static_cast<int64_t>(v);
      std::memcpy(out.data.data() + at * 8, &x, 8);
    }
  }
}

void store_count(rt::Column& out, int64_t at, int64_t count, const DataType& out_type) {
  if (out_type.id == TypeId::Int32) {
    if (count > INT32_MAX) aggregate_overflow(out_type);
    const int32_t v = static_cast<int32_t>(count);
    std::memcpy(out.data.data() + at * 4, &v, 4);
  } else {
    std::memcpy(out.data.data() + at * 8, &count, 8);
  }
}

}  // namespace tessera::exec
