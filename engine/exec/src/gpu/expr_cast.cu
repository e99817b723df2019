// Numeric casts on the device (INT, BIGINT, DECIMAL, MONEY, FLOAT, BIT), through exec::row_ops; TRY_CAST's rows
// that the target cannot hold become NULL. A FLOAT to a
// DECIMAL of more than 18 digits is not here (its 17-digit rule, fn::float_scaled, is host code):
// physical::place keeps such a cast on the CPU and says so.
#include "operand.cuh"
#include "tessera/exec/row_op_codes.hpp"
#include "tessera/functions/utf8.hpp"

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
    if (to.is_wide_decimal()) throw internal_error("FLOAT to " + to.to_string() + " placed on the GPU");
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

DeviceDatum fit_text(const plan::Expr& e, const DeviceDatum& a, int64_t rows, GpuContext& ctx) {
  const int64_t n = e.type.length;
  const bool is_try = e.op == plan::Op::TryCast;
  const std::string message = "Msg 8115: Arithmetic overflow error converting expression to data type " + e.name + ".";
  if (a.is_scalar) {
    if (a.scalar.null || fn::Utf8::count(a.scalar.s.data(), static_cast<int32_t>(a.scalar.s.size())) <= n) return a;
    if (!is_try) throw ExecError(message);
    DeviceDatum null;
    null.is_scalar = true;
    null.scalar = plan::Value::null_of(e.type);
    return null;
  }
  const rt::DeviceColumn& c = *a.column;
  const uint8_t* bytes = static_cast<const uint8_t*>(c.data.data());
  const int64_t* off = static_cast<const int64_t*>(c.offsets.data());
  const int32_t* len = static_cast<const int32_t*>(c.lengths.data());
  const Valid va = validity(a);
  rt::DeviceBuffer idx_buf = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)) * 4, ctx);
  rt::DeviceBuffer count_buf = new_buffer(8, ctx);
  int32_t* idx = static_cast<int32_t*>(idx_buf.data());
  unsigned long long* over = static_cast<unsigned long long*>(count_buf.data());
  fill_zero(over, 8, ctx);
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    const bool too_long = va(i) && fn::Utf8::count(reinterpret_cast<const char*>(bytes + off[i]), len[i]) > n;
    if (too_long) atomicAdd(over, 1ULL);
    idx[i] = too_long ? -1 : static_cast<int32_t>(i);  // a row too long becomes NULL (TRY_)
  });
  unsigned long long count = 0;
  rt::cuda_check(cudaMemcpyAsync(&count, over, 8, cudaMemcpyDeviceToHost, static_cast<cudaStream_t>(ctx.stream)),
                 "cudaMemcpyAsync");
  synchronize(ctx);
  if (count == 0) return a;
  if (!is_try) throw ExecError(message);
  return column_datum(gather(c, idx, rows, ctx, true));
}

}  // namespace tessera::exec::gpu
