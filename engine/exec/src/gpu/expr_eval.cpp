// The GPU expression dispatcher: column references, constants, and the families in expr_*.cu. Only
// expressions physical::place accepted reach here (gpu_capabilities.cpp); anything else is an internal error.
#include "expr_eval.hpp"

#include "tessera/exec/gpu/gpu_executor.hpp"
#include "tessera/functions/kernel_abi.hpp"

namespace tessera::exec::gpu {

using plan::ExprKind;
using plan::Op;

void raise_row_error(int64_t slot, const DataType& t) {
  if (slot != fn::kNoError) fail_status(fn::error_status(slot), t);
}

plan::Value subquery_value(const plan::Expr& e, GpuContext& ctx) {
  auto it = ctx.subquery_values.find(e.subplan.get());
  if (it == ctx.subquery_values.end()) {
    const DeviceBatch b = execute_gpu(*e.subplan, ctx);
    if (b.rows > 1)
      throw ExecError("Msg 512: Subquery returned more than 1 value. This is not permitted when the subquery "
                      "follows =, !=, <, <= , >, >= or when the subquery is used as an expression.");
    plan::Value v = plan::Value::null_of(e.type);
    if (b.rows == 1) v = plan::Value::from_column(download(*b.column(e.subplan->outputs[0].id), ctx), e.type, 0);
    v.type = e.type;
    it = ctx.subquery_values.emplace(e.subplan.get(), std::move(v)).first;
  }
  return it->second;
}

DeviceColumnPtr evaluate_column(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx) {
  DeviceDatum d = evaluate(e, batch, ctx);
  if (!d.is_scalar) return d.column;
  return broadcast(d.scalar, batch.rows, ctx);
}

namespace {

DeviceDatum scalar(plan::Value v) {
  DeviceDatum d;
  d.is_scalar = true;
  d.scalar = std::move(v);
  return d;
}

DeviceDatum evaluate_node(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx) {
  const int64_t rows = batch.rows;
  switch (e.kind) {
    case ExprKind::Column: {
      DeviceDatum d;
      d.column = batch.column(e.column);
      return d;
    }
    case ExprKind::Constant: return scalar(e.value);
    case ExprKind::Call: return call_kernel(e, batch, ctx);
    case ExprKind::Case: return case_when(e, batch, ctx);
    case ExprKind::Coalesce: return coalesce(e, batch, ctx);
    case ExprKind::Subquery: return scalar(subquery_value(e, ctx));
    case ExprKind::IsNull: return is_null(evaluate(*e.args[0], batch, ctx), e.negated, rows, ctx);
    case ExprKind::InList: return in_list(e, evaluate(*e.args[0], batch, ctx), rows, ctx);
    case ExprKind::Op: {
      if (e.op == Op::Not) {
        DeviceDatum a = evaluate(*e.args[0], batch, ctx);
        if (a.is_scalar) return scalar(a.scalar.null ? a.scalar : plan::Value::boolean(a.scalar.i == 0));
        return logic_not(a, rows, ctx);
      }
      if ((e.op == Op::Cast || e.op == Op::TryCast) && e.type.is_string())
        return fit_text(e, evaluate(*e.args[0], batch, ctx), rows, ctx);
      if (e.op == Op::Cast || e.op == Op::TryCast)
        return cast_numeric(e.args[0]->type, e.type, evaluate(*e.args[0], batch, ctx), rows, ctx, e.op == Op::TryCast);
      if (e.op == Op::KeyPartition)
        return key_partition(evaluate(*e.args[0], batch, ctx), static_cast<int32_t>(e.args[1]->value.i), rows, ctx);
      DeviceDatum a = evaluate(*e.args[0], batch, ctx);
      DeviceDatum b = evaluate(*e.args[1], batch, ctx);
      switch (e.op) {
        case Op::And:
        case Op::Or: return logic(e.op, a, b, rows, ctx);
        case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
          return compare(e.op, a, b, e.args[0]->type, rows, ctx);
        default: return arithmetic(e, a, b, rows, ctx);
      }
    }
    default: break;
  }
  throw internal_error("expression " + plan::to_string(e) + " was placed on the GPU, which cannot run it");
}

}  // namespace

DeviceDatum evaluate(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx) {
  return GpuExprMemo::evaluate(ctx.memo, e, batch, [&] { return evaluate_node(e, batch, ctx); });
}

}  // namespace tessera::exec::gpu
