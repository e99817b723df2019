// Scalar functions as catalog kernels (rt::run_cpu, or the GPU when the session has one).
#include "expr_eval.hpp"

#include "tessera/exec/call_session.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/kernel_call.hpp"
#include "tessera/runtime/statement_stop.hpp"

namespace tessera::exec::cpu_expr {

Datum call_kernel(const Expr& e, const Batch& batch, ExecContext& ctx) {
  const fn::FunctionSpec& spec = *e.kernel->spec;
  std::vector<rt::KernelArg> args;
  std::vector<ColumnPtr> keep;
  int64_t rows = batch.rows;
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const fn::ArgSpec& a = spec.args[i];
    if (!e.args[i]) {
      const Value& v = e.constants[i];
      if (a.type == fn::SqlType::String) args.push_back(rt::KernelArg::text(v.s));
      else if (a.type == fn::SqlType::Float64) args.push_back(rt::KernelArg::real(v.d));
      else args.push_back(rt::KernelArg::integer(static_cast<int64_t>(v.i)));
      continue;
    }
    ColumnPtr c = evaluate_column(*e.args[i], batch, ctx);
    keep.push_back(c);
    args.push_back(rt::KernelArg::of(*c));
  }
  // A fused predicate whose string result could outgrow its kernel's buffer runs unfused.
  if (e.unfused && !rt::check_args(spec, args).empty()) return evaluate(*e.unfused, batch, ctx);
  rt::KernelResult result;
  std::string error;
  if (rows == 0) {
    rt::Column empty = rt::Column::fixed(spec.result, 0);
    return column_datum(std::move(empty));
  }
  const fn::SessionContext session = call_session(e, ctx.session);
  const bool ok = ctx.gpu ? ctx.gpu->run(*e.kernel, args, session, result, error)
                         : rt::run_cpu(*e.kernel, args, session, ctx.threads, result, error);
  rt::throw_if_stopped(ctx.stop);  // a user function stopped early: its result is no result
  if (!ok) throw ExecError(error);
  if (result.error) throw ExecError(result.error->message);
  return column_datum(std::move(result.column));
}

}  // namespace tessera::exec::cpu_expr
