// Building blocks of the GPU operators (host-callable; kernels in device_ops.cu): new columns from the
// pool, gathers, selections from flags, the row-error slot, host <-> device copies.
#pragma once

#include <string>

#include "tessera/exec/gpu/device_batch.hpp"
#include "tessera/exec/gpu/gpu_context.hpp"
#include "tessera/plan/value.hpp"
#include "tessera/runtime/cuda_pool.hpp"

namespace tessera::exec::gpu {

// A fixed-width column of `rows` uninitialised rows (and a validity buffer when `with_valid`).
std::shared_ptr<rt::DeviceColumn> new_fixed(fn::SqlType type, int64_t rows, bool with_valid, GpuContext& ctx);
rt::DeviceBuffer new_buffer(size_t bytes, GpuContext& ctx);

// Row indices (int32) of the rows whose flag is 1 (and valid, when `valid` is given), in order.
struct Selection {
  rt::DeviceBuffer rows;  // int32
  int64_t count = 0;
};
Selection select_flags(const uint8_t* flags, const uint8_t* valid, int64_t rows, GpuContext& ctx);

// c[idx[0..n)]: fixed-width values gathered; strings share the source's bytes, with gathered offsets and
// lengths. With `may_miss`, an index < 0 yields NULL (outer-join misses); a validity buffer exists only where
// the source has one or `may_miss` is set.
DeviceColumnPtr gather(const rt::DeviceColumn& c, const int32_t* idx, int64_t n, GpuContext& ctx, bool may_miss = false);
DeviceBatch gather(const DeviceBatch& b, const int32_t* idx, int64_t n, GpuContext& ctx);
// The rows a selection keeps (ascending indices): gathered, and a string column whose rows were in order
// (rt::ColumnView::rows_in_order) still is.
DeviceBatch gather(const DeviceBatch& b, const Selection& kept, GpuContext& ctx);

// A column of `rows` copies of a constant.
DeviceColumnPtr broadcast(const plan::Value& v, int64_t rows, GpuContext& ctx);

// The largest (smallest) value of a device int32 array (0 when empty): string lengths, for output capacity
// rules.
int32_t max_value(const int32_t* values, int64_t n, GpuContext& ctx);
int32_t min_value(const int32_t* values, int64_t n, GpuContext& ctx);
// offsets[i] = i * step (string outputs with a uniform per-row capacity).
void fill_strided_offsets(int64_t* offsets, int64_t n, int64_t step, GpuContext& ctx);
void fill_zero(void* p, size_t bytes, GpuContext& ctx);
// offsets[0..n] = the exclusive scan of n string lengths (offsets[n], returned, the total).
int64_t exclusive_offsets(const int32_t* lengths, int64_t n, int64_t* offsets, GpuContext& ctx);
// The bytes of n strings written `stride` bytes apart (row i at i * stride, lengths[i] long), packed in row order;
// `bytes` gets their total.
rt::DeviceBuffer pack_strided_strings(const uint8_t* strided, int64_t stride, const int32_t* lengths, int64_t n,
                                      int64_t& bytes, GpuContext& ctx);
// rows[i] = first + i: the selection of n consecutive rows.
void fill_iota(int32_t* rows, int64_t n, int64_t first, GpuContext& ctx);
void fill_iota(int64_t* rows, int64_t n, int64_t first, GpuContext& ctx);  // BIGINT row positions

// Host <-> device.
DeviceColumnPtr upload(const rt::Column& c, GpuContext& ctx);
rt::Column download(const rt::DeviceColumn& c, GpuContext& ctx);

// The first failing row of an operator's kernels: (row << 8) | status, the minimum over rows, as the
// catalog kernels' error slot. check() synchronises and throws ExecError with SQL Server's message.
class RowErrorSlot {
 public:
  explicit RowErrorSlot(GpuContext& ctx);
  int64_t* get() const { return static_cast<int64_t*>(buffer_.data()); }
  // Returns the packed slot (fn::kNoError if no row failed).
  int64_t read(GpuContext& ctx) const;

 private:
  rt::DeviceBuffer buffer_;
};

void synchronize(GpuContext& ctx);

}  // namespace tessera::exec::gpu
