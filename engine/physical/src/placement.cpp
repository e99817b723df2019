#include <cstdio>

#include "tessera/physical/physical_plan.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::physical {

using plan::OpKind;

const char* policy_name(Policy p) {
  switch (p) {
    case Policy::Auto: return "auto";
    case Policy::Cpu: return "cpu";
    case Policy::Cuda: return "cuda";
  }
  return "?";
}

std::string op_label(const plan::LogicalOp& op) {
  switch (op.kind) {
    case OpKind::Scan: return "Scan " + op.table->name();
    case OpKind::Filter: return "Filter";
    case OpKind::Project: return "Project";
    case OpKind::Join: return std::string("HashJoin ") + plan::join_type_name(op.join_type);
    case OpKind::Aggregate: return "HashAggregate";
    case OpKind::Sort: return "Sort";
    case OpKind::Limit: return "Limit";
    case OpKind::SingleRow: return "SingleRow";
    case OpKind::UnionAll: return "UnionAll";
    case OpKind::Window: return "Window";
    case OpKind::Fetch: return "Fetch " + op.table->name();
  }
  return "?";
}

namespace {

// Estimated bytes of an operator's output (EXPLAIN's transfer sizes).
double output_bytes(const plan::LogicalOp& op) {
  double width = 0;
  for (const auto& o : op.outputs) {
    const int w = fn::type_width(o.type.physical());
    width += w ? w : 12 + (o.type.length > 0 ? o.type.length : 16);  // strings: offset, length, bytes
  }
  return std::max(0.0, op.estimated_rows) * width;
}

struct Placer {
  Policy policy;
  const GpuAvailability& gpu;
  PhysicalPlan& plan;

  std::unique_ptr<PhysicalOp> visit(const plan::LogicalOp& op) {
    auto node = std::make_unique<PhysicalOp>();
    node->logical = &op;
    bool children_on_gpu = true;
    for (const auto& c : op.children) {
      node->children.push_back(visit(*c));
      children_on_gpu = children_on_gpu && node->children.back()->device == Device::Gpu;
    }
    std::string why;
    if (policy == Policy::Cpu) why = "--device cpu";
    else if (!gpu.usable) why = gpu.why_not;
    else if (std::string own = gpu_unsupported(op); !own.empty()) why = own;
    else if (!children_on_gpu) why = "an input runs on the CPU";
    if (why.empty()) {
      node->device = Device::Gpu;
    } else {
      node->device = Device::Cpu;
      node->cpu_reason = why;
      plan.cpu_placements.push_back(op_label(op) + ": " + why);
      if (policy == Policy::Cuda)
        throw PlacementError("--device cuda: " + op_label(op) + " cannot run on the GPU: " + why);
      // GPU children of a CPU operator come back through a transfer.
      for (auto& c : node->children)
        if (c->device == Device::Gpu) c = wrap(std::move(c));
    }
    plan.of[&op] = node.get();
    place_subqueries(op, node->device, node->cpu_reason);
    return node;
  }

  // A scalar subquery runs where the expression holding it is evaluated (the GPU evaluator runs its plan on
  // the GPU; the CPU one on the CPU): EXPLAIN shows its operators there.
  void place_subqueries(const plan::LogicalOp& op, Device device, const std::string& why) {
    std::vector<const plan::Expr*> stack;
    auto add = [&](const std::vector<plan::ExprPtr>& es) {
      for (const auto& e : es)
        if (e) stack.push_back(e.get());
    };
    add(op.predicates);
    add(op.exprs);
    add(op.groups);
    for (const auto& a : op.aggregates) {
      if (a.arg) stack.push_back(a.arg.get());
      if (a.folded) stack.push_back(a.folded.get());
    }
    for (const auto& k : op.sort_keys) stack.push_back(k.expr.get());
    while (!stack.empty()) {
      const plan::Expr* e = stack.back();
      stack.pop_back();
      if (e->kind == plan::ExprKind::Subquery) mark(*e->subplan, device, why);
      add(e->args);
    }
  }
  void mark(const plan::LogicalOp& sub, Device device, const std::string& why) {
    auto n = std::make_unique<PhysicalOp>();
    n->logical = &sub;
    n->device = device;
    n->cpu_reason = device == Device::Cpu ? "in the expression of a CPU operator (" + why + ")" : "";
    plan.of[&sub] = n.get();
    plan.subplan_ops.push_back(std::move(n));
    for (const auto& c : sub.children) mark(*c, device, why);
    place_subqueries(sub, device, why);
  }

  std::unique_ptr<PhysicalOp> wrap(std::unique_ptr<PhysicalOp> gpu_root) {
    auto t = std::make_unique<PhysicalOp>();
    t->logical = gpu_root->logical;
    t->to_host = true;
    t->device = Device::Cpu;
    t->transfer_bytes = output_bytes(*gpu_root->logical);
    plan.to_host[gpu_root->logical] = t.get();
    t->children.push_back(std::move(gpu_root));
    return t;
  }
};

}  // namespace

PhysicalPlan place(const plan::LogicalOp& root, Policy policy, const GpuAvailability& gpu) {
  PhysicalPlan p;
  Placer placer{policy, gpu, p};
  p.root = placer.visit(root);
  if (p.root->device == Device::Gpu) p.root = placer.wrap(std::move(p.root));  // the result comes to the host
  return p;
}

}  // namespace tessera::physical
