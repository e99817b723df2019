// Database's state and the session's steps, one file each (private to engine/session):
//   query_path.cpp           a SELECT: bind, optimise, place, prefetch, execute
//   explain_statement.cpp    EXPLAIN [ANALYZE] of a SELECT
//   statement_loop.cpp       a script run statement by statement
//   tables_and_views.cpp     tables, views, the table statements' TableStore
//   database_persistence.cpp the database on disk: open, save after each statement
//   user_functions.cpp       CREATE / DROP FUNCTION
//   file_functions.cpp       read_csv / read_parquet in FROM
//   database.cpp             the public Database: open (catalog, device, database), guarded statements
#pragma once

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "device_session.hpp"
#include "table_statements.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/exec/batch.hpp"
#include "tessera/exec/executor.hpp"
#include "tessera/physical/physical_plan.hpp"
#include "tessera/plan/binder.hpp"
#include "tessera/plan/explain.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/statement_stop.hpp"
#include "tessera/sql/ast.hpp"
#include "tessera/storage/database_dir.hpp"

namespace tessera::engine {

inline std::string lower(std::string_view s) {
  std::string r(s);
  std::transform(r.begin(), r.end(), r.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return r;
}

inline double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

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
  plan::StatementInstant instant;               // taken when the statement being run started (SYSDATETIME & co.)
  std::map<std::string, std::string> function_sql;  // CREATE FUNCTION text (absolute catalog path), by lower-case name
  std::unique_ptr<storage::DatabaseDir> disk;   // Options::database_path
  Database::OpenTiming open_timing;

  bool restoring = false;                       // loading the database: views are not bound, nothing is saved
  std::vector<std::string> warnings;             // of opening the database
  std::vector<std::unique_ptr<storage::Table>> file_tables;  // read_csv(...) in FROM: live for one statement
  std::mutex stats_mutex;
  std::map<std::pair<const storage::Table*, size_t>, double> distinct;
  std::vector<std::string>* gpu_gaps = nullptr;  // set while Database::gpu_gaps plans

  // file_functions.cpp
  const storage::Table* table_function(const std::string& name, const std::vector<plan::TableFunctionArg>& args,
                                       sql::SourceLocation loc);
  const storage::Table* file_table(const std::string& name, const std::vector<plan::TableFunctionArg>& args,
                                   sql::SourceLocation loc);
  void forget_file_tables();

  // query_path.cpp
  physical::Policy policy() const;
  physical::PhysicalPlan place(const plan::LogicalOp& root);
  exec::Batch run_plan(const physical::PhysicalPlan& pp, const plan::LogicalOp& root, exec::ExecContext& ctx,
                       int64_t* peak = nullptr);
  plan::PlacementNotes notes(const physical::PhysicalPlan& pp) const;
  // EXPLAIN's word for where the catalog's kernels run.
  const char* function_label() const { return device.kernels() ? "GPU" : "CPU"; }
  int threads() const {
    return opts.threads > 0 ? opts.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  }
  exec::ExecContext new_context(bool with_device = true) const;
  int64_t host_memory_budget() const;
  double distinct_values(const storage::Table* t, size_t col);
  plan::BindEnv bind_env();
  plan::BoundQuery plan_select(const sql::SelectStatement& q);
  void prefetch_scans(const plan::LogicalOp& op, int64_t& budget);
  QueryResult run_select(const sql::SelectStatement& q);

  // explain_statement.cpp: the plan text into `plan_text` (or the CPU placements into *gpu_gaps).
  void explain_select(const sql::SelectStatement& q, bool analyze, std::string& plan_text);

  // tables_and_views.cpp
  void create_view(const sql::CreateViewStmt& v, const std::shared_ptr<const sql::Script>& owner);
  void forget_rows(const storage::Table* t);
  void add_table(storage::Table t);
  bool drop_table(std::string_view n);
  detail::TableStore table_store();
  int64_t run_table_statement(sql::Statement& st);

  // database_persistence.cpp
  void open_database();
  template <typename F>
  void save(F&& stage);
  void save_table(const std::string& name);
  void save_views();
  void save_functions();
  void save_after(const sql::Statement& st, int64_t rows_before);

  // user_functions.cpp
  void create_function(const sql::CreateFunctionStmt& f);
  void drop_function(const sql::DropFunctionStmt& d);

  // statement_loop.cpp: runs a script; with `explain_only`, SELECTs are planned (and under `analyze` run) into
  // *plan_text, nothing is saved and views are restored afterwards.
  QueryResult run(std::string_view sql, bool explain_only, std::string* plan_text, bool analyze = false);

  // database.cpp
  void set_cancel_flags(bool on);
  template <typename F>
  auto guarded(F&& f);
};

}  // namespace tessera::engine
