// Numeric casts (SQL Server's rounding and overflow, TRY_CAST as NULL) and numbers' text fitted to CHAR(n).
#include "expr_eval.hpp"

#include "tessera/exec/row_op_codes.hpp"
#include "tessera/functions/float_to_decimal.hpp"
#include "tessera/functions/utf8.hpp"

namespace tessera::exec::cpu_expr {

// A number's text into CHAR/VARCHAR/NCHAR/NVARCHAR(n) (Op::Cast between strings; bind_cast): unchanged when its
// characters fit, else SQL Server's Msg 8115 naming the target (e.name); the TRY_ form makes those rows NULL.
Datum fit_text(const Expr& e, Datum a, int64_t rows) {
  const int64_t n = e.type.length;
  const bool is_try = e.op == Op::TryCast;
  auto too_long = [&](std::string_view s) { return fn::Utf8::count(s.data(), static_cast<int32_t>(s.size())) > n; };
  auto fail = [&] {
    throw ExecError("Msg 8115: Arithmetic overflow error converting expression to data type " + e.name + ".");
  };
  if (a.is_scalar) {
    if (a.scalar.null || !too_long(a.scalar.s)) return a;
    if (!is_try) fail();
    return scalar_datum(Value::null_of(e.type));
  }
  const Validity va = validity(a);
  std::vector<int64_t> over;
  for (int64_t i = 0; i < rows; ++i)
    if (va(i) && too_long(a.column->string(i))) {
      if (!is_try) fail();
      over.push_back(i);
    }
  if (over.empty()) return a;
  rt::Column out = *a.column;
  out.valid.resize(static_cast<size_t>(rows));
  for (int64_t i = 0; i < rows; ++i) out.valid[i] = va(i);
  for (int64_t i : over) out.valid[i] = 0;
  return column_datum(std::move(out));
}

Datum cast_numeric(const DataType& from, const DataType& to, const Datum& a, int64_t rows, int threads, bool is_try) {
  rt::Column out = new_fixed(to.physical(), rows);
  const Validity va = validity(a);
  if (va.any_null() || is_try) {
    out.valid.resize(rows);
    for (int64_t i = 0; i < rows; ++i) out.valid[i] = va(i);
  }
  // Source as int128 (scaled) or double.
  auto load_int = [&](int64_t i) -> __int128 {
    if (a.is_scalar) return a.scalar.i;
    switch (from.physical()) {
      case fn::SqlType::Bool: return a.column->data[i];
      case fn::SqlType::Int32: return a.column->value<int32_t>(i);
      case fn::SqlType::Decimal128: return a.column->value<__int128>(i);
      default: return a.column->value<int64_t>(i);
    }
  };
  const bool from_double = from.id == TypeId::Double;
  auto load_double = [&](int64_t i) -> double { return a.is_scalar ? a.scalar.d : a.column->value<double>(i); };
  const int fs = row_ops::scale_of(from), ts = row_ops::scale_of(to);
  // The row semantics are exec::row_ops', which the GPU's casts run too.
  const row_ops::CastTo target = row_ops::cast_target(to);
  const int w = fn::type_width(to.physical());
  uint8_t* d = out.data.data();
  auto convert = [&](int64_t i) -> int32_t {
    if (from_double && to.is_wide_decimal()) {
      // The catalog kernel's rule (17 significant digits, then the scale), for up to 38 digits (host code).
      __int128 v;
      if (!fn::float_scaled(load_double(i), ts, &v)) return fn::kArithmeticOverflow;
      return row_ops::cast_scaled(v, ts, target, ts, to.precision, d + i * w);
    }
    if (from_double) return row_ops::cast_double_narrow(load_double(i), target, ts, to.precision, d + i * w);
    return row_ops::cast_scaled(load_int(i), fs, target, ts, to.precision, d + i * w);
  };
  if (is_try) {  // TRY_CAST: a value the target cannot hold is NULL
    uint8_t* v = out.valid.data();
    parallel_chunks(rows, threads, [&](int, int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i)
        if (v[i] && convert(i) != fn::kOk) v[i] = 0;
    });
  } else {
    checked_loop(rows, threads, out, convert, to);
  }
  return column_datum(std::move(out));
}

}  // namespace tessera::exec::cpu_expr
