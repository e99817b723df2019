// Hash aggregation: group ids from a hash table over the group keys (NULLs form one group), then
// each aggregate accumulated per group -- exact int128 sums for integers, DECIMAL and MONEY (checked
// for overflow when the inputs are 38-digit DECIMALs), double sums for FLOAT -- and finished to its
// SQL Server result type (SUM(DECIMAL(p,s)) is DECIMAL(38,s); overflow is an error, not a wrap).
#include <algorithm>
#include <climits>
#include <thread>

#include "aggregate_result.hpp"
#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/parallel.hpp"
#include "tessera/functions/decimal128.hpp"
#include "tessera/plan/type_rules.hpp"

namespace tessera::exec {

using plan::AggFunc;
using plan::TypeId;

namespace {

bool group_keys_equal(const std::vector<const rt::Column*>& k, int64_t a, int64_t b) {
  for (const rt::Column* c : k) {
    const bool va = c->is_valid(a), vb = c->is_valid(b);
    if (va != vb) return false;
    if (!va) continue;
    if (compare_values(*c, a, b) != 0) return false;
  }
  return true;
}

// Open addressing over packed 64-bit keys: key -> group number (in order of insertion).
struct PackedGroups {
  struct Entry {
    uint64_t key;
    int64_t group;  // -1: empty
  };
  std::vector<uint64_t> keys;  // by group number
  std::vector<Entry> slots = std::vector<Entry>(1024, Entry{0, -1});
  uint64_t mask = 1023;

  // Key and group sit in one slot: a probe costs one cache miss, not two.
  int64_t find_or_add(uint64_t key, bool& added) {
    uint64_t s = mix64(key) & mask;
    while (slots[s].group >= 0) {
      if (slots[s].key == key) return slots[s].group;
      s = (s + 1) & mask;
    }
    const int64_t gi = static_cast<int64_t>(keys.size());
    keys.push_back(key);
    slots[s] = {key, gi};
    added = true;
    if (keys.size() * 2 > slots.size()) resize(slots.size() * 4);
    return gi;
  }
  void resize(size_t size) {
    slots.assign(size, Entry{0, -1});
    mask = size - 1;
    for (size_t i = 0; i < keys.size(); ++i) {
      uint64_t t = mix64(keys[i]) & mask;
      while (slots[t].group >= 0) t = (t + 1) & mask;
      slots[t] = {keys[i], static_cast<int64_t>(i)};
    }
  }
};

// Assigns each row its group number (in order of first appearance).
struct Grouping {
  int64_t rows = 0;
  bool single = false;             // no GROUP BY: every row in group 0, and no group_of (a page-faulting
                                   // zero fill of 8 bytes a row cost COUNT(*) more than the count)
  std::vector<int64_t> group_of;   // per row, unless single
  std::vector<int64_t> first_row;  // per group
  int64_t group(int64_t r) const { return single ? 0 : group_of[r]; }
};

Grouping group_rows(const std::vector<const rt::Column*>& keys, int64_t rows, int threads) {
  Grouping g;
  g.rows = rows;
  if (keys.empty()) {
    g.single = true;
    if (rows > 0) g.first_row.push_back(0);
    return g;
  }
  g.group_of.resize(rows);
  if (keys.size() == 1 && keys[0]->valid.empty() &&
      (keys[0]->type == fn::SqlType::Int32 || keys[0]->type == fn::SqlType::Date || keys[0]->type == fn::SqlType::Int64)) {
    // One integer key over a dense range (TPC-H's keys): the key minus the minimum indexes an array
    // of group numbers directly -- no hashing, and clustered keys touch memory in order.
    const rt::Column& c = *keys[0];
    auto key_at = [&](int64_t r) -> int64_t {
      return c.type == fn::SqlType::Int64 ? c.value<int64_t>(r) : static_cast<int64_t>(c.value<int32_t>(r));
    };
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int64_t r = 0; r < rows; ++r) {
      const int64_t k = key_at(r);
      lo = std::min(lo, k);
      hi = std::max(hi, k);
    }
    const __int128 range = rows ? static_cast<__int128>(hi) - lo + 1 : 0;
    if (rows > 0 && range <= std::max<int64_t>(4 * rows, 1 << 16)) {
      std::vector<int32_t> slot(static_cast<size_t>(range), -1);
      for (int64_t r = 0; r < rows; ++r) {
        int32_t& gi = slot[key_at(r) - lo];
        if (gi < 0) {
          gi = static_cast<int32_t>(g.first_row.size());
          g.first_row.push_back(r);
        }
        g.group_of[r] = gi;
      }
      return g;
    }
  }
  if (auto layout = key_layout({keys}, true)) {
    // Narrow keys: one 64-bit word per row, compared as integers. Each thread groups its own rows;
    // the per-thread groups are then merged in thread order, so group numbers still follow the first
    // appearance of each key.
    std::vector<uint64_t> packed;
    pack_keys(*layout, keys, rows, packed, threads);
    // Groups the rows `mine` accepts into `table`, in row order: runs of one key (clustered data)
    // skip the table. Writes each row's group and the first row of each new group.
    auto group_into = [&](PackedGroups& table, auto&& mine, std::vector<int64_t>& group, std::vector<int64_t>& firsts) {
      uint64_t prev_key = 0;
      int64_t prev_group = -1;
      for (int64_t r = 0; r < rows; ++r) {
        if (!mine(r)) continue;
        if (prev_group >= 0 && packed[r] == prev_key) {
          group[r] = prev_group;
          continue;
        }
        bool added = false;
        const int64_t gi = table.find_or_add(packed[r], added);
        if (added) firsts.push_back(r);
        group[r] = gi;
        prev_key = packed[r];
        prev_group = gi;
      }
    };
    const int parts = chunk_count(rows, threads);
    if (parts == 1) {
      PackedGroups table;
      group_into(table, [](int64_t) { return true; }, g.group_of, g.first_row);
      return g;
    }
    // Several threads: the keys are split by hash into one partition per thread, so every key has
    // exactly one owner and no merge is needed (group numbers then follow partition, then appearance).
    std::vector<std::vector<int64_t>> firsts(parts);
    std::vector<int64_t> local_group(rows);
    std::vector<uint16_t> owner(rows);
    parallel_chunks(rows, threads, [&](int, int64_t b, int64_t e) {
      for (int64_t r = b; r < e; ++r) owner[r] = static_cast<uint16_t>((mix64(packed[r] ^ 0x5bd1e995) >> 32) % parts);
    });
    rt::parallel_for(static_cast<size_t>(parts), parts, [&](size_t k) {
      PackedGroups table;
      group_into(table, [&](int64_t r) { return owner[r] == static_cast<int>(k); }, local_group, firsts[k]);
    });
    std::vector<int64_t> offset(parts + 1, 0);
    for (int k = 0; k < parts; ++k) {
      offset[k + 1] = offset[k] + static_cast<int64_t>(firsts[k].size());
      g.first_row.insert(g.first_row.end(), firsts[k].begin(), firsts[k].end());
    }
    parallel_chunks(rows, threads, [&](int, int64_t b, int64_t e) {
      for (int64_t r = b; r < e; ++r) g.group_of[r] = offset[owner[r]] + local_group[r];
    });
    return g;
  }
  std::vector<uint64_t> hashes;
  std::vector<uint8_t> nulls;
  hash_keys(keys, rows, hashes, nulls, threads);
  uint64_t size = 1024;
  std::vector<int64_t> slots(size, -1);
  std::vector<uint64_t> group_hash;
  auto grow = [&] {
    size *= 2;
    slots.assign(size, -1);
    for (size_t gi = 0; gi < group_hash.size(); ++gi) {
      uint64_t s = group_hash[gi] & (size - 1);
      while (slots[s] >= 0) s = (s + 1) & (size - 1);
      slots[s] = static_cast<int64_t>(gi);
    }
  };
  for (int64_t r = 0; r < rows; ++r) {
    const uint64_t h = hashes[r];
    uint64_t s = h & (size - 1);
    int64_t found = -1;
    while (slots[s] >= 0) {
      const int64_t gi = slots[s];
      if (group_hash[gi] == h && group_keys_equal(keys, g.first_row[gi], r)) {
        found = gi;
        break;
      }
      s = (s + 1) & (size - 1);
    }
    if (found < 0) {
      found = static_cast<int64_t>(g.first_row.size());
      g.first_row.push_back(r);
      group_hash.push_back(h);
      slots[s] = found;
      if (group_hash.size() * 2 > size) grow();
    }
    g.group_of[r] = found;
  }
  return g;
}

// Rows whose (group, value) pair was not seen before: DISTINCT inside an aggregate.
std::vector<uint8_t> first_of_each_value(const Grouping& g, const rt::Column& v, int threads) {
  const int64_t rows = v.rows;
  std::vector<uint64_t> hashes;
  std::vector<uint8_t> nulls;
  hash_keys({&v}, rows, hashes, nulls, threads);
  uint64_t size = 1024;
  while (size < static_cast<uint64_t>(rows) * 2) size <<= 1;
  std::vector<int64_t> slots(size, -1);
  std::vector<uint8_t> keep(rows, 0);
  for (int64_t r = 0; r < rows; ++r) {
    if (nulls[r]) continue;
    const uint64_t h = hashes[r] ^ (static_cast<uint64_t>(g.group(r)) * 0x9e3779b97f4a7c15ULL);
    uint64_t s = h & (size - 1);
    bool seen = false;
    while (slots[s] >= 0) {
      const int64_t o = slots[s];
      if (g.group(o) == g.group(r) && compare_values(v, o, r) == 0) {
        seen = true;
        break;
      }
      s = (s + 1) & (size - 1);
    }
    if (!seen) {
      slots[s] = r;
      keep[r] = 1;
    }
  }
  return keep;
}

// An int128 sum that remembers whether it ever overflowed (sums of 38-digit values).
struct CheckedSum {
  __int128 value = 0;
  bool overflow = false;
  CheckedSum& operator+=(const CheckedSum& o) {
    overflow = overflow || o.overflow || __builtin_add_overflow(value, o.value, &value);
    return *this;
  }
};

// Per-thread partial sums and counts over row ranges, merged at the end: each thread reads its
// rows once, in a loop specialised for the argument's physical type.
template <typename Acc, typename Load>
void accumulate(const Grouping& g, int64_t rows, int64_t groups, const std::vector<uint8_t>& use,
                const rt::Column* arg, Load load, int threads, std::vector<Acc>& sum, std::vector<int64_t>& count) {
  const bool global = groups == 1;
  const int chunks = chunk_count(rows, threads);
  std::vector<std::vector<Acc>> psum(chunks);
  std::vector<std::vector<int64_t>> pcount(chunks);
  const uint8_t* valid = arg && !arg->valid.empty() ? arg->valid.data() : nullptr;
  const uint8_t* keep = use.empty() ? nullptr : use.data();
  parallel_chunks(rows, threads, [&](int k, int64_t b, int64_t e) {
    auto& s = psum[k];
    auto& c = pcount[k];
    s.assign(groups, Acc{});
    c.assign(groups, 0);
    for (int64_t r = b; r < e; ++r) {
      if ((valid && !valid[r]) || (keep && !keep[r])) continue;
      const int64_t gi = global ? 0 : g.group(r);
      s[gi] += load(r);
      ++c[gi];
    }
  });
  sum.assign(groups, Acc{});
  count.assign(groups, 0);
  for (int k = 0; k < chunks; ++k)
    for (int64_t gi = 0; gi < groups; ++gi) {
      sum[gi] += psum[k][gi];
      count[gi] += pcount[k][gi];
    }
}

// MIN/MAX: the row holding each group's best value (-1 for a group without one). Each thread scans a
// range of rows, then the ranges' bests merge in range order, so ties keep the earliest row as one scan would.
template <typename Included, typename Better>
std::vector<int64_t> best_rows(const Grouping& g, int64_t groups, Included included, Better better, int threads) {
  const int chunks = chunk_count(g.rows, threads);
  std::vector<std::vector<int64_t>> partial(chunks);
  parallel_chunks(g.rows, threads, [&](int k, int64_t b, int64_t e) {
    std::vector<int64_t>& best = partial[k];
    best.assign(groups, -1);
    for (int64_t r = b; r < e; ++r) {
      if (!included(r)) continue;
      int64_t& x = best[g.group(r)];
      if (x < 0 || better(r, x)) x = r;
    }
  });
  std::vector<int64_t> best = std::move(partial[0]);
  for (int k = 1; k < chunks; ++k)
    for (int64_t gi = 0; gi < groups; ++gi) {
      const int64_t r = partial[k][gi];
      if (r >= 0 && (best[gi] < 0 || better(r, best[gi]))) best[gi] = r;
    }
  return best;
}

// AVG merging partial averages (Aggregate::weight): each group's rows are the sum of its partial counts.
void weigh(const Grouping& g, int64_t groups, const rt::Column& weight, int threads, std::vector<int64_t>& counts) {
  std::vector<__int128> total;
  std::vector<int64_t> unused;
  const int64_t* d = reinterpret_cast<const int64_t*>(weight.data.data());
  accumulate<__int128>(g, g.rows, groups, {}, &weight, [d](int64_t r) { return static_cast<__int128>(d[r]); }, threads,
                       total, unused);
  for (int64_t gi = 0; gi < groups; ++gi) counts[gi] = static_cast<int64_t>(total[gi]);
}

ColumnPtr finish_aggregate(const plan::Aggregate& a, const DataType& out_type, const Grouping& g, const ColumnPtr& arg,
                           const ColumnPtr& folded, const ColumnPtr& weight, int64_t groups, int threads) {
  std::vector<uint8_t> use;  // DISTINCT: only the first row of each value per group
  if (a.distinct && arg) use = first_of_each_value(g, *arg, threads);
  const int64_t rows = g.rows;
  std::vector<int64_t> counts;
  auto out = std::make_shared<rt::Column>(rt::Column::fixed(out_type.physical(), groups));

  if (a.func == AggFunc::Count || a.func == AggFunc::CountStar) {
    if (a.func == AggFunc::CountStar && use.empty()) {
      counts.assign(groups, 0);
      if (groups == 1) counts[0] = rows;
      else
        for (int64_t r = 0; r < rows; ++r) ++counts[g.group(r)];
    } else {
      std::vector<int64_t> unused;
      accumulate<int64_t>(g, rows, groups, use, arg.get(), [](int64_t) { return int64_t{0}; }, threads, unused, counts);
    }
    for (int64_t gi = 0; gi < groups; ++gi) store_count(*out, gi, counts[gi], out_type);
    return out;
  }
  auto included = [&](int64_t r) { return (use.empty() || use[r]) && (!arg || arg->is_valid(r)); };
  if (a.func == AggFunc::Min || a.func == AggFunc::Max) {
    const bool is_min = a.func == AggFunc::Min;
    auto typed = [&]<typename T>(T) {
      const T* d = reinterpret_cast<const T*>(arg->data.data());
      return best_rows(g, groups, included, [=](int64_t r, int64_t b) { return is_min ? d[r] < d[b] : d[r] > d[b]; },
                       threads);
    };
    std::vector<int64_t> best;
    if (folded || arg->type == fn::SqlType::String) {
      best = best_rows(g, groups, included, [&](int64_t r, int64_t b) {
        int c = folded ? compare_values(*folded, r, b) : 0;  // a case-insensitive collation's order first
        if (c == 0) c = compare_values(*arg, r, b);
        return is_min ? c < 0 : c > 0;
      }, threads);
    } else {
      switch (arg->type) {
        case fn::SqlType::Bool: best = typed(uint8_t{}); break;
        case fn::SqlType::Int32:
        case fn::SqlType::Date: best = typed(int32_t{}); break;
        case fn::SqlType::Float64: best = typed(double{}); break;
        case fn::SqlType::Decimal128: best = typed(__int128{}); break;
        default: best = typed(int64_t{}); break;
      }
    }
    return gather(*arg, best, threads);
  }
  // SUM, AVG
  const DataType& in_type = a.arg->type;
  out->valid.assign(groups, 1);
  if (in_type.id == TypeId::Double) {
    std::vector<double> sum;
    const double* d = reinterpret_cast<const double*>(arg->data.data());
    accumulate<double>(g, rows, groups, use, arg.get(), [d](int64_t r) { return d[r]; }, threads, sum, counts);
    if (weight) weigh(g, groups, *weight, threads, counts);
    for (int64_t gi = 0; gi < groups; ++gi) {
      const double v = a.func == AggFunc::Avg && counts[gi] ? sum[gi] / static_cast<double>(counts[gi]) : sum[gi];
      std::memcpy(out->data.data() + gi * 8, &v, 8);
      out->valid[gi] = counts[gi] > 0;
    }
    return out;
  }
  std::vector<__int128> sum;
  switch (arg->type) {
    case fn::SqlType::Bool: {
      const uint8_t* d = arg->data.data();
      accumulate<__int128>(g, rows, groups, use, arg.get(), [d](int64_t r) { return static_cast<__int128>(d[r]); }, threads, sum, counts);
      break;
    }
    case fn::SqlType::Int32: {
      const int32_t* d = reinterpret_cast<const int32_t*>(arg->data.data());
      accumulate<__int128>(g, rows, groups, use, arg.get(), [d](int64_t r) { return static_cast<__int128>(d[r]); }, threads, sum, counts);
      break;
    }
    case fn::SqlType::Decimal128: {
      // 38-digit values: int128 sums can overflow, so they accumulate with a check.
      std::vector<CheckedSum> wide;
      const uint8_t* d = arg->data.data();
      accumulate<CheckedSum>(g, rows, groups, use, arg.get(), [d](int64_t r) {
        __int128 v;
        std::memcpy(&v, d + r * 16, 16);
        return CheckedSum{v, false};
      }, threads, wide, counts);
      sum.resize(groups);
      for (int64_t gi = 0; gi < groups; ++gi) {
        if (wide[gi].overflow) aggregate_overflow(out_type);
        sum[gi] = wide[gi].value;
      }
      break;
    }
    default: {
      const int64_t* d = reinterpret_cast<const int64_t*>(arg->data.data());
      accumulate<__int128>(g, rows, groups, use, arg.get(), [d](int64_t r) { return static_cast<__int128>(d[r]); }, threads, sum, counts);
    }
  }
  if (weight) weigh(g, groups, *weight, threads, counts);
  for (int64_t gi = 0; gi < groups; ++gi) {
    out->valid[gi] = counts[gi] > 0;
    store_exact(*out, gi, sum[gi], counts[gi], a.func == AggFunc::Avg, in_type, out_type);
  }
  return out;
}

}  // namespace

Batch run_aggregate(const plan::LogicalOp& op, const Batch& input, ExecContext& ctx) {
  std::vector<ColumnPtr> key_cols;
  std::vector<const rt::Column*> keys;
  ExprMemo memo(ctx.memo, input, plan::aggregate_expressions(op));  // SUM(a * b) and SUM(a * b * c) compute a * b once
  for (const auto& e : op.groups) {
    key_cols.push_back(evaluate_column(*e, input, ctx));
    keys.push_back(key_cols.back().get());
  }
  Grouping g = group_rows(keys, input.rows, ctx.threads);
  // Without GROUP BY an empty input still has one (empty) group.
  const bool global = op.groups.empty();
  int64_t groups = static_cast<int64_t>(g.first_row.size());
  if (global && groups == 0) groups = 1;
  Batch out;
  out.rows = groups;
  const size_t ng = op.groups.size();
  for (size_t i = 0; i < ng; ++i) out.add(op.outputs[i].id, gather(*key_cols[i], g.first_row, ctx.threads), op.outputs[i].type);
  for (size_t i = 0; i < op.aggregates.size(); ++i) {
    const auto& a = op.aggregates[i];
    ColumnPtr arg = a.arg ? evaluate_column(*a.arg, input, ctx) : nullptr;
    if (a.func == AggFunc::StringAgg) {
      std::vector<ColumnPtr> order;
      for (const auto& k : a.order) order.push_back(evaluate_column(*k.expr, input, ctx));
      out.add(op.outputs[ng + i].id, run_string_agg(a, op.outputs[ng + i].type, g.group_of, groups, *arg, order),
              op.outputs[ng + i].type);
      continue;
    }
    ColumnPtr folded = a.folded ? evaluate_column(*a.folded, input, ctx) : nullptr;
    ColumnPtr weight = a.weight ? evaluate_column(*a.weight, input, ctx) : nullptr;
    out.add(op.outputs[ng + i].id, finish_aggregate(a, op.outputs[ng + i].type, g, arg, folded, weight, groups, ctx.threads),
            op.outputs[ng + i].type);
  }
  return out;
}

}  // namespace tessera::exec
