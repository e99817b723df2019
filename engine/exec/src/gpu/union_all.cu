// UNION ALL on the device: each output column is its inputs' columns one after another. Fixed-width values
// and validity are copied as ranges; strings get one byte buffer with only the bytes their rows reference
// (an input gathered from a large column shares that column's whole buffer), packed by an exclusive scan
// of the row lengths, as the download to the host packs them.
#include <cub/device/device_scan.cuh>

#include "device_kernels.cuh"
#include "device_ops.hpp"
#include "operators_gpu.hpp"

namespace tessera::exec::gpu {

namespace {

cudaStream_t st(GpuContext& ctx) { return static_cast<cudaStream_t>(ctx.stream); }

void copy_device(void* dst, const void* src, size_t bytes, GpuContext& ctx) {
  if (bytes) rt::cuda_check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, st(ctx)), "cudaMemcpyAsync");
}

DeviceColumnPtr concat_strings(const std::vector<const rt::DeviceColumn*>& parts, int64_t rows, bool nulls,
                               GpuContext& ctx) {
  auto out = std::make_shared<rt::DeviceColumn>();
  out->type = fn::SqlType::String;
  out->rows = rows;
  out->offsets = new_buffer(static_cast<size_t>(rows) * 8, ctx);
  out->lengths = new_buffer(static_cast<size_t>(rows) * 4, ctx);
  if (nulls) out->valid = new_buffer(static_cast<size_t>(rows), ctx);
  int64_t* oo = static_cast<int64_t*>(out->offsets.data());
  int32_t* ol = static_cast<int32_t*>(out->lengths.data());
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  // Lengths (0 for NULL rows, whose cells may hold any bits), validity, then offsets by a scan per input.
  int64_t r0 = 0, bytes = 0;
  for (const rt::DeviceColumn* p : parts) {
    const int64_t n = p->rows;
    if (n == 0) continue;
    const int32_t* pl = static_cast<const int32_t*>(p->lengths.data());
    const uint8_t* pv = static_cast<const uint8_t*>(p->valid.data());
    int32_t* l = ol + r0;
    uint8_t* v = ov ? ov + r0 : nullptr;
    for_rows(n, ctx.stream, [=] __device__(int64_t i) {
      const bool ok = !pv || pv[i];
      l[i] = ok ? pl[i] : 0;
      if (v) v[i] = ok;
    });
    size_t temp = 0;
    rt::cuda_check(cub::DeviceScan::ExclusiveScan(nullptr, temp, l, oo + r0, ::cuda::std::plus<>{}, bytes, n, st(ctx)),
                   "cub::DeviceScan::ExclusiveScan");
    rt::DeviceBuffer scratch = new_buffer(temp, ctx);
    rt::cuda_check(cub::DeviceScan::ExclusiveScan(scratch.data(), temp, l, oo + r0, ::cuda::std::plus<>{}, bytes, n, st(ctx)),
                   "cub::DeviceScan::ExclusiveScan");
    int64_t last_offset = 0;
    int32_t last_length = 0;
    rt::cuda_check(cudaMemcpyAsync(&last_offset, oo + r0 + n - 1, 8, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
    rt::cuda_check(cudaMemcpyAsync(&last_length, l + n - 1, 4, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
    synchronize(ctx);
    bytes = last_offset + last_length;
    r0 += n;
  }
  out->data = new_buffer(static_cast<size_t>(std::max<int64_t>(bytes, 1)), ctx);
  out->rows_in_order = true;  // packed by the scans
  uint8_t* dst = static_cast<uint8_t*>(out->data.data());
  r0 = 0;
  for (const rt::DeviceColumn* p : parts) {
    const int64_t n = p->rows;
    const uint8_t* src = static_cast<const uint8_t*>(p->data.data());
    const int64_t* so = static_cast<const int64_t*>(p->offsets.data());
    const int64_t* to = oo + r0;
    const int32_t* len = ol + r0;
    for_rows(n, ctx.stream, [=] __device__(int64_t i) {
      for (int32_t k = 0; k < len[i]; ++k) dst[to[i] + k] = src[so[i] + k];
    });
    r0 += n;
  }
  return out;
}

DeviceColumnPtr concat(const std::vector<const rt::DeviceColumn*>& parts, fn::SqlType type, GpuContext& ctx) {
  int64_t rows = 0;
  bool nulls = false;
  for (const rt::DeviceColumn* p : parts) {
    if (p->type != type) throw internal_error("UNION ALL inputs of different physical types");
    rows += p->rows;
    nulls |= static_cast<bool>(p->valid);
  }
  if (type == fn::SqlType::String) return concat_strings(parts, rows, nulls, ctx);
  auto out = new_fixed(type, rows, nulls, ctx);
  const size_t width = fn::type_width(type);
  int64_t r0 = 0;
  for (const rt::DeviceColumn* p : parts) {
    copy_device(static_cast<uint8_t*>(out->data.data()) + r0 * width, p->data.data(), static_cast<size_t>(p->rows) * width, ctx);
    if (nulls) {
      uint8_t* v = static_cast<uint8_t*>(out->valid.data()) + r0;
      if (p->valid) copy_device(v, p->valid.data(), static_cast<size_t>(p->rows), ctx);
      else if (p->rows) rt::cuda_check(cudaMemsetAsync(v, 1, static_cast<size_t>(p->rows), st(ctx)), "cudaMemsetAsync");
    }
    r0 += p->rows;
  }
  return out;
}

}  // namespace

DeviceBatch union_all(const plan::LogicalOp& op, const std::vector<DeviceBatch>& inputs, GpuContext& ctx) {
  DeviceBatch out;
  for (const DeviceBatch& b : inputs) out.rows += b.rows;
  for (size_t i = 0; i < op.outputs.size(); ++i) {
    std::vector<const rt::DeviceColumn*> parts;
    for (size_t c = 0; c < inputs.size(); ++c) parts.push_back(inputs[c].column(op.union_inputs[c][i]).get());
    out.add(op.outputs[i].id, concat(parts, op.outputs[i].type.physical(), ctx), op.outputs[i].type);
  }
  synchronize(ctx);
  return out;
}

DeviceBatch concat_batches(const std::vector<DeviceBatch>& inputs, const std::vector<plan::OutputColumn>& outputs,
                           GpuContext& ctx) {
  DeviceBatch out;
  for (const DeviceBatch& b : inputs) out.rows += b.rows;
  for (const auto& o : outputs) {
    std::vector<const rt::DeviceColumn*> parts;
    for (const DeviceBatch& b : inputs) parts.push_back(b.column(o.id).get());
    out.add(o.id, concat(parts, o.type.physical(), ctx), o.type);
  }
  synchronize(ctx);
  return out;
}

}  // namespace tessera::exec::gpu
