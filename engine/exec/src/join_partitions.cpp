#include "tessera/exec/join_partitions.hpp"

#include <algorithm>
#include <set>

#include "tessera/exec/join_conditions.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

using plan::ExprPtr;
using plan::OpKind;

int64_t scanned_bytes(const plan::LogicalOp& op) {
  if (op.kind == OpKind::Scan) return op.table ? op.table->num_rows() * scan_row_bytes(op) : 0;
  int64_t bytes = 0;
  for (const auto& c : op.children) bytes += scanned_bytes(*c);
  return bytes;
}

namespace {

int64_t scanned_rows(const plan::LogicalOp& op) {
  if (op.kind == OpKind::Scan) return op.table ? op.table->num_rows() : 1;
  int64_t rows = 0;
  for (const auto& c : op.children) rows = std::max(rows, scanned_rows(*c));
  return rows;
}

bool integer_key(const plan::Expr& e) {
  return e.type.id == storage::TypeId::Int32 || e.type.id == storage::TypeId::Int64;
}

// The constant `x` in the type of integer expression `like`.
ExprPtr integer_constant(const plan::Expr& like, int64_t x) {
  return plan::constant(like.type.id == storage::TypeId::Int32 ? plan::Value::int32(static_cast<int32_t>(x))
                                                              : plan::Value::int64(x));
}

// A key pair of another type whose values the join compares by their bits (strings without trailing blanks):
// partitioned by KEY_PARTITION, a hash both sides compute alike. DECIMALs of different scales, or date and time
// types of different precisions, would hash unlike though equal, so they are left unpartitioned.
bool hashable_key_pair(const plan::Expr& a, const plan::Expr& b) {
  if (a.type.is_string() && b.type.is_string()) return true;
  return a.type.id == b.type.id && a.type.id != storage::TypeId::Bool && a.type.physical() == b.type.physical() &&
         a.type.scale == b.type.scale && a.type.precision == b.type.precision;
}

// The key's partition is `part` of `parts` (|key % parts| for an integer key, KEY_PARTITION for a hashed one), or
// for `with_null` the key IS NULL.
ExprPtr partition_predicate(const ExprPtr& key, bool hashed, int parts, int part, bool with_null) {
  const plan::DataType boolean = plan::DataType::boolean();
  ExprPtr p;
  if (hashed) {
    const ExprPtr partition = plan::op(plan::Op::KeyPartition, plan::DataType::int32(),
                                       {key, plan::constant(plan::Value::int32(parts))});
    p = plan::op(plan::Op::Eq, boolean, {partition, plan::constant(plan::Value::int32(part))});
  } else {
    const ExprPtr rem = plan::op(plan::Op::Mod, key->type, {key, integer_constant(*key, parts)});
    p = plan::op(plan::Op::Eq, boolean, {rem, integer_constant(*key, part)});
    if (part != 0)
      p = plan::op(plan::Op::Or, boolean, {p, plan::op(plan::Op::Eq, boolean, {rem, integer_constant(*key, -part)})});
  }
  if (with_null) p = plan::op(plan::Op::Or, boolean, {p, plan::is_null(key)});
  return p;
}

}  // namespace

int64_t result_bytes(const plan::LogicalOp& op) {
  int64_t width = 0;
  for (const auto& o : op.outputs) width += decoded_width(o.type);
  const int64_t rows = op.estimated_rows >= 0 ? static_cast<int64_t>(op.estimated_rows) : scanned_rows(op);
  return std::max<int64_t>(width, 1) * rows;
}

JoinPartitions partition_joins(const StreamPath& path, int64_t budget_bytes) {
  JoinPartitions out;
  if (budget_bytes <= 0) return out;
  const std::set<const plan::LogicalOp*> on_path(path.chain.begin(), path.chain.end());
  // A streamed key that is a column, and whether it is hashed: its group.
  std::map<std::pair<plan::ColumnId, bool>, int> group_of_column;
  for (const plan::LogicalOp* j : path.chain) {
    if (j->kind != OpKind::Join) continue;
    const int s = on_path.count(j->child(0).get()) ? 0 : 1;
    JoinPartition jp;
    jp.join = j;
    jp.stream_input = j->child(s).get();
    jp.reused_input = j->child(1 - s).get();
    if (scanned_bytes(*jp.reused_input) <= budget_bytes / 2) continue;
    const int64_t parts =
        std::clamp<int64_t>((result_bytes(*jp.reused_input) * 4 + budget_bytes - 1) / budget_bytes, 1, kMaxPartitions);
    if (parts > 1 && !j->null_aware) {
      const JoinConditions split =
          split_join_conditions(j->predicates, output_ids(*j->child(0)), output_ids(*j->child(1)));
      // An integer key if there is one (|k % P| spreads dense keys evenly and reads well in EXPLAIN), else a key
      // KEY_PARTITION can hash.
      for (const bool hashed : {false, true}) {
        for (const auto& [l, r] : split.keys) {
          if (hashed ? !hashable_key_pair(*l, *r) : !integer_key(*l) || !integer_key(*r)) continue;
          jp.stream_key = s == 0 ? l : r;
          jp.reused_key = s == 0 ? r : l;
          jp.hashed = hashed;
          break;
        }
        if (jp.stream_key) break;
      }
    }
    // At most kMaxPasses passes in all: a join that would need more is collected but not partitioned.
    if (jp.stream_key) {
      const bool column = jp.stream_key->kind == plan::ExprKind::Column;
      auto it = column ? group_of_column.find({jp.stream_key->column, jp.hashed}) : group_of_column.end();
      const int64_t now = out.passes();
      const int64_t after = it != group_of_column.end()
                                ? now / out.parts[it->second] * std::max<int64_t>(out.parts[it->second], parts)
                                : now * parts;
      if (after > kMaxPasses) {
        jp.stream_key = jp.reused_key = nullptr;
        jp.hashed = false;
      }
    }
    if (jp.stream_key) {
      jp.keeps_unmatched = s == 0 && (j->join_type == plan::JoinType::Left || j->join_type == plan::JoinType::Anti);
      const bool column = jp.stream_key->kind == plan::ExprKind::Column;
      auto it = column ? group_of_column.find({jp.stream_key->column, jp.hashed}) : group_of_column.end();
      if (it != group_of_column.end()) {
        jp.group = it->second;
        out.parts[jp.group] = std::max<int>(out.parts[jp.group], static_cast<int>(parts));
      } else {
        jp.group = static_cast<int>(out.parts.size());
        out.parts.push_back(static_cast<int>(parts));
        if (column) group_of_column[{jp.stream_key->column, jp.hashed}] = jp.group;
      }
    }
    out.joins.push_back(std::move(jp));
  }
  return out;
}

int64_t JoinPartitions::passes() const {
  int64_t n = 1;
  for (int p : parts) n *= p;
  return n;
}

PartitionFilters JoinPartitions::filters(int64_t pass) const {
  std::vector<int> digit(parts.size());
  for (size_t g = 0; g < parts.size(); ++g) {
    digit[g] = static_cast<int>(pass % parts[g]);
    pass /= parts[g];
  }
  PartitionFilters f;
  for (const JoinPartition& j : joins) {
    if (j.group < 0) continue;
    const int n = parts[j.group], p = digit[j.group];
    f[j.stream_input].push_back(partition_predicate(j.stream_key, j.hashed, n, p, j.keeps_unmatched && p == 0));
    f[j.reused_input].push_back(partition_predicate(j.reused_key, j.hashed, n, p, false));
  }
  return f;
}

const JoinPartition* JoinPartitions::reusing(const plan::LogicalOp* op) const {
  for (const JoinPartition& j : joins)
    if (j.reused_input == op) return &j;
  return nullptr;
}

}  // namespace tessera::exec
