#include "device_ops.hpp"

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <climits>
#include <cstring>

#include "device_kernels.cuh"

namespace tessera::exec::gpu {

namespace {
cudaStream_t st(GpuContext& ctx) { return static_cast<cudaStream_t>(ctx.stream); }
}  // namespace

rt::DeviceBuffer new_buffer(size_t bytes, GpuContext& ctx) { return rt::DeviceBuffer(*ctx.pool, bytes, ctx.stream); }

std::shared_ptr<rt::DeviceColumn> new_fixed(fn::SqlType type, int64_t rows, bool with_valid, GpuContext& ctx) {
  auto c = std::make_shared<rt::DeviceColumn>();
  c->type = type;
  c->rows = rows;
  c->data = new_buffer(static_cast<size_t>(rows) * fn::type_width(type), ctx);
  if (with_valid) c->valid = new_buffer(static_cast<size_t>(rows), ctx);
  return c;
}

void synchronize(GpuContext& ctx) { rt::cuda_check(cudaStreamSynchronize(st(ctx)), "cudaStreamSynchronize"); }

Selection select_flags(const uint8_t* flags, const uint8_t* valid, int64_t rows, GpuContext& ctx) {
  if (rows > INT32_MAX) throw ExecError("GPU filter: more than 2^31 rows in one batch is not supported yet");
  Selection s;
  s.rows = new_buffer(static_cast<size_t>(rows) * 4 + 4, ctx);
  const uint8_t* keep = flags;
  rt::DeviceBuffer both;
  if (valid) {  // a NULL predicate keeps no row
    both = new_buffer(static_cast<size_t>(rows), ctx);
    uint8_t* b = static_cast<uint8_t*>(both.data());
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) { b[i] = flags[i] & valid[i]; });
    keep = b;
  }
  rt::DeviceBuffer count = new_buffer(8, ctx);
  thrust::counting_iterator<int32_t> it(0);
  size_t temp = 0;
  rt::cuda_check(cub::DeviceSelect::Flagged(nullptr, temp, it, keep, static_cast<int32_t*>(s.rows.data()),
                                            static_cast<int64_t*>(count.data()), rows, st(ctx)),
                 "cub::DeviceSelect::Flagged");
  rt::DeviceBuffer scratch = new_buffer(temp, ctx);
  rt::cuda_check(cub::DeviceSelect::Flagged(scratch.data(), temp, it, keep, static_cast<int32_t*>(s.rows.data()),
                                            static_cast<int64_t*>(count.data()), rows, st(ctx)),
                 "cub::DeviceSelect::Flagged");
  rt::cuda_check(cudaMemcpyAsync(&s.count, count.data(), 8, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
  synchronize(ctx);
  return s;
}

namespace {
template <bool Largest>
int32_t extreme_value(const int32_t* values, int64_t n, GpuContext& ctx) {
  if (n == 0) return 0;
  rt::DeviceBuffer result = new_buffer(4, ctx);
  auto reduce = [&](void* scratch, size_t& temp) {
    return Largest ? cub::DeviceReduce::Max(scratch, temp, values, static_cast<int32_t*>(result.data()), n, st(ctx))
                   : cub::DeviceReduce::Min(scratch, temp, values, static_cast<int32_t*>(result.data()), n, st(ctx));
  };
  size_t temp = 0;
  rt::cuda_check(reduce(nullptr, temp), "cub::DeviceReduce");
  rt::DeviceBuffer scratch = new_buffer(temp, ctx);
  rt::cuda_check(reduce(scratch.data(), temp), "cub::DeviceReduce");
  int32_t v = 0;
  rt::cuda_check(cudaMemcpyAsync(&v, result.data(), 4, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
  synchronize(ctx);
  return v;
}
}  // namespace

int32_t max_value(const int32_t* values, int64_t n, GpuContext& ctx) { return extreme_value<true>(values, n, ctx); }
int32_t min_value(const int32_t* values, int64_t n, GpuContext& ctx) { return extreme_value<false>(values, n, ctx); }

int64_t exclusive_offsets(const int32_t* lengths, int64_t n, int64_t* offsets, GpuContext& ctx) {
  // Widened to int64 as they are read: the total may pass 2^31.
  auto wide = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0), [=] __device__(int64_t i) -> int64_t {
    return i < n ? lengths[i] : 0;
  });
  size_t temp = 0;
  rt::cuda_check(cub::DeviceScan::ExclusiveSum(nullptr, temp, wide, offsets, n + 1, st(ctx)), "cub::DeviceScan");
  rt::DeviceBuffer scratch = new_buffer(temp, ctx);
  rt::cuda_check(cub::DeviceScan::ExclusiveSum(scratch.data(), temp, wide, offsets, n + 1, st(ctx)), "cub::DeviceScan");
  int64_t total = 0;
  rt::cuda_check(cudaMemcpyAsync(&total, offsets + n, 8, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
  synchronize(ctx);
  return total;
}

rt::DeviceBuffer pack_strided_strings(const uint8_t* strided, int64_t stride, const int32_t* lengths, int64_t n,
                                      int64_t& bytes, GpuContext& ctx) {
  rt::DeviceBuffer offsets = new_buffer(static_cast<size_t>(n + 1) * 8, ctx);
  int64_t* o = static_cast<int64_t*>(offsets.data());
  bytes = exclusive_offsets(lengths, n, o, ctx);
  rt::DeviceBuffer packed = new_buffer(static_cast<size_t>(std::max<int64_t>(bytes, 1)), ctx);
  uint8_t* p = static_cast<uint8_t*>(packed.data());
  for_rows(n, ctx.stream, [=] __device__(int64_t i) {
    const uint8_t* from = strided + i * stride;
    for (int32_t k = 0; k < lengths[i]; ++k) p[o[i] + k] = from[k];
  });
  synchronize(ctx);
  return packed;
}

void fill_strided_offsets(int64_t* offsets, int64_t n, int64_t step, GpuContext& ctx) {
  for_rows(n, ctx.stream, [=] __device__(int64_t i) { offsets[i] = i * step; });
}

void fill_iota(int32_t* rows, int64_t n, int64_t first, GpuContext& ctx) {
  for_rows(n, ctx.stream, [=] __device__(int64_t i) { rows[i] = static_cast<int32_t>(first + i); });
}

void fill_iota(int64_t* rows, int64_t n, int64_t first, GpuContext& ctx) {
  for_rows(n, ctx.stream, [=] __device__(int64_t i) { rows[i] = first + i; });
}

void fill_zero(void* p, size_t bytes, GpuContext& ctx) {
  if (bytes) rt::cuda_check(cudaMemsetAsync(p, 0, bytes, st(ctx)), "cudaMemsetAsync");
}

template <typename T>
void gather_fixed(const uint8_t* src, uint8_t* dst, const uint8_t* sv, uint8_t* ov, const int32_t* idx, int64_t n,
                  GpuContext& ctx) {
  for_rows(n, ctx.stream, [=] __device__(int64_t i) {
    const int32_t r = idx[i];
    if (r >= 0) reinterpret_cast<T*>(dst)[i] = reinterpret_cast<const T*>(src)[r];
    if (ov) ov[i] = r >= 0 && (!sv || sv[r]);
  });
}

namespace {
std::shared_ptr<rt::DeviceColumn> gathered(const rt::DeviceColumn& c, const int32_t* idx, int64_t n, GpuContext& ctx,
                                           bool may_miss) {
  auto out = std::make_shared<rt::DeviceColumn>();
  out->type = c.type;
  out->rows = n;
  const uint8_t* sv = static_cast<const uint8_t*>(c.valid.data());
  // NULLs: from the source's validity, and for negative indices (outer-join misses).
  if (sv || may_miss) out->valid = new_buffer(static_cast<size_t>(n), ctx);
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  if (c.type == fn::SqlType::String) {
    out->data = c.data;  // shared bytes
    out->offsets = new_buffer(static_cast<size_t>(n) * 8, ctx);
    out->lengths = new_buffer(static_cast<size_t>(n) * 4, ctx);
    const int64_t* so = static_cast<const int64_t*>(c.offsets.data());
    const int32_t* sl = static_cast<const int32_t*>(c.lengths.data());
    int64_t* oo = static_cast<int64_t*>(out->offsets.data());
    int32_t* ol = static_cast<int32_t*>(out->lengths.data());
    for_rows(n, ctx.stream, [=] __device__(int64_t i) {
      const int32_t r = idx[i];
      const bool ok = r >= 0 && (!sv || sv[r]);
      oo[i] = r >= 0 ? so[r] : 0;
      ol[i] = ok ? sl[r] : 0;
      if (ov) ov[i] = ok;
    });
    return out;
  }
  const int w = fn::type_width(c.type);
  out->data = new_buffer(static_cast<size_t>(n) * w, ctx);
  const uint8_t* src = static_cast<const uint8_t*>(c.data.data());
  uint8_t* dst = static_cast<uint8_t*>(out->data.data());
  switch (w) {
    case 1: gather_fixed<uint8_t>(src, dst, sv, ov, idx, n, ctx); break;
    case 4: gather_fixed<uint32_t>(src, dst, sv, ov, idx, n, ctx); break;
    case 8: gather_fixed<uint64_t>(src, dst, sv, ov, idx, n, ctx); break;
    default: gather_fixed<uint4>(src, dst, sv, ov, idx, n, ctx); break;
  }
  return out;
}
}  // namespace

DeviceColumnPtr gather(const rt::DeviceColumn& c, const int32_t* idx, int64_t n, GpuContext& ctx, bool may_miss) {
  return gathered(c, idx, n, ctx, may_miss);
}

DeviceBatch gather(const DeviceBatch& b, const int32_t* idx, int64_t n, GpuContext& ctx) {
  DeviceBatch out;
  out.rows = n;
  for (size_t i = 0; i < b.columns.size(); ++i) out.add(b.ids[i], gather(*b.columns[i], idx, n, ctx), b.types[i]);
  return out;
}

DeviceBatch gather(const DeviceBatch& b, const Selection& kept, GpuContext& ctx) {
  DeviceBatch out;
  out.rows = kept.count;
  const int32_t* idx = static_cast<const int32_t*>(kept.rows.data());
  for (size_t i = 0; i < b.columns.size(); ++i) {
    std::shared_ptr<rt::DeviceColumn> c = gathered(*b.columns[i], idx, kept.count, ctx, /*may_miss=*/false);
    c->rows_in_order = b.columns[i]->rows_in_order;
    out.add(b.ids[i], std::move(c), b.types[i]);
  }
  return out;
}

DeviceColumnPtr upload(const rt::Column& c, GpuContext& ctx) {
  auto out = std::make_shared<rt::DeviceColumn>();
  out->type = c.type;
  out->rows = c.rows;
  auto copy = [&](rt::DeviceBuffer& dst, const void* src, size_t bytes) {
    dst = new_buffer(bytes, ctx);
    if (bytes)
      rt::cuda_check(cudaMemcpyAsync(dst.data(), src, bytes, cudaMemcpyHostToDevice, st(ctx)), "cudaMemcpyAsync");
  };
  copy(out->data, c.data.data(), c.data.size());
  if (c.type == fn::SqlType::String) {
    copy(out->offsets, c.offsets.data(), c.offsets.size() * 8);
    copy(out->lengths, c.lengths.data(), c.lengths.size() * 4);
    out->rows_in_order = c.rows_in_order();
  }
  if (!c.valid.empty()) copy(out->valid, c.valid.data(), c.valid.size());
  synchronize(ctx);  // the host buffers may go away after this returns
  return out;
}

rt::Column download(const rt::DeviceColumn& c, GpuContext& ctx) {
  rt::Column out;
  out.type = c.type;
  out.rows = c.rows;
  const int64_t n = c.rows;
  if (c.valid) {
    out.valid.resize(n);
    rt::cuda_check(cudaMemcpyAsync(out.valid.data(), c.valid.data(), n, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
  }
  if (c.type == fn::SqlType::String) {
    // A gathered string column points into its source's (much larger) byte buffer: pack the bytes its rows
    // reference on the device (lengths -> exclusive sum -> copy), so only those bytes cross PCIe.
    out.lengths.resize(n);
    out.offsets.resize(n);
    if (n == 0) return out;
    rt::cuda_check(cudaMemcpyAsync(out.lengths.data(), c.lengths.data(), n * 4, cudaMemcpyDeviceToHost, st(ctx)),
                   "cudaMemcpyAsync");
    const int32_t* len = static_cast<const int32_t*>(c.lengths.data());
    rt::DeviceBuffer packed_at = new_buffer(static_cast<size_t>(n) * 8, ctx);
    int64_t* po = static_cast<int64_t*>(packed_at.data());
    size_t temp = 0;
    rt::cuda_check(cub::DeviceScan::ExclusiveScan(nullptr, temp, len, po, ::cuda::std::plus<>{}, int64_t{0}, n, st(ctx)),
                   "cub::DeviceScan::ExclusiveScan");
    rt::DeviceBuffer scratch = new_buffer(temp, ctx);
    rt::cuda_check(cub::DeviceScan::ExclusiveScan(scratch.data(), temp, len, po, ::cuda::std::plus<>{}, int64_t{0}, n,
                                                  st(ctx)),
                   "cub::DeviceScan::ExclusiveScan");
    synchronize(ctx);
    int64_t total = 0;
    for (int64_t i = 0; i < n; ++i) {
      out.offsets[i] = total;
      total += out.lengths[i];
    }
    out.data.resize(total);
    if (total == 0) return out;
    rt::DeviceBuffer bytes = new_buffer(static_cast<size_t>(total), ctx);
    uint8_t* dst = static_cast<uint8_t*>(bytes.data());
    const uint8_t* src = static_cast<const uint8_t*>(c.data.data());
    const int64_t* so = static_cast<const int64_t*>(c.offsets.data());
    for_rows(n, ctx.stream, [=] __device__(int64_t i) {
      const int64_t from = so[i], to = po[i];
      for (int32_t k = 0; k < len[i]; ++k) dst[to + k] = src[from + k];
    });
    rt::cuda_check(cudaMemcpyAsync(out.data.data(), dst, total, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
    synchronize(ctx);
    return out;
  }
  out.data.resize(static_cast<size_t>(n) * fn::type_width(c.type));
  if (!out.data.empty())
    rt::cuda_check(cudaMemcpyAsync(out.data.data(), c.data.data(), out.data.size(), cudaMemcpyDeviceToHost, st(ctx)),
                   "cudaMemcpyAsync");
  synchronize(ctx);
  return out;
}

DeviceColumnPtr broadcast(const plan::Value& v, int64_t rows, GpuContext& ctx) {
  const rt::Column one = v.broadcast(1);
  if (v.type.is_string()) {
    auto c = std::make_shared<rt::DeviceColumn>();
    c->type = fn::SqlType::String;
    c->rows = rows;
    c->data = new_buffer(std::max<size_t>(v.s.size(), 1), ctx);
    if (!v.s.empty())
      rt::cuda_check(cudaMemcpyAsync(c->data.data(), v.s.data(), v.s.size(), cudaMemcpyHostToDevice, st(ctx)), "cudaMemcpyAsync");
    c->offsets = new_buffer(rows * 8, ctx);
    c->lengths = new_buffer(rows * 4, ctx);
    int64_t* o = static_cast<int64_t*>(c->offsets.data());
    int32_t* l = static_cast<int32_t*>(c->lengths.data());
    const int32_t len = v.null ? 0 : static_cast<int32_t>(v.s.size());
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      o[i] = 0;
      l[i] = len;
    });
    if (v.null) {
      c->valid = new_buffer(rows, ctx);
      rt::cuda_check(cudaMemsetAsync(c->valid.data(), 0, rows, st(ctx)), "cudaMemsetAsync");
    }
    synchronize(ctx);
    return c;
  }
  auto c = new_fixed(one.type, rows, v.null, ctx);
  const int w = fn::type_width(one.type);
  uint4 cell{};
  std::memcpy(&cell, one.data.data(), w);
  uint8_t* d = static_cast<uint8_t*>(c->data.data());
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    const uint8_t* s = reinterpret_cast<const uint8_t*>(&cell);
    for (int k = 0; k < w; ++k) d[i * w + k] = s[k];
  });
  if (v.null) rt::cuda_check(cudaMemsetAsync(c->valid.data(), 0, rows, st(ctx)), "cudaMemsetAsync");
  return c;
}

RowErrorSlot::RowErrorSlot(GpuContext& ctx) : buffer_(new_buffer(8, ctx)) {
  static const int64_t none = fn::kNoError;
  rt::cuda_check(cudaMemcpyAsync(buffer_.data(), &none, 8, cudaMemcpyHostToDevice, st(ctx)), "cudaMemcpyAsync");
}

int64_t RowErrorSlot::read(GpuContext& ctx) const {
  int64_t v = fn::kNoError;
  rt::cuda_check(cudaMemcpyAsync(&v, buffer_.data(), 8, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
  synchronize(ctx);
  return v;
}

}  // namespace tessera::exec::gpu
