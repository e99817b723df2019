// Hash join on the device: inner, left outer, semi, anti and null-aware anti (NOT IN), keys of any types
// and count, a residual on candidate pairs. The build side's rows are chained per bucket with one
// atomicExch each (rows with a NULL key never match and are left out); a probe walks its bucket's chain,
// comparing the stored hash, then the keys. Inner and left joins count the matches per probe row, prefix-sum
// the counts and write the (left, right) row pairs in a second pass, so the output is sized exactly however
// skewed the keys; semi and anti joins without a residual only flag the probe rows that match. A residual
// runs as a GPU filter over the candidate pairs.
#include <cub/device/device_scan.cuh>

#include <climits>

#include "operators_gpu.hpp"
#include "device_kernels.cuh"
#include "row_keys.cuh"
#include "tessera/exec/join_conditions.hpp"

namespace tessera::exec::gpu {

using plan::JoinType;

namespace {

cudaStream_t st(GpuContext& ctx) { return static_cast<cudaStream_t>(ctx.stream); }

// Key columns of one side, their views in device memory.
struct Keys {
  std::vector<DeviceColumnPtr> columns;
  rt::DeviceBuffer views;
  KeyColumns k;
};

Keys key_columns(const std::vector<plan::ExprPtr>& exprs, const DeviceBatch& batch, GpuContext& ctx) {
  Keys out;
  std::vector<rt::ColumnView> v;
  {
    GpuExprMemo memo(ctx.memo, batch, plan::expr_pointers(exprs));
    for (const auto& e : exprs) {
      out.columns.push_back(evaluate_column(*e, batch, ctx));
      v.push_back(out.columns.back()->view());
    }
  }
  out.views = new_buffer(v.size() * sizeof(rt::ColumnView), ctx);
  rt::cuda_check(cudaMemcpyAsync(out.views.data(), v.data(), v.size() * sizeof(rt::ColumnView), cudaMemcpyHostToDevice, st(ctx)),
                 "cudaMemcpyAsync");
  synchronize(ctx);  // `v` is a host temporary
  out.k = {static_cast<const rt::ColumnView*>(out.views.data()), static_cast<int>(v.size())};
  return out;
}

__device__ inline bool any_null_key(const KeyColumns& k, int64_t r) {
  for (int c = 0; c < k.count; ++c)
    if (!key_valid(k.cols[c], r)) return true;
  return false;
}

__device__ inline bool keys_match(const KeyColumns& p, int64_t a, const KeyColumns& b, int64_t r) {
  for (int c = 0; c < p.count; ++c)
    if (compare_cells(p.cols[c], a, b.cols[c], r) != 0) return false;
  return true;
}

struct HashIndex {
  rt::DeviceBuffer heads, next, hashes;
  uint32_t mask = 0;
};

// A join's key columns and hash table over the input it hashes.
struct BuiltSide {
  Keys keys;
  HashIndex index;
};

HashIndex build_index(const Keys& b, int64_t rows, GpuContext& ctx) {
  HashIndex h;
  uint32_t cap = 1024;
  while (cap < rows * 2 && cap < (1u << 31)) cap <<= 1;
  h.mask = cap - 1;
  h.heads = new_buffer(static_cast<size_t>(cap) * 4, ctx);
  h.next = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)) * 4, ctx);
  h.hashes = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)) * 8, ctx);
  rt::cuda_check(cudaMemsetAsync(h.heads.data(), 0xff, static_cast<size_t>(cap) * 4, st(ctx)), "cudaMemsetAsync");
  int32_t* heads = static_cast<int32_t*>(h.heads.data());
  int32_t* next = static_cast<int32_t*>(h.next.data());
  uint64_t* hashes = static_cast<uint64_t*>(h.hashes.data());
  const KeyColumns k = b.k;
  const uint32_t mask = h.mask;
  for_rows(rows, ctx.stream, [=] __device__(int64_t r) {
    if (any_null_key(k, r)) return;
    const uint64_t hv = row_hash(k, r);
    hashes[r] = hv;
    next[r] = atomicExch(heads + (static_cast<uint32_t>(hv) & mask), static_cast<int32_t>(r));
  });
  return h;
}

// For each probe row, f(p, r) on every build row r with equal keys, until f returns false.
struct Prober {
  KeyColumns probe, build;
  const int32_t* heads;
  const int32_t* next;
  const uint64_t* hashes;
  uint32_t mask;
  template <typename F>
  __device__ void each(int64_t p, F f) const {
    if (any_null_key(probe, p)) return;
    const uint64_t hv = row_hash(probe, p);
    for (int32_t r = heads[static_cast<uint32_t>(hv) & mask]; r >= 0; r = next[r])
      if (hashes[r] == hv && keys_match(probe, p, build, r))
        if (!f(r)) return;
  }
};

// Pairs of (probe row, build row), exactly sized.
struct PairList {
  rt::DeviceBuffer probe, build;  // int32
  int64_t count = 0;
};

PairList all_pairs(const Prober& pr, int64_t prows, GpuContext& ctx) {
  rt::DeviceBuffer counts = new_buffer(static_cast<size_t>(prows + 1) * 8, ctx);
  int64_t* c = static_cast<int64_t*>(counts.data());
  for_rows(prows, ctx.stream, [=] __device__(int64_t p) {
    int64_t n = 0;
    pr.each(p, [&](int32_t) {
      ++n;
      return true;
    });
    c[p] = n;
  });
  rt::DeviceBuffer starts = new_buffer(static_cast<size_t>(prows + 1) * 8, ctx);
  int64_t* s = static_cast<int64_t*>(starts.data());
  size_t temp = 0;
  rt::cuda_check(cub::DeviceScan::ExclusiveSum(nullptr, temp, c, s, prows + 1, st(ctx)), "cub::DeviceScan");
  rt::DeviceBuffer scratch = new_buffer(temp, ctx);
  rt::cuda_check(cudaMemsetAsync(c + prows, 0, 8, st(ctx)), "cudaMemsetAsync");
  rt::cuda_check(cub::DeviceScan::ExclusiveSum(scratch.data(), temp, c, s, prows + 1, st(ctx)), "cub::DeviceScan");
  PairList out;
  rt::cuda_check(cudaMemcpyAsync(&out.count, s + prows, 8, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
  synchronize(ctx);
  if (out.count > INT32_MAX)
    throw ExecError("GPU hash join: " + std::to_string(out.count) + " result rows; more than 2^31 are not supported yet");
  out.probe = new_buffer(static_cast<size_t>(std::max<int64_t>(out.count, 1)) * 4, ctx);
  out.build = new_buffer(static_cast<size_t>(std::max<int64_t>(out.count, 1)) * 4, ctx);
  int32_t* op = static_cast<int32_t*>(out.probe.data());
  int32_t* ob = static_cast<int32_t*>(out.build.data());
  for_rows(prows, ctx.stream, [=] __device__(int64_t p) {
    int64_t at = s[p];
    pr.each(p, [&](int32_t r) {
      op[at] = static_cast<int32_t>(p);
      ob[at] = r;
      ++at;
      return true;
    });
  });
  return out;
}

// An int32 device column holding the given index buffer (to carry pair indices through a filter).
DeviceColumnPtr index_column(const rt::DeviceBuffer& idx, int64_t n) {
  auto c = std::make_shared<rt::DeviceColumn>();
  c->type = fn::SqlType::Int32;
  c->rows = n;
  c->data = idx;
  return c;
}

}  // namespace

namespace {

// The residual over candidate pairs (left row, right row): the pairs it keeps.
void apply_residual(const DeviceBatch& left, const DeviceBatch& right, const std::vector<plan::ExprPtr>& residual,
                    PairList& pairs, GpuContext& ctx) {
  if (residual.empty() || pairs.count == 0) return;
  constexpr ColumnId kLeftRow = -1000001, kRightRow = -1000002;
  std::vector<ColumnId> cols;
  for (const auto& r : residual) plan::collect_columns(*r, cols);
  DeviceBatch pb;
  pb.rows = pairs.count;
  const int32_t* pl = static_cast<const int32_t*>(pairs.probe.data());
  const int32_t* prr = static_cast<const int32_t*>(pairs.build.data());
  for (ColumnId id : cols) {
    if (pb.find(id) >= 0) continue;
    if (int i = left.find(id); i >= 0) pb.add(id, gather(*left.columns[i], pl, pairs.count, ctx), left.types[i]);
    else if (int k = right.find(id); k >= 0) pb.add(id, gather(*right.columns[k], prr, pairs.count, ctx), right.types[k]);
  }
  pb.add(kLeftRow, index_column(pairs.probe, pairs.count), DataType::int32());
  pb.add(kRightRow, index_column(pairs.build, pairs.count), DataType::int32());
  const DeviceBatch kept =
      filter(std::move(pb), residual, {{kLeftRow, "", DataType::int32()}, {kRightRow, "", DataType::int32()}}, ctx);
  pairs.count = kept.rows;
  pairs.probe = kept.columns[0]->data;
  pairs.build = kept.columns[1]->data;
}

DeviceBatch finish_join(const plan::LogicalOp& op, const DeviceBatch& left, const DeviceBatch& right, PairList pairs,
                        rt::DeviceBuffer matched, const KeyColumns* lkeys, const KeyColumns* rkeys, GpuContext& ctx);

// A join without equality keys: every pair of rows, then the conditions as a residual (refused beyond
// 100 million pairs, as on the CPU).
DeviceBatch nested_loop_join(const plan::LogicalOp& op, const DeviceBatch& left, const DeviceBatch& right,
                             const std::vector<plan::ExprPtr>& residual, GpuContext& ctx) {
  if (static_cast<double>(left.rows) * static_cast<double>(right.rows) > 1e8)
    throw ExecError("a join without equality conditions would pair " + std::to_string(left.rows) + " x " +
                    std::to_string(right.rows) + " rows (more than 100 million); add an equality join condition");
  PairList pairs;
  pairs.count = left.rows * right.rows;
  pairs.probe = new_buffer(static_cast<size_t>(std::max<int64_t>(pairs.count, 1)) * 4, ctx);
  pairs.build = new_buffer(static_cast<size_t>(std::max<int64_t>(pairs.count, 1)) * 4, ctx);
  int32_t* pl = static_cast<int32_t*>(pairs.probe.data());
  int32_t* pr = static_cast<int32_t*>(pairs.build.data());
  const int64_t nr = right.rows;
  for_rows(pairs.count, ctx.stream, [=] __device__(int64_t i) {
    pl[i] = static_cast<int32_t>(i / nr);
    pr[i] = static_cast<int32_t>(i % nr);
  });
  apply_residual(left, right, residual, pairs, ctx);
  return finish_join(op, left, right, std::move(pairs), rt::DeviceBuffer(), nullptr, nullptr, ctx);
}

}  // namespace

DeviceBatch hash_join(const plan::LogicalOp& op, const DeviceBatch& left, const DeviceBatch& right, GpuContext& ctx) {
  const JoinType type = op.join_type;
  const JoinConditions split = split_join_conditions(op.predicates, std::set<ColumnId>(left.ids.begin(), left.ids.end()),
                                                     std::set<ColumnId>(right.ids.begin(), right.ids.end()));
  if (left.rows > INT32_MAX || right.rows > INT32_MAX)
    throw ExecError("GPU hash join: inputs over 2^31 rows are not supported yet");
  if (split.keys.empty()) return nested_loop_join(op, left, right, split.residual, ctx);
  std::vector<plan::ExprPtr> lexprs, rexprs;
  for (const auto& [a, b] : split.keys) {
    const auto [wa, wb] = widened_key(a, b);
    lexprs.push_back(wa);
    rexprs.push_back(wb);
  }
  const bool semi_like = type == JoinType::Semi || type == JoinType::Anti;
  // Inner joins hash the smaller input; the others hash the right one (the left is what they keep).
  bool build_right = type != JoinType::Inner || right.rows <= left.rows;
  // While morsels stream (morsels.hpp) the table is built on the input every morsel reuses, once, at the first
  // morsel, and kept for the others.
  bool keep = false;
  if (ctx.reused && ctx.reused->count(op.child(1).get())) keep = build_right = true;
  else if (ctx.reused && ctx.reused->count(op.child(0).get())) keep = true, build_right = false;
  keep = keep && ctx.kept;
  std::shared_ptr<BuiltSide> built;
  if (keep)
    if (auto it = ctx.kept->find(&op); it != ctx.kept->end()) built = std::static_pointer_cast<BuiltSide>(it->second);
  if (!built) {
    built = std::make_shared<BuiltSide>();
    built->keys = key_columns(build_right ? rexprs : lexprs, build_right ? right : left, ctx);
    built->index = build_index(built->keys, build_right ? right.rows : left.rows, ctx);
    if (keep) (*ctx.kept)[&op] = built;
  }
  const Keys probe_keys = key_columns(build_right ? lexprs : rexprs, build_right ? left : right, ctx);
  const Keys& lk = build_right ? probe_keys : built->keys;
  const Keys& rk = build_right ? built->keys : probe_keys;
  const Keys& bk = built->keys;
  const Keys& pk = probe_keys;
  const int64_t prows = build_right ? left.rows : right.rows;
  const HashIndex& index = built->index;
  const Prober prober{pk.k, bk.k, static_cast<const int32_t*>(index.heads.data()), static_cast<const int32_t*>(index.next.data()),
                      static_cast<const uint64_t*>(index.hashes.data()), index.mask};

  rt::DeviceBuffer matched;  // semi / anti / left: one byte per left row
  PairList pairs;
  if (semi_like && split.residual.empty()) {
    matched = new_buffer(static_cast<size_t>(std::max<int64_t>(left.rows, 1)), ctx);
    uint8_t* m = static_cast<uint8_t*>(matched.data());
    for_rows(left.rows, ctx.stream, [=] __device__(int64_t p) {
      bool any = false;
      prober.each(p, [&](int32_t) {
        any = true;
        return false;
      });
      m[p] = any;
    });
  } else {
    pairs = all_pairs(prober, prows, ctx);
    if (!build_right) std::swap(pairs.probe, pairs.build);  // pairs.probe: left rows, pairs.build: right rows
    apply_residual(left, right, split.residual, pairs, ctx);
  }
  return finish_join(op, left, right, std::move(pairs), std::move(matched), &lk.k, &rk.k, ctx);
}

namespace {

DeviceBatch finish_join(const plan::LogicalOp& op, const DeviceBatch& left, const DeviceBatch& right, PairList pairs,
                        rt::DeviceBuffer matched, const KeyColumns* lkeys, const KeyColumns* rkeys, GpuContext& ctx) {
  const JoinType type = op.join_type;
  const bool semi_like = type == JoinType::Semi || type == JoinType::Anti;
  if (!matched) {
    if (semi_like || type == JoinType::Left) {
      matched = new_buffer(static_cast<size_t>(std::max<int64_t>(left.rows, 1)), ctx);
      rt::cuda_check(cudaMemsetAsync(matched.data(), 0, static_cast<size_t>(std::max<int64_t>(left.rows, 1)), st(ctx)),
                     "cudaMemsetAsync");
      uint8_t* m = static_cast<uint8_t*>(matched.data());
      const int32_t* pl = static_cast<const int32_t*>(pairs.probe.data());
      for_rows(pairs.count, ctx.stream, [=] __device__(int64_t i) { m[pl[i]] = 1; });
    }
  }

  DeviceBatch out;
  if (semi_like) {
    const bool keep_matched = type == JoinType::Semi;
    uint8_t* m = static_cast<uint8_t*>(matched.data());
    bool right_null = false;
    if (type == JoinType::Anti && op.null_aware && right.rows > 0 && lkeys && rkeys) {
      // NOT IN: a NULL on the right makes every row's answer unknown; a NULL on the left, its own.
      rt::DeviceBuffer flag = new_buffer(4, ctx);
      int32_t* f = static_cast<int32_t*>(flag.data());
      rt::cuda_check(cudaMemsetAsync(f, 0, 4, st(ctx)), "cudaMemsetAsync");
      const KeyColumns r = *rkeys;
      for_rows(right.rows, ctx.stream, [=] __device__(int64_t i) {
        if (any_null_key(r, i)) *f = 1;
      });
      int32_t host = 0;
      rt::cuda_check(cudaMemcpyAsync(&host, f, 4, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
      synchronize(ctx);
      right_null = host != 0;
      const KeyColumns l = *lkeys;
      for_rows(left.rows, ctx.stream, [=] __device__(int64_t i) {
        if (any_null_key(l, i)) m[i] = 1;  // "matched": not kept by the anti join
      });
    }
    // keep[i]: matched == keep_matched, as flags for the selection.
    rt::DeviceBuffer keep = new_buffer(static_cast<size_t>(std::max<int64_t>(left.rows, 1)), ctx);
    uint8_t* k = static_cast<uint8_t*>(keep.data());
    const bool none = right_null;
    for_rows(left.rows, ctx.stream, [=] __device__(int64_t i) { k[i] = !none && ((m[i] != 0) == keep_matched); });
    Selection s = select_flags(k, nullptr, left.rows, ctx);
    out = gather(left, s, ctx);
  } else {
    int64_t n = pairs.count;
    rt::DeviceBuffer lrows = pairs.probe, rrows = pairs.build;
    if (type == JoinType::Left) {
      // Every left row without a match once more, with a missing (-1) right row.
      rt::DeviceBuffer unmatched_flags = new_buffer(static_cast<size_t>(std::max<int64_t>(left.rows, 1)), ctx);
      uint8_t* u = static_cast<uint8_t*>(unmatched_flags.data());
      const uint8_t* m = static_cast<const uint8_t*>(matched.data());
      for_rows(left.rows, ctx.stream, [=] __device__(int64_t i) { u[i] = !m[i]; });
      Selection s = select_flags(u, nullptr, left.rows, ctx);
      const int64_t total = n + s.count;
      if (total > INT32_MAX) throw ExecError("GPU hash join: more than 2^31 result rows are not supported yet");
      lrows = new_buffer(static_cast<size_t>(std::max<int64_t>(total, 1)) * 4, ctx);
      rrows = new_buffer(static_cast<size_t>(std::max<int64_t>(total, 1)) * 4, ctx);
      if (n) {
        rt::cuda_check(cudaMemcpyAsync(lrows.data(), pairs.probe.data(), n * 4, cudaMemcpyDeviceToDevice, st(ctx)), "cudaMemcpyAsync");
        rt::cuda_check(cudaMemcpyAsync(rrows.data(), pairs.build.data(), n * 4, cudaMemcpyDeviceToDevice, st(ctx)), "cudaMemcpyAsync");
      }
      if (s.count) {
        rt::cuda_check(cudaMemcpyAsync(static_cast<int32_t*>(lrows.data()) + n, s.rows.data(), s.count * 4,
                                       cudaMemcpyDeviceToDevice, st(ctx)), "cudaMemcpyAsync");
        rt::cuda_check(cudaMemsetAsync(static_cast<int32_t*>(rrows.data()) + n, 0xff, s.count * 4, st(ctx)), "cudaMemsetAsync");
      }
      n = total;
    }
    const int32_t* li = static_cast<const int32_t*>(lrows.data());
    const int32_t* ri = static_cast<const int32_t*>(rrows.data());
    out.rows = n;
    for (size_t i = 0; i < left.columns.size(); ++i) out.add(left.ids[i], gather(*left.columns[i], li, n, ctx), left.types[i]);
    for (size_t i = 0; i < right.columns.size(); ++i)
      out.add(right.ids[i], gather(*right.columns[i], ri, n, ctx, type == JoinType::Left), right.types[i]);
  }
  DeviceBatch shaped;
  shaped.rows = out.rows;
  for (const auto& o : op.outputs) shaped.add(o.id, out.column(o.id), o.type);
  synchronize(ctx);
  return shaped;
}

}  // namespace

}  // namespace tessera::exec::gpu
