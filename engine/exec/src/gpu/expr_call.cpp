// A scalar function of the library on the device: the catalog's compiled GPU kernel launched on the
// argument columns where they lie (rt::CudaDevice::launch), no host round trip. String results get a
// uniform per-row capacity: the spec's length rule evaluated at the longest argument strings (the rules
// are upper bounds that grow with the input lengths). Where rows x capacity is large (ClickBench's q29:
// REGEXP_REPLACE over 80 million Referers of up to 392 bytes would need 31 GB), the kernel runs on slices of
// rows, each slice's strided output packed before the next, so memory holds one slice's capacity and the
// packed result.
#include <cuda_runtime.h>

#include "expr_eval.hpp"
#include "tessera/functions/predicate.hpp"
#include "tessera/exec/call_session.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/statement_stop.hpp"

namespace tessera::exec::gpu {

namespace {
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
// SQL Server's message for the row a kernel failed on (`packed`, its slot; `row_base`, the first row of the slice it
// ran on), with the row's arguments, as on the CPU: the argument values come back from the device (one row each).
[[noreturn]] void raise_row_error(const plan::Expr& e, const std::vector<DeviceColumnPtr>& keep, int64_t packed,
                                  int64_t row_base, GpuContext& ctx) {
  const fn::FunctionSpec& spec = *e.kernel->spec;
  const int64_t row = row_base + fn::error_row(packed);
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

// Rows [first, first + n) of an argument's view (string bytes stay where they are: offsets are absolute).
rt::ColumnView slice_view(const rt::ColumnView& v, int64_t first, int64_t n) {
  rt::ColumnView s = v;
  s.rows = n;
  if (v.is_string()) {
    s.offsets = v.offsets + first;
    s.lengths = v.lengths + first;
  } else {
    s.data = static_cast<const uint8_t*>(v.data) + first * v.width();
  }
  if (v.valid) s.valid = v.valid + first;
  return s;
}

// A string result whose capacity for all rows at once is too large: the kernel runs on slices of
// ctx.strided_output_bytes / cap rows into one strided buffer, each slice packed (pack_strided_strings) before the
// next; the packed slices, in row order, are the result's bytes, its offsets the scan of all lengths.
DeviceDatum call_in_slices(const plan::Expr& e, const std::vector<rt::DeviceKernelArg>& args,
                           const std::vector<rt::ColumnView>& views, const std::vector<DeviceColumnPtr>& keep, int64_t rows,
                           int64_t cap, GpuContext& ctx) {
  auto out = std::make_shared<rt::DeviceColumn>();
  out->type = fn::SqlType::String;
  out->rows = rows;
  out->valid = new_buffer(static_cast<size_t>(rows), ctx);
  out->lengths = new_buffer(static_cast<size_t>(rows) * 4, ctx);
  fill_zero(out->lengths.data(), static_cast<size_t>(rows) * 4, ctx);
  const int64_t slice_rows = std::max<int64_t>(1, ctx.strided_output_bytes / cap);
  rt::DeviceBuffer strided = new_buffer(static_cast<size_t>(std::min(rows, slice_rows) * cap), ctx);
  rt::DeviceBuffer strided_offsets = new_buffer(static_cast<size_t>(std::min(rows, slice_rows)) * 8, ctx);
  fill_strided_offsets(static_cast<int64_t*>(strided_offsets.data()), std::min(rows, slice_rows), cap, ctx);
  std::vector<rt::DeviceBuffer> packed_slices;
  std::vector<int64_t> packed_bytes;
  std::vector<rt::ColumnView> slice_views(views.size());
  std::vector<rt::DeviceKernelArg> slice_args = args;
  for (int64_t first = 0; first < rows; first += slice_rows) {
    const int64_t n = std::min(slice_rows, rows - first);
    for (size_t i = 0; i < args.size(); ++i)
      if (args[i].column) {
        slice_views[i] = slice_view(views[i], first, n);
        slice_args[i].column = &slice_views[i];
      }
    rt::MutableColumnView o;
    o.type = fn::SqlType::String;
    o.rows = n;
    o.device = rt::Device::Cuda;
    o.data = strided.data();
    o.offsets = static_cast<int64_t*>(strided_offsets.data());
    o.lengths = static_cast<int32_t*>(out->lengths.data()) + first;
    o.valid = static_cast<uint8_t*>(out->valid.data()) + first;
    RowErrorSlot slot(ctx);
    std::string error;
    if (!ctx.kernels->launch(*e.kernel, slice_args, call_session(e, ctx.session), n, o, slot.get(), ctx.stream, error))
      throw ExecError(error);
    const int64_t failed = slot.read(ctx);
    rt::throw_if_stopped(ctx.stop);
    if (failed != fn::kNoError) raise_row_error(e, keep, failed, first, ctx);
    int64_t bytes = 0;
    packed_slices.push_back(pack_strided_strings(static_cast<const uint8_t*>(strided.data()), cap, o.lengths, n, bytes, ctx));
    packed_bytes.push_back(bytes);
  }
  strided = rt::DeviceBuffer();
  out->offsets = new_buffer(static_cast<size_t>(rows + 1) * 8, ctx);
  const int64_t total = exclusive_offsets(static_cast<const int32_t*>(out->lengths.data()), rows,
                                          static_cast<int64_t*>(out->offsets.data()), ctx);
  out->data = new_buffer(static_cast<size_t>(std::max<int64_t>(total, 1)), ctx);
  int64_t at = 0;
  for (size_t k = 0; k < packed_slices.size(); ++k) {
    if (packed_bytes[k] > 0)
      rt::cuda_check(cudaMemcpyAsync(static_cast<uint8_t*>(out->data.data()) + at, packed_slices[k].data(),
                                     static_cast<size_t>(packed_bytes[k]), cudaMemcpyDeviceToDevice,
                                     static_cast<cudaStream_t>(ctx.stream)),
                     "cudaMemcpyAsync");
    at += packed_bytes[k];
  }
  synchronize(ctx);
  out->rows_in_order = true;  // packed
  return DeviceDatum{out, false, {}};
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
  const bool text = spec.result == fn::SqlType::String;
  const int64_t cap = text ? std::max<int64_t>(fn::max_result_length(spec, lengths), 0) : 0;
  const rt::DeviceColumn* in = text ? shares_input_offsets(*e.kernel, keep.empty() ? nullptr : keep[0].get(), rows, cap) : nullptr;
  if (text && !in && cap > 0 && rows > ctx.strided_output_bytes / cap) return call_in_slices(e, args, views, keep, rows, cap, ctx);
  auto out = std::make_shared<rt::DeviceColumn>();
  out->type = spec.result;
  out->rows = rows;
  out->valid = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)), ctx);
  if (text) {
    if (in) {
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
  if (packed != fn::kNoError) raise_row_error(e, keep, packed, 0, ctx);
  return DeviceDatum{out, false, {}};
}

}  // namespace tessera::exec::gpu
