#include "tessera/plan/aggregate_split.hpp"

#include <string>

namespace tessera::plan {

namespace {

// The type of a morsel's partial sum: SUM's own type, except that an INT sum is kept as BIGINT so that a
// morsel's sum cannot overflow where the whole one does not (the final SUM checks the INT range).
DataType partial_sum_type(const DataType& sum_type) {
  return sum_type.id == TypeId::Int32 ? DataType::int64() : sum_type;
}

// SUM's type for an argument of type `t` (the binder's rule: DECIMAL(38, s) for decimals, else the type).
DataType sum_type(const DataType& t) {
  return t.id == TypeId::Decimal ? DataType::decimal(storage::kMaxDecimalDigits, t.scale) : t;
}

}  // namespace

std::optional<AggregateSplit> split_aggregate(const LogicalOp& op) {
  for (const Aggregate& a : op.aggregates)
    if (a.distinct || a.folded || a.func == AggFunc::StringAgg) return std::nullopt;
  auto partial = make_plan(OpKind::Aggregate);
  partial->children = op.children;
  partial->estimated_rows = op.estimated_rows;
  auto final = make_plan(OpKind::Aggregate);
  final->estimated_rows = op.estimated_rows;
  final->outputs = op.outputs;
  ColumnId next = kSplitColumnIds;
  // A partial output column, and a reference to it for the final aggregation.
  auto add = [&](const DataType& t, const std::string& name) {
    partial->outputs.push_back({next, name, t});
    return column_ref(next++, t, name);
  };
  const size_t ng = op.groups.size();
  for (size_t i = 0; i < ng; ++i) {
    partial->groups.push_back(op.groups[i]);
    final->groups.push_back(add(op.groups[i]->type, op.outputs[i].name));
  }
  for (size_t i = 0; i < op.aggregates.size(); ++i) {
    const Aggregate& a = op.aggregates[i];
    const std::string& name = op.outputs[ng + i].name;
    switch (a.func) {
      case AggFunc::Count:
      case AggFunc::CountStar:
        partial->aggregates.push_back(a);
        final->aggregates.push_back({AggFunc::Sum, add(DataType::int64(), name), false, nullptr});
        break;
      case AggFunc::Min:
      case AggFunc::Max:
        partial->aggregates.push_back(a);
        final->aggregates.push_back({a.func, add(op.outputs[ng + i].type, name), false, nullptr});
        break;
      case AggFunc::Sum:
        partial->aggregates.push_back(a);
        final->aggregates.push_back({AggFunc::Sum, add(partial_sum_type(op.outputs[ng + i].type), name), false, nullptr});
        break;
      case AggFunc::Avg: {
        partial->aggregates.push_back({AggFunc::Sum, a.arg, false, nullptr});
        const ExprPtr sum = add(partial_sum_type(sum_type(a.arg->type)), name + "_sum");
        partial->aggregates.push_back({AggFunc::Count, a.arg, false, nullptr});
        const ExprPtr count = add(DataType::int64(), name + "_count");
        Aggregate merged{AggFunc::Avg, sum, false, nullptr};
        merged.weight = count;
        final->aggregates.push_back(merged);
        break;
      }
      case AggFunc::StringAgg: return std::nullopt;  // refused above: its rows' order does not merge
    }
  }
  auto combine = make_plan(OpKind::Aggregate);
  combine->estimated_rows = op.estimated_rows;
  combine->outputs = partial->outputs;
  for (size_t i = 0; i < partial->outputs.size(); ++i) {
    const OutputColumn& o = partial->outputs[i];
    const ExprPtr ref = column_ref(o.id, o.type, o.name);
    if (i < ng) {
      combine->groups.push_back(ref);
      continue;
    }
    const AggFunc f = partial->aggregates[i - ng].func;
    combine->aggregates.push_back({f == AggFunc::Min || f == AggFunc::Max ? f : AggFunc::Sum, ref, false, nullptr});
  }
  return AggregateSplit{partial, final, combine};
}

}  // namespace tessera::plan
