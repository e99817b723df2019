// The engine's front door: a Database holds tables, views and the kernel catalog, and runs SQL.
//
//   tessera::engine::Database db;                       // catalog from TESSERA_CATALOG or the build's
//   db.add_table(std::move(table));                     // e.g. tpch::generate_tables(...)
//   auto r = db.execute("SELECT YEAR(o_orderdate), count(*) FROM orders GROUP BY YEAR(o_orderdate)");
//   std::string plan = db.explain("SELECT ...");        // also: db.execute("EXPLAIN SELECT ...")
//
// execute() parses, binds, optimizes and runs every ';'-separated statement (SELECT [INTO], INSERT,
// CREATE/DROP/TRUNCATE TABLE, CREATE/DROP VIEW) and returns the last SELECT's result (for a last
// statement that writes rows: an empty result with rows_affected). Any problem -- bad SQL, unknown names, type errors,
// a row that fails a function (division by zero, overflow) -- throws engine::Error with a message that
// says what and where (line:column for SQL); the database is left as it was before the failing statement.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/runtime/column.hpp"
#include "tessera/storage/table.hpp"
#include "tessera/runtime/error.hpp"

namespace tessera::rt {
class Catalog;
}

namespace tessera::engine {

// Every failure of a statement, with its kind (runtime/error.hpp): what the session's callers catch.
class Error : public tessera::Error {
 public:
  using tessera::Error::Error;
  // Any engine error as a statement's failure, with its text, kind and message number.
  explicit Error(const tessera::Error& e) : tessera::Error(e) {}
};

// Where queries run (`--device`). The physical plan (physical::place) puts each operator on the GPU or the
// CPU; scalar functions of GPU operators run on device columns in place, those of CPU operators copy their
// columns to the GPU and back when there is one (docs/ENGINE.md, "The GPU engine").
enum class FunctionDevice : uint8_t {
  Auto,  // every operator the GPU can run on the GPU, the rest on the CPU with the reason in EXPLAIN
  Cpu,   // the CPU engine
  Cuda,  // every operator on the GPU, or an Error naming the operator that cannot be
};

// "auto", "cpu", "cuda" (or "gpu"); false for anything else.
bool parse_function_device(std::string_view text, FunctionDevice& out);

// Reads a user's file as a table (read_csv / read_parquet in FROM, BULK INSERT): DuckDB's readers, which the
// `tessera` command passes in (the engine itself does not link DuckDB).
struct FileRead {
  std::string format;     // "csv", "parquet"; "": by the extension
  int header = -1;        // CSV: 1 / 0 / -1 detect
  std::string delimiter;  // CSV: "" detect
  int64_t skip_rows = 0;  // CSV: lines before the data
  bool all_varchar = false;
};
using FileReader = std::function<storage::Table(const std::string& table_name, const std::string& path, const FileRead&)>;

// Whether partitioned passes spill (Options::spill).
enum class SpillMode { Auto, Always, Never };

struct Options {
  std::string catalog_dir;  // "": $TESSERA_CATALOG, else the catalog this build made (build/catalog)
  // Catalogs of the user's own functions (tessera-cc --udf-spec), added to the built-in one: SQL calls
  // them by their sql_name on either device. A name that clashes with a built-in function is an Error.
  std::vector<std::string> udf_catalogs;
  // A database on disk (a directory, storage/database_dir.hpp): opened, or created when the path does not
  // exist. Opening reads its manifest only: a table's columns are read (chunk by chunk, only the columns a
  // query scans) on first use, and planning uses the statistics stored with them. Every statement that
  // changes tables or views (and add_table / drop_table) is saved before execute() returns. "": nothing is saved.
  std::string database_path;
  // Rows per chunk of the tables this process writes to the database (0: storage's default, 2^20); tests use
  // small chunks so every column spans many.
  int64_t database_chunk_rows = 0;
  // How read_csv(...) / read_parquet(...) in FROM and BULK INSERT read files; unset: they are errors.
  FileReader file_reader;
  int threads = 0;          // 0: all hardware threads
  FunctionDevice functions = FunctionDevice::Auto;
  // GPU-resident table columns may use this many bytes (0: 80% of the device memory free at start).
  int64_t gpu_cache_bytes = 0;
  // A GPU kernel's string result larger than this at its per-row capacity is computed in slices of rows (0: 1 GiB;
  // tests: a few KB, so that small data takes the sliced path).
  int64_t gpu_strided_output_bytes = 0;
  // Streaming (exec/morsels.hpp): an aggregation over a chain of filters and projections over one scan runs a
  // morsel of the table at a time when the scan's decoded columns would take more than half of the memory budget
  // (on the CPU host_memory_bytes, 0: half the usable memory, rt::usable_host_memory; on the GPU the column cache's budget), so data
  // larger than memory can be aggregated. morsel_rows > 0 streams every such aggregation in morsels of that many
  // rows (tests: every morsel path on small data).
  int64_t host_memory_bytes = 0;
  int64_t morsel_rows = 0;
  // Joins whose other input is too large run in partitioned passes (exec/join_partitions.hpp). The first pass
  // computes the inputs once and spills the partitions of the later passes (exec/spilled_passes.hpp): into host
  // memory up to spill_memory_bytes (0: the host memory budget, as host_memory_bytes), the rest into a file in
  // spill_directory ("": $TMPDIR, else /tmp), deleted as it is created. spill: Auto spills where the device finds it
  // cheaper (the CPU: yes; the GPU, whose column cache keeps the stored chunks: no), Always, or Never (every pass
  // re-reads and recomputes its inputs: no memory or disk needed).
  SpillMode spill = SpillMode::Auto;
  int64_t spill_memory_bytes = 0;
  std::string spill_directory;
  // The database's collation. false: binary (Latin1_General_BIN2-like; TPC-H's answers, and no case
  // folding on the hot paths). true: case-insensitive like SQL Server's default SQL_Latin1_General_CP1_CI_AS:
  // =, <, IN, LIKE, GROUP BY, DISTINCT, joins and ORDER BY of strings ignore case (accents still count).
  // A COLLATE clause overrides it per expression either way.
  bool case_insensitive = false;
  // Comparisons of a function's result with constants run as the function's fused predicate kernel
  // (plan/fuse_predicates.hpp; EXPLAIN marks them "[fused]"). false: the function, then the comparison
  // (the benchmark's baseline).
  bool fuse_predicates = true;
  // A statement running longer than this many milliseconds is stopped (user functions' loops included) and
  // changes nothing; 0: no limit.
  int64_t statement_timeout_ms = 0;
};

struct QueryResult {
  std::vector<std::string> names;
  std::vector<storage::DataType> types;
  std::vector<rt::Column> columns;
  int64_t rows = 0;
  // Rows the statement wrote (INSERT, SELECT ... INTO, CREATE TABLE ... AS SELECT); -1 for the others.
  int64_t rows_affected = -1;
  bool ordered = false;       // the query has ORDER BY: row order is part of the answer
  std::vector<int> order_by;  // output columns that are ORDER BY keys (ties may come in any order)
  struct Timing {
    double parse_ms = 0, plan_ms = 0, execute_ms = 0;
    double prefetch_ms = 0;  // columns read from disk while the GPU came up (a cold process's first query)
  } timing;
  // Operators the physical plan put on the CPU, each with its reason ("HashJoin Inner: hash join not yet
  // on the GPU"); empty when every operator ran on the GPU. Under --device cpu: every operator.
  std::vector<std::string> cpu_placements;
  // SQL Server's informational messages for the statement ("Warning: the floating point value '4.7E-309' is
  // too small. It will be interpreted as 0."): the shell prints them on stderr.
  std::vector<std::string> messages;
  int gpu_operators = 0;
  int64_t gpu_peak_bytes = 0;  // the query's peak device memory for operators (cached columns apart)

  // NULL as "NULL", decimals with their scale, MONEY with 4 decimals, dates YYYY-MM-DD.
  std::string cell_text(int64_t row, size_t col) const;
  // As the DuckDB oracle's typed cells: engine::row_set(result) in result_cells.hpp (tests and benchmarks).
};

class Database {
 public:
  explicit Database(Options opts = {});
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Adds a table, replacing one of the same (case-insensitive) name.
  void add_table(storage::Table t);
  // Tables written straight into the database on disk (Options::database_path) as `produce` hands over their rows,
  // part by part in row order (`emit(i, part)` for tables[i]): memory holds about a chunk of rows per table, whatever
  // the tables' size. They replace tables of the same names and are then open like any stored table (columns read
  // on first use). An Error without a database on disk; nothing is changed if `produce` or a write fails.
  using TablePartSink = std::function<void(size_t table, storage::Table&& part)>;
  void write_tables(const std::vector<std::pair<std::string, storage::Schema>>& tables,
                    const std::function<void(const TablePartSink& emit)>& produce);
  // Removes a table; false if there is none of that name.
  bool drop_table(std::string_view name);
  // The database on disk: its path ("" if none), whether this start created it, and its size in bytes.
  std::string database_path() const;
  bool database_created() const;
  int64_t database_bytes() const;
  // What opening the database could not restore (a stored function whose catalog is gone), one line each.
  std::vector<std::string> warnings() const;
  const storage::Table* find_table(std::string_view name) const;
  std::vector<std::string> table_names() const;

  // Runs the statements; returns the last SELECT's result (an empty result if there is none).
  // "EXPLAIN SELECT ..." returns the plan as one VARCHAR column named "plan", one line per row;
  // "EXPLAIN ANALYZE SELECT ..." runs the query and adds each operator's actual rows and time.
  QueryResult execute(std::string_view sql);
  // Stops the statement now running (from another thread, or a signal handler: it only sets a flag): it ends
  // with "the statement was cancelled" and changes nothing. Does nothing when no statement runs.
  void cancel();
  // The time limit of the statements that follow (Options::statement_timeout_ms; 0: none).
  void set_statement_timeout_ms(int64_t ms);
  // The optimized plan of the script's last SELECT: one operator per line with estimated rows and
  // where it runs, and for each scalar function the catalog kernel and device that run it.
  std::string explain(std::string_view sql);

  // The operators of the script's last SELECT that would run on the CPU on a machine with a GPU (what the
  // GPU engine does not implement), each with its reason; empty when the whole query can run on the GPU.
  // Plans only (views the script creates are created, as EXPLAIN does); works without a GPU.
  std::vector<std::string> gpu_gaps(std::string_view sql);

  const rt::Catalog& catalog() const;
  int threads() const;
  // Where scalar functions run: "GPU (NVIDIA H200)", "CPU", or "CPU (no GPU: <why>)" under Auto.
  std::string function_device() const;
  bool functions_on_gpu() const;
  // Whether operators can run on the GPU (the GPU engine is built and a device is open), and if not, why.
  bool gpu_engine() const;
  std::string gpu_engine_status() const;
  // Bytes of table columns resident in GPU memory, and uploaded since the start.
  int64_t gpu_resident_bytes() const;
  int64_t gpu_uploaded_bytes() const;
  // Where a cold start's time went (the cold benchmark reports it): the kernel catalog and the database's manifest
  // (in the constructor); the CUDA device (driver, context) and the GPU engine (pool, stream, cache), which come up
  // on a thread of their own meanwhile; and how long the first use of the device waited for them.
  struct OpenTiming {
    double catalog_ms = 0, device_ms = 0, gpu_engine_ms = 0, database_ms = 0, device_wait_ms = 0;
  };
  OpenTiming open_timing() const;
  // Bytes of columns that travelled to the GPU as stored (compressed) and were decoded there (their decoded size).
  int64_t gpu_decoded_bytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tessera::engine
