// A join's conditions split into hash keys (equalities between an expression of each input) and a residual
// checked on each candidate pair: the same split for the CPU and the GPU hash join, and for placement.
#pragma once

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "tessera/plan/logical_plan.hpp"

namespace tessera::exec {

struct JoinConditions {
  std::vector<std::pair<plan::ExprPtr, plan::ExprPtr>> keys;  // (left expression, right expression)
  std::vector<plan::ExprPtr> residual;
};

inline JoinConditions split_join_conditions(const std::vector<plan::ExprPtr>& predicates,
                                            const std::set<plan::ColumnId>& left,
                                            const std::set<plan::ColumnId>& right) {
  auto only_from = [](const plan::Expr& e, const std::set<plan::ColumnId>& ids) {
    std::vector<plan::ColumnId> cols;
    plan::collect_columns(e, cols);
    return !cols.empty() && std::all_of(cols.begin(), cols.end(), [&](plan::ColumnId c) { return ids.count(c) != 0; });
  };
  JoinConditions out;
  for (const auto& c : predicates) {
    if (c->kind == plan::ExprKind::Op && c->op == plan::Op::Eq) {
      const auto& a = c->args[0];
      const auto& b = c->args[1];
      if (only_from(*a, left) && only_from(*b, right)) {
        out.keys.emplace_back(a, b);
        continue;
      }
      if (only_from(*a, right) && only_from(*b, left)) {
        out.keys.emplace_back(b, a);
        continue;
      }
    }
    out.residual.push_back(c);
  }
  return out;
}

// A key pair of INT and BIGINT compares as BIGINT on both sides: the INT side is widened (the GPU hash join
// compares keys of one physical type). Other pairs are returned as they are.
inline std::pair<plan::ExprPtr, plan::ExprPtr> widened_key(const plan::ExprPtr& a, const plan::ExprPtr& b) {
  using storage::TypeId;
  auto integer = [](const plan::Expr& e) { return e.type.id == TypeId::Int32 || e.type.id == TypeId::Int64; };
  if (!integer(*a) || !integer(*b) || a->type.id == b->type.id) return {a, b};
  auto wide = [](const plan::ExprPtr& e) {
    return e->type.id == TypeId::Int64 ? e : plan::op(plan::Op::Cast, storage::DataType::int64(), {e});
  };
  return {wide(a), wide(b)};
}

inline std::set<plan::ColumnId> output_ids(const plan::LogicalOp& op) {
  std::set<plan::ColumnId> ids;
  for (const auto& o : op.outputs) ids.insert(o.id);
  return ids;
}

}  // namespace tessera::exec
