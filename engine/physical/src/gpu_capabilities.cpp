// What the GPU engine (engine/exec/src/gpu) implements, in one list placement reads. When a GPU operator or
// expression family grows, this file says so; nothing else decides.
#include "tessera/exec/join_conditions.hpp"
#include "tessera/physical/physical_plan.hpp"
#include "tessera/runtime/catalog.hpp"

namespace tessera::physical {

using plan::ExprKind;
using plan::Op;
using plan::OpKind;
using plan::TypeId;

std::string gpu_unsupported(const plan::Expr& e) {
  switch (e.kind) {
    case ExprKind::Column:
    case ExprKind::Constant:
    case ExprKind::IsNull:
    case ExprKind::InList: break;
    case ExprKind::Case:
    case ExprKind::Coalesce: break;
    case ExprKind::Subquery:
      if (std::string why = gpu_unsupported_tree(*e.subplan); !why.empty()) return "scalar subquery: " + why;
      break;
    case ExprKind::Call:
      if (!e.kernel || e.kernel->gpu_entry.empty())
        return "function " + e.name + ": the catalog has no GPU code for kernel " +
               (e.kernel ? std::string(e.kernel->spec->kernel) : std::string("?"));
      break;
    case ExprKind::Op:
      switch (e.op) {
        case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod:
          if (e.type.id != TypeId::Int32 && e.type.id != TypeId::Int64 && e.type.id != TypeId::Double &&
              e.type.id != TypeId::Money && e.type.id != TypeId::Decimal)
            return "arithmetic on " + e.type.to_string() + " not on the GPU";
          break;
        case Op::Cast:
        case Op::TryCast:
          if (e.args[0]->type.id == TypeId::Double && e.type.is_wide_decimal())
            return "CAST of FLOAT to " + e.type.to_string() + " not yet on the GPU";
          break;
        default: break;
      }
      break;
  }
  for (const auto& a : e.args)
    if (a)
      if (std::string why = gpu_unsupported(*a); !why.empty()) return why;
  return "";
}

std::string gpu_unsupported_tree(const plan::LogicalOp& op) {
  if (std::string why = gpu_unsupported(op); !why.empty()) return op_label(op) + ": " + why;
  for (const auto& c : op.children)
    if (std::string why = gpu_unsupported_tree(*c); !why.empty()) return why;
  return "";
}

std::string gpu_unsupported(const plan::LogicalOp& op) {
  auto exprs = [](const std::vector<plan::ExprPtr>& es) -> std::string {
    for (const auto& e : es)
      if (std::string why = gpu_unsupported(*e); !why.empty()) return why + " (in " + plan::to_string(*e) + ")";
    return "";
  };
  switch (op.kind) {
    case OpKind::Scan:
    case OpKind::Filter: return exprs(op.predicates);
    case OpKind::Project: return exprs(op.exprs);
    case OpKind::Join: {
      const exec::JoinConditions split =
          exec::split_join_conditions(op.predicates, exec::output_ids(*op.child(0)), exec::output_ids(*op.child(1)));
      for (const auto& [ka, kb] : split.keys) {
        const auto [a, b] = exec::widened_key(ka, kb);
        if (a->type.physical() != b->type.physical())
          return "join keys of different types (" + a->type.to_string() + ", " + b->type.to_string() + ") not on the GPU";
        if (std::string why = gpu_unsupported(*a); !why.empty()) return why;
        if (std::string why = gpu_unsupported(*b); !why.empty()) return why;
      }
      return exprs(split.residual);
    }
    case OpKind::Aggregate: {
      if (std::string why = exprs(op.groups); !why.empty()) return why;
      for (const auto& a : op.aggregates) {
        if (a.func == plan::AggFunc::StringAgg) return "STRING_AGG runs on the CPU only";
        if (!a.arg) continue;
        if (std::string why = gpu_unsupported(*a.arg); !why.empty()) return why + " (in " + plan::to_string(*a.arg) + ")";
        if (a.folded)
          if (std::string why = gpu_unsupported(*a.folded); !why.empty()) return why + " (in " + plan::to_string(*a.folded) + ")";
      }
      return "";
    }
    case OpKind::Sort: {
      for (const auto& k : op.sort_keys)
        if (std::string why = gpu_unsupported(*k.expr); !why.empty()) return why;
      return "";
    }
    case OpKind::Limit:
    case OpKind::SingleRow:
    case OpKind::UnionAll:
    case OpKind::Fetch: return "";
    case OpKind::Window:
      for (const auto& w : op.windows) {
        std::vector<plan::ExprPtr> all = w.args;
        all.insert(all.end(), w.partition.begin(), w.partition.end());
        for (const auto& k : w.order) all.push_back(k.expr);
        if (std::string why = exprs(all); !why.empty()) return why;
        const char* name = plan::window_func_name(w.func);
        using plan::WindowFunc;
        using Kind = plan::FrameBound::Kind;
        const bool to_an_end = w.frame.start.kind == Kind::Unbounded || w.frame.end.kind == Kind::Unbounded;
        const auto at = [](const plan::FrameBound& b) { return b.kind == Kind::CurrentRow ? 0 : b.offset; };
        const bool narrow_rows = w.frame.rows && at(w.frame.end) - at(w.frame.start) < plan::kMaxScannedFrame;
        if ((w.func == WindowFunc::Min || w.func == WindowFunc::Max) && !to_an_end && !narrow_rows)
          return std::string(name) + " over a frame that reaches neither end of the partition and is a RANGE or wider than " +
                 std::to_string(plan::kMaxScannedFrame) + " rows runs on the CPU only";
      }
      return "";
  }
  return "unknown operator";
}

}  // namespace tessera::physical
