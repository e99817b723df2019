// Database: tables, views and the kernel catalog; runs scripts statement by statement through
// parser -> binder -> optimizer -> executor.
#include "tessera/engine/database.hpp"

#include <unistd.h>

#include <atomic>
#include <new>
#include <optional>
#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <thread>
#include <utility>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "tessera/exec/column_ops.hpp"

#include "tessera/exec/executor.hpp"
#include "tessera/exec/morsels.hpp"
#include "tessera/exec/physical_executor.hpp"
#include "tessera/physical/physical_plan.hpp"
#ifdef TESSERA_HAVE_GPU_ENGINE
#include <cuda_runtime.h>

#include "tessera/exec/gpu/gpu_column_cache.hpp"
#include "tessera/exec/gpu/gpu_context.hpp"
#include "tessera/runtime/cuda_pool.hpp"
#endif
#include "tessera/plan/binder.hpp"
#include "tessera/plan/explain.hpp"
#include "tessera/plan/fuse_predicates.hpp"
#include "tessera/plan/optimizer.hpp"
#include "tessera/plan/type_rules.hpp"
#include "tessera/sql/printer.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/memory_resource.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/sql/parser.hpp"
#include "device_session.hpp"
#include "statement_watch.hpp"
#include "tessera/runtime/host_memory.hpp"
#include "table_statements.hpp"
#include "tessera/storage/column_stats.hpp"
#include "tessera/storage/database_dir.hpp"

#ifndef TESSERA_DEFAULT_CATALOG
#define TESSERA_DEFAULT_CATALOG "build/catalog"
#endif

namespace tessera::engine {

namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

// "EXPLAIN [ANALYZE] <rest>": returns the text with those words blanked (so positions in messages are the
// statement's own), and whether ANALYZE; nullopt when it does not start with EXPLAIN.
std::optional<std::string> strip_explain(std::string_view sql, bool& analyze) {
  auto word = [&](size_t& i, std::string_view w) {
    while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i]))) ++i;
    if (sql.size() - i <= w.size() || lower(sql.substr(i, w.size())) != w ||
        !std::isspace(static_cast<unsigned char>(sql[i + w.size()])))
      return false;
    i += w.size();
    return true;
  };
  size_t i = 0;
  if (!word(i, "explain")) return std::nullopt;
  size_t j = i;
  analyze = word(j, "analyze");
  std::string rest(sql);
  for (size_t k = 0; k < (analyze ? j : i); ++k)
    if (rest[k] != '\n') rest[k] = ' ';
  return rest;
}

// Byte offset of a line:column (columns count code points) in `text`.
size_t byte_offset(std::string_view text, sql::SourceLocation loc) {
  size_t i = 0;
  for (int line = 1; line < loc.line && i < text.size(); ++i)
    if (text[i] == '\n') ++line;
  for (int col = 1; col < loc.column && i < text.size(); ++col) {
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

// The source text of statement i of the script: from its first token to the next statement's (or the
// end), without the separating ';' and trailing blanks.
std::string statement_text(std::string_view sql, const sql::Script& script, size_t i) {
  const size_t begin = byte_offset(sql, script.statements[i]->loc);
  const size_t end = i + 1 < script.statements.size() ? byte_offset(sql, script.statements[i + 1]->loc) : sql.size();
  std::string_view t = sql.substr(begin, end > begin ? end - begin : 0);
  while (!t.empty() && (std::isspace(static_cast<unsigned char>(t.back())) || t.back() == ';')) t.remove_suffix(1);
  return std::string(t);
}

}  // namespace

struct Database::Impl {
  Options opts;
  std::unique_ptr<rt::Catalog> catalog;
  // Stopping the running statement (statement_watch.hpp): requested by cancel() or the time limit; the device
  // whose user modules' flags the watch sets (the main thread records it where it uses the device).
  rt::StatementStop stop;
  mutable std::atomic<rt::CudaDevice*> stop_device{nullptr};
  int guard_depth = 0;
  DeviceSession device;  // after the catalog, which its bring-up thread reads
  std::map<std::string, std::unique_ptr<storage::Table>> tables;  // by lower-case name
  std::map<std::string, plan::ViewDef> views;
  std::map<std::string, std::string> view_sql;  // CREATE VIEW text, by lower-case name (for the database on disk)
  std::vector<std::string> statement_messages;  // warnings of the statement being run (QueryResult::messages)
  std::map<std::string, std::string> function_sql;  // CREATE FUNCTION text (absolute catalog path), by lower-case name
  std::unique_ptr<storage::DatabaseDir> disk;   // Options::database_path
  Database::OpenTiming open_timing;

  bool restoring = false;                       // loading the database: views are not bound, nothing is saved
  std::vector<std::string> warnings;             // of opening the database
  std::vector<std::unique_ptr<storage::Table>> file_tables;  // read_csv(...) in FROM: live for one statement

  // read_csv('f', header = true, delim = ';', skip = 2, all_varchar = true) / read_parquet('f') in FROM.
  const storage::Table* table_function(const std::string& name, const std::vector<std::pair<std::string, std::string>>& args,
                                       sql::SourceLocation loc) {
    if (name != "read_csv" && name != "read_csv_auto" && name != "read_parquet") return nullptr;
    if (!opts.file_reader)
      throw plan::BindError(loc, name + "(...) reads files through DuckDB, which this program was built without");
    FileRead fr;
    fr.format = name == "read_parquet" ? "parquet" : "csv";
    std::string path;
    auto flag = [&](const std::string& arg, const std::string& v) {
      if (v == "true" || v == "1") return true;
      if (v == "false" || v == "0") return false;
      throw plan::BindError(loc, name + ": " + arg + " must be true or false, not '" + v + "'");
    };
    for (const auto& [arg, value] : args) {
      if (arg.empty()) {
        if (!path.empty()) throw plan::BindError(loc, name + " takes one file name (then name = value options)");
        path = value;
      } else if (fr.format == "csv" && arg == "header") {
        fr.header = flag(arg, value) ? 1 : 0;
      } else if (fr.format == "csv" && (arg == "delim" || arg == "sep" || arg == "delimiter")) {
        fr.delimiter = value;
      } else if (fr.format == "csv" && arg == "skip") {
        fr.skip_rows = std::stoll(value);
      } else if (fr.format == "csv" && arg == "all_varchar") {
        fr.all_varchar = flag(arg, value);
      } else {
        throw plan::BindError(loc, name + ": unknown option '" + arg + "'" +
                                       (fr.format == "csv" ? " (header, delim, skip, all_varchar)" : ""));
      }
    }
    if (path.empty()) throw plan::BindError(loc, name + " needs a file name: " + name + "('data.csv')");
    try {
      file_tables.push_back(std::make_unique<storage::Table>(opts.file_reader(path, path, fr)));
    } catch (const plan::BindError&) {
      throw;
    } catch (const std::exception& e) {
      throw plan::BindError(loc, name + ": " + e.what());
    }
    return file_tables.back().get();
  }

  // The tables read_csv(...) made for a statement, once it is done.
  void forget_file_tables() {
    for (const auto& t : file_tables) forget_rows(t.get());
    file_tables.clear();
  }
  std::mutex stats_mutex;
  std::map<std::pair<const storage::Table*, size_t>, double> distinct;
  std::vector<std::string>* gpu_gaps = nullptr;  // set while Database::gpu_gaps plans

  physical::Policy policy() const {
    switch (opts.functions) {
      case FunctionDevice::Cpu: return physical::Policy::Cpu;
      case FunctionDevice::Cuda: return physical::Policy::Cuda;
      default: return physical::Policy::Auto;
    }
  }

  physical::PhysicalPlan place(const plan::LogicalOp& root) {
    try {
      return physical::place(root, policy(), device.engine());
    } catch (const physical::PlacementError& e) {
      throw Error(e.what());
    }
  }

  // Runs a placed plan; GPU subtrees on the GPU engine.
  exec::Batch run_plan(const physical::PhysicalPlan& pp, const plan::LogicalOp& root, exec::ExecContext& ctx,
                       int64_t* peak = nullptr) {
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

  plan::PlacementNotes notes(const physical::PhysicalPlan& pp) const {
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

  // EXPLAIN's word for where the catalog's kernels run.
  const char* function_label() const { return device.kernels() ? "GPU" : "CPU"; }

  int threads() const {
    return opts.threads > 0 ? opts.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  }

  // The session the functions see: SQL Server's us_english defaults, with the database's collation, the
  // same the engine's own comparisons, grouping and joins use (so LIKE agrees with =).
  exec::ExecContext new_context(bool with_device = true) const {
    exec::ExecContext ctx;
    ctx.threads = threads();
    ctx.session.collation = opts.case_insensitive ? uint32_t(fn::kCaseInsensitive) : 0u;
    ctx.gpu = with_device ? device.kernels() : nullptr;
    if (ctx.gpu) stop_device.store(ctx.gpu);
    ctx.stop = &stop;
    ctx.morsel_rows = opts.morsel_rows;
    ctx.memory_budget = host_memory_budget();
    return ctx;
  }

  int64_t host_memory_budget() const {
    if (opts.host_memory_bytes > 0) return opts.host_memory_bytes;
    return rt::usable_host_memory() / 2;  // a container's limit, not the machine's memory, where it is lower
  }

  // Distinct non-NULL values of a column, for join ordering: from the statistics stored with a database's
  // table (planning reads no column), else one HyperLogLog pass over the column, kept until its rows change.
  double distinct_values(const storage::Table* t, size_t col) {
    if (const storage::ColumnStats* stored = t->stored_stats(col)) return stored->distinct_values();
    std::lock_guard<std::mutex> lock(stats_mutex);
    auto key = std::make_pair(t, col);
    if (auto it = distinct.find(key); it != distinct.end()) return it->second;
    const rt::Column& c = t->column(col);
    return distinct[key] = storage::ColumnStats::of(c, 0, c.rows).distinct_values();
  }

  plan::BindEnv bind_env() {
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
    env.warn = [this](std::string m) { statement_messages.push_back(std::move(m)); };
    env.table_function = [this](const std::string& n, const std::vector<std::pair<std::string, std::string>>& a,
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

  plan::BoundQuery plan_select(const sql::SelectStatement& q) {
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
  void prefetch_scans(const plan::LogicalOp& op, int64_t& budget) {
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

  QueryResult run_select(const sql::SelectStatement& q) {
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

  void create_view(const sql::CreateViewStmt& v, const std::shared_ptr<const sql::Script>& owner) {
    const std::string name = lower(v.name.back().name);
    if (views.count(name) || tables.count(name))
      throw Error(sql::to_string(v.loc) + ": there is already an object named '" + v.name.back().name + "'");
    plan::ViewDef def;
    def.name = name;
    for (const auto& c : v.columns) def.columns.push_back(lower(c.name));
    def.owner = owner;
    def.query = v.query.get();
    // Bind once now, so a broken view is refused at CREATE VIEW rather than at its first use (a stored
    // view is not: what it uses may have been dropped since, as SQL Server allows).
    views[name] = def;
    if (restoring) return;
    try {
      plan::BoundQuery b = plan::bind_query(*v.query, bind_env());
      if (!def.columns.empty() && def.columns.size() != b.plan->outputs.size())
        throw plan::BindError(v.loc, "view '" + name + "' names " + std::to_string(def.columns.size()) +
                                         " columns but its query returns " + std::to_string(b.plan->outputs.size()));
    } catch (...) {
      views.erase(name);
      throw;
    }
  }

  // Opens (or creates) Options::database_path and loads its tables and views.
  void open_database() {
    try {
      disk = storage::DatabaseDir::open(opts.database_path);
      if (opts.database_chunk_rows > 0) disk->set_chunk_rows(opts.database_chunk_rows);
      restoring = true;
      for (storage::Table& t : disk->open_tables(threads())) add_table(std::move(t));  // columns read on first use
      for (const storage::StoredFunction& f : disk->functions()) {
        // A function whose catalog is gone does not keep the database closed: it stays stored, unusable,
        // with a warning (CREATE it again, or DROP FUNCTION it).
        try {
          run(f.sql, false, nullptr);
        } catch (const std::exception& e) {
          function_sql[lower(f.name)] = f.sql;
          warnings.push_back("function " + f.name + " is not available: " + e.what());
        }
      }
      for (const storage::StoredView& v : disk->views()) {
        run(v.sql, false, nullptr);
        view_sql[lower(v.name)] = v.sql;
      }
      restoring = false;
    } catch (const std::exception& e) {
      restoring = false;
      throw Error("cannot open the database '" + opts.database_path + "': " + e.what());
    }
  }

  // Forgets what was computed from a table's rows: distinct-value estimates and GPU-resident columns.
  void forget_rows(const storage::Table* t) {
    std::lock_guard<std::mutex> lock(stats_mutex);
    for (auto s = distinct.begin(); s != distinct.end();) s = s->first.first == t ? distinct.erase(s) : std::next(s);
#ifdef TESSERA_HAVE_GPU_ENGINE
    if (auto* cache = device.cache()) cache->forget(t);
#endif
  }

  void add_table(storage::Table t) {
    const std::string name = lower(t.name());
    if (auto it = tables.find(name); it != tables.end()) forget_rows(it->second.get());
    tables[name] = std::make_unique<storage::Table>(std::move(t));
  }

  bool drop_table(std::string_view n) {
    auto it = tables.find(lower(n));
    if (it == tables.end()) return false;
    forget_rows(it->second.get());
    tables.erase(it);
    return true;
  }

  detail::TableStore table_store() {
    detail::TableStore s;
    s.find_table = [this](std::string_view n) -> storage::Table* {
      auto it = tables.find(lower(n));
      return it == tables.end() ? nullptr : it->second.get();
    };
    s.is_view = [this](std::string_view n) { return views.count(lower(n)) > 0; };
    s.add_table = [this](storage::Table t) { add_table(std::move(t)); };
    s.drop_table = [this](std::string_view n) { drop_table(n); };
    s.rows_changed = [this](const storage::Table& t) { forget_rows(&t); };
    s.run_select = [this](const sql::SelectStatement& q) { return run_select(q); };
    s.read_file = [this](const std::string& name, const std::string& path, const FileRead& fr) {
      if (!opts.file_reader) throw Error("BULK INSERT reads files through DuckDB, which this program was built without");
      return opts.file_reader(name, path, fr);
    };
    s.threads = threads();
    return s;
  }

  int64_t run_table_statement(sql::Statement& st) {
    detail::TableStore store = table_store();
    switch (st.kind) {
      case sql::StatementKind::CreateTable: return detail::create_table(st.as<sql::CreateTableStmt>(), store);
      case sql::StatementKind::DropTable: return detail::drop_table(st.as<sql::DropTableStmt>(), store);
      case sql::StatementKind::TruncateTable: return detail::truncate_table(st.as<sql::TruncateTableStmt>(), store);
      case sql::StatementKind::Insert: return detail::insert(st.as<sql::InsertStmt>(), store);
      case sql::StatementKind::BulkInsert: return detail::bulk_insert(st.as<sql::BulkInsertStmt>(), store);
      default: throw Error("internal error: not a table statement");
    }
  }

  // ---- the database on disk: each change is saved when its statement succeeded ----
  template <typename F>
  void save(F&& stage) {
    if (!disk || restoring) return;
    try {
      stage(*disk);
      disk->commit();
    } catch (const std::exception& e) {
      disk->rollback();
      throw Error(std::string("the change was made in memory but could not be saved to the database '") +
                  disk->path() + "': " + e.what());
    }
  }
  void save_table(const std::string& name) {
    save([&](storage::DatabaseDir& d) {
      if (auto it = tables.find(lower(name)); it != tables.end()) d.put_table(*it->second, threads());
      else d.drop_table(name);
    });
  }
  void save_views() {
    save([&](storage::DatabaseDir& d) {
      std::vector<storage::StoredView> v;
      for (const auto& [name, sql] : view_sql) v.push_back({name, sql});
      d.set_views(std::move(v));
    });
  }
  void save_functions() {
    save([&](storage::DatabaseDir& d) {
      std::vector<storage::StoredFunction> f;
      for (const auto& [name, sql] : function_sql) f.push_back({name, sql});
      d.set_functions(std::move(f));
    });
  }

  // CREATE FUNCTION name (@p type, ...) RETURNS type AS EXTERNAL NAME [catalog].[symbol]: the function of a
  // tessera-cc --udf-spec catalog, checked against the declared signature, added to the catalog.
  void create_function(const sql::CreateFunctionStmt& f) {
    device.ready();  // the bring-up thread reads the catalog this changes
    const std::string name = f.name.back().name;
    const std::string where = sql::to_string(f.loc) + ": ";
    const std::string symbol = f.external[1].name;
    std::error_code ec;
    std::filesystem::path dir = std::filesystem::absolute(f.external[0].name, ec);
    std::string error;
    std::unique_ptr<rt::Catalog> other = rt::Catalog::load(dir.string(), error);
    if (!other) throw Error(sql::to_string(f.external[0].loc) + ": cannot load the function catalog '" + dir.string() + "': " + error);
    const std::string kernel = other->find_function(symbol, error);
    if (kernel.empty()) throw Error(sql::to_string(f.external[1].loc) + ": " + error);
    const fn::FunctionSpec* spec = other->find(kernel)->spec;
    auto text = [](fn::SqlType t) { return std::string(fn::type_name(t)); };
    if (spec->args.size() != f.params.size())
      throw Error(where + "function " + name + " declares " + std::to_string(f.params.size()) + " parameters but the C++ function " +
                  symbol + " takes " + std::to_string(spec->args.size()));
    for (size_t i = 0; i < f.params.size(); ++i) {
      const fn::SqlType declared = plan::storage_type_of(f.params[i].type).physical();
      if (declared != spec->args[i].type)
        throw Error(sql::to_string(f.params[i].name.loc) + ": parameter " + f.params[i].name.name + " is " +
                    sql::to_sexpr(f.params[i].type) + " but argument " + std::to_string(i + 1) + " of " + symbol +
                    " is " + text(spec->args[i].type));
    }
    if (plan::storage_type_of(f.returns).physical() != spec->result)
      throw Error(sql::to_string(f.returns.loc) + ": function " + name + " RETURNS " + sql::to_sexpr(f.returns) +
                  " but " + symbol + " returns " + text(spec->result));
    if (!catalog->merge_function(std::move(other), symbol, name, error)) throw Error(where + error);
    if (device.kernels() && !device.kernels()->load_new_modules(*catalog, error)) {
      catalog->remove_function(name);
      throw Error(where + "cannot load the GPU code of " + name + ": " + error);
    }
    // Stored with the catalog's absolute path, so the database opens from any directory.
    std::string sql = "CREATE FUNCTION [" + name + "](";
    for (size_t i = 0; i < f.params.size(); ++i)
      sql += (i ? ", " : "") + f.params[i].name.name + " " + sql::to_sexpr(f.params[i].type);
    auto quoted = [](const std::string& s) {
      std::string q = "[";
      for (char c : s) q += c == ']' ? std::string("]]") : std::string(1, c);
      return q + "]";
    };
    sql += ") RETURNS " + sql::to_sexpr(f.returns) + " AS EXTERNAL NAME " + quoted(dir.string()) + "." + quoted(symbol);
    function_sql[lower(name)] = sql;
    save_functions();
  }

  void drop_function(const sql::DropFunctionStmt& d) {
    device.ready();  // the bring-up thread reads the catalog this changes
    const std::string name = d.name.back().name;
    if (!function_sql.count(lower(name))) {
      if (d.if_exists) return;
      throw Error(sql::to_string(d.loc) + ": Msg 3701: Cannot drop the function '" + name +
                  "', because it does not exist (only functions made with CREATE FUNCTION can be dropped)");
    }
    catalog->remove_function(name);
    function_sql.erase(lower(name));
    save_functions();
  }

  void save_after(const sql::Statement& st, int64_t rows_before) {
    if (!disk || restoring) return;
    auto name_of = [](const std::vector<sql::Identifier>& n) { return n.back().name; };
    switch (st.kind) {
      case sql::StatementKind::CreateTable: save_table(name_of(st.as<sql::CreateTableStmt>().name)); break;
      case sql::StatementKind::DropTable: save_table(name_of(st.as<sql::DropTableStmt>().name)); break;
      case sql::StatementKind::TruncateTable: save_table(name_of(st.as<sql::TruncateTableStmt>().name)); break;
      case sql::StatementKind::BulkInsert:
      case sql::StatementKind::Insert: {
        const std::string name = name_of(st.kind == sql::StatementKind::Insert ? st.as<sql::InsertStmt>().name
                                                                               : st.as<sql::BulkInsertStmt>().name);
        auto it = tables.find(lower(name));
        if (it == tables.end()) break;
        save([&](storage::DatabaseDir& d) { d.append_rows(*it->second, rows_before, threads()); });
        break;
      }
      default: break;
    }
  }

  QueryResult run(std::string_view sql, bool explain_only, std::string* plan_text, bool analyze = false) {
    const auto t0 = std::chrono::steady_clock::now();
    sql::Script parsed = sql::parse_script(sql);
    auto owner = std::make_shared<sql::Script>(std::move(parsed));
    const double parse_ms = ms_since(t0);
    QueryResult last;
    struct ForgetFiles {
      Impl& impl;
      ~ForgetFiles() { impl.forget_file_tables(); }
    } forget_files{*this};
    // EXPLAIN changes nothing: a script's CREATE/DROP VIEW apply while its SELECTs are planned (TPC-H Q15 plans
    // over its view), then the views are as before, and nothing is saved.
    struct RestoreViews {
      Impl& impl;
      bool active;
      decltype(Impl::views) views;
      decltype(Impl::view_sql) view_sql;
      ~RestoreViews() {
        if (!active) return;
        impl.views = std::move(views);
        impl.view_sql = std::move(view_sql);
      }
    } restore_views{*this, explain_only, explain_only ? views : decltype(views){},
                    explain_only ? view_sql : decltype(view_sql){}};
    for (size_t i = 0; i < owner->statements.size(); ++i) {
      const auto& st = owner->statements[i];
      forget_file_tables();
      statement_messages.clear();
      struct AttachMessages {  // the statement's warnings go with its result, however it ends
        Impl& impl;
        QueryResult& last;
        ~AttachMessages() {
          for (std::string& m : impl.statement_messages) last.messages.push_back(std::move(m));
          impl.statement_messages.clear();
        }
      } attach{*this, last};
      switch (st->kind) {
        case sql::StatementKind::Select: {
          const auto& q = *st->as<sql::SelectStmt>().query;
          if (explain_only) {
            plan::BoundQuery b = plan_select(q);
            if (gpu_gaps) {  // Database::gpu_gaps: placement as on a machine with a GPU
              *gpu_gaps = physical::place(*b.plan, physical::Policy::Auto, physical::GpuAvailability{true, ""}).cpu_placements;
              break;
            }
            const physical::PhysicalPlan pp = place(*b.plan);
            const plan::PlacementNotes placement = notes(pp);
            const std::string header = device.engine().usable ? "" : "Operators on the CPU (" + device.engine().why_not + ")\n";
            if (!analyze) {
              *plan_text = header + plan::explain(*b.plan, nullptr, function_label(), &placement);
              break;
            }
            // EXPLAIN ANALYZE: run it, then print each operator's rows and time beside the estimate.
            std::map<const plan::LogicalOp*, exec::OperatorStats> stats;
            exec::ExecContext ctx = new_context();
            ctx.stats = &stats;
            const auto t0 = std::chrono::steady_clock::now();
            run_plan(pp, *b.plan, ctx);
            std::map<const plan::LogicalOp*, plan::ActualStats> actual;
            for (const auto& [op, s] : stats) actual[op] = {s.rows, s.ms, s.morsels, s.passes};
            *plan_text = plan::explain(*b.plan, [&](const plan::LogicalOp& op) -> const plan::ActualStats* {
              auto it = actual.find(&op);
              return it == actual.end() ? nullptr : &it->second;
            }, function_label(), &placement);
            *plan_text = header + *plan_text;
            char buf[64];
            std::snprintf(buf, sizeof buf, "Executed in %.1f ms\n", ms_since(t0));
            *plan_text += buf;
          } else if (!q.into.empty()) {
            last = QueryResult{};
            detail::TableStore store = table_store();
            const std::string into = q.into.back().name;
            last.rows_affected = detail::select_into(*st->as<sql::SelectStmt>().query, store);
            save_table(into);
          } else {
            last = run_select(q);
          }
          break;
        }
        case sql::StatementKind::CreateTable:
        case sql::StatementKind::DropTable:
        case sql::StatementKind::TruncateTable:
        case sql::StatementKind::BulkInsert:
        case sql::StatementKind::Insert: {
          if (explain_only)
            throw Error(sql::to_string(st->loc) + ": EXPLAIN shows the plan of a SELECT; this script also creates, "
                        "fills or drops tables (run those statements first, then EXPLAIN the SELECT)");
          last = QueryResult{};
          int64_t rows_before = 0;
          const std::vector<sql::Identifier>* target =
              st->kind == sql::StatementKind::Insert ? &st->as<sql::InsertStmt>().name
              : st->kind == sql::StatementKind::BulkInsert ? &st->as<sql::BulkInsertStmt>().name : nullptr;
          if (target)
            if (auto it = tables.find(lower(target->back().name)); it != tables.end()) rows_before = it->second->num_rows();
          last.rows_affected = run_table_statement(*st);
          save_after(*st, rows_before);
          break;
        }
        case sql::StatementKind::CreateFunction:
        case sql::StatementKind::DropFunction:
          if (explain_only)
            throw Error(sql::to_string(st->loc) + ": EXPLAIN shows the plan of a SELECT; run CREATE/DROP FUNCTION first");
          if (st->kind == sql::StatementKind::CreateFunction) create_function(st->as<sql::CreateFunctionStmt>());
          else drop_function(st->as<sql::DropFunctionStmt>());
          break;
        case sql::StatementKind::CreateView: {
          const auto& v = st->as<sql::CreateViewStmt>();
          create_view(v, owner);
          view_sql[lower(v.name.back().name)] = statement_text(sql, *owner, i);
          if (!explain_only) save_views();
          break;
        }
        case sql::StatementKind::DropView: {
          const auto& d = st->as<sql::DropViewStmt>();
          const std::string name = lower(d.name.back().name);
          if (!views.erase(name) && !d.if_exists)
            throw Error(sql::to_string(d.loc) + ": cannot drop the view '" + d.name.back().name +
                        "', because it does not exist");
          if (view_sql.erase(name) && !explain_only) save_views();
          break;
        }
      }
    }
    last.timing.parse_ms = parse_ms;
    return last;
  }

  // Sets the cancellation flags of the user code the statement may be running (on the watch's thread).
  void set_cancel_flags(bool on) {
    catalog->set_cancel_flags(on);
    if (rt::CudaDevice* d = stop_device.load()) {
      std::string error;  // nothing more can be done from the watch's thread: the engine's own checks still stop it
      d->set_cancel_flags(on, error);
    }
  }

  // Runs a statement under its watch (time limit, cancel()), with every failure an Error.
  template <typename F>
  auto guarded(F&& f) {
    std::optional<StatementWatch> watch;
    if (guard_depth == 0) watch.emplace(stop, opts.statement_timeout_ms, [this](bool on) { set_cancel_flags(on); });
    ++guard_depth;
    struct Leave {
      int& depth;
      ~Leave() { --depth; }
    } leave{guard_depth};
    try {
      return f();
    } catch (const Error&) {
      throw;
    } catch (const sql::ParseError& e) {
      throw Error(sql::to_string(e.location()) + ": " + e.message());
    } catch (const rt::OutOfDeviceMemory& e) {  // before bad_alloc, which it derives from
      throw Error(std::string("out of GPU memory: ") + e.what() +
                  " (the statement's intermediate results were freed; tables and views are unchanged)");
    } catch (const std::bad_alloc&) {
      throw Error("out of memory: the statement needs more host memory than this machine can give it "
                  "(its intermediate results were freed; tables and views are unchanged)");
    } catch (const std::exception& e) {
      throw Error(e.what());
    }
  }
};

Database::Database(Options opts) : impl_(std::make_unique<Impl>()) {
  impl_->opts = std::move(opts);
  std::string dir = impl_->opts.catalog_dir;
  if (dir.empty()) {
    const char* env = std::getenv("TESSERA_CATALOG");
    dir = env && *env ? env : TESSERA_DEFAULT_CATALOG;
  }
  std::string error;
  auto t = std::chrono::steady_clock::now();
  auto lap = [&t](double& into) {
    into = ms_since(t);
    t = std::chrono::steady_clock::now();
  };
  impl_->catalog = rt::Catalog::load(dir, error);
  if (!impl_->catalog)
    throw Error("cannot load the kernel catalog from '" + dir + "': " + error +
                " (build it with ninja -C build, or set TESSERA_CATALOG / --catalog)");
  for (const std::string& udf_dir : impl_->opts.udf_catalogs) {
    std::unique_ptr<rt::Catalog> udfs = rt::Catalog::load(udf_dir, error);
    if (!udfs) throw Error("cannot load the function catalog '" + udf_dir + "': " + error);
    if (!impl_->catalog->merge(std::move(udfs), error)) throw Error("cannot add the function catalog: " + error);
  }
  lap(impl_->open_timing.catalog_ms);
  if (impl_->opts.functions == FunctionDevice::Cpu) {
    impl_->device.off("--device cpu");
  } else {
    impl_->device.start(*impl_->catalog, impl_->opts.gpu_cache_bytes);
    if (impl_->opts.functions == FunctionDevice::Cuda) {
      // --device cuda insists: a machine without a usable GPU is an error now, not at the first statement.
      if (!impl_->device.kernels())
        throw Error("scalar functions on the GPU were asked for, but the GPU cannot be used: " + impl_->device.gpu_error());
      if (!impl_->device.engine().usable)
        throw Error("operators on the GPU were asked for (--device cuda), but " + impl_->device.engine().why_not);
    }
  }
  t = std::chrono::steady_clock::now();
  if (!impl_->opts.database_path.empty()) impl_->open_database();
  lap(impl_->open_timing.database_ms);
}

Database::OpenTiming Database::open_timing() const {
  OpenTiming t = impl_->open_timing;
  const DeviceSession::Timing d = impl_->device.timing();
  t.device_ms = d.device_ms;
  t.gpu_engine_ms = d.gpu_engine_ms;
  t.device_wait_ms = d.wait_ms;
  return t;
}

bool parse_function_device(std::string_view text, FunctionDevice& out) {
  if (text == "auto") out = FunctionDevice::Auto;
  else if (text == "cpu") out = FunctionDevice::Cpu;
  else if (text == "cuda" || text == "gpu") out = FunctionDevice::Cuda;
  else return false;
  return true;
}

std::string Database::function_device() const { return impl_->device.function_device(); }
bool Database::gpu_engine() const { return impl_->device.engine().usable; }
std::string Database::gpu_engine_status() const {
  const physical::GpuAvailability& e = impl_->device.engine();
  return e.usable ? "GPU operators on " + impl_->device.function_device() : "CPU operators (" + e.why_not + ")";
}
int64_t Database::gpu_resident_bytes() const {
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (auto* cache = impl_->device.cache()) return cache->resident_bytes();
#endif
  return 0;
}
int64_t Database::gpu_uploaded_bytes() const {
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (auto* cache = impl_->device.cache()) return cache->uploaded_bytes();
#endif
  return 0;
}
int64_t Database::gpu_decoded_bytes() const {
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (auto* cache = impl_->device.cache()) return cache->decoded_on_device_bytes();
#endif
  return 0;
}
bool Database::functions_on_gpu() const { return impl_->device.kernels() != nullptr; }

Database::~Database() = default;

void Database::add_table(storage::Table t) {
  const std::string name = t.name();
  impl_->add_table(std::move(t));
  impl_->save_table(name);
}

void Database::write_tables(const std::vector<std::pair<std::string, storage::Schema>>& tables,
                            const std::function<void(const TablePartSink& emit)>& produce) {
  Impl& im = *impl_;
  if (!im.disk) throw Error("write_tables writes into a database on disk; this session has none (give a .tdb path)");
  std::vector<std::unique_ptr<storage::DatabaseDir::TableWriter>> writers;
  try {
    for (const auto& [name, schema] : tables) writers.push_back(im.disk->write_table(name, schema, im.threads()));
    produce([&](size_t i, storage::Table&& part) { writers.at(i)->add(std::move(part)); });
    for (auto& w : writers) w->finish();
    im.disk->commit();
  } catch (const std::exception& e) {
    writers.clear();  // their background writes stop before the staged files are removed
    im.disk->rollback();
    throw Error(std::string("cannot write the tables into the database '") + im.disk->path() + "': " + e.what());
  }
  for (storage::Table& t : im.disk->open_tables(im.threads()))
    for (const auto& [name, schema] : tables)
      if (lower(t.name()) == lower(name)) im.add_table(std::move(t));
}

bool Database::drop_table(std::string_view name) {
  if (!impl_->drop_table(name)) return false;
  impl_->save_table(std::string(name));
  return true;
}

std::string Database::database_path() const { return impl_->disk ? impl_->disk->path() : ""; }
bool Database::database_created() const { return impl_->disk && impl_->disk->created(); }
int64_t Database::database_bytes() const { return impl_->disk ? impl_->disk->bytes_on_disk() : 0; }
std::vector<std::string> Database::warnings() const { return impl_->warnings; }

const storage::Table* Database::find_table(std::string_view name) const {
  auto it = impl_->tables.find(lower(name));
  return it == impl_->tables.end() ? nullptr : it->second.get();
}

std::vector<std::string> Database::table_names() const {
  std::vector<std::string> out;
  for (const auto& [k, t] : impl_->tables) out.push_back(t->name());
  return out;
}

void Database::set_statement_timeout_ms(int64_t ms) { impl_->opts.statement_timeout_ms = std::max<int64_t>(ms, 0); }

void Database::cancel() { impl_->stop.request(rt::StatementStop::Reason::Cancelled); }

QueryResult Database::execute(std::string_view sql) {
  bool analyze = false;
  if (auto rest = strip_explain(sql, analyze)) {
    std::string plan;
    if (analyze) impl_->guarded([&] { return impl_->run(*rest, true, &plan, true); });
    else plan = explain(*rest);
    QueryResult r;
    r.names = {"plan"};
    r.types = {storage::DataType::varchar(0)};
    rt::Column c;
    c.type = fn::SqlType::String;
    size_t start = 0;
    while (start < plan.size()) {
      size_t end = plan.find('\n', start);
      if (end == std::string::npos) end = plan.size();
      c.append_string(std::string_view(plan).substr(start, end - start));
      start = end + 1;
    }
    r.rows = c.rows;
    r.columns.push_back(std::move(c));
    return r;
  }
  return impl_->guarded([&] { return impl_->run(sql, false, nullptr); });
}

std::vector<std::string> Database::gpu_gaps(std::string_view sql) {
  std::vector<std::string> gaps;
  std::string unused;
  impl_->gpu_gaps = &gaps;
  try {
    impl_->guarded([&] { return impl_->run(sql, true, &unused); });
  } catch (...) {
    impl_->gpu_gaps = nullptr;
    throw;
  }
  impl_->gpu_gaps = nullptr;
  return gaps;
}

std::string Database::explain(std::string_view sql) {
  std::string text;
  impl_->guarded([&] { return impl_->run(sql, true, &text); });
  if (text.empty()) {
    const sql::Script parsed = sql::parse_script(sql);
    const std::string at = parsed.statements.empty() ? "1:1" : sql::to_string(parsed.statements.front()->loc);
    throw Error(at + ": EXPLAIN shows the plan of a SELECT; this has none (nothing was changed)");
  }
  return text;
}

const rt::Catalog& Database::catalog() const { return *impl_->catalog; }
int Database::threads() const { return impl_->threads(); }

}  // namespace tessera::engine
