// Vectorised expression evaluation over whole columns: the dispatch over expression kinds and the common-
// subexpression memo. The families run in expr_*.cpp (expr_eval.hpp): comparisons, three-valued logic, checked
// arithmetic, numeric casts, choosing among sources (CASE, COALESCE), scalar functions as catalog kernels
// (rt::run_cpu, or rt::CudaDevice::run when the session has a GPU). A failing row raises ExecError with SQL
// Server's message.
// CASE evaluates every branch over all rows (no short-circuit): an error in a branch a row does not
// take still fails the query -- a known difference from SQL Server, noted in docs/ENGINE.md.
#include <algorithm>
#include <cstring>
#include <optional>

#include "expr_eval.hpp"
#include "tessera/exec/case_lookup.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/executor.hpp"
#include "tessera/exec/parallel.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/plan/type_rules.hpp"

namespace tessera::exec {

using plan::Expr;
using plan::ExprKind;
using plan::Op;
using plan::TypeId;
using plan::Value;

void fail_status(int32_t status, const DataType& t) {
  const auto& info = fn::status_info(status);
  std::string msg = "Msg " + std::to_string(info.sql_server_msg) + ": ";
  if (status == fn::kArithmeticOverflow) msg += "Arithmetic overflow error converting expression to data type " + plan::type_text(t) + ".";
  else msg += info.message;
  throw ExecError(msg);
}

using namespace cpu_expr;

ColumnPtr evaluate_column(const Expr& e, const Batch& batch, ExecContext& ctx) {
  Datum d = evaluate(e, batch, ctx);
  if (!d.is_scalar) return d.column;
  return std::make_shared<rt::Column>(d.scalar.broadcast(batch.rows));
}

namespace {
Datum evaluate_node(const Expr& e, const Batch& batch, ExecContext& ctx);
}

Datum evaluate(const Expr& e, const Batch& batch, ExecContext& ctx) {
  return ExprMemo::evaluate(ctx.memo, e, batch, [&] { return evaluate_node(e, batch, ctx); });
}

namespace {

Datum evaluate_node(const Expr& e, const Batch& batch, ExecContext& ctx) {
  const int64_t rows = batch.rows;
  switch (e.kind) {
    case ExprKind::Column: {
      Datum d;
      d.column = batch.column(e.column);
      return d;
    }
    case ExprKind::Constant: return scalar_datum(e.value);
    case ExprKind::Subquery: {
      auto it = ctx.subquery_values.find(e.subplan.get());
      if (it == ctx.subquery_values.end()) {
        Batch b = execute(*e.subplan, ctx);
        if (b.rows > 1)
          throw ExecError("Msg 512: Subquery returned more than 1 value. This is not permitted when the subquery "
                          "follows =, !=, <, <= , >, >= or when the subquery is used as an expression.");
        Value v = b.rows == 0 ? Value::null_of(e.type) : Value::from_column(*b.columns[0], e.type, 0);
        v.type = e.type;
        it = ctx.subquery_values.emplace(e.subplan.get(), std::move(v)).first;
      }
      return scalar_datum(it->second);
    }
    case ExprKind::Call: return call_kernel(e, batch, ctx);
    case ExprKind::Op: {
      if (e.op == Op::Not) {
        Datum a = evaluate(*e.args[0], batch, ctx);
        if (a.is_scalar) return scalar_datum(a.scalar.null ? a.scalar : Value::boolean(a.scalar.i == 0));
        rt::Column out = *a.column;
        for (auto& b : out.data) b = !b;
        return column_datum(std::move(out));
      }
      if ((e.op == Op::Cast || e.op == Op::TryCast) && e.type.is_string())
        return fit_text(e, evaluate(*e.args[0], batch, ctx), rows);
      if (e.op == Op::Cast || e.op == Op::TryCast)
        return cast_numeric(e.args[0]->type, e.type, evaluate(*e.args[0], batch, ctx), rows, ctx.threads, e.op == Op::TryCast);
      if (e.op == Op::KeyPartition)
        return key_partition(evaluate(*e.args[0], batch, ctx), static_cast<int32_t>(e.args[1]->value.i), rows, ctx.threads);
      Datum a = evaluate(*e.args[0], batch, ctx);
      Datum b = evaluate(*e.args[1], batch, ctx);
      if (a.is_scalar && b.is_scalar && rows != 1) {
        // Both constant (folding missed it, e.g. a subquery value): compute on one row.
        Batch one;
        one.rows = 1;
        auto ex = std::make_shared<Expr>(e);
        ex->args = {plan::constant(a.scalar), plan::constant(b.scalar)};
        Datum r = evaluate(*ex, one, ctx);
        return scalar_datum(Value::from_column(*r.column, e.type, 0));
      }
      switch (e.op) {
        case Op::And: case Op::Or: return logic(e.op, a, b, rows);
        case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
          return compare(e.op, a, b, e.args[0]->type, rows, ctx.threads);
        default: return arithmetic(e, a, b, rows, ctx.threads);
      }
    }
    case ExprKind::Case: {
      const size_t pairs = (e.args.size() - (e.has_else ? 1 : 0)) / 2;
      if (const std::optional<CaseLookup> lookup = case_lookup(e)) {
        // x once, a binary search of the constants per row (case_lookup.hpp).
        const Datum x = evaluate(*lookup->probe, batch, ctx);
        const Validity vx = validity(x);
        const bool wide = fn::type_width(lookup->probe->type.physical()) == 8;
        std::vector<Datum> results;
        for (size_t k = 0; k < pairs; ++k) results.push_back(evaluate(*e.args[2 * k + 1], batch, ctx));
        if (e.has_else) results.push_back(evaluate(*e.args.back(), batch, ctx));
        std::vector<int> choice(rows, e.has_else ? static_cast<int>(pairs) : -1);
        const auto& tk = lookup->text_keys;
        parallel_chunks(rows, ctx.threads, [&](int, int64_t s, int64_t en) {
          for (int64_t i = s; i < en; ++i) {
            if (!vx(i)) continue;
            if (lookup->strings) {
              const std::string_view v = rtrim_blanks(string_at(x, i));
              const auto it = std::lower_bound(tk.begin(), tk.end(), v);
              if (it != tk.end() && *it == v) choice[i] = lookup->branch[it - tk.begin()];
              continue;
            }
            const int64_t v = x.is_scalar ? static_cast<int64_t>(x.scalar.i)
                              : wide      ? x.column->value<int64_t>(i)
                                          : x.column->value<int32_t>(i);
            const auto it = std::lower_bound(lookup->keys.begin(), lookup->keys.end(), v);
            if (it != lookup->keys.end() && *it == v) choice[i] = lookup->branch[it - lookup->keys.begin()];
          }
        });
        return choose(results, choice, e.type, rows);
      }
      std::vector<Datum> conds, results;
      for (size_t k = 0; k < pairs; ++k) {
        conds.push_back(evaluate(*e.args[2 * k], batch, ctx));
        results.push_back(evaluate(*e.args[2 * k + 1], batch, ctx));
      }
      if (e.has_else) results.push_back(evaluate(*e.args.back(), batch, ctx));
      std::vector<int> choice(rows, e.has_else ? static_cast<int>(pairs) : -1);
      for (int64_t i = 0; i < rows; ++i)
        for (size_t k = 0; k < pairs; ++k)
          if (truthy(conds[k], i)) {
            choice[i] = static_cast<int>(k);
            break;
          }
      return choose(results, choice, e.type, rows);
    }
    case ExprKind::Coalesce: {
      std::vector<Datum> args;
      for (const auto& a : e.args) args.push_back(evaluate(*a, batch, ctx));
      std::vector<int> choice(rows, -1);
      for (int64_t i = 0; i < rows; ++i)
        for (size_t k = 0; k < args.size(); ++k)
          if (validity(args[k])(i)) {
            choice[i] = static_cast<int>(k);
            break;
          }
      return choose(args, choice, e.type, rows);
    }
    case ExprKind::IsNull: {
      Datum a = evaluate(*e.args[0], batch, ctx);
      rt::Column out = new_fixed(fn::SqlType::Bool, rows);
      const Validity v = validity(a);
      for (int64_t i = 0; i < rows; ++i) out.data[i] = v(i) == e.negated;
      return column_datum(std::move(out));
    }
    case ExprKind::InList: {
      Datum v = evaluate(*e.args[0], batch, ctx);
      rt::Column out = new_fixed(fn::SqlType::Bool, rows);
      const Validity va = validity(v);
      bool list_null = false;
      std::vector<const Value*> items;
      for (size_t k = 1; k < e.args.size(); ++k) {
        if (e.args[k]->value.null) list_null = true;
        else items.push_back(&e.args[k]->value);
      }
      const DataType& t = e.args[0]->type;
      if (va.any_null() || list_null) out.valid.resize(rows);
      // The list sorted once, each row a binary search: a list of 100,000 constants costs a few comparisons a row
      // (it was a scan of the list per row; issue 36).
      std::vector<std::string_view> strings;
      std::vector<double> doubles;
      std::vector<__int128> ints;
      for (const Value* it : items) {
        if (t.is_string()) strings.push_back(rtrim_blanks(it->s));
        else if (t.id == TypeId::Double) doubles.push_back(it->d);
        else ints.push_back(it->i);
      }
      std::sort(strings.begin(), strings.end());
      std::sort(doubles.begin(), doubles.end());
      std::sort(ints.begin(), ints.end());
      auto contains = [](const auto& sorted, const auto& x) {
        const auto it = std::lower_bound(sorted.begin(), sorted.end(), x);
        return it != sorted.end() && *it == x;
      };
      parallel_chunks(rows, ctx.threads, [&](int, int64_t s, int64_t en) {
        for (int64_t i = s; i < en; ++i) {
          bool found = false;
          if (va(i)) {
            if (t.is_string()) {
              found = contains(strings, rtrim_blanks(string_at(v, i)));
            } else if (t.id == TypeId::Double) {
              found = contains(doubles, v.is_scalar ? v.scalar.d : v.column->value<double>(i));
            } else {
              __int128 x;
              if (v.is_scalar) x = v.scalar.i;
              else if (fn::type_width(t.physical()) == 4) x = v.column->value<int32_t>(i);
              else if (fn::type_width(t.physical()) == 1) x = v.column->data[i];
              else if (fn::type_width(t.physical()) == 16) x = v.column->value<__int128>(i);
              else x = v.column->value<int64_t>(i);
              found = contains(ints, x);
            }
          }
          out.data[i] = found != e.negated;
          // x IN (..., NULL) is NULL unless found; x NOT IN (..., NULL) is NULL unless found.
          if (!out.valid.empty()) out.valid[i] = va(i) && (found || !list_null);
        }
      });
      return column_datum(std::move(out));
    }
  }
  throw internal_error("unknown expression");
}

}  // namespace

Value evaluate_constant(const Expr& e, ExecContext& ctx) {
  Batch one;
  one.rows = 1;
  Datum d = evaluate(e, one, ctx);
  Value v = d.is_scalar ? d.scalar : Value::from_column(*d.column, e.type, 0);
  v.type = e.type;
  if (v.type.is_string()) v.type.length = static_cast<int>(v.s.size());
  return v;
}

}  // namespace tessera::exec
