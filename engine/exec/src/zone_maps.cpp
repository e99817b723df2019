#include "tessera/exec/zone_maps.hpp"

#include <cstdint>
#include <optional>

#include "tessera/storage/column_stats.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

using plan::Expr;
using plan::ExprKind;
using storage::TypeId;

namespace {

// The constant as the column's stored integer (ints as ints, dates as days, decimals scaled alike), or nullopt
// when the two do not compare that way (then the predicate is not used).
std::optional<int64_t> as_stored(const plan::Value& v, const storage::DataType& column) {
  if (v.null) return std::nullopt;
  const TypeId c = column.id, k = v.type.id;
  const bool ints = (c == TypeId::Int32 || c == TypeId::Int64) && (k == TypeId::Int32 || k == TypeId::Int64);
  const bool dates = c == TypeId::Date && k == TypeId::Date;
  const bool decimals = c == TypeId::Decimal && k == TypeId::Decimal && column.scale == v.type.scale &&
                        column.precision <= storage::kMaxNarrowDecimalDigits;
  if (!ints && !dates && !decimals) return std::nullopt;
  if (v.i < INT64_MIN || v.i > INT64_MAX) return std::nullopt;
  return static_cast<int64_t>(v.i);
}

// The scan's table column that `e` is, or -1.
int column_of(const plan::LogicalOp& scan, const Expr& e) {
  if (e.kind != ExprKind::Column) return -1;
  for (size_t i = 0; i < scan.table_ids.size(); ++i)
    if (scan.table_ids[i] == e.column) return static_cast<int>(i);
  return -1;
}

// A predicate the zone maps can judge: its column and, per chunk zone, whether a row may pass.
struct Test {
  int column = -1;
  plan::Op op = plan::Op::Eq;  // column op value; InList: Eq against each of `values`
  std::vector<int64_t> values;
  bool may_match(const storage::ZoneMap& z) const {
    if (z.all_null) return false;  // a comparison with NULL holds for no row
    if (!z.has_range) return true;
    for (int64_t v : values) {
      switch (op) {
        case plan::Op::Eq: if (v >= z.min && v <= z.max) return true; break;
        case plan::Op::Lt: if (z.min < v) return true; break;
        case plan::Op::Le: if (z.min <= v) return true; break;
        case plan::Op::Gt: if (z.max > v) return true; break;
        case plan::Op::Ge: if (z.max >= v) return true; break;
        default: return true;
      }
    }
    return false;
  }
};

plan::Op mirrored(plan::Op op) {
  switch (op) {
    case plan::Op::Lt: return plan::Op::Gt;
    case plan::Op::Le: return plan::Op::Ge;
    case plan::Op::Gt: return plan::Op::Lt;
    case plan::Op::Ge: return plan::Op::Le;
    default: return op;
  }
}

std::optional<Test> test_of(const plan::LogicalOp& scan, const Expr& p) {
  const auto& fields = scan.table->schema().fields();
  Test t;
  if (p.kind == ExprKind::Op && p.args.size() == 2 &&
      (p.op == plan::Op::Eq || p.op == plan::Op::Lt || p.op == plan::Op::Le || p.op == plan::Op::Gt ||
       p.op == plan::Op::Ge)) {
    const bool column_left = p.args[1]->is_constant();
    const Expr& col = column_left ? *p.args[0] : *p.args[1];
    const Expr& k = column_left ? *p.args[1] : *p.args[0];
    if (!k.is_constant() || (t.column = column_of(scan, col)) < 0) return std::nullopt;
    const std::optional<int64_t> v = as_stored(k.value, fields[t.column].type);
    if (!v) return std::nullopt;
    t.op = column_left ? p.op : mirrored(p.op);
    t.values = {*v};
    return t;
  }
  if (p.kind == ExprKind::InList && !p.negated && !p.args.empty() && (t.column = column_of(scan, *p.args[0])) >= 0) {
    for (size_t a = 1; a < p.args.size(); ++a) {
      if (!p.args[a]->is_constant()) return std::nullopt;
      if (p.args[a]->value.null) continue;  // matches nothing
      const std::optional<int64_t> v = as_stored(p.args[a]->value, fields[t.column].type);
      if (!v) return std::nullopt;
      t.values.push_back(*v);
    }
    return t;
  }
  return std::nullopt;
}

}  // namespace

std::vector<bool> chunks_that_may_match(const plan::LogicalOp& scan) {
  if (!scan.table || scan.predicates.empty()) return {};
  std::vector<Test> tests;
  // Every conjunct, those inside an AND too (BETWEEN binds as one).
  std::vector<const Expr*> conjuncts;
  for (const auto& p : scan.predicates) conjuncts.push_back(p.get());
  while (!conjuncts.empty()) {
    const Expr* p = conjuncts.back();
    conjuncts.pop_back();
    if (p->kind == ExprKind::Op && p->op == plan::Op::And) {
      for (const auto& a : p->args) conjuncts.push_back(a.get());
    } else if (std::optional<Test> t = test_of(scan, *p)) {
      tests.push_back(std::move(*t));
    }
  }
  if (tests.empty()) return {};
  const size_t chunks = scan.table->chunk_starts().size() - 1;
  std::vector<bool> keep(chunks, true);
  for (size_t c = 0; c < chunks; ++c)
    for (const Test& t : tests) {
      const storage::ZoneMap* z = scan.table->chunk_zone(static_cast<size_t>(t.column), c);
      if (!z) return {};  // no zone maps
      if (!t.may_match(*z)) {
        keep[c] = false;
        break;
      }
    }
  return keep;
}

}  // namespace tessera::exec
