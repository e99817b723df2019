// +, -, *, /, % on the device, by result type: INT and BIGINT (checked), FLOAT (finite), MONEY, DECIMAL up
// to 18 digits (int64) and to 38 (int128), through exec::row_ops -- the CPU evaluator's row semantics.
#include "operand.cuh"
#include "tessera/exec/row_op_codes.hpp"

namespace tessera::exec::gpu {

using plan::TypeId;
using row_ops::Arith;
using row_ops::arith_of;

namespace {

// Runs f(i, &status-out) over valid rows; the first failing row goes to the error slot.
template <typename F>
void checked_rows(int64_t rows, const Valid& va, const Valid& vb, uint8_t* ov, GpuContext& ctx, const DataType& t,
                  F f) {
  RowErrorSlot slot(ctx);
  int64_t* s = slot.get();
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    const bool ok = va(i) && vb(i);
    if (ov) ov[i] = ok;
    if (!ok) return;
    const int32_t st = f(i);
    if (st != fn::kOk) report_error(s, i, st);
  });
  raise_row_error(slot.read(ctx), t);
}

}  // namespace

DeviceDatum arithmetic(const plan::Expr& e, const DeviceDatum& a, const DeviceDatum& b, int64_t rows,
                       GpuContext& ctx) {
  const DataType& t = e.type;
  const Valid va = validity(a), vb = validity(b);
  auto out = new_fixed(t.physical(), rows, va.any_null() || vb.any_null(), ctx);
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  void* r = out->data.data();
  const Arith o = arith_of(e.op);
  switch (t.id) {
    case TypeId::Int32: {
      const In<int32_t> x = operand<int32_t>(a), y = operand<int32_t>(b);
      int32_t* d = static_cast<int32_t*>(r);
      checked_rows(rows, va, vb, ov, ctx, t, [=] __device__(int64_t i) { return row_ops::int_arith<int32_t>(o, x[i], y[i], d + i); });
      break;
    }
    case TypeId::Int64: {
      const In<int64_t> x = operand<int64_t>(a), y = operand<int64_t>(b);
      int64_t* d = static_cast<int64_t*>(r);
      checked_rows(rows, va, vb, ov, ctx, t, [=] __device__(int64_t i) { return row_ops::int_arith<int64_t>(o, x[i], y[i], d + i); });
      break;
    }
    case TypeId::Double: {
      const In<double> x = operand<double>(a), y = operand<double>(b);
      double* d = static_cast<double*>(r);
      checked_rows(rows, va, vb, ov, ctx, t, [=] __device__(int64_t i) { return row_ops::double_arith(o, x[i], y[i], d + i); });
      break;
    }
    case TypeId::Money: {
      const In<int64_t> x = operand<int64_t>(a), y = operand<int64_t>(b);
      int64_t* d = static_cast<int64_t*>(r);
      checked_rows(rows, va, vb, ov, ctx, t, [=] __device__(int64_t i) { return row_ops::money_arith(o, x[i], y[i], d + i); });
      break;
    }
    case TypeId::Decimal: {
      const DataType& l = e.args[0]->type;
      const DataType& rt_ = e.args[1]->type;
      const row_ops::DecimalTypes dt{l.precision, l.scale, rt_.precision, rt_.scale, t.precision, t.scale};
      if (!t.is_wide_decimal() && !l.is_wide_decimal() && !rt_.is_wide_decimal()) {
        const In<int64_t> x = operand<int64_t>(a), y = operand<int64_t>(b);
        int64_t* d = static_cast<int64_t*>(r);
        checked_rows(rows, va, vb, ov, ctx, t, [=] __device__(int64_t i) { return row_ops::decimal_arith(o, x[i], y[i], dt, d + i); });
        break;
      }
      // Operands as int128 whatever their width; the result stored at its own width.
      const bool wa = l.is_wide_decimal(), wb = rt_.is_wide_decimal(), wide_out = t.is_wide_decimal();
      const In<int64_t> x8 = wa ? In<int64_t>{} : operand<int64_t>(a), y8 = wb ? In<int64_t>{} : operand<int64_t>(b);
      const In<__int128> x16 = wa ? operand<__int128>(a) : In<__int128>{}, y16 = wb ? operand<__int128>(b) : In<__int128>{};
      checked_rows(rows, va, vb, ov, ctx, t, [=] __device__(int64_t i) {
        const __int128 u = wa ? x16[i] : static_cast<__int128>(x8[i]);
        const __int128 v = wb ? y16[i] : static_cast<__int128>(y8[i]);
        __int128 w;
        const int32_t st = row_ops::wide_decimal_arith(o, u, v, dt, &w);
        if (st != fn::kOk) return st;
        if (wide_out) static_cast<__int128*>(r)[i] = w;
        else static_cast<int64_t*>(r)[i] = static_cast<int64_t>(w);  // the result type has <= 18 digits
        return st;
      });
      break;
    }
    default: throw internal_error("GPU arithmetic on " + t.to_string());
  }
  return column_datum(out);
}

}  // namespace tessera::exec::gpu
