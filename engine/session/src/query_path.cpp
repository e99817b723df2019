// A SELECT's way through the session: bind (with the tables, views, file functions and constant folding),
// optimise (with the stored statistics), place on the devices, read ahead while the device comes up, execute.
#include <chrono>
#include <thread>

#include "database_impl.hpp"
#include "tessera/exec/executor.hpp"
#include "tessera/exec/morsels.hpp"
#include "tessera/exec/physical_executor.hpp"
#include "tessera/plan/binder.hpp"
#include "tessera/plan/fuse_predicates.hpp"
#include "tessera/plan/optimizer.hpp"
#include "tessera/runtime/host_memory.hpp"
#include "tessera/storage/column_stats.hpp"
#ifdef TESSERA_HAVE_GPU_ENGINE
#include "tessera/exec/gpu/gpu_context.hpp"
#endif

namespace tessera::engine {

physical::Policy Database::Impl::policy() const {
  switch (opts.functions) {
    case FunctionDevice::Cpu: return physical::Policy::Cpu;
    case FunctionDevice::Cuda: return physical::Policy::Cuda;
    default: return physical::Policy::Auto;
  }
}

physical::PhysicalPlan Database::Impl::place(const plan::LogicalOp& root) {
  try {
    return physical::place(root, policy(), device.engine());
  } catch (const physical::PlacementError& e) {
    throw Error(e.what());
  }
}

// Runs a placed plan; GPU subtrees on the GPU engine.
exec::Batch Database::Impl::run_plan(const physical::PhysicalPlan& pp, const plan::LogicalOp& root, exec::ExecContext& ctx,
                                     int64_t* peak) {
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (!pp.to_host.empty()) {
    exec::gpu::GpuContext g;
    g.kernels = device.kernels();
    g.pool = device.pool();
    g.stream = device.stream();
    g.cache = device.cache();
    g.session = ctx.session;
    g.stats = ctx.stats;
    g.stop = ctx.stop;
    stop_device.store(g.kernels);
    g.morsel_rows = ctx.morsel_rows;
    g.spill = ctx.spill;
    g.host_threads = ctx.threads;
    if (opts.gpu_strided_output_bytes > 0) g.strided_output_bytes = opts.gpu_strided_output_bytes;
    g.pool->reset_peak();
    const int64_t base = g.pool->in_use();
    exec::Batch b = exec::execute_physical(pp, root, ctx, &g);
    if (peak) *peak = g.pool->peak() - base;
    return b;
  }
#endif
  (void)peak;
  return exec::execute_physical(pp, root, ctx, nullptr);
}

plan::PlacementNotes Database::Impl::notes(const physical::PhysicalPlan& pp) const {
  plan::PlacementNotes n;
  const std::string why_global = device.engine().usable ? "" : device.engine().why_not;
  n.device = [&pp, why_global](const plan::LogicalOp& op) -> std::string {
    auto it = pp.of.find(&op);
    if (it == pp.of.end()) return "CPU";
    if (it->second->device == physical::Device::Gpu) return "GPU";
    // A reason that holds for the whole database (no GPU, --device cpu) is said once, above the plan.
    return it->second->cpu_reason == why_global ? "CPU" : "CPU: " + it->second->cpu_reason;
  };
  n.transfer_above = [&pp](const plan::LogicalOp& op) -> std::string {
    auto it = pp.to_host.find(&op);
    if (it == pp.to_host.end()) return "";
    char buf[96];
    std::snprintf(buf, sizeof buf, "ToHost ~%.1f MB (GPU -> CPU)", it->second->transfer_bytes / 1e6);
    return buf;
  };
  return n;
}

// The session the functions see: SQL Server's us_english defaults, with the database's collation, the
// same the engine's own comparisons, grouping and joins use (so LIKE agrees with =).
exec::ExecContext Database::Impl::new_context(bool with_device) const {
  exec::ExecContext ctx;
  ctx.threads = threads();
  ctx.session.collation = opts.case_insensitive ? uint32_t(fn::kCaseInsensitive) : 0u;
  ctx.gpu = with_device ? device.kernels() : nullptr;
  if (ctx.gpu) stop_device.store(ctx.gpu);
  ctx.stop = &stop;
  ctx.morsel_rows = opts.morsel_rows;
  ctx.memory_budget = host_memory_budget();
  ctx.spill.mode = opts.spill == SpillMode::Always  ? exec::SpillMode::Always
                   : opts.spill == SpillMode::Never ? exec::SpillMode::Never
                                                    : exec::SpillMode::Auto;
  ctx.spill.memory_bytes = opts.spill_memory_bytes > 0 ? opts.spill_memory_bytes : ctx.memory_budget;
  ctx.spill.directory = opts.spill_directory;
  return ctx;
}

int64_t Database::Impl::host_memory_budget() const {
  if (opts.host_memory_bytes > 0) return opts.host_memory_bytes;
  return rt::usable_host_memory() / 2;  // a container's limit, not the machine's memory, where it is lower
}

// Distinct non-NULL values of a column, for join ordering: from the statistics stored with a database's
// table (planning reads no column), else one HyperLogLog pass over the column, kept until its rows change.
double Database::Impl::distinct_values(const storage::Table* t, size_t col) {
  if (const storage::ColumnStats* stored = t->stored_stats(col)) return stored->distinct_values();
  std::lock_guard<std::mutex> lock(stats_mutex);
  auto key = std::make_pair(t, col);
  if (auto it = distinct.find(key); it != distinct.end()) return it->second;
  const rt::Column& c = t->column(col);
  return distinct[key] = storage::ColumnStats::of(c, 0, c.rows).distinct_values();
}

plan::BindEnv Database::Impl::bind_env() {
  plan::BindEnv env;
  env.find_table = [this](std::string_view n) -> const storage::Table* {
    auto it = tables.find(lower(n));
    return it == tables.end() ? nullptr : it->second.get();
  };
  env.find_view = [this](std::string_view n) -> const plan::ViewDef* {
    auto it = views.find(lower(n));
    return it == views.end() ? nullptr : &it->second;
  };
  env.kernels = catalog.get();
  env.case_insensitive = opts.case_insensitive;
  env.instant = instant;
  env.warn = [this](std::string m) { statement_messages.push_back(std::move(m)); };
  env.table_function = [this](const std::string& n, const std::vector<plan::TableFunctionArg>& a,
                              sql::SourceLocation loc) { return table_function(n, a, loc); };
  env.fold = [this](const plan::ExprPtr& e) {
    // Constant folding evaluates one row while planning: on the CPU (the plan then holds a constant,
    // not a function call, so there is nothing left to place).
    exec::ExecContext ctx = new_context(false);
    ctx.threads = 1;
    return exec::evaluate_constant(*e, ctx);
  };
  return env;
}

plan::BoundQuery Database::Impl::plan_select(const sql::SelectStatement& q) {
  plan::BoundQuery b = plan::bind_query(q, bind_env());
  plan::OptimizerEnv oenv;
  oenv.distinct_values = [this](const storage::Table* t, size_t c) { return distinct_values(t, c); };
  b.plan = plan::optimize(b.plan, oenv);
  if (opts.fuse_predicates && catalog) b.plan = plan::fuse_predicates(b.plan, *catalog);
  return b;
}

// While the device is still coming up, the columns the plan scans are read from disk (as stored), so the read
// and the device's start overlap; at most about `budget` bytes (8 bytes a row counted), so a huge scan does not
// hold all its columns at once. Subquery plans inside expressions are left to their first use.
void Database::Impl::prefetch_scans(const plan::LogicalOp& op, int64_t& budget) {
  // A scan that will stream (exec/morsels.hpp) reads its chunks morsel by morsel instead: under an aggregation,
  // or under a filter, projection or join (exec/stream_driver.hpp).
  const bool chain = op.kind == plan::OpKind::Scan || op.kind == plan::OpKind::Filter ||
                     op.kind == plan::OpKind::Project || op.kind == plan::OpKind::Join;
  if (chain || op.kind == plan::OpKind::Aggregate)
    if (const plan::LogicalOp* scan = exec::stream_path(chain ? op : *op.child()).scan)
      if (exec::streams(exec::plan_morsels(*scan, opts.morsel_rows, host_memory_budget()), *scan)) return;
  if (op.kind == plan::OpKind::Scan && op.table)
    for (size_t i : plan::scanned_columns(op)) {
      if (!op.table->unread_column_source(i)) continue;
      if ((budget -= op.table->num_rows() * 8) < 0) return;
      op.table->prefetch(i);
    }
  for (const plan::PlanPtr& c : op.children) prefetch_scans(*c, budget);
}

QueryResult Database::Impl::run_select(const sql::SelectStatement& q) {
  QueryResult r;
  const auto t0 = std::chrono::steady_clock::now();
  plan::BoundQuery b = plan_select(q);
  r.timing.plan_ms = ms_since(t0);
  if (device.pending()) {
    const auto tp = std::chrono::steady_clock::now();
    int64_t budget = int64_t{8} << 30;
    prefetch_scans(*b.plan, budget);
    r.timing.prefetch_ms = ms_since(tp);
  }
  const auto t1 = std::chrono::steady_clock::now();
  const physical::PhysicalPlan pp = place(*b.plan);
  exec::ExecContext ctx = new_context();
  exec::Batch batch = run_plan(pp, *b.plan, ctx, &r.gpu_peak_bytes);
  r.timing.execute_ms = ms_since(t1);
  r.cpu_placements = pp.cpu_placements;
  r.gpu_operators = static_cast<int>(pp.of.size() - pp.cpu_placements.size());
  r.rows = batch.rows;
  for (size_t i = 0; i < b.plan->outputs.size(); ++i) {
    r.names.push_back(b.plan->outputs[i].name);
    r.types.push_back(b.plan->outputs[i].type);
    const exec::ColumnPtr& c = batch.column(b.plan->outputs[i].id);
    r.columns.push_back(*c);
  }
  r.ordered = b.ordered;
  r.order_by = b.order_by;
  return r;
}

}  // namespace tessera::engine
