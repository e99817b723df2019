// Numeric casts on the device (INT, BIGINT, DECIMAL, MONEY, FLOAT, BIT), through exec::row_ops; TRY_CAST's rows
// that the target cannot hold become NULL. A FLOAT to a
// DECIMAL of more than 18 digits is not here (its 17-digit rule, fn::float_scaled, is host code):
// physical::place keeps such a cast on the CPU and says so.
#include "operand.cuh"
#include "tessera/exec/row_op_codes.hpp"

namespace tessera::exec::gpu {

using plan::TypeId;
using row_ops::CastTo;
using row_ops::cast_target;
using row_ops::scale_of;

namespace {
// A failing row is an error, or NULL for TRY_CAST (is_try: `ov` is always there).
template <typename T>
void cast_fixed(const DeviceDatum& a, Valid va, uint8_t* ov, uint8_t* d, int w, int32_t fs, CastTo target, int32_t ts,
                int32_t tp, int64_t* s, bool is_try, int64_t rows, GpuContext& ctx) {
  const In<T> x = operand<T>(a);
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    if (ov) ov[i] = va(i);
    if (!va(i)) return;
    const int32_t st = row_ops::cast_scaled(static_cast<__int128>(x[i]), fs, target, ts, tp, d + i * w);
    if (st == fn::kOk) return;
    if (is_try) ov[i] = 0;
    else report_error(s, i, st);
  });
}

}  // namespace

DeviceDatum cast_numeric(const DataType& from, const DataType& to, const DeviceDatum& a, int64_t rows,
                         GpuContext& ctx, bool is_try) {
  const Valid va = validity(a);
  auto out = new_fixed(to.physical(), rows, va.any_null() || is_try, ctx);
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  uint8_t* d = static_cast<uint8_t*>(out->data.data());
  const int w = fn::type_width(to.physical());
  const CastTo target = cast_target(to);
  const int32_t fs = scale_of(from), ts = scale_of(to), tp = to.precision;
  RowErrorSlot slot(ctx);
  int64_t* s = slot.get();
  if (from.id == TypeId::Double) {
    if (to.is_wide_decimal()) throw ExecError("internal error: FLOAT to " + to.to_string() + " placed on the GPU");
    const In<double> x = operand<double>(a);
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      if (ov) ov[i] = va(i);
      if (!va(i)) return;
      const int32_t st = row_ops::cast_double_narrow(x[i], target, ts, tp, d + i * w);
      if (st == fn::kOk) return;
      if (is_try) ov[i] = 0;
      else report_error(s, i, st);
    });
  } else {
    with_physical(from.physical(), [&](auto tag) { cast_fixed<decltype(tag)>(a, va, ov, d, w, fs, target, ts, tp, s, is_try, rows, ctx); });
  }
  raise_row_error(slot.read(ctx), to);
  return column_datum(out);
}

}  // namespace tessera::exec::gpu
