// ORDER BY and top-N on the device: CUB's merge sort of row indices with a comparator that walks the key
// columns (NULLs first, DESC per key, strings without trailing blanks, ties by row so the order is
// stable), then one gather of every column; top-N keeps the first N indices.
#include <cub/device/device_merge_sort.cuh>

#include "operators_gpu.hpp"
#include "device_kernels.cuh"
#include "row_keys.cuh"

namespace tessera::exec::gpu {

DeviceBatch sort(const plan::LogicalOp& op, const DeviceBatch& input, int64_t limit, GpuContext& ctx) {
  if (input.rows > INT32_MAX) throw ExecError("GPU sort: more than 2^31 rows in one batch is not supported yet");
  cudaStream_t s = static_cast<cudaStream_t>(ctx.stream);
  std::vector<DeviceColumnPtr> keys;
  std::vector<rt::ColumnView> views;
  std::vector<uint8_t> desc;
  {
    std::vector<const plan::Expr*> roots;
    for (const auto& k : op.sort_keys) roots.push_back(k.expr.get());
    GpuExprMemo memo(ctx.memo, input, roots);
    for (const auto& k : op.sort_keys) {
      keys.push_back(evaluate_column(*k.expr, input, ctx));
      views.push_back(keys.back()->view());
      desc.push_back(k.descending);
    }
  }
  const int64_t n = input.rows;
  rt::DeviceBuffer dviews = new_buffer(views.size() * sizeof(rt::ColumnView), ctx);
  rt::DeviceBuffer ddesc = new_buffer(std::max<size_t>(desc.size(), 1), ctx);
  rt::cuda_check(cudaMemcpyAsync(dviews.data(), views.data(), views.size() * sizeof(rt::ColumnView), cudaMemcpyHostToDevice, s), "cudaMemcpyAsync");
  rt::cuda_check(cudaMemcpyAsync(ddesc.data(), desc.data(), desc.size(), cudaMemcpyHostToDevice, s), "cudaMemcpyAsync");
  rt::DeviceBuffer perm = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * 4, ctx);
  int32_t* p = static_cast<int32_t*>(perm.data());
  for_rows(n, ctx.stream, [=] __device__(int64_t i) { p[i] = static_cast<int32_t>(i); });
  const RowLess less{{static_cast<const rt::ColumnView*>(dviews.data()), static_cast<int>(views.size())},
                     static_cast<const uint8_t*>(ddesc.data())};
  if (n > 1) {
    size_t temp = 0;
    rt::cuda_check(cub::DeviceMergeSort::SortKeys(nullptr, temp, p, n, less, s), "cub::DeviceMergeSort");
    rt::DeviceBuffer scratch = new_buffer(temp, ctx);
    rt::cuda_check(cub::DeviceMergeSort::SortKeys(scratch.data(), temp, p, n, less, s), "cub::DeviceMergeSort");
  }
  const int64_t keep = limit >= 0 && limit < n ? limit : n;
  DeviceBatch out;
  out.rows = keep;
  for (const auto& o : op.outputs) out.add(o.id, gather(*input.column(o.id), p, keep, ctx), o.type);
  synchronize(ctx);  // the host-side key views above go out of scope
  return out;
}

}  // namespace tessera::exec::gpu
