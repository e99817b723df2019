// Window functions on the device, the twin of engine/exec/src/window.cpp: row indices sorted by (partition
// keys, order keys) with CUB's merge sort (one sort per distinct PARTITION BY / ORDER BY), boundary flags,
// then scans that give every sorted position its partition [begin, end), its peer group [begin, end) and its
// dense rank; each function is then a kernel over positions:
//   ROW_NUMBER, RANK, DENSE_RANK, NTILE            arithmetic on those positions
//   LAG, LEAD, FIRST_VALUE, LAST_VALUE             a gather (NULL or LAG's default outside the partition / frame)
//   COUNT, SUM, AVG over any frame                  differences of prefix sums (exact 192-bit; FLOAT per partition)
//   MIN, MAX                                        a segmented scan of the best row so far (forwards, or
//                                                   backwards for frames to the partition's end), or a scan
//                                                   of each row's frame when it is narrow
// What stays on the CPU (gpu_capabilities.cpp says why in EXPLAIN): MIN/MAX over a RANGE frame of the row's
// peers alone, or over a ROWS frame wider than kMaxScannedFrame that reaches neither end of the partition.
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/reverse_iterator.h>

#include <climits>
#include <map>

#include "device_kernels.cuh"
#include "exact_result.cuh"
#include "operators_gpu.hpp"
#include "row_keys.cuh"
#include "tessera/exec/row_op_codes.hpp"

namespace tessera::exec::gpu {

using plan::FrameBound;
using plan::WindowFunc;

namespace {

cudaStream_t st(GpuContext& ctx) { return static_cast<cudaStream_t>(ctx.stream); }

struct MaxOp {
  __device__ int64_t operator()(int64_t a, int64_t b) const { return a > b ? a : b; }
};
struct MinOp {
  __device__ int64_t operator()(int64_t a, int64_t b) const { return a < b ? a : b; }
};

// CUB's two-phase calls: the first sizes the scratch space, the second runs.
template <typename Call>
void run_cub(Call call, GpuContext& ctx, const char* what) {
  size_t temp = 0;
  rt::cuda_check(call(nullptr, temp), what);
  rt::DeviceBuffer scratch = new_buffer(std::max<size_t>(temp, 1), ctx);
  rt::cuda_check(call(scratch.data(), temp), what);
}

int64_t* i64(rt::DeviceBuffer& b) { return static_cast<int64_t*>(b.data()); }

// NTILE's bucket count, LAG's offset: constants (the binder checks).
int64_t constant_int(const plan::Expr& e, const DeviceBatch& input, GpuContext& ctx) {
  const DeviceDatum d = evaluate(e, input, ctx);
  if (!d.is_scalar || d.scalar.null) throw internal_error("a window function's count is not a constant");
  return static_cast<int64_t>(d.scalar.i);
}

// Sorted positions with their partition and peer ranges (device arrays of n).
struct WindowOrder {
  rt::DeviceBuffer perm;                      // int32: position -> row
  rt::DeviceBuffer part_begin, part_end;      // int64 per position
  rt::DeviceBuffer peer_begin, peer_end;      // int64 per position
  rt::DeviceBuffer dense;                     // int64 per position: DENSE_RANK
};

// end[k] = the first position after k's range, from begin[] (begin[k + 1] == k + 1 where a range ends at k).
void range_ends(const int64_t* begin, int64_t* end, int64_t n, GpuContext& ctx) {
  for_rows(n, ctx.stream, [=] __device__(int64_t k) {
    end[k] = k == n - 1 || begin[k + 1] == k + 1 ? k + 1 : LLONG_MAX;
  });
  auto r = thrust::make_reverse_iterator(end + n);
  run_cub([&](void* t, size_t& b) { return cub::DeviceScan::InclusiveScan(t, b, r, r, MinOp{}, n, st(ctx)); }, ctx,
          "cub::DeviceScan::InclusiveScan");
}

WindowOrder order_rows(const plan::WindowFunction& w, const DeviceBatch& input, GpuContext& ctx) {
  const int64_t n = input.rows;
  std::vector<DeviceColumnPtr> keys;
  std::vector<rt::ColumnView> views;
  std::vector<uint8_t> desc;
  {
    GpuExprMemo memo(ctx.memo, input, plan::window_expressions(w, false));
    for (const auto& p : w.partition) {
      keys.push_back(evaluate_column(*p, input, ctx));
      views.push_back(keys.back()->view());
      desc.push_back(0);
    }
    for (const auto& k : w.order) {
      keys.push_back(evaluate_column(*k.expr, input, ctx));
      views.push_back(keys.back()->view());
      desc.push_back(k.descending);
    }
  }
  rt::DeviceBuffer dviews = new_buffer(std::max<size_t>(views.size(), 1) * sizeof(rt::ColumnView), ctx);
  rt::DeviceBuffer ddesc = new_buffer(std::max<size_t>(desc.size(), 1), ctx);
  if (!views.empty()) {
    rt::cuda_check(cudaMemcpyAsync(dviews.data(), views.data(), views.size() * sizeof(rt::ColumnView),
                                   cudaMemcpyHostToDevice, st(ctx)), "cudaMemcpyAsync");
    rt::cuda_check(cudaMemcpyAsync(ddesc.data(), desc.data(), desc.size(), cudaMemcpyHostToDevice, st(ctx)), "cudaMemcpyAsync");
  }
  const rt::ColumnView* cols = static_cast<const rt::ColumnView*>(dviews.data());
  const int np = static_cast<int>(w.partition.size());
  const KeyColumns all{cols, static_cast<int>(views.size())}, part{cols, np}, ord{cols + np, static_cast<int>(w.order.size())};

  WindowOrder o;
  const size_t bytes8 = static_cast<size_t>(std::max<int64_t>(n, 1)) * 8;
  o.perm = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * 4, ctx);
  int32_t* p = static_cast<int32_t*>(o.perm.data());
  fill_iota(p, n, 0, ctx);
  if (n > 1 && all.count > 0) {
    const RowLess less{all, static_cast<const uint8_t*>(ddesc.data())};
    run_cub([&](void* t, size_t& b) { return cub::DeviceMergeSort::SortKeys(t, b, p, n, less, st(ctx)); }, ctx,
            "cub::DeviceMergeSort");
  }
  o.part_begin = new_buffer(bytes8, ctx);
  o.peer_begin = new_buffer(bytes8, ctx);
  o.dense = new_buffer(bytes8, ctx);
  int64_t *pb = i64(o.part_begin), *qb = i64(o.peer_begin), *dn = i64(o.dense);
  for_rows(n, ctx.stream, [=] __device__(int64_t k) {
    const bool new_part = k == 0 || !rows_equal(part, p[k - 1], p[k]);
    const bool new_peer = new_part || !rows_equal(ord, p[k - 1], p[k]);
    pb[k] = new_part ? k : 0;
    qb[k] = new_peer ? k : 0;
    dn[k] = new_peer ? 1 : 0;
  });
  if (n > 0) {
    run_cub([&](void* t, size_t& b) { return cub::DeviceScan::InclusiveScan(t, b, pb, pb, MaxOp{}, n, st(ctx)); }, ctx,
            "cub::DeviceScan::InclusiveScan");
    run_cub([&](void* t, size_t& b) { return cub::DeviceScan::InclusiveScan(t, b, qb, qb, MaxOp{}, n, st(ctx)); }, ctx,
            "cub::DeviceScan::InclusiveScan");
    run_cub([&](void* t, size_t& b) { return cub::DeviceScan::InclusiveSum(t, b, dn, dn, n, st(ctx)); }, ctx,
            "cub::DeviceScan::InclusiveSum");
  }
  // Peer groups counted from the partition's first: dense[k] - dense[part_begin] + 1.
  rt::DeviceBuffer counted = new_buffer(bytes8, ctx);
  int64_t* cd = i64(counted);
  for_rows(n, ctx.stream, [=] __device__(int64_t k) { cd[k] = dn[k] - dn[pb[k]] + 1; });
  o.dense = counted;
  o.part_end = new_buffer(bytes8, ctx);
  o.peer_end = new_buffer(bytes8, ctx);
  if (n > 0) {
    range_ends(pb, i64(o.part_end), n, ctx);
    range_ends(qb, i64(o.peer_end), n, ctx);
  }
  synchronize(ctx);  // the host-side views above go out of scope
  return o;
}

// The frame of a position: [lo, hi], clamped to its partition (empty when lo > hi).
struct FrameSpec {
  FrameBound::Kind start, end;
  int64_t start_offset, end_offset;
  bool rows;
};
struct Ranges {
  const int64_t *pb, *pe, *qb, *qe;
};
__device__ inline void frame_of(const FrameSpec& f, const Ranges& r, int64_t k, int64_t& lo, int64_t& hi) {
  const int64_t pb = r.pb[k], pe = r.pe[k];
  lo = f.start == FrameBound::Kind::Unbounded ? pb
       : f.start == FrameBound::Kind::CurrentRow ? (f.rows ? k : r.qb[k])
                                                  : k + f.start_offset;
  hi = f.end == FrameBound::Kind::Unbounded ? pe - 1
       : f.end == FrameBound::Kind::CurrentRow ? (f.rows ? k : r.qe[k] - 1)
                                                : k + f.end_offset;
  if (lo < pb) lo = pb;
  if (hi > pe - 1) hi = pe - 1;
}

// 192-bit two's-complement integers: prefix sums of int128 values (DECIMAL up to 38 digits) over 2^31 rows
// cannot overflow them, and a frame's difference is checked to fit an int128 before the result is finished.
struct I192 {
  unsigned long long w0, w1, w2;
};
__host__ __device__ inline I192 add192(const I192& a, const I192& b) {
  I192 r;
  r.w0 = a.w0 + b.w0;
  const unsigned long long c0 = r.w0 < a.w0;
  const unsigned long long t = a.w1 + b.w1;
  const unsigned long long c1 = t < a.w1;
  r.w1 = t + c0;
  const unsigned long long c2 = c1 + (r.w1 < t);
  r.w2 = a.w2 + b.w2 + c2;
  return r;
}
__device__ inline I192 neg192(const I192& a) {
  const I192 inv{~a.w0, ~a.w1, ~a.w2};
  return add192(inv, I192{1, 0, 0});
}
__device__ inline I192 from128(__int128 v) {
  return {static_cast<unsigned long long>(v), static_cast<unsigned long long>(static_cast<unsigned __int128>(v) >> 64),
          v < 0 ? ~0ULL : 0ULL};
}
// Whether x fits an int128 (the top word the sign extension of the middle one), and its value.
__device__ inline bool to128(const I192& x, __int128& v) {
  if (static_cast<long long>(x.w2) != (static_cast<long long>(x.w1) >> 63)) return false;
  v = static_cast<__int128>((static_cast<unsigned __int128>(x.w1) << 64) | x.w0);
  return true;
}
struct Add192 {
  __host__ __device__ I192 operator()(const I192& a, const I192& b) const { return add192(a, b); }
};

struct Better {  // the row holding the smaller (larger) value; -1 is "none yet"
  rt::ColumnView v;
  bool is_min;
  __device__ int32_t operator()(int32_t a, int32_t b) const {
    if (a < 0) return b;
    if (b < 0) return a;
    const int c = compare_cells(v, a, v, b);
    return (is_min ? c <= 0 : c >= 0) ? a : b;
  }
};

DeviceColumnPtr compute(const plan::WindowFunction& w, const DataType& out_type, WindowOrder& o, const DeviceBatch& input,
                        GpuContext& ctx) {
  const int64_t n = input.rows;
  const int32_t* perm = static_cast<const int32_t*>(o.perm.data());
  const Ranges r{i64(o.part_begin), i64(o.part_end), i64(o.peer_begin), i64(o.peer_end)};
  const FrameSpec f{w.frame.start.kind, w.frame.end.kind, w.frame.start.offset, w.frame.end.offset, w.frame.rows};
  const WindowFunc fn_kind = w.func;
  switch (w.func) {
    case WindowFunc::RowNumber:
    case WindowFunc::Rank:
    case WindowFunc::DenseRank:
    case WindowFunc::Ntile: {
      const int64_t buckets = w.func == WindowFunc::Ntile ? constant_int(*w.args[0], input, ctx) : 1;
      auto out = new_fixed(fn::SqlType::Int64, n, false, ctx);
      int64_t* d = static_cast<int64_t*>(out->data.data());
      const int64_t* dense = i64(o.dense);
      for_rows(n, ctx.stream, [=] __device__(int64_t k) {
        const int64_t i = k - r.pb[k];
        int64_t v;
        if (fn_kind == WindowFunc::RowNumber) v = i + 1;
        else if (fn_kind == WindowFunc::Rank) v = r.qb[k] - r.pb[k] + 1;
        else if (fn_kind == WindowFunc::DenseRank) v = dense[k];
        else {  // SQL Server's NTILE: the first (rows % n) buckets get one row more
          const int64_t rows = r.pe[k] - r.pb[k], size = rows / buckets, big = rows % buckets, split = big * (size + 1);
          v = i < split ? i / (size + 1) + 1 : big + (i - split) / size + 1;
        }
        d[perm[k]] = v;
      });
      return out;
    }
    case WindowFunc::Lag:
    case WindowFunc::Lead:
    case WindowFunc::FirstValue:
    case WindowFunc::LastValue: {
      const int64_t off = w.func == WindowFunc::Lag || w.func == WindowFunc::Lead
                              ? constant_int(*w.args[1], input, ctx) : 0;
      rt::DeviceBuffer idx = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * 4, ctx);
      int32_t* ix = static_cast<int32_t*>(idx.data());
      for_rows(n, ctx.stream, [=] __device__(int64_t k) {
        int64_t t;
        if (fn_kind == WindowFunc::Lag || fn_kind == WindowFunc::Lead) {
          t = fn_kind == WindowFunc::Lag ? k - off : k + off;
          if (t < r.pb[k] || t >= r.pe[k]) t = -1;
        } else {
          int64_t lo, hi;
          frame_of(f, r, k, lo, hi);
          t = lo > hi ? -1 : (fn_kind == WindowFunc::FirstValue ? lo : hi);
        }
        ix[perm[k]] = t < 0 ? -1 : perm[t];
      });
      const DeviceColumnPtr value = evaluate_column(*w.args[0], input, ctx);
      DeviceColumnPtr out = gather(*value, ix, n, ctx, /*may_miss=*/true);
      const bool with_default = (w.func == WindowFunc::Lag || w.func == WindowFunc::Lead) &&
                                !(w.args[2]->kind == plan::ExprKind::Constant && w.args[2]->value.null);
      if (with_default) {  // rows outside the partition take the default (a row inside whose value is NULL stays NULL)
        rt::DeviceBuffer pick = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * 4, ctx);
        int32_t* c = static_cast<int32_t*>(pick.data());
        for_rows(n, ctx.stream, [=] __device__(int64_t i) { c[i] = ix[i] >= 0 ? 0 : 1; });
        DeviceDatum gathered;
        gathered.column = out;
        out = choose({gathered, evaluate(*w.args[2], input, ctx)}, c, out_type, n, ctx).column;
      }
      synchronize(ctx);
      return out;
    }
    case WindowFunc::Min:
    case WindowFunc::Max: {
      // Frames from the partition's first row: a segmented scan of the best row so far, read at the frame's
      // end. Frames to the partition's last row: the same scan run backwards, read at the frame's start.
      // Other ROWS frames (at most kMaxScannedFrame rows wide): each row scans its frame.
      const DeviceColumnPtr arg = evaluate_column(*w.args[0], input, ctx);
      const rt::ColumnView v = arg->view();
      const Better better{v, w.func == WindowFunc::Min};
      rt::DeviceBuffer best = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * 4, ctx);
      int32_t* b = static_cast<int32_t*>(best.data());
      for_rows(n, ctx.stream, [=] __device__(int64_t k) { b[k] = !v.valid || v.valid[perm[k]] ? perm[k] : -1; });
      const bool forward = f.start == FrameBound::Kind::Unbounded;
      const bool backward = !forward && f.end == FrameBound::Kind::Unbounded;
      if (n > 0 && forward)
        run_cub([&](void* t, size_t& bytes) {
          return cub::DeviceScan::InclusiveScanByKey(t, bytes, r.pb, b, b, better, n, ::cuda::std::equal_to<>{}, st(ctx));
        }, ctx, "cub::DeviceScan::InclusiveScanByKey");
      if (n > 0 && backward) {
        auto keys = thrust::make_reverse_iterator(r.pb + n);
        auto vals = thrust::make_reverse_iterator(b + n);
        run_cub([&](void* t, size_t& bytes) {
          return cub::DeviceScan::InclusiveScanByKey(t, bytes, keys, vals, vals, better, n, ::cuda::std::equal_to<>{},
                                                     st(ctx));
        }, ctx, "cub::DeviceScan::InclusiveScanByKey");
      }
      rt::DeviceBuffer idx = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * 4, ctx);
      int32_t* ix = static_cast<int32_t*>(idx.data());
      for_rows(n, ctx.stream, [=] __device__(int64_t k) {
        int64_t lo, hi;
        frame_of(f, r, k, lo, hi);
        if (lo > hi) {
          ix[perm[k]] = -1;
        } else if (forward) {
          ix[perm[k]] = b[hi];
        } else if (backward) {
          ix[perm[k]] = b[lo];
        } else {
          int32_t x = -1;
          for (int64_t j = lo; j <= hi; ++j) x = better(x, b[j]);
          ix[perm[k]] = x;
        }
      });
      DeviceColumnPtr out = gather(*arg, ix, n, ctx, /*may_miss=*/true);
      synchronize(ctx);
      return out;
    }
    default: break;
  }
  // COUNT, SUM, AVG: prefix counts (and sums) over the sorted positions; a frame's total is a difference.
  const DeviceColumnPtr arg = w.func == WindowFunc::CountStar ? nullptr : evaluate_column(*w.args[0], input, ctx);
  const uint8_t* valid = arg ? static_cast<const uint8_t*>(arg->valid.data()) : nullptr;
  rt::DeviceBuffer counts = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * 8, ctx);
  int64_t* cs = i64(counts);
  for_rows(n, ctx.stream, [=] __device__(int64_t k) { cs[k] = !valid || valid[perm[k]] ? 1 : 0; });
  if (n > 0)
    run_cub([&](void* t, size_t& b) { return cub::DeviceScan::InclusiveSum(t, b, cs, cs, n, st(ctx)); }, ctx,
            "cub::DeviceScan::InclusiveSum");
  const bool counting = w.func == WindowFunc::Count || w.func == WindowFunc::CountStar;
  auto out = new_fixed(out_type.physical(), n, !counting, ctx);
  void* od = out->data.data();
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  RowErrorSlot slot(ctx);
  int64_t* es = slot.get();
  if (counting) {
    const bool int32_out = out_type.id == plan::TypeId::Int32;
    for_rows(n, ctx.stream, [=] __device__(int64_t k) {
      int64_t lo, hi;
      frame_of(f, r, k, lo, hi);
      const int64_t c = lo > hi ? 0 : cs[hi] - (lo > 0 ? cs[lo - 1] : 0);
      const int64_t row = perm[k];
      if (!int32_out) static_cast<int64_t*>(od)[row] = c;
      else if (c > INT32_MAX) report_error(es, row, fn::kArithmeticOverflow);
      else static_cast<int32_t*>(od)[row] = static_cast<int32_t>(c);
    });
  } else if (arg->type == fn::SqlType::Float64) {
    // Sums restart at each partition, so a running frame's sum is its prefix (no cancellation).
    rt::DeviceBuffer sums = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * 8, ctx);
    double* ps = static_cast<double*>(sums.data());
    const double* x = static_cast<const double*>(arg->data.data());
    for_rows(n, ctx.stream, [=] __device__(int64_t k) { ps[k] = !valid || valid[perm[k]] ? x[perm[k]] : 0.0; });
    if (n > 0)
      run_cub([&](void* t, size_t& b) {
        return cub::DeviceScan::InclusiveSumByKey(t, b, r.pb, ps, ps, n, ::cuda::std::equal_to<>{}, st(ctx));
      }, ctx, "cub::DeviceScan::InclusiveSumByKey");
    const bool avg = w.func == WindowFunc::Avg;
    for_rows(n, ctx.stream, [=] __device__(int64_t k) {
      int64_t lo, hi;
      frame_of(f, r, k, lo, hi);
      const int64_t c = lo > hi ? 0 : cs[hi] - (lo > 0 ? cs[lo - 1] : 0);
      const int64_t row = perm[k];
      ov[row] = c > 0;
      if (c == 0) return;
      const double s = ps[hi] - (lo > r.pb[k] ? ps[lo - 1] : 0.0);
      static_cast<double*>(od)[row] = avg ? s / static_cast<double>(c) : s;
    });
  } else {
    // Exact: 192-bit prefix sums (any int128 values, 2^31 rows); a frame's total must fit an int128.
    rt::DeviceBuffer sums = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * sizeof(I192), ctx);
    I192* ps = static_cast<I192*>(sums.data());
    const void* x = arg->data.data();
    const fn::SqlType t = arg->type;
    for_rows(n, ctx.stream, [=] __device__(int64_t k) {
      const int64_t row = perm[k];
      __int128 v = 0;
      if (!valid || valid[row]) {
        if (t == fn::SqlType::Bool) v = static_cast<const uint8_t*>(x)[row];
        else if (t == fn::SqlType::Int32) v = static_cast<const int32_t*>(x)[row];
        else if (t == fn::SqlType::Decimal128) v = static_cast<const __int128*>(x)[row];
        else v = static_cast<const int64_t*>(x)[row];
      }
      ps[k] = from128(v);
    });
    if (n > 0)
      run_cub([&](void* tmp, size_t& b) {
        return cub::DeviceScan::InclusiveScan(tmp, b, ps, ps, Add192{}, n, st(ctx));
      }, ctx, "cub::DeviceScan::InclusiveScan");
    const bool avg = w.func == WindowFunc::Avg;
    const ExactResult result = ExactResult::of(w.args[0]->type, out_type);
    for_rows(n, ctx.stream, [=] __device__(int64_t k) {
      int64_t lo, hi;
      frame_of(f, r, k, lo, hi);
      const int64_t c = lo > hi ? 0 : cs[hi] - (lo > 0 ? cs[lo - 1] : 0);
      const int64_t row = perm[k];
      ov[row] = c > 0;
      if (c == 0) return;
      __int128 s;
      const I192 total = lo > 0 ? add192(ps[hi], neg192(ps[lo - 1])) : ps[hi];
      if (!to128(total, s) || !store_exact(od, row, s, static_cast<unsigned long long>(c), avg, result))
        report_error(es, row, fn::kArithmeticOverflow);
    });
  }
  rt::cuda_check(cudaGetLastError(), "window kernel");
  raise_row_error(slot.read(ctx), out_type);
  return out;
}

}  // namespace

DeviceBatch window(const plan::LogicalOp& op, const DeviceBatch& input, GpuContext& ctx) {
  if (input.rows > INT32_MAX) throw ExecError("GPU window: more than 2^31 rows in one batch is not supported yet");
  const size_t first = op.outputs.size() - op.windows.size();
  DeviceBatch out;
  out.rows = input.rows;
  for (size_t i = 0; i < first; ++i) out.add(op.outputs[i].id, input.column(op.outputs[i].id), op.outputs[i].type);
  std::map<std::string, WindowOrder> orders;  // one sort per PARTITION BY / ORDER BY
  for (size_t i = 0; i < op.windows.size(); ++i) {
    const plan::WindowFunction& w = op.windows[i];
    const std::string key = plan::window_order_key(w);
    auto it = orders.find(key);
    if (it == orders.end()) it = orders.emplace(key, order_rows(w, input, ctx)).first;
    const plan::OutputColumn& o = op.outputs[first + i];
    GpuExprMemo memo(ctx.memo, input, plan::expr_pointers(w.args));
    out.add(o.id, compute(w, o.type, it->second, input, ctx), o.type);
  }
  synchronize(ctx);
  return out;
}

}  // namespace tessera::exec::gpu
