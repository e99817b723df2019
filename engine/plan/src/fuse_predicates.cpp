// Fused predicates (fuse_predicates.hpp): the rewrite of comparisons with constants into predicate kernels.
#include "tessera/plan/fuse_predicates.hpp"

#include "tessera/functions/predicate.hpp"
#include "tessera/runtime/catalog.hpp"

namespace tessera::plan {

namespace {

// Whether a constant can be compared with the function's result in the kernel's representation: the same
// physical value (same type; a DECIMAL the same scale), or any two strings.
bool same_representation(const DataType& result, const Value& c) {
  if (c.null) return false;
  if (result.is_string()) return c.type.is_string();
  if (result.id != c.type.id) return false;
  if (result.id == TypeId::Decimal) return result.scale == c.type.scale && !result.is_wide_decimal() && !c.type.is_wide_decimal();
  return true;
}

// An upper bound on the bytes of a string expression's values from declared lengths (a column's VARCHAR(n), a
// constant's text, a call's length rule over its arguments' bounds); 0 when unknown.
int64_t declared_bytes(const Expr& e) {
  if (e.kind == ExprKind::Constant) return static_cast<int64_t>(e.value.s.size());
  if (e.kind == ExprKind::Column) return e.type.length;
  if (e.kind != ExprKind::Call || !e.kernel || e.unfused) return 0;
  const fn::FunctionSpec& spec = *e.kernel->spec;
  if (!fn::has_length_rule(spec) || spec.args.size() > static_cast<size_t>(fn::kMaxArgs)) return 0;
  fn::LengthInputs in;
  for (size_t i = 0; i < spec.args.size(); ++i) {
    if (!e.args[i]) {
      in.value[i] = static_cast<int64_t>(e.constants[i].i);
      in.exact(i, static_cast<int64_t>(e.constants[i].s.size()));
    } else if (spec.args[i].type == fn::SqlType::String) {
      in.length[i] = declared_bytes(*e.args[i]);
      if (in.length[i] <= 0) return 0;
    }
  }
  return fn::max_result_length(spec, in);
}

fn::CompareOp compare_op(Op o, bool mirrored) {
  switch (o) {
    case Op::Eq: return fn::CompareOp::Eq;
    case Op::Ne: return fn::CompareOp::Ne;
    case Op::Lt: return mirrored ? fn::CompareOp::Gt : fn::CompareOp::Lt;
    case Op::Le: return mirrored ? fn::CompareOp::Ge : fn::CompareOp::Le;
    case Op::Gt: return mirrored ? fn::CompareOp::Lt : fn::CompareOp::Gt;
    default: return mirrored ? fn::CompareOp::Le : fn::CompareOp::Ge;
  }
}

class Fuser {
 public:
  explicit Fuser(const rt::Catalog& catalog) : catalog_(catalog) {}

  void plan(LogicalOp& op) {
    for (auto& c : op.children) plan(*c);
    for (ExprPtr& e : op.predicates) e = expr(e);
    // Expressions elsewhere keep their calls, but their subqueries' plans get their predicates fused.
    for (const ExprPtr& e : op.exprs) subqueries(e);
  }

 private:
  void subqueries(const ExprPtr& e) {
    if (!e) return;
    if (e->kind == ExprKind::Subquery && e->subplan) plan(*e->subplan);
    for (const ExprPtr& a : e->args) subqueries(a);
  }

  ExprPtr expr(const ExprPtr& e) {
    if (!e) return e;
    if (e->kind == ExprKind::Subquery) {
      if (e->subplan) plan(*e->subplan);
      return e;
    }
    if (ExprPtr fused = fuse(e)) return fused;
    // Inside AND, OR, NOT, CASE ...: the same meaning wherever the comparison stands.
    bool changed = false;
    std::vector<ExprPtr> args;
    for (const ExprPtr& a : e->args) {
      args.push_back(expr(a));
      changed |= args.back() != a;
    }
    if (!changed) return e;
    auto copy = std::make_shared<Expr>(*e);
    copy->args = std::move(args);
    return copy;
  }

  // The fused call for `e`, or null.
  ExprPtr fuse(const ExprPtr& e) {
    const Expr* call = nullptr;
    fn::CompareOp op = fn::CompareOp::Eq;
    std::vector<const Value*> constants;
    if (e->kind == ExprKind::Op && e->op >= Op::Eq && e->op <= Op::Ge && e->args.size() == 2) {
      const bool mirrored = e->args[0]->is_constant();
      call = e->args[mirrored ? 1 : 0].get();
      const Expr& other = *e->args[mirrored ? 0 : 1];
      if (!other.is_constant()) return nullptr;
      op = compare_op(e->op, mirrored);
      constants.push_back(&other.value);
    } else if (e->kind == ExprKind::InList && !e->negated && e->args.size() >= 2) {
      call = e->args[0].get();
      op = fn::CompareOp::In;
      for (size_t i = 1; i < e->args.size(); ++i) {
        if (!e->args[i]->is_constant()) return nullptr;
        constants.push_back(&e->args[i]->value);
      }
    } else {
      return nullptr;
    }
    if (call->kind != ExprKind::Call || !call->kernel || call->unfused) return nullptr;
    const fn::FunctionSpec& base = *call->kernel->spec;
    const rt::KernelEntry* predicate = catalog_.find(std::string(base.kernel) + "__cmp");
    if (!predicate || predicate->spec->compared == nullptr) return nullptr;
    for (const Value* c : constants)
      if (!same_representation(call->type, *c)) return nullptr;
    if (base.result == fn::SqlType::String) {
      const int64_t bound = declared_bytes(*call);
      if (bound <= 0 || bound > fn::kPredicateStringBytes) return nullptr;
    }

    std::vector<fn::PredicateConstant> values;
    for (const Value* c : constants)
      values.push_back(base.result == fn::SqlType::Float64 ? fn::PredicateConstant::of(c->d)
                                                           : fn::PredicateConstant{static_cast<int64_t>(c->i), c->s});
    std::string operand = fn::encode_operand(base.result, values);
    auto fused = std::make_shared<Expr>(*call);
    fused->type = e->type;
    fused->kernel = predicate;
    fused->args.push_back(nullptr);
    fused->args.push_back(nullptr);
    fused->constants.resize(call->args.size());
    fused->constants.push_back(Value::int32(static_cast<int32_t>(op)));
    fused->constants.push_back(Value::string(std::move(operand)));
    fused->unfused = e;
    return fused;
  }

  const rt::Catalog& catalog_;
};

}  // namespace

PlanPtr fuse_predicates(PlanPtr plan, const rt::Catalog& catalog) {
  if (plan) Fuser(catalog).plan(*plan);
  return plan;
}

}  // namespace tessera::plan
