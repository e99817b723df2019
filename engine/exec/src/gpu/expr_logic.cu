// SQL's three-valued AND, OR, NOT and IS [NOT] NULL on the device.
#include "operand.cuh"

namespace tessera::exec::gpu {

DeviceDatum logic(plan::Op o, const DeviceDatum& a, const DeviceDatum& b, int64_t rows, GpuContext& ctx) {
  const Valid va = validity(a), vb = validity(b);
  const bool nulls = va.any_null() || vb.any_null();
  auto out = new_fixed(fn::SqlType::Bool, rows, nulls, ctx);
  uint8_t* d = static_cast<uint8_t*>(out->data.data());
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  const In<uint8_t> x = operand<uint8_t>(a), y = operand<uint8_t>(b);
  const bool is_and = o == plan::Op::And;
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    const bool an = !va(i), bn = !vb(i);
    const bool xa = !an && x[i], xb = !bn && y[i];
    if (is_and) {
      d[i] = xa && xb;
      if (ov) ov[i] = (!an && !bn) || (!an && !xa) || (!bn && !xb);
    } else {
      d[i] = xa || xb;
      if (ov) ov[i] = (!an && !bn) || xa || xb;
    }
  });
  return column_datum(out);
}

DeviceDatum logic_not(const DeviceDatum& a, int64_t rows, GpuContext& ctx) {
  const Valid va = validity(a);
  auto out = new_fixed(fn::SqlType::Bool, rows, va.p != nullptr, ctx);
  uint8_t* d = static_cast<uint8_t*>(out->data.data());
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  const uint8_t* x = static_cast<const uint8_t*>(a.column->data.data());
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    d[i] = !x[i];
    if (ov) ov[i] = va(i);
  });
  return column_datum(out);
}

DeviceDatum is_null(const DeviceDatum& a, bool negated, int64_t rows, GpuContext& ctx) {
  const Valid va = validity(a);
  auto out = new_fixed(fn::SqlType::Bool, rows, false, ctx);
  uint8_t* d = static_cast<uint8_t*>(out->data.data());
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) { d[i] = va(i) == negated; });
  return column_datum(out);
}

}  // namespace tessera::exec::gpu
