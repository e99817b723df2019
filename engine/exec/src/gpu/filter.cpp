// Filter on the device: conjuncts that cannot fail are evaluated over every row and ANDed into one flag
// column; the survivors are selected (CUB DeviceSelect) and gathered; each conjunct that can fail (casts,
// arithmetic, function calls) then runs only on the rows kept so far, as on the CPU, so it raises no error
// for a row an earlier conjunct rejected.
#include <algorithm>

#include "operators_gpu.hpp"

namespace tessera::exec::gpu {

namespace {

DeviceBatch restrict_to(const DeviceBatch& in, const std::vector<plan::OutputColumn>& outputs) {
  DeviceBatch out;
  out.rows = in.rows;
  for (const auto& o : outputs) out.add(o.id, in.column(o.id), o.type);
  return out;
}

DeviceBatch empty_like(const DeviceBatch& in, GpuContext& ctx) {
  DeviceBatch out;
  out.rows = 0;
  for (size_t i = 0; i < in.columns.size(); ++i) out.add(in.ids[i], gather(*in.columns[i], nullptr, 0, ctx), in.types[i]);
  return out;
}

// Keeps the rows where `flags` (a BOOL datum) is true and not NULL.
DeviceBatch keep_rows(const DeviceBatch& in, const DeviceDatum& flags, GpuContext& ctx) {
  if (flags.is_scalar) return !flags.scalar.null && flags.scalar.i ? in : empty_like(in, ctx);
  Selection s = select_flags(static_cast<const uint8_t*>(flags.column->data.data()),
                             static_cast<const uint8_t*>(flags.column->valid.data()), in.rows, ctx);
  if (s.count == in.rows) return in;
  return gather(in, s, ctx);
}

}  // namespace

DeviceBatch filter(DeviceBatch input, const std::vector<plan::ExprPtr>& predicates,
                   const std::vector<plan::OutputColumn>& outputs, GpuContext& ctx) {
  std::vector<plan::ExprPtr> order = predicates;
  std::stable_partition(order.begin(), order.end(), [](const plan::ExprPtr& e) { return !has_call(*e); });
  size_t next = 0;
  {
    DeviceDatum mask;
    bool have = false;
    for (; next < order.size() && cannot_fail(*order[next]); ++next) {
      DeviceDatum d = evaluate(*order[next], input, ctx);
      mask = have ? logic(plan::Op::And, mask, d, input.rows, ctx) : d;
      have = true;
    }
    if (have) input = keep_rows(input, mask, ctx);
  }
  for (; next < order.size() && input.rows > 0; ++next) input = keep_rows(input, evaluate(*order[next], input, ctx), ctx);
  return restrict_to(input, outputs);
}

}  // namespace tessera::exec::gpu
