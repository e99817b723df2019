// EXPLAIN and EXPLAIN ANALYZE of a SELECT: the placed plan as it will run (each operator's device, the transfers),
// and under ANALYZE the plan run, with each operator's rows, time, morsels and passes beside the estimates.
#include <chrono>
#include <cstdio>
#include <map>

#include "database_impl.hpp"
#include "tessera/plan/explain.hpp"

namespace tessera::engine {

void Database::Impl::explain_select(const sql::SelectStatement& q, bool analyze, std::string& plan_text) {
  plan::BoundQuery b = plan_select(q);
  if (gpu_gaps) {  // Database::gpu_gaps: placement as on a machine with a GPU
    *gpu_gaps = physical::place(*b.plan, physical::Policy::Auto, physical::GpuAvailability{true, ""}).cpu_placements;
    return;
  }
  const physical::PhysicalPlan pp = place(*b.plan);
  const plan::PlacementNotes placement = notes(pp);
  const std::string header = device.engine().usable ? "" : "Operators on the CPU (" + device.engine().why_not + ")\n";
  if (!analyze) {
    plan_text = header + plan::explain(*b.plan, nullptr, function_label(), &placement);
    return;
  }
  // EXPLAIN ANALYZE: run it, then print each operator's rows and time beside the estimate.
  std::map<const plan::LogicalOp*, exec::OperatorStats> stats;
  exec::ExecContext ctx = new_context();
  ctx.stats = &stats;
  const auto t0 = std::chrono::steady_clock::now();
  run_plan(pp, *b.plan, ctx);
  std::map<const plan::LogicalOp*, plan::ActualStats> actual;
  for (const auto& [op, s] : stats)
    actual[op] = {s.rows,          s.ms,           s.morsels, s.passes, s.spilled_bytes, s.spilled_to_disk,
                  s.group_partitions, s.group_resplits};
  plan_text = plan::explain(*b.plan, [&](const plan::LogicalOp& op) -> const plan::ActualStats* {
    auto it = actual.find(&op);
    return it == actual.end() ? nullptr : &it->second;
  }, function_label(), &placement);
  plan_text = header + plan_text;
  char buf[64];
  std::snprintf(buf, sizeof buf, "Executed in %.1f ms\n", ms_since(t0));
  plan_text += buf;
}

}  // namespace tessera::engine
