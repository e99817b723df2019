// Window functions on the CPU: the rows sorted by (partition keys, order keys) -- one sort per distinct
// PARTITION BY / ORDER BY, shared by the functions that use it -- then one pass per function over the
// sorted positions, each partition a contiguous range [begin, end) and each row's peers (equal order keys)
// a contiguous range within it. Every function is linear after the sort:
//   ROW_NUMBER, RANK, DENSE_RANK, NTILE   positions within the partition and peer group
//   LAG, LEAD, FIRST_VALUE, LAST_VALUE    a gather (the default where the row falls outside)
//   COUNT, SUM, AVG over a frame          differences of per-partition prefix counts and exact sums
//   MIN, MAX over a frame                 a monotone queue (frame bounds only move forward)
// The frame of a row is [lo, hi] in sorted positions, clamped to its partition; RANGE's CURRENT ROW
// includes the row's peers. NULLs sort first and form one partition, as in GROUP BY.
#include <algorithm>
#include <deque>
#include <map>
#include <numeric>
#include <type_traits>

#include "aggregate_result.hpp"
#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

using plan::FrameBound;
using plan::WindowFunc;

namespace {

// The rows in window order and, per sorted position, its partition and peer group.
struct WindowOrder {
  std::vector<int64_t> perm;                      // position -> row
  std::vector<int64_t> part_begin, part_end;      // per position
  std::vector<int64_t> peer_begin, peer_end;      // per position
  std::vector<int64_t> dense_rank;                // per position: peer groups so far in the partition
};

WindowOrder order_rows(const plan::WindowFunction& w, const Batch& input, ExecContext& ctx) {
  std::vector<ColumnPtr> part, keys;
  std::vector<bool> desc;
  for (const auto& p : w.partition) part.push_back(evaluate_column(*p, input, ctx));
  for (const auto& k : w.order) {
    keys.push_back(evaluate_column(*k.expr, input, ctx));
    desc.push_back(k.descending);
  }
  const int64_t n = input.rows;
  WindowOrder o;
  o.perm.resize(n);
  std::iota(o.perm.begin(), o.perm.end(), 0);
  auto same = [](const std::vector<ColumnPtr>& cols, int64_t a, int64_t b) {
    for (const auto& c : cols)
      if (compare_values(*c, a, b) != 0) return false;
    return true;
  };
  std::stable_sort(o.perm.begin(), o.perm.end(), [&](int64_t a, int64_t b) {
    for (const auto& c : part)
      if (const int r = compare_values(*c, a, b)) return r < 0;
    for (size_t k = 0; k < keys.size(); ++k)
      if (const int r = compare_values(*keys[k], a, b)) return desc[k] ? r > 0 : r < 0;
    return false;
  });
  o.part_begin.resize(n);
  o.part_end.resize(n);
  o.peer_begin.resize(n);
  o.peer_end.resize(n);
  o.dense_rank.resize(n);
  for (int64_t k = 0; k < n; ++k) {
    const bool new_part = k == 0 || !same(part, o.perm[k - 1], o.perm[k]);
    const bool new_peer = new_part || !same(keys, o.perm[k - 1], o.perm[k]);
    o.part_begin[k] = new_part ? k : o.part_begin[k - 1];
    o.peer_begin[k] = new_peer ? k : o.peer_begin[k - 1];
    o.dense_rank[k] = new_part ? 1 : o.dense_rank[k - 1] + (new_peer ? 1 : 0);
  }
  for (int64_t k = n - 1; k >= 0; --k) {
    const bool last_of_part = k == n - 1 || o.part_begin[k + 1] != o.part_begin[k];
    const bool last_of_peer = k == n - 1 || o.peer_begin[k + 1] != o.peer_begin[k];
    o.part_end[k] = last_of_part ? k + 1 : o.part_end[k + 1];
    o.peer_end[k] = last_of_peer ? k + 1 : o.peer_end[k + 1];
  }
  return o;
}

// The frame of position k: [lo, hi] (empty when lo > hi).
struct Frame {
  int64_t lo, hi;
};
Frame frame_of(const plan::WindowFrame& f, const WindowOrder& o, int64_t k) {
  const int64_t pb = o.part_begin[k], pe = o.part_end[k];
  int64_t lo = pb, hi = pe - 1;
  switch (f.start.kind) {
    case FrameBound::Kind::Unbounded: lo = pb; break;
    case FrameBound::Kind::CurrentRow: lo = f.rows ? k : o.peer_begin[k]; break;
    case FrameBound::Kind::Offset: lo = k + f.start.offset; break;
  }
  switch (f.end.kind) {
    case FrameBound::Kind::Unbounded: hi = pe - 1; break;
    case FrameBound::Kind::CurrentRow: hi = f.rows ? k : o.peer_end[k] - 1; break;
    case FrameBound::Kind::Offset: hi = k + f.end.offset; break;
  }
  return {std::max(lo, pb), std::min(hi, pe - 1)};
}

ColumnPtr int64_result(int64_t n, const std::vector<int64_t>& by_position, const WindowOrder& o) {
  auto out = std::make_shared<rt::Column>(rt::Column::fixed(fn::SqlType::Int64, n));
  int64_t* d = reinterpret_cast<int64_t*>(out->data.data());
  for (int64_t k = 0; k < n; ++k) d[o.perm[k]] = by_position[k];
  return out;
}

// out[row] = source row idx[row] of `value`, or row `row` of `fallback` where idx[row] < 0.
ColumnPtr pick(const rt::Column& value, const rt::Column& fallback, std::vector<int64_t> idx, const DataType& t, int threads) {
  const int64_t n = static_cast<int64_t>(idx.size());
  const rt::Column both = storage::concat_columns({&value, &fallback}, t.physical(), threads);
  for (int64_t r = 0; r < n; ++r)
    if (idx[r] < 0) idx[r] = value.rows + r;
  return gather(both, idx, threads);
}

ColumnPtr frame_aggregate(const plan::WindowFunction& w, const DataType& out_type, const WindowOrder& o, const Batch& input,
                          ExecContext& ctx) {
  const int64_t n = input.rows;
  ColumnPtr arg = w.func == WindowFunc::CountStar ? nullptr : evaluate_column(*w.args[0], input, ctx);
  auto valid = [&](int64_t row) { return !arg || arg->is_valid(row); };
  if (w.func == WindowFunc::Min || w.func == WindowFunc::Max) {
    // Sliding-window best with a monotone queue of positions: lo and hi never move back within a partition.
    std::vector<int64_t> best(n, -1);
    const bool is_min = w.func == WindowFunc::Min;
    std::deque<int64_t> q;
    int64_t next = 0;  // next position to enter the queue
    for (int64_t k = 0; k < n; ++k) {
      if (k == o.part_begin[k]) {
        q.clear();
        next = k;
      }
      const Frame f = frame_of(w.frame, o, k);
      for (; next <= f.hi; ++next) {
        if (!valid(o.perm[next])) continue;
        while (!q.empty()) {
          const int c = compare_values(*arg, o.perm[q.back()], o.perm[next]);
          if (is_min ? c > 0 : c < 0) q.pop_back();
          else break;
        }
        q.push_back(next);
      }
      while (!q.empty() && q.front() < f.lo) q.pop_front();
      best[o.perm[k]] = f.lo <= f.hi && !q.empty() ? o.perm[q.front()] : -1;
    }
    return gather(*arg, best, ctx.threads);
  }
  // COUNT, SUM, AVG: prefix counts and sums restarting at each partition, so a running frame's sum is the
  // prefix itself (added in order, exactly as a sequential sum).
  std::vector<int64_t> cnt(n + 1, 0);
  const bool is_double = arg && arg->type == fn::SqlType::Float64;
  std::vector<double> dsum;
  std::vector<__int128> isum;
  if (is_double) dsum.assign(n + 1, 0);
  else if (w.func == WindowFunc::Sum || w.func == WindowFunc::Avg) isum.assign(n + 1, 0);
  for (int64_t k = 0; k < n; ++k) {
    const bool restart = k == o.part_begin[k];
    const int64_t row = o.perm[k];
    const bool v = valid(row);
    cnt[k + 1] = (restart ? 0 : cnt[k]) + (v ? 1 : 0);
    if (!dsum.empty()) dsum[k + 1] = (restart ? 0 : dsum[k]) + (v ? arg->value<double>(row) : 0);
    if (!isum.empty()) {
      __int128 s = restart ? 0 : isum[k];
      if (v && __builtin_add_overflow(s, exact_value(*arg, row), &s)) aggregate_overflow(out_type);
      isum[k + 1] = s;
    }
  }
  // Prefix value at the start of position lo (0 at the partition's first position).
  auto before = [](const auto& prefix, int64_t lo, int64_t pb) {
    using T = std::decay_t<decltype(prefix[0])>;
    return lo == pb ? T(0) : prefix[lo];
  };
  auto out = std::make_shared<rt::Column>(rt::Column::fixed(out_type.physical(), n));
  const bool counting = w.func == WindowFunc::Count || w.func == WindowFunc::CountStar;
  if (!counting) out->valid.assign(n, 1);
  for (int64_t k = 0; k < n; ++k) {
    const Frame f = frame_of(w.frame, o, k);
    const int64_t row = o.perm[k], pb = o.part_begin[k];
    const int64_t c = f.lo <= f.hi ? cnt[f.hi + 1] - before(cnt, f.lo, pb) : 0;
    if (counting) {
      store_count(*out, row, c, out_type);
      continue;
    }
    out->valid[row] = c > 0;
    if (c == 0) continue;
    if (is_double) {
      double s = dsum[f.hi + 1] - before(dsum, f.lo, pb);
      if (w.func == WindowFunc::Avg) s /= static_cast<double>(c);
      std::memcpy(out->data.data() + row * 8, &s, 8);
    } else {
      store_exact(*out, row, isum[f.hi + 1] - before(isum, f.lo, pb), c, w.func == WindowFunc::Avg, w.args[0]->type, out_type);
    }
  }
  return out;
}

ColumnPtr compute(const plan::WindowFunction& w, const DataType& out_type, const WindowOrder& o, const Batch& input,
                  ExecContext& ctx) {
  const int64_t n = input.rows;
  std::vector<int64_t> v(n);
  switch (w.func) {
    case WindowFunc::RowNumber:
      for (int64_t k = 0; k < n; ++k) v[k] = k - o.part_begin[k] + 1;
      return int64_result(n, v, o);
    case WindowFunc::Rank:
      for (int64_t k = 0; k < n; ++k) v[k] = o.peer_begin[k] - o.part_begin[k] + 1;
      return int64_result(n, v, o);
    case WindowFunc::DenseRank: return int64_result(n, o.dense_rank, o);
    case WindowFunc::Ntile: {
      // SQL Server: the first (rows % n) buckets get one row more.
      const int64_t buckets = static_cast<int64_t>(evaluate_constant(*w.args[0], ctx).i);
      for (int64_t k = 0; k < n; ++k) {
        const int64_t rows = o.part_end[k] - o.part_begin[k], i = k - o.part_begin[k];
        const int64_t size = rows / buckets, big = rows % buckets, split = big * (size + 1);
        v[k] = i < split ? i / (size + 1) + 1 : big + (i - split) / size + 1;
      }
      return int64_result(n, v, o);
    }
    case WindowFunc::Lag:
    case WindowFunc::Lead: {
      const int64_t off = static_cast<int64_t>(evaluate_constant(*w.args[1], ctx).i);
      std::vector<int64_t> idx(n);
      for (int64_t k = 0; k < n; ++k) {
        const int64_t t = w.func == WindowFunc::Lag ? k - off : k + off;
        idx[o.perm[k]] = t >= o.part_begin[k] && t < o.part_end[k] ? o.perm[t] : -1;
      }
      return pick(*evaluate_column(*w.args[0], input, ctx), *evaluate_column(*w.args[2], input, ctx), std::move(idx),
                  out_type, ctx.threads);
    }
    case WindowFunc::FirstValue:
    case WindowFunc::LastValue: {
      std::vector<int64_t> idx(n);
      for (int64_t k = 0; k < n; ++k) {
        const Frame f = frame_of(w.frame, o, k);
        idx[o.perm[k]] = f.lo > f.hi ? -1 : o.perm[w.func == WindowFunc::FirstValue ? f.lo : f.hi];
      }
      return gather(*evaluate_column(*w.args[0], input, ctx), idx, ctx.threads);
    }
    default: return frame_aggregate(w, out_type, o, input, ctx);
  }
}

}  // namespace

Batch run_window(const plan::LogicalOp& op, const Batch& input, ExecContext& ctx) {
  const size_t first = op.outputs.size() - op.windows.size();
  Batch out;
  out.rows = input.rows;
  for (size_t i = 0; i < first; ++i) out.add(op.outputs[i].id, input.column(op.outputs[i].id), op.outputs[i].type);
  std::vector<const plan::Expr*> roots;
  for (const auto& w : op.windows)
    for (const plan::Expr* e : plan::window_expressions(w, true)) roots.push_back(e);
  ExprMemo memo(ctx.memo, input, roots);
  std::map<std::string, WindowOrder> orders;  // one sort per PARTITION BY / ORDER BY
  for (size_t i = 0; i < op.windows.size(); ++i) {
    const plan::WindowFunction& w = op.windows[i];
    const std::string key = plan::window_order_key(w);
    auto it = orders.find(key);
    if (it == orders.end()) it = orders.emplace(key, order_rows(w, input, ctx)).first;
    const plan::OutputColumn& o = op.outputs[first + i];
    out.add(o.id, compute(w, o.type, it->second, input, ctx), o.type);
  }
  return out;
}

}  // namespace tessera::exec
