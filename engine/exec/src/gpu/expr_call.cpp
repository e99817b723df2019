// A scalar function of the library on the device: the catalog's compiled GPU kernel launched on the
// argument columns where they lie (rt::CudaDevice::launch), no host round trip. String results get a
// uniform per-row capacity: the spec's length rule evaluated at the longest argument strings (the rules
// are upper bounds that grow with the input lengths).
#include <cuda_runtime.h>

#include "expr_eval.hpp"
#include "tessera/functions/predicate.hpp"
#include "tessera/exec/call_session.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/statement_stop.hpp"

namespace tessera::exec::gpu {

namespace {
// Beyond this a string result's uniform capacity wastes too much device memory to be worth it.
constexpr int64_t kMaxStringOutputBytes = int64_t{16} << 30;

// The argument column whose offsets a string result may take as its own, or null for strided outputs of
// `cap` bytes a row. Only for byte-map kernels (their packed-bytes path needs the output where the input
// is), whose result never outgrows its first argument, and when the argument's bytes take no more room
// than the strided output would (a column gathered from a larger one keeps that one's bytes). Rows that
// share bytes (a gather that repeated a row) get the same result written to the same place.
const rt::DeviceColumn* shares_input_offsets(const rt::KernelEntry& kernel, const rt::DeviceColumn* first_arg, int64_t rows,
                                         int64_t cap) {
  if (!kernel.maps_bytes_in_place() || !first_arg || !first_arg->offsets)
    return nullptr;
  if (static_cast<int64_t>(first_arg->data.size()) > rows * cap) return nullptr;
  return first_arg;
}
}  // namespace

DeviceDatum call_kernel(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx) {
  const fn::FunctionSpec& spec = *e.kernel->spec;
  const int64_t rows = batch.rows;
  std::vector<rt::DeviceKernelArg> args(spec.args.size());
  std::vector<DeviceColumnPtr> keep(spec.args.size());
  std::vector<rt::ColumnView> views(spec.args.size());
  std::vector<rt::DeviceBuffer> constant_bytes;
  fn::LengthInputs lengths;
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const fn::ArgSpec& a = spec.args[i];
    if (!e.args[i]) {
      const plan::Value& v = e.constants[i];
      if (a.type == fn::SqlType::String) {
        rt::DeviceBuffer b = new_buffer(std::max<size_t>(v.s.size(), 1), ctx);
        if (!v.s.empty())
          rt::cuda_check(cudaMemcpyAsync(b.data(), v.s.data(), v.s.size(), cudaMemcpyHostToDevice,
                                         static_cast<cudaStream_t>(ctx.stream)), "cudaMemcpyAsync");
        args[i].string_bytes = static_cast<const char*>(b.data());
        args[i].string_length = static_cast<int64_t>(v.s.size());
        lengths.exact(i, static_cast<int64_t>(v.s.size()));
        constant_bytes.push_back(std::move(b));
      } else if (a.type == fn::SqlType::Float64) {
        args[i].float_value = v.d;
      } else {
        args[i].int_value = static_cast<int64_t>(v.i);
        lengths.value[i] = static_cast<int64_t>(v.i);
      }
      continue;
    }
    DeviceColumnPtr c = evaluate_column(*e.args[i], batch, ctx);
    views[i] = c->view();
    args[i].column = &views[i];
    if (a.type == fn::SqlType::String)
      lengths.length[i] = max_value(static_cast<const int32_t*>(c->lengths.data()), rows, ctx);
    keep[i] = std::move(c);
  }
  // A length rule that shrinks as a length grows (REPLACE's, in its pattern) needs the column's shortest string
  // too; the others give the same bound without it, and are spared the reduction.
  // (A fused predicate's rule is its function's.)
  const fn::FunctionSpec& rule = spec.compared ? *spec.compared : spec;
  if (rule.max_length)
    for (size_t i = 0; i < rule.args.size(); ++i) {
      if (!keep[i] || rule.args[i].type != fn::SqlType::String) continue;
      fn::LengthInputs shortest_known = lengths;
      shortest_known.min_length[i] = lengths.length[i];
      if (rule.max_length(shortest_known) != rule.max_length(lengths))
        lengths.min_length[i] = min_value(static_cast<const int32_t*>(keep[i]->lengths.data()), rows, ctx);
    }
  // A fused predicate whose string result could outgrow its kernel's buffer runs unfused (on the GPU too).
  if (e.unfused && !fn::check_predicate_length(spec, lengths).empty()) return evaluate(*e.unfused, batch, ctx);
  auto out = std::make_shared<rt::DeviceColumn>();
  out->type = spec.result;
  out->rows = rows;
  out->valid = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)), ctx);
  if (spec.result == fn::SqlType::String) {
    const int64_t cap = std::max<int64_t>(fn::max_result_length(spec, lengths), 0);
    if (cap > 0 && rows > kMaxStringOutputBytes / cap)
      throw ExecError(std::string(spec.sql_name) + " on the GPU: " + std::to_string(rows) + " rows of up to " +
                      std::to_string(cap) + " bytes exceed the " + std::to_string(kMaxStringOutputBytes >> 30) +
                      " GiB string-output limit");
    if (const rt::DeviceColumn* in = shares_input_offsets(*e.kernel, keep.empty() ? nullptr : keep[0].get(), rows, cap)) {
      // Each result where its argument lies: a byte-map kernel then maps the packed bytes 16 at a time.
      out->data = new_buffer(std::max<size_t>(in->data.size(), 1), ctx);
      out->offsets = in->offsets;
      out->rows_in_order = in->rows_in_order;  // each result within its argument's bytes
    } else {
      out->data = new_buffer(static_cast<size_t>(std::max<int64_t>(rows * cap, 1)), ctx);
      out->offsets = new_buffer(static_cast<size_t>(rows) * 8, ctx);
      fill_strided_offsets(static_cast<int64_t*>(out->offsets.data()), rows, cap, ctx);
      out->rows_in_order = true;  // no result outgrows its `cap` bytes
    }
    out->lengths = new_buffer(static_cast<size_t>(rows) * 4, ctx);
    fill_zero(out->lengths.data(), static_cast<size_t>(rows) * 4, ctx);
  } else {
    out->data = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)) * fn::type_width(spec.result), ctx);
  }
  RowErrorSlot slot(ctx);
  std::string error;
  if (!ctx.kernels->launch(*e.kernel, args, call_session(e, ctx.session), rows, out->mutable_view(), slot.get(), ctx.stream, error))
    throw ExecError(error);
  const int64_t packed = slot.read(ctx);
  rt::throw_if_stopped(ctx.stop);  // a user function stopped early: its result is no result
  if (packed != fn::kNoError) {
    // SQL Server's message with the failing row's arguments, as on the CPU: the row's argument values
    // come back from the device (one row each).
    const int64_t row = fn::error_row(packed);
    std::vector<rt::Column> host_args;
    std::vector<rt::KernelArg> kargs;
    host_args.reserve(spec.args.size());
    const int32_t one = static_cast<int32_t>(row);
    rt::DeviceBuffer idx = new_buffer(4, ctx);
    rt::cuda_check(cudaMemcpyAsync(idx.data(), &one, 4, cudaMemcpyHostToDevice, static_cast<cudaStream_t>(ctx.stream)),
                   "cudaMemcpyAsync");
    for (size_t i = 0; i < spec.args.size(); ++i) {
      if (!e.args[i]) {
        const plan::Value& v = e.constants[i];
        kargs.push_back(spec.args[i].type == fn::SqlType::String    ? rt::KernelArg::text(v.s)
                        : spec.args[i].type == fn::SqlType::Float64 ? rt::KernelArg::real(v.d)
                                                                    : rt::KernelArg::integer(static_cast<int64_t>(v.i)));
        continue;
      }
      host_args.push_back(download(*gather(*keep[i], static_cast<const int32_t*>(idx.data()), 1, ctx), ctx));
      kargs.push_back(rt::KernelArg::of(host_args.back()));
    }
    std::string msg = rt::describe_error(spec, kargs, 0, fn::error_status(packed));
    const std::string prefix = std::string(spec.sql_name) + ": row 0";
    if (msg.rfind(prefix, 0) == 0) msg = std::string(spec.sql_name) + ": row " + std::to_string(row) + msg.substr(prefix.size());
    throw ExecError(msg);
  }
  return DeviceDatum{out, false, {}};
}

}  // namespace tessera::exec::gpu
