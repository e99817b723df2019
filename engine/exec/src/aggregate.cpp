// Hash aggregation: group ids from a hash table over the group keys (NULLs form one group), then
// each aggregate accumulated per group -- exact int128 sums for integers, DECIMAL and MONEY, double
// sums for FLOAT -- and finished to its SQL Server result type (overflow is an error, not a wrap).
#include <algorithm>
#include <climits>

#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/parallel.hpp"
#include "tessera/functions/decimal.hpp"
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

// Assigns each row its group number (in order of first appearance).
struct Grouping {
  std::vector<int64_t> group_of;  // per row
  std::vector<int64_t> first_row;  // per group
};

Grouping group_rows(const std::vector<const rt::Column*>& keys, int64_t rows, int threads) {
  Grouping g;
  g.group_of.resize(rows);
  if (keys.empty()) {  // one group: group_of stays all zero
    if (rows > 0) g.first_row.push_back(0);
    return g;
  }
  if (auto layout = key_layout({keys}, true)) {
    // Narrow keys: one 64-bit word per row, compared as integers.
    std::vector<uint64_t> packed;
    pack_keys(*layout, keys, rows, packed, threads);
    uint64_t size = 1024;
    std::vector<int64_t> slots(size, -1);
    std::vector<uint64_t> group_key;
    for (int64_t r = 0; r < rows; ++r) {
      const uint64_t k = packed[r];
      uint64_t s = mix64(k) & (size - 1);
      int64_t gi;
      while ((gi = slots[s]) >= 0 && group_key[gi] != k) s = (s + 1) & (size - 1);
      if (gi < 0) {
        gi = static_cast<int64_t>(group_key.size());
        group_key.push_back(k);
        g.first_row.push_back(r);
        slots[s] = gi;
        if (group_key.size() * 2 > size) {
          size *= 4;
          slots.assign(size, -1);
          for (size_t i = 0; i < group_key.size(); ++i) {
            uint64_t t = mix64(group_key[i]) & (size - 1);
            while (slots[t] >= 0) t = (t + 1) & (size - 1);
            slots[t] = static_cast<int64_t>(i);
          }
        }
      }
      g.group_of[r] = gi;
    }
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
    const uint64_t h = hashes[r] ^ (static_cast<uint64_t>(g.group_of[r]) * 0x9e3779b97f4a7c15ULL);
    uint64_t s = h & (size - 1);
    bool seen = false;
    while (slots[s] >= 0) {
      const int64_t o = slots[s];
      if (g.group_of[o] == g.group_of[r] && compare_values(v, o, r) == 0) {
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

[[noreturn]] void overflow(const DataType& t) {
  throw ExecError("Msg 8115: Arithmetic overflow error converting expression to data type " + plan::type_text(t) + ".");
}

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
      const int64_t gi = global ? 0 : g.group_of[r];
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

ColumnPtr finish_aggregate(const plan::Aggregate& a, const DataType& out_type, const Grouping& g, const ColumnPtr& arg,
                           int64_t groups, int threads) {
  std::vector<uint8_t> use;  // DISTINCT: only the first row of each value per group
  if (a.distinct && arg) use = first_of_each_value(g, *arg, threads);
  const int64_t rows = static_cast<int64_t>(g.group_of.size());
  std::vector<int64_t> counts;
  auto out = std::make_shared<rt::Column>(rt::Column::fixed(out_type.physical(), groups));

  if (a.func == AggFunc::Count || a.func == AggFunc::CountStar) {
    if (a.func == AggFunc::CountStar && use.empty()) {
      counts.assign(groups, 0);
      if (groups == 1) counts[0] = rows;
      else
        for (int64_t r = 0; r < rows; ++r) ++counts[g.group_of[r]];
    } else {
      std::vector<int64_t> unused;
      accumulate<int64_t>(g, rows, groups, use, arg.get(), [](int64_t) { return int64_t{0}; }, threads, unused, counts);
    }
    for (int64_t gi = 0; gi < groups; ++gi) {
      if (out_type.id == TypeId::Int32) {
        if (counts[gi] > INT32_MAX) overflow(out_type);
        const int32_t v = static_cast<int32_t>(counts[gi]);
        std::memcpy(out->data.data() + gi * 4, &v, 4);
      } else {
        std::memcpy(out->data.data() + gi * 8, &counts[gi], 8);
      }
    }
    return out;
  }
  auto included = [&](int64_t r) { return (use.empty() || use[r]) && (!arg || arg->is_valid(r)); };
  if (a.func == AggFunc::Min || a.func == AggFunc::Max) {
    std::vector<int64_t> best(groups, -1);
    for (int64_t r = 0; r < rows; ++r) {
      if (!included(r)) continue;
      int64_t& b = best[g.group_of[r]];
      if (b < 0) b = r;
      else {
        const int c = compare_values(*arg, r, b);
        if (a.func == AggFunc::Min ? c < 0 : c > 0) b = r;
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
    default: {
      const int64_t* d = reinterpret_cast<const int64_t*>(arg->data.data());
      accumulate<__int128>(g, rows, groups, use, arg.get(), [d](int64_t r) { return static_cast<__int128>(d[r]); }, threads, sum, counts);
    }
  }
  const int in_scale = in_type.id == TypeId::Decimal ? in_type.scale : in_type.id == TypeId::Money ? 4 : 0;
  const int out_scale = out_type.id == TypeId::Decimal ? out_type.scale : out_type.id == TypeId::Money ? 4 : 0;
  for (int64_t gi = 0; gi < groups; ++gi) {
    out->valid[gi] = counts[gi] > 0;
    __int128 v = sum[gi];
    if (a.func == AggFunc::Avg && counts[gi]) {
      for (int k = in_scale; k < out_scale; ++k) v *= 10;
      v /= counts[gi];  // truncates toward zero, as SQL Server's decimal AVG does
    }
    switch (out_type.id) {
      case TypeId::Int32: {
        if (v < INT32_MIN || v > INT32_MAX) overflow(out_type);
        const int32_t x = static_cast<int32_t>(v);
        std::memcpy(out->data.data() + gi * 4, &x, 4);
        break;
      }
      case TypeId::Decimal:
        if (!fn::Decimal::fits(v, out_type.precision)) overflow(out_type);
        [[fallthrough]];
      default: {
        if (v < INT64_MIN || v > INT64_MAX) overflow(out_type);
        const int64_t x = static_cast<int64_t>(v);
        std::memcpy(out->data.data() + gi * 8, &x, 8);
      }
    }
  }
  return out;
}

}  // namespace

Batch run_aggregate(const plan::LogicalOp& op, const Batch& input, ExecContext& ctx) {
  std::vector<ColumnPtr> key_cols;
  std::vector<const rt::Column*> keys;
  ExprMemo memo(ctx, input);  // SUM(a * b) and SUM(a * b * c) compute a * b once
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
    out.add(op.outputs[ng + i].id, finish_aggregate(a, op.outputs[ng + i].type, g, arg, groups, ctx.threads),
            op.outputs[ng + i].type);
  }
  return out;
}

}  // namespace tessera::exec
