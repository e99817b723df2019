// Hash join: inner, left outer, semi, anti (and null-aware anti for NOT IN). The equality conditions
// between the two inputs are the hash keys; the other conditions are a residual checked on each
// candidate pair. The smaller input (known exactly by now) is hashed; the probe runs in parallel.
// Without equality conditions it is a nested-loop join.

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <set>

#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/join_conditions.hpp"
#include "tessera/exec/parallel.hpp"
#include "tessera/runtime/host_memory.hpp"

namespace tessera::exec {

using plan::JoinType;

namespace {

// The most row pairs an equi-join may produce: a quarter of the usable memory at 16 bytes a pair (the
// output columns are gathered from the pairs afterwards and need more). TESSERA_JOIN_PAIR_BUDGET
// overrides it (tests, or a machine shared with other work).
int64_t join_pair_budget() {
  if (const char* env = std::getenv("TESSERA_JOIN_PAIR_BUDGET")) {
    const long long v = std::atoll(env);
    if (v > 0) return v;
  }
  // The memory this process may use (a container's limit where it is below the machine's).
  return std::max<int64_t>(rt::usable_host_memory() / 4 / 16, int64_t(1) << 20);
}

std::set<ColumnId> ids_of(const Batch& b) { return std::set<ColumnId>(b.ids.begin(), b.ids.end()); }

// The bytes a row of `b` takes once gathered into a join's output (strings: offset, length and their mean bytes).
int64_t bytes_per_row(const Batch& b) {
  int64_t bytes = 0;
  for (const ColumnPtr& c : b.columns) {
    if (!c) continue;
    if (c->type == fn::SqlType::String) bytes += 12 + (c->rows > 0 ? static_cast<int64_t>(c->data.size()) / c->rows : 0);
    else bytes += fn::type_width(c->type);
    bytes += c->valid.empty() ? 0 : 1;
  }
  return bytes;
}

struct Pairs {
  std::vector<int64_t> left, right;
};

// The hash table over the build side's keys: chains through `next`.
struct HashTable {
  std::vector<int64_t> heads, next;
  std::vector<uint64_t> hashes;
  uint64_t mask = 0;
  std::vector<uint32_t> bucket_rows;  // rows chained into each bucket (the join's up-front size bound)
  uint32_t longest = 0;               // the longest chain

  void build(const std::vector<const rt::Column*>& keys, int64_t rows, int threads) {
    std::vector<uint8_t> nulls;
    hash_keys(keys, rows, hashes, nulls, threads);
    index(nulls);
  }
  static uint64_t bucket_of(uint64_t h) { return mix64(h); }
  // Chains every row with a non-NULL key into its bucket (hashes already filled).
  void index(const std::vector<uint8_t>& nulls) {
    const int64_t rows = static_cast<int64_t>(hashes.size());
    uint64_t size = 16;
    while (size < static_cast<uint64_t>(rows) * 2) size <<= 1;
    mask = size - 1;
    heads.assign(size, -1);
    next.assign(rows, -1);
    bucket_rows.assign(size, 0);
    for (int64_t r = rows - 1; r >= 0; --r) {
      if (nulls[r]) continue;
      const uint64_t b = bucket_of(hashes[r]) & mask;
      next[r] = heads[b];
      heads[b] = r;
      longest = std::max(longest, ++bucket_rows[b]);
    }
  }
};

// The build side's hash table, kept from one morsel to the next while morsels stream (ExecContext::kept) when the
// build side is the input every morsel reuses and the table does not depend on the probe side: keys hashed, or
// packed by a layout that depends on their types only (a string part's width depends on both sides' lengths).
struct KeptBuild {
  HashTable table;
  std::optional<KeyLayout> layout;
  std::vector<ColumnPtr> keys;  // the build keys the table indexes (compared when hashed)
};

bool layout_from_types_only(const std::optional<KeyLayout>& layout) {
  if (!layout) return true;
  for (const KeyLayout::Part& p : layout->parts)
    if (p.string) return false;
  return true;
}

}  // namespace

Batch run_hash_join(const plan::LogicalOp& op, Batch left, Batch right, ExecContext& ctx) {
  const JoinType type = op.join_type;
  const std::set<ColumnId> lids = ids_of(left), rids = ids_of(right);
  std::vector<ColumnPtr> lkeys, rkeys;
  const JoinConditions split = split_join_conditions(op.predicates, lids, rids);
  // The build side's table from an earlier morsel (the right input, reused by every morsel), if kept.
  const bool may_keep = ctx.kept && ctx.reused && ctx.reused->count(op.child(1).get()) && !split.keys.empty();
  std::shared_ptr<KeptBuild> kept;
  if (may_keep)
    if (auto it = ctx.kept->find(&op); it != ctx.kept->end()) kept = std::static_pointer_cast<KeptBuild>(it->second);
  for (const auto& [a, b] : split.keys) {
    lkeys.push_back(evaluate_column(*a, left, ctx));
    if (!kept) rkeys.push_back(evaluate_column(*b, right, ctx));
  }
  if (kept) rkeys = kept->keys;
  const std::vector<plan::ExprPtr>& residual = split.residual;
  std::vector<const rt::Column*> lk, rk;
  for (auto& c : lkeys) lk.push_back(c.get());
  for (auto& c : rkeys) rk.push_back(c.get());

  const bool semi_like = type == JoinType::Semi || type == JoinType::Anti;
  std::vector<uint8_t> left_matched;  // Semi / Anti / Left
  Pairs pairs;
  bool right_has_null_key = false;
  std::vector<uint8_t> left_null;

  if (lk.empty()) {
    // Pairs are materialised: refuse what would not fit in memory rather than thrash. A chain of such joins
    // (FROM a, b, c with one condition) grows its rows' width too, so the limit is on the output's bytes as well:
    // more than the pair budget's memory (a quarter of the machine's), counted at the rows' gathered width.
    const double pairs_wanted = static_cast<double>(left.rows) * static_cast<double>(right.rows);
    const double bytes = pairs_wanted * static_cast<double>(16 + bytes_per_row(left) + bytes_per_row(right));
    if (pairs_wanted > 1e8 || bytes > static_cast<double>(join_pair_budget()) * 16)
      throw ExecError("a join without equality conditions would pair " + std::to_string(left.rows) + " x " +
                      std::to_string(right.rows) + " rows (" + std::to_string(static_cast<int64_t>(bytes) >> 20) +
                      " MiB; at most 100 million rows and " + std::to_string(join_pair_budget() * 16 >> 20) +
                      " MiB); add an equality join condition");
    for (int64_t l = 0; l < left.rows; ++l)
      for (int64_t r = 0; r < right.rows; ++r) {
        pairs.left.push_back(l);
        pairs.right.push_back(r);
      }
  } else {
    // Build on the smaller side; for semi / anti joins without a residual, stop at the first match.
    bool build_right = right.rows <= left.rows;
    // While morsels stream (morsels.hpp) the table is built on the input every morsel reuses.
    if (ctx.reused && ctx.reused->count(op.child(1).get())) build_right = true;
    else if (ctx.reused && ctx.reused->count(op.child(0).get())) build_right = false;
    const bool exists_only = semi_like && residual.empty() && build_right;
    const auto& bk = build_right ? rk : lk;
    const auto& pk = build_right ? lk : rk;
    const int64_t brows = build_right ? right.rows : left.rows;
    const int64_t prows = build_right ? left.rows : right.rows;
    // Narrow keys are packed into 64 bits: the "hash" is then the key itself and equal hashes
    // mean equal keys.
    const std::optional<KeyLayout> layout = kept ? kept->layout : key_layout({bk, pk}, false);
    std::shared_ptr<KeptBuild> built = kept;
    const bool build_now = !built;
    if (build_now) built = std::make_shared<KeptBuild>();
    HashTable& ht = built->table;
    std::vector<uint64_t> ph;
    std::vector<uint8_t> pnull;
    // One integer key without NULLs on the probe side (the common foreign-key join): the probe reads
    // the key column itself instead of a packed copy.
    const rt::Column* direct = nullptr;
    if (layout && pk.size() == 1 && pk[0]->valid.empty() &&
        (pk[0]->type == fn::SqlType::Int32 || pk[0]->type == fn::SqlType::Date || pk[0]->type == fn::SqlType::Int64))
      direct = pk[0];
    if (layout) {
      if (build_now) {
        std::vector<uint8_t> bnull = null_flags(bk, brows);
        pack_keys(*layout, bk, brows, ht.hashes, ctx.threads);
        ht.index(bnull);
      }
      if (!direct) {
        pnull = null_flags(pk, prows);
        pack_keys(*layout, pk, prows, ph, ctx.threads);
      }
    } else {
      if (build_now) ht.build(bk, brows, ctx.threads);
      hash_keys(pk, prows, ph, pnull, ctx.threads);
    }
    // Kept for the next morsels when the table does not depend on this morsel's probe keys.
    if (build_now && may_keep && build_right && layout_from_types_only(layout)) {
      built->layout = layout;
      built->keys = rkeys;
      (*ctx.kept)[&op] = built;
    }
    const bool exact = layout.has_value();
    if (op.null_aware) {  // NOT IN: NULL keys on either side matter
      left_null = null_flags(lk, left.rows);
      const std::vector<uint8_t> right_null = null_flags(rk, right.rows);
      right_has_null_key = std::find(right_null.begin(), right_null.end(), 1) != right_null.end();
    }
    // Calls f(p, key) for every probe row p in [b, e) with a non-NULL key: the key column itself, or its
    // packed or hashed copy.
    auto for_each_probe_key = [&](int64_t b, int64_t e, auto&& f) {
      if (direct && direct->type == fn::SqlType::Int64) {
        const uint64_t* k = reinterpret_cast<const uint64_t*>(direct->data.data());
        for (int64_t p = b; p < e; ++p) f(p, k[p]);
      } else if (direct) {
        const uint32_t* k = reinterpret_cast<const uint32_t*>(direct->data.data());
        for (int64_t p = b; p < e; ++p) f(p, uint64_t{k[p]});
      } else {
        for (int64_t p = b; p < e; ++p)
          if (!pnull[p]) f(p, ph[p]);
      }
    };
    // Calls on_match(p, r) for every build row r matching probe row p in [b, e); stops a row's
    // chain when on_match returns false.
    auto probe = [&](int64_t b, int64_t e, auto&& on_match) {
      for_each_probe_key(b, e, [&](int64_t p, uint64_t key) {
        for (int64_t r = ht.heads[HashTable::bucket_of(key) & ht.mask]; r >= 0; r = ht.next[r])
          if (ht.hashes[r] == key && (exact || keys_equal(pk, p, bk, r)))
            if (!on_match(p, r)) return;
      });
    };
    if (exists_only) {
      left_matched.assign(left.rows, 0);
      parallel_chunks(prows, ctx.threads, [&](int, int64_t b, int64_t e) {
        probe(b, e, [&](int64_t p, int64_t) {
          left_matched[p] = 1;
          return false;
        });
      });
    } else {
      const int chunks = chunk_count(prows, ctx.threads);
      std::vector<Pairs> parts(chunks);
      // A join whose result cannot fit in memory (an equi-join on a key with few distinct values) is refused
      // before any pair is made when the rows chained into the probe rows' buckets (at least the pairs) pass
      // the budget; that bound is only summed when the longest chain times the probe rows could pass it, so
      // the common foreign-key join pays nothing. Below the bound the probe still stops at the budget.
      const int64_t budget = join_pair_budget();
      if (static_cast<double>(ht.longest) * static_cast<double>(prows) > static_cast<double>(budget)) {
        std::atomic<int64_t> bound{0};
        parallel_chunks(prows, ctx.threads, [&](int, int64_t b, int64_t e) {
          int64_t sum = 0;
          for_each_probe_key(b, e, [&](int64_t, uint64_t key) { sum += ht.bucket_rows[HashTable::bucket_of(key) & ht.mask]; });
          bound += sum;
        });
        // Buckets shared by other keys make the bound larger than the pairs: refuse only clearly over it.
        if (bound.load() > 2 * budget + prows)
          throw ExecError("the join's result is too large for this machine's memory: about " +
                          std::to_string(bound.load()) + " rows, more than " + std::to_string(budget) + " (" +
                          std::to_string(budget * 16 >> 30) + " GiB of row pairs before any column is copied), "
                          "refused before joining; is the join key one with few distinct values? Add a more "
                          "selective join condition or filter",
                    tessera::ErrorKind::Resource);
      }
      if (!may_keep) ht.bucket_rows = {};  // a kept table checks the next morsels' bound too
      std::atomic<int64_t> pairs_so_far{0};
      std::atomic<bool> over_budget{false};
      parallel_chunks(prows, ctx.threads, [&](int k, int64_t b, int64_t e) {
        Pairs& out = parts[k];
        probe(b, e, [&](int64_t p, int64_t r) {
          out.left.push_back(build_right ? p : r);
          out.right.push_back(build_right ? r : p);
          if ((out.left.size() & 0xFFFF) == 0 && pairs_so_far.fetch_add(0x10000) + 0x10000 > budget)
            over_budget = true;
          return !over_budget.load(std::memory_order_relaxed);
        });
      });
      if (over_budget)
        throw ExecError("the join's result is too large for this machine's memory: more than " +
                        std::to_string(budget) + " rows (" + std::to_string(budget * 16 >> 30) +
                        " GiB of row pairs before any column is copied); is the join key one with few distinct "
                        "values? Add a more selective join condition or filter",
                    tessera::ErrorKind::Resource);
      size_t total = 0;
      for (auto& p : parts) total += p.left.size();
      pairs.left.reserve(total);
      pairs.right.reserve(total);
      for (auto& p : parts) {
        pairs.left.insert(pairs.left.end(), p.left.begin(), p.left.end());
        pairs.right.insert(pairs.right.end(), p.right.begin(), p.right.end());
      }
    }
  }

  if (!residual.empty() && !pairs.left.empty()) {
    // The residual over the candidate pairs, with only the columns it reads.
    std::vector<ColumnId> cols;
    for (const auto& r : residual) plan::collect_columns(*r, cols);
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    Batch pb;
    pb.rows = static_cast<int64_t>(pairs.left.size());
    for (ColumnId id : cols) {
      if (int i = left.find(id); i >= 0) pb.add(id, gather(*left.columns[i], pairs.left, ctx.threads), left.types[i]);
      else if (int k = right.find(id); k >= 0) pb.add(id, gather(*right.columns[k], pairs.right, ctx.threads), right.types[k]);
    }
    const std::vector<int64_t> sel = filter_rows(pb, residual, ctx);
    Pairs filtered;
    filtered.left.reserve(sel.size());
    filtered.right.reserve(sel.size());
    for (int64_t i : sel) {
      filtered.left.push_back(pairs.left[i]);
      filtered.right.push_back(pairs.right[i]);
    }
    pairs = std::move(filtered);
  }

  Batch out;
  if (semi_like) {
    if (left_matched.empty()) {
      left_matched.assign(left.rows, 0);
      for (int64_t l : pairs.left) left_matched[l] = 1;
    }
    std::vector<int64_t> rows;
    const bool keep_matched = type == JoinType::Semi;
    if (type == JoinType::Anti && op.null_aware && right.rows > 0 && right_has_null_key) return gather(left, {}, ctx.threads);
    for (int64_t l = 0; l < left.rows; ++l) {
      if (type == JoinType::Anti && op.null_aware && right.rows > 0 && !left_null.empty() && left_null[l]) continue;
      if ((left_matched[l] != 0) == keep_matched) rows.push_back(l);
    }
    out = gather(left, rows, ctx.threads);
  } else {
    if (type == JoinType::Left) {
      std::vector<uint8_t> matched(left.rows, 0);
      for (int64_t l : pairs.left) matched[l] = 1;
      for (int64_t l = 0; l < left.rows; ++l)
        if (!matched[l]) {
          pairs.left.push_back(l);
          pairs.right.push_back(-1);
        }
    }
    out = gather(left, pairs.left, ctx.threads);
    Batch r = gather(right, pairs.right, ctx.threads);
    for (size_t i = 0; i < r.ids.size(); ++i) out.add(r.ids[i], r.columns[i], r.types[i]);
  }
  Batch shaped;
  shaped.rows = out.rows;
  for (const auto& o : op.outputs) shaped.add(o.id, out.column(o.id), o.type);
  return shaped;
}

}  // namespace tessera::exec
