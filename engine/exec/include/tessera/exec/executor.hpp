// The executor: runs an optimized logical plan on the CPU, operator at a time over whole columns,
// multi-threaded inside each operator. Scalar functions run through the catalog's compiled CPU
// kernels (rt::run_cpu), the interface the GPU uses too; the relational operators and the built-in
// arithmetic and comparisons are the engine's own code.
#pragma once

#include <map>

#include "tessera/exec/batch.hpp"
#include "tessera/functions/session_context.hpp"
#include "tessera/plan/logical_plan.hpp"

namespace tessera::rt {
class Catalog;
}

namespace tessera::exec {

struct ExecContext {
  int threads = 1;
  fn::SessionContext session;
  std::map<const plan::LogicalOp*, plan::Value> subquery_values;  // uncorrelated scalar subqueries, run once
};

Batch execute(const plan::LogicalOp& op, ExecContext& ctx);

// An expression over a batch: either a column of batch.rows rows or one value.
struct Datum {
  ColumnPtr column;
  bool is_scalar = false;
  plan::Value scalar;
};
Datum evaluate(const plan::Expr& e, const Batch& batch, ExecContext& ctx);
ColumnPtr evaluate_column(const plan::Expr& e, const Batch& batch, ExecContext& ctx);
// An expression without columns (constant folding).
plan::Value evaluate_constant(const plan::Expr& e, ExecContext& ctx);

}  // namespace tessera::exec
