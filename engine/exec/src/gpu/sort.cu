// ORDER BY and top-N on the device: CUB's merge sort of row indices with a comparator that walks the key
// columns (NULLs first, DESC per key, strings without trailing blanks, ties by row so the order is
// stable), then one gather of every column; top-N keeps the first N indices.
//
// A top-N of few rows over many (ClickBench's q34: the 10 most frequent of 47 million URLs, 1.7 s merge-sorted
// whole on the H100) first narrows the rows by the first key (a number, or a string's first bytes; not a
// DECIMAL(38)): each row gets a 64-bit rank
// that never decreases along the sort order (rank_key), a radix sort of the ranks alone gives the N-th smallest,
// and only the rows ranked no later than it (the top N and any ties with its first key) are merge-sorted; rows tied
// on an exact rank are narrowed by the next key the same way (narrow_by_keys).
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/counting_iterator.h>

#include "operators_gpu.hpp"
#include "device_kernels.cuh"
#include "row_keys.cuh"

namespace tessera::exec::gpu {

namespace {

// Below this many rows, or when the top N is more than this fraction of them, the whole input is merge-sorted.
constexpr int64_t kNarrowFromRows = 1 << 14;
constexpr int64_t kNarrowAtMostOneIn = 8;

bool rankable(fn::SqlType t) { return t != fn::SqlType::Decimal128; }

// A rank per row from the first sort key such that a row earlier in the sort order never has a larger rank:
// the value's bits made unsigned-ordered (sign flipped; a negative double's bits all flipped), NULL lowest
// (compare_cells puts NULLs first), all of it inverted for DESC. Ties in the rank are fine: the rows that share the
// N-th rank are all kept and ordered by the full comparator.
__device__ inline uint64_t rank_key(const rt::ColumnView& c, int64_t r, bool descending) {
  uint64_t u = 0;
  if (key_valid(c, r)) {
    switch (c.type) {
      case fn::SqlType::Bool: u = 1 + static_cast<const uint8_t*>(c.data)[r]; break;
      case fn::SqlType::String: {
        // The first 7 bytes (trailing blanks dropped, as compare_cells does), big-endian and zero-padded, then
        // 1 + how many of them there are: a string before another never ranks after it (a shorter prefix of it
        // has the smaller count where the padding meets NUL bytes), and every string ranks above NULL.
        const uint8_t* p;
        int32_t n;
        key_string(c, r, p, n);
        const int32_t k = n < 7 ? n : 7;
        for (int32_t i = 0; i < 7; ++i) u = (u << 8) | (i < k ? p[i] : 0);
        u = (u << 8) | static_cast<uint64_t>(1 + k);
        break;
      }
      case fn::SqlType::Int32:
      case fn::SqlType::Date:
        u = 1 + (static_cast<uint64_t>(static_cast<uint32_t>(static_cast<const int32_t*>(c.data)[r])) ^ 0x80000000ULL);
        break;
      case fn::SqlType::Float64: {
        uint64_t b = static_cast<const uint64_t*>(c.data)[r];
        if (b == (1ULL << 63)) b = 0;  // -0.0 equals 0.0 (compare_cells): the same rank
        u = (b >> 63) ? ~b : (b | (1ULL << 63));
        u = u == 0 ? 1 : u;  // -NaN's bits would meet NULL's rank: a tie, which is harmless
        break;
      }
      default: u = static_cast<uint64_t>(static_cast<const int64_t*>(c.data)[r]) ^ (1ULL << 63); u = u == 0 ? 1 : u; break;
    }
  }
  return descending ? ~u : u;
}

// Whether equal ranks mean equal keys, so that rows tied on this key's rank are ordered by the next keys alone:
// not for strings (a prefix) nor doubles (every NaN its own rank).
bool exact_rank(fn::SqlType t) { return t != fn::SqlType::String && t != fn::SqlType::Float64; }

// cand[i] for the i < m whose flag is set, into `out`; how many.
template <typename Flags>
int64_t select_candidates(const int32_t* cand, Flags flags, int32_t* out, int64_t m, GpuContext& ctx) {
  cudaStream_t s = static_cast<cudaStream_t>(ctx.stream);
  rt::DeviceBuffer count = new_buffer(8, ctx);
  size_t temp = 0;
  rt::cuda_check(cub::DeviceSelect::Flagged(nullptr, temp, cand, flags, out, static_cast<int64_t*>(count.data()), m, s),
                 "cub::DeviceSelect::Flagged");
  rt::DeviceBuffer scratch = new_buffer(temp, ctx);
  rt::cuda_check(cub::DeviceSelect::Flagged(scratch.data(), temp, cand, flags, out, static_cast<int64_t*>(count.data()), m, s),
                 "cub::DeviceSelect::Flagged");
  int64_t selected = 0;
  rt::cuda_check(cudaMemcpyAsync(&selected, count.data(), 8, cudaMemcpyDeviceToHost, s), "cudaMemcpyAsync");
  synchronize(ctx);
  return selected;
}

bool worth_narrowing(int64_t rows, int64_t keep) { return rows >= kNarrowFromRows && keep <= rows / kNarrowAtMostOneIn; }

// The rows that can be among the first `keep` of the order, into `p` (row indices); their count. Key by key: the
// candidates' ranks on the key give the keep-th smallest, T; the candidates ranked before T are among the first
// (fewer than `keep` of them, each before every row ranked T or later), and the rest of the first are among those
// ranked exactly T. Those stay candidates for the next key while the ranks are exact and narrowing still pays
// (ClickBench's q33: 100 million groups all counted 1 are narrowed by their second key, WatchID). Every row left is
// in `p`, for the merge sort.
int64_t narrow_by_keys(const std::vector<rt::ColumnView>& views, const std::vector<uint8_t>& desc, int64_t n,
                       int64_t keep, int32_t* p, GpuContext& ctx) {
  cudaStream_t s = static_cast<cudaStream_t>(ctx.stream);
  rt::DeviceBuffer ranks = new_buffer(static_cast<size_t>(n) * 8, ctx), sorted = new_buffer(static_cast<size_t>(n) * 8, ctx);
  rt::DeviceBuffer cand_buffer = new_buffer(static_cast<size_t>(n) * 4, ctx), tied_buffer = new_buffer(static_cast<size_t>(n) * 4, ctx);
  uint64_t* rk = static_cast<uint64_t*>(ranks.data());
  uint64_t* out = static_cast<uint64_t*>(sorted.data());
  int32_t* cand = static_cast<int32_t*>(cand_buffer.data());
  int32_t* tied = static_cast<int32_t*>(tied_buffer.data());
  fill_iota(cand, n, 0, ctx);
  int64_t m = n, want = keep, taken = 0;
  for (size_t k = 0; k < views.size() && rankable(views[k].type) && worth_narrowing(m, want); ++k) {
    const rt::ColumnView c = views[k];
    const bool descending = desc[k] != 0;
    const int32_t* rows = cand;
    for_rows(m, ctx.stream, [=] __device__(int64_t i) { rk[i] = rank_key(c, rows[i], descending); });
    size_t temp = 0;
    rt::cuda_check(cub::DeviceRadixSort::SortKeys(nullptr, temp, rk, out, m, 0, 64, s), "cub::DeviceRadixSort");
    {
      rt::DeviceBuffer scratch = new_buffer(temp, ctx);
      rt::cuda_check(cub::DeviceRadixSort::SortKeys(scratch.data(), temp, rk, out, m, 0, 64, s), "cub::DeviceRadixSort");
    }
    uint64_t t = 0;
    rt::cuda_check(cudaMemcpyAsync(&t, out + want - 1, 8, cudaMemcpyDeviceToHost, s), "cudaMemcpyAsync");
    synchronize(ctx);
    const auto before = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                                        [=] __device__(int64_t i) -> uint8_t { return rk[i] < t; });
    const auto at = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                                    [=] __device__(int64_t i) -> uint8_t { return rk[i] == t; });
    const int64_t first = select_candidates(cand, before, p + taken, m, ctx);
    taken += first;
    want -= first;
    m = select_candidates(cand, at, tied, m, ctx);
    std::swap(cand, tied);
    // A 64-bit key's smallest value shares rank 1 with the next (rank 0 is NULL's): not exact there.
    const uint64_t shared = descending ? ~uint64_t{1} : uint64_t{1};
    if (!exact_rank(c.type) || (fn::type_width(c.type) == 8 && t == shared)) break;
  }
  rt::cuda_check(cudaMemcpyAsync(p + taken, cand, static_cast<size_t>(m) * 4, cudaMemcpyDeviceToDevice, s), "cudaMemcpyAsync");
  synchronize(ctx);
  return taken + m;
}

}  // namespace

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
  const int64_t keep = limit >= 0 && limit < n ? limit : n;
  int64_t sorted = n;  // the rows p holds, to be merge-sorted
  if (keep > 0 && worth_narrowing(n, keep) && !views.empty() && rankable(views[0].type))
    sorted = narrow_by_keys(views, desc, n, keep, p, ctx);
  else
    for_rows(n, ctx.stream, [=] __device__(int64_t i) { p[i] = static_cast<int32_t>(i); });
  const RowLess less{{static_cast<const rt::ColumnView*>(dviews.data()), static_cast<int>(views.size())},
                     static_cast<const uint8_t*>(ddesc.data())};
  if (sorted > 1) {
    size_t temp = 0;
    rt::cuda_check(cub::DeviceMergeSort::SortKeys(nullptr, temp, p, sorted, less, s), "cub::DeviceMergeSort");
    rt::DeviceBuffer scratch = new_buffer(temp, ctx);
    rt::cuda_check(cub::DeviceMergeSort::SortKeys(scratch.data(), temp, p, sorted, less, s), "cub::DeviceMergeSort");
  }
  DeviceBatch out;
  out.rows = keep;
  for (const auto& o : op.outputs) out.add(o.id, gather(*input.column(o.id), p, keep, ctx), o.type);
  synchronize(ctx);  // the host-side key views above go out of scope
  return out;
}

}  // namespace tessera::exec::gpu
