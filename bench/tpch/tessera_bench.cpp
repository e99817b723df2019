// tessera-bench: Tessera against DuckDB over the same generated data, query by query.
//   tessera-bench tpch [--sf 1] [--suite tpch|tpch-scalar|production|all] [--runs 5] [--threads N]
//                      [--queries 1,3,6] [--json out.json] [--query-dir DIR] [--catalog DIR]
//   tessera-bench tpch --db DB.tdb --answers DIR [--sf N] [--queries ...] [--runs 5]
//     (Tessera over a database on disk, its answers checked against DuckDB's published ones: scales too
//     large to load into DuckDB here, such as SF 100; DuckDB is not run, so only Tessera is timed)
//   tessera-bench clickbench [--rows 10000000] [--runs 5] [--threads N] [--queries 1,29,43] ...
//     (ClickBench's 43 queries over the generated hits table, engine/clickbench; docs/CLICKBENCH.md)
// Every query runs once on both engines and the answers are compared (duckdb::compare_results); only
// queries whose answers agree are timed: 1 warm-up and --runs timed runs on each, medians reported.
// Progress goes to stderr, the table to stdout (last). Exit code: 0 all queries agreed, 2 some did
// not (or failed, or had no file), 1 bad usage or set-up. See docs/CLI.md.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "bench_queries.hpp"
#include "bench_report.hpp"
#include "published_answers.hpp"
#include "statement_splitter.hpp"
#include "tessera/clickbench/hits.hpp"
#include "tessera/duckdb/duckdb.hpp"
#include "tessera/duckdb/result_compare.hpp"
#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/engine/result_cells.hpp"
#include "tessera/tpch/generator.hpp"
#include "tessera/tpch/progress_bar.hpp"

#ifndef TESSERA_QUERY_DIR
#define TESSERA_QUERY_DIR "engine/queries"
#endif

using namespace tessera;
using bench::KernelTracer;
using bench::Query;
using bench::load_query;
using bench::query_name;
using bench::run_duckdb;
using bench::QueryOutcome;

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct BenchOptions {
  std::string benchmark = "tpch";  // tpch, clickbench
  int64_t rows = 10'000'000;       // clickbench: rows of hits
  double sf = 1;
  std::string suite = "tpch";
  int runs = 5;
  int threads = 0;
  std::vector<int> queries;  // empty: all (1..22; ClickBench 1..43)
  std::string json_path;
  std::string query_dir = TESSERA_QUERY_DIR;
  std::string catalog_dir;
  std::string db;       // --db: Tessera's data from this database on disk instead of the generator
  std::string answers;  // --answers: DuckDB's published answers (qNN.csv) instead of running DuckDB
  std::string duckdb_file;  // clickbench --db: DuckDB's database file (made from --db's tables if missing)
  engine::FunctionDevice functions = engine::FunctionDevice::Auto;
  bool trace = true;  // trace one extra run per query on the device (kernel time, copies)
  bool fuse = true;   // --no-fuse: engine::Options::fuse_predicates off (function, then comparison)
};

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

const char* kUsage =
    "usage: tessera-bench tpch [--sf 1] [--suite tpch|tpch-scalar|production|all] [--runs 5] [--threads N]\n"
    "                          [--queries 1,3,6] [--json out.json] [--query-dir DIR] [--catalog DIR]\n"
    "                          [--device auto|cpu|cuda] [--no-trace] [--no-fuse]\n"
    "  Generates TPC-H at --sf in memory, loads it into Tessera and DuckDB, checks every query's answer\n"
    "  against DuckDB's and times the queries that agree (1 warm-up, --runs timed runs, medians).\n"
    "  --threads: both engines and the generator (default: all cores). --query-dir: where tpch/qNN.sql,\n"
    "  tpch-scalar/qNN.sql and tpch-scalar/duckdb/qNN.sql are (default " TESSERA_QUERY_DIR ").\n"
    "  production: SQL that BI tools write (windows, UNION/INTERSECT/EXCEPT, ROLLUP/CUBE) on TPC-H data,\n"
    "  production/qNN.sql with DuckDB twins in production/duckdb/ (docs/PRODUCTION_SQL.md).\n"
    "  --device: where Tessera's operators run (default auto: on the GPU where the GPU engine can run them,\n"
    "  the rest on the CPU, counted per query as cpu_ops; cuda: every operator on the GPU or the query fails\n"
    "  with the operator that cannot; cpu: the CPU engine).\n"
    "  --db DB.tdb --answers DIR: Tessera over a database on disk (tessera DB.tdb --sf N makes one), its answers\n"
    "  checked against DuckDB's published ones (DIR/qNN.csv, from DuckDB's extension/tpch/dbgen/answers/sfN)\n"
    "  instead of running DuckDB: for scales DuckDB cannot load here in time (SF 100). Only Tessera is timed.\n"
    "  With GPU operators, one more untimed run of each query is traced through CUPTI (libcupti, found on\n"
    "  LD_LIBRARY_PATH or at TESSERA_CUPTI): kernel_ms is the time a kernel was running, copy_ms and copy_MiB the\n"
    "  host<->device copies. --no-trace skips it. --no-fuse: comparisons of a function's result with constants\n"
    "  run as the function, then the comparison, instead of its fused predicate kernel.\n"
    "usage: tessera-bench clickbench [--rows 10000000] [--runs 5] [--threads N] [--queries 1,29,43] [--json out.json]\n"
    "                                [--query-dir DIR] [--catalog DIR] [--device auto|cpu|cuda] [--no-trace]\n"
    "  ClickBench: generates its hits table (--rows rows, deterministic), loads it into both engines and runs\n"
    "  the 43 queries of clickbench/qNN.sql against their DuckDB twins in clickbench/duckdb/ the same way.\n"
    "  --db HITS.tdb: the hits table of a database on disk (tessera HITS.tdb --hits N makes one) instead of the\n"
    "  generator; DuckDB gets the same rows from it chunk by chunk, in memory or, with --duckdb-file F, in its own\n"
    "  database file F (made once, then opened as it is).\n";

long parse_int(const std::string& opt, const std::string& v, long lo, long hi) {
  char* end = nullptr;
  const long n = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end != 0 || n < lo || n > hi)
    throw UsageError("bad value '" + v + "' for " + opt + " (a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi) + ")");
  return n;
}

BenchOptions parse_options(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help") {
    std::fputs(kUsage, stdout);
    std::exit(argc < 2 ? 1 : 0);
  }
  BenchOptions o;
  o.benchmark = argv[1];
  if (o.benchmark != "tpch" && o.benchmark != "clickbench")
    throw UsageError("unknown benchmark '" + o.benchmark + "' (tpch or clickbench)");
  const bool clickbench = o.benchmark == "clickbench";
  const int last_query = clickbench ? 43 : 22;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i], v;
    bool has_inline = false;
    if (a.rfind("--", 0) == 0 && a.find('=') != std::string::npos) {
      v = a.substr(a.find('=') + 1);
      a = a.substr(0, a.find('='));
      has_inline = true;
    }
    auto value = [&]() -> std::string {
      if (has_inline) return v;
      if (i + 1 >= argc) throw UsageError("option '" + a + "' needs a value");
      return argv[++i];
    };
    if (clickbench && (a == "--sf" || a == "--suite")) throw UsageError(a + " is for tpch; clickbench takes --rows");
    if (!clickbench && a == "--rows") throw UsageError("--rows is for clickbench; tpch takes --sf");
    if (a == "--rows") {
      o.rows = parse_int(a, value(), 1, 2'000'000'000);
    } else if (a == "--sf") {
      const std::string s = value();
      char* end = nullptr;
      o.sf = std::strtod(s.c_str(), &end);
      if (s.empty() || *end != 0) throw UsageError("bad scale factor '" + s + "'");
      try {
        (void)tpch::scale_info(o.sf);
      } catch (const std::exception& e) {
        throw UsageError("bad scale factor '" + s + "': " + e.what());
      }
    } else if (a == "--suite") {
      o.suite = value();
      if (o.suite != "tpch" && o.suite != "tpch-scalar" && o.suite != "production" && o.suite != "all")
        throw UsageError("bad suite '" + o.suite + "' (tpch, tpch-scalar, production or all)");
    } else if (a == "--runs") {
      o.runs = static_cast<int>(parse_int(a, value(), 1, 1000));
    } else if (a == "--threads") {
      o.threads = static_cast<int>(parse_int(a, value(), 0, 4096));
    } else if (a == "--queries") {
      const std::string list = value();
      size_t s = 0;
      while (s <= list.size()) {
        size_t e = list.find(',', s);
        if (e == std::string::npos) e = list.size();
        std::string item = list.substr(s, e - s);
        if (!item.empty() && (item[0] == 'q' || item[0] == 'Q')) item = item.substr(1);
        if (!item.empty()) o.queries.push_back(static_cast<int>(parse_int("--queries", item, 1, last_query)));
        s = e + 1;
      }
      if (o.queries.empty()) throw UsageError("--queries needs query numbers (1,3,6)");
    } else if (a == "--json") {
      o.json_path = value();
    } else if (a == "--db") {
      o.db = value();
    } else if (a == "--duckdb-file") {
      o.duckdb_file = value();
    } else if (a == "--answers") {
      o.answers = value();
    } else if (a == "--query-dir") {
      o.query_dir = value();
    } else if (a == "--catalog") {
      o.catalog_dir = value();
    } else if (a == "--no-trace") {
      o.trace = false;
    } else if (a == "--no-fuse") {
      o.fuse = false;
    } else if (a == "--device") {
      const std::string d = value();
      if (!engine::parse_function_device(d, o.functions)) throw UsageError("bad device '" + d + "' (auto, cpu or cuda)");
    } else {
      throw UsageError("unknown option '" + a + "'");
    }
  }
  if (o.queries.empty())
    for (int q = 1; q <= last_query; ++q) o.queries.push_back(q);
  if (clickbench) o.suite = "clickbench";
  if (!o.db.empty() && o.answers.empty() && !clickbench)
    throw UsageError("--db needs --answers DIR (DuckDB's published answers for the database's scale): DuckDB is not loaded");
  if (!o.duckdb_file.empty() && (!clickbench || o.db.empty()))
    throw UsageError("--duckdb-file goes with clickbench --db");
  if (!o.answers.empty() && (o.db.empty() || o.suite != "tpch"))
    throw UsageError("--answers goes with --db and the tpch suite (DuckDB publishes TPC-H answers only)");
  return o;
}

int64_t table_bytes(const storage::Table& t) {
  int64_t b = 0;
  for (size_t i = 0; i < t.num_columns(); ++i) {
    const rt::Column& c = t.column(i);
    b += static_cast<int64_t>(c.data.size() + c.offsets.size() * sizeof(int64_t) + c.lengths.size() * sizeof(int32_t) +
                              c.valid.size());
  }
  return b;
}

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

void clean_up_after_failure(const Query& q, engine::Database& tdb, duckdb::DuckDb* ddb) {
  for (const std::string& d : q.tessera_drops) {
    try {
      tdb.execute(d);
    } catch (const std::exception&) {
    }
  }
  for (const std::string& d : ddb ? q.duckdb_drops : std::vector<std::string>{}) {
    try {
      ddb->execute(d);
    } catch (const std::exception&) {
    }
  }
}

// Checks the query on both engines and, if the answers agree, times it.
// Without DuckDB (ddb null) the reference is DuckDB's published answer in `answers` and only Tessera is timed.
QueryOutcome check_and_time(const Query& q, engine::Database& tdb, duckdb::DuckDb* ddb, const std::string& answers,
                            int runs, KernelTracer* tracer, const std::string& tag) {
  QueryOutcome out;
  out.suite = q.suite;
  out.name = q.name;
  if (!q.missing.empty()) {
    out.status = QueryOutcome::Status::Skipped;
    out.message = q.missing;
    std::fprintf(stderr, "%s: skipped: %s\n", tag.c_str(), q.missing.c_str());
    return out;
  }
  duckdb::Result expected;
  try {
    if (ddb) {
      std::fprintf(stderr, "%s: duckdb check run...", tag.c_str());
      std::fflush(stderr);
      const auto t0 = Clock::now();
      expected = run_duckdb(*ddb, q);
      out.duckdb_check_ms = ms_since(t0);
      out.rows = expected.rows;
    } else {
      std::fprintf(stderr, "%s: published answer", tag.c_str());
    }
  } catch (const std::exception& e) {
    out.status = QueryOutcome::Status::Error;
    out.message = std::string("duckdb: ") + e.what();
    std::fprintf(stderr, " ERROR\n  %s\n", out.message.c_str());
    return out;
  }
  engine::QueryResult actual;
  try {
    std::fprintf(stderr, " %.1f ms; tessera check run...", out.duckdb_check_ms);
    std::fflush(stderr);
    const auto t0 = Clock::now();
    actual = tdb.execute(q.tessera_sql);
    out.tessera_check_ms = ms_since(t0);
  } catch (const std::exception& e) {
    out.status = QueryOutcome::Status::Error;
    out.message = std::string("tessera: ") + e.what();
    std::fprintf(stderr, " ERROR\n  %s\n", out.message.c_str());
    return out;
  }
  std::fprintf(stderr, " %.1f ms;", out.tessera_check_ms);
  duckdb::CompareResult cmp;
  try {
    const duckdb::RowSet got = engine::row_set(actual);
    if (ddb) {
      cmp = duckdb::compare_results(expected.row_set(), got, engine::compare_options(actual));
    } else {
      const duckdb::RowSet published = bench::read_published_answer(answers, q.name, got);
      out.rows = static_cast<int64_t>(published.rows.size());
      cmp = duckdb::compare_results(published, got, engine::compare_options(actual));
      const std::vector<std::string> text = bench::generated_text_columns(published);
      if (!cmp.equal && !text.empty()) {
        // The order of the rows still counts: the ORDER BY keys are never addresses or comments.
        const duckdb::CompareResult rest = duckdb::compare_results(bench::without_columns(published, published, text),
                                                                   bench::without_columns(got, published, text),
                                                                   engine::compare_options(actual));
        if (rest.equal) {
          cmp = rest;
          out.check_note = "equal without ";
          for (size_t i = 0; i < text.size(); ++i) out.check_note += (i ? ", " : "") + text[i];
          out.check_note += " (DuckDB's dbgen writes other text there)";
        }
      }
    }
  } catch (const std::exception& e) {
    cmp.equal = false;
    cmp.message = std::string("cannot compare: ") + e.what();
  }
  if (!cmp.equal) {
    out.status = QueryOutcome::Status::Fail;
    out.message = "answers differ: " + cmp.message;
    std::fprintf(stderr, " FAIL (not timed)\n  %s\n", cmp.message.c_str());
    return out;
  }
  std::fprintf(stderr, " %lld rows agree\n", static_cast<long long>(out.rows));

  try {
    std::fprintf(stderr, "%s: tessera 1+%d runs...", tag.c_str(), runs);
    std::fflush(stderr);
    engine::QueryResult last;
    for (int i = 0; i <= runs; ++i) {
      const auto t0 = Clock::now();
      last = tdb.execute(q.tessera_sql);
      const double t = ms_since(t0);
      if (i > 0) out.tessera_ms.push_back(t);
    }
    out.tessera_parse_ms = last.timing.parse_ms;
    out.tessera_plan_ms = last.timing.plan_ms;
    out.tessera_execute_ms = last.timing.execute_ms;
    out.cpu_placements = static_cast<int>(last.cpu_placements.size());
    if (!last.cpu_placements.empty()) out.first_cpu_placement = last.cpu_placements.front();
    out.gpu_peak_bytes = last.gpu_peak_bytes;
    if (tracer && tracer->start()) {  // after the timed runs, so tracing cannot slow them
      const auto t0 = Clock::now();
      (void)tdb.execute(q.tessera_sql);
      out.traced_ms = ms_since(t0);
      out.trace = tracer->stop();
      out.traced = true;
    }
    std::fprintf(stderr, " median %.2f ms;", out.tessera_median());
    if (ddb) {
      std::fprintf(stderr, " duckdb 1+%d runs...", runs);
      std::fflush(stderr);
      for (int i = 0; i <= runs; ++i) {
        const auto t0 = Clock::now();
        (void)run_duckdb(*ddb, q);
        const double t = ms_since(t0);
        if (i > 0) out.duckdb_ms.push_back(t);
      }
      std::fprintf(stderr, " median %.2f ms; ratio %.3f", out.duckdb_median(), out.ratio());
    }
    std::fprintf(stderr, "\n");
  } catch (const std::exception& e) {  // a query that passed its check failed when run again
    out.status = QueryOutcome::Status::Error;
    out.message = std::string("during the timed runs: ") + e.what();
    out.tessera_ms.clear();
    out.duckdb_ms.clear();
    std::fprintf(stderr, " ERROR\n  %s\n", out.message.c_str());
  }
  return out;
}

QueryOutcome bench_query(const Query& q, engine::Database& tdb, duckdb::DuckDb* ddb, const std::string& answers,
                         int runs, KernelTracer* tracer, const std::string& tag) {
  QueryOutcome out = check_and_time(q, tdb, ddb, answers, runs, tracer, tag);
  if (out.status == QueryOutcome::Status::Fail || out.status == QueryOutcome::Status::Error)
    clean_up_after_failure(q, tdb, ddb);
  return out;
}

int run(const BenchOptions& o) {
  bench::BenchReport report;
  report.benchmark = o.benchmark;
  report.sf = o.sf;
  report.database = o.db;
  report.rows = o.benchmark == "clickbench" ? o.rows : 0;
  report.runs = o.runs;
  report.suite = o.suite;
  report.threads = o.threads > 0 ? o.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  report.duckdb_version = duckdb::DuckDb::library_version();

  std::vector<std::string> suites;
  if (o.suite == "clickbench") suites.push_back("clickbench");
  if (o.suite == "tpch" || o.suite == "all") suites.push_back("tpch");
  if (o.suite == "tpch-scalar" || o.suite == "all") suites.push_back("tpch-scalar");
  if (o.suite == "production" || o.suite == "all") suites.push_back("production");
  std::vector<Query> queries;
  for (const std::string& s : suites)
    for (int q : o.queries) {
      Query query = load_query(o.query_dir, s, q);
      // production/ holds fewer than 22 queries: the numbers it lacks are not queries of the suite.
      if (s == "production" && !query.missing.empty() && query.missing.find("/production/q") != std::string::npos) continue;
      queries.push_back(std::move(query));
    }
  size_t missing = 0;
  for (const Query& q : queries) {
    if (q.missing.empty()) continue;
    ++missing;
    std::fprintf(stderr, "note: %s %s will be skipped: %s\n", q.suite.c_str(), q.name.c_str(), q.missing.c_str());
  }
  if (missing == queries.size())
    throw std::runtime_error("none of the query files is there (--query-dir " + o.query_dir + ")");

  auto t0 = Clock::now();
  std::vector<storage::Table> tables;
  if (!o.db.empty() && o.benchmark == "clickbench") {
    std::fprintf(stderr, "ClickBench hits from the database %s\n", o.db.c_str());
  } else if (!o.db.empty()) {
    std::fprintf(stderr, "TPC-H from the database %s; answers from %s (DuckDB not run)\n", o.db.c_str(), o.answers.c_str());
  } else if (o.benchmark == "clickbench") {
    std::fprintf(stderr, "generating ClickBench hits, %lld rows, with %d threads...\n", static_cast<long long>(o.rows),
                 report.threads);
    clickbench::HitsOptions gen;
    gen.rows = o.rows;
    gen.threads = report.threads;
    tables.push_back(clickbench::generate_hits(gen));
  } else {
    std::fprintf(stderr, "generating TPC-H SF %g with %d threads...\n", o.sf, report.threads);
    tpch::ProgressBar bar(isatty(STDERR_FILENO), std::chrono::milliseconds(500));
    tpch::GenOptions gen;
    gen.sf = o.sf;
    gen.threads = report.threads;
    gen.on_progress = bar.callback();
    tables = tpch::generate_tables(gen);
    bar.finish();
  }
  report.generate_s = ms_since(t0) / 1000;
  std::fprintf(stderr, "  %.2f s\n", report.generate_s);
  for (const storage::Table& t : tables) report.tables.push_back({t.name(), t.num_rows(), table_bytes(t)});

  std::unique_ptr<duckdb::DuckDb> ddb;
  if (o.answers.empty()) {
    std::fprintf(stderr, "loading DuckDB %s (%d threads)...\n", report.duckdb_version.c_str(), report.threads);
    const bool made = !o.duckdb_file.empty() && fs::exists(o.duckdb_file);
    ddb = o.duckdb_file.empty() ? std::make_unique<duckdb::DuckDb>(report.threads)
                                : std::make_unique<duckdb::DuckDb>(o.duckdb_file, report.threads);
    t0 = Clock::now();
    if (made) {
      std::fprintf(stderr, "  DuckDB's tables from %s as they are\n", o.duckdb_file.c_str());
    } else if (!o.db.empty()) {
      // The database's tables, read chunk by chunk (a CPU-only session: nothing but the storage is used).
      engine::Options reader;
      reader.database_path = o.db;
      reader.functions = engine::FunctionDevice::Cpu;
      reader.catalog_dir = o.catalog_dir;
      engine::Database stored(reader);
      std::vector<const storage::Table*> stored_tables;
      for (const std::string& name : stored.table_names()) stored_tables.push_back(stored.find_table(name));
      duckdb::load_stored_tables(*ddb, stored_tables,
                                 [](const std::string& line) { std::fprintf(stderr, "  %s\n", line.c_str()); });
      if (!o.duckdb_file.empty()) ddb->execute("CHECKPOINT");
    } else {
      duckdb::load_tables(*ddb, tables);
    }
    report.duckdb_load_s = ms_since(t0) / 1000;
    std::fprintf(stderr, "  %.2f s\n", report.duckdb_load_s);
  } else {
    report.duckdb_version = "not run: answers from " + o.answers;
  }

  std::fprintf(stderr, "loading Tessera (%d threads)...\n", report.threads);
  engine::Options eo;
  eo.threads = report.threads;
  eo.catalog_dir = o.catalog_dir;
  eo.functions = o.functions;
  eo.fuse_predicates = o.fuse;
  eo.database_path = o.db;  // "" : in memory
  report.fused_predicates = o.fuse;
  const auto open_start = Clock::now();
  engine::Database tdb(eo);
  const double open_s = ms_since(open_start) / 1000;
  report.function_device = tdb.function_device();
  report.operator_device = tdb.gpu_engine_status();
  std::fprintf(stderr, "  %s; scalar functions of CPU operators on the %s\n", report.operator_device.c_str(),
               report.function_device.c_str());
  t0 = Clock::now();
  for (storage::Table& t : tables) tdb.add_table(std::move(t));
  tables.clear();
  report.tessera_load_s = o.db.empty() ? ms_since(t0) / 1000 : open_s;
  if (o.benchmark == "clickbench" && !o.db.empty()) {
    const storage::Table* hits = tdb.find_table("hits");
    if (!hits) throw std::runtime_error(o.db + " has no table hits (tessera " + o.db + " --hits N makes it)");
    report.rows = hits->num_rows();
  }
  std::fprintf(stderr, "  %.2f s\n", report.tessera_load_s);

  // Where the GPU time goes: one traced run per query when operators run on the GPU.
  std::unique_ptr<KernelTracer> tracer;
  if (!tdb.gpu_engine()) {
    report.trace_note = "none (no GPU operators)";
  } else if (!o.trace) {
    report.trace_note = "off (--no-trace)";
  } else {
    tracer = std::make_unique<KernelTracer>();
    if (!tracer->available()) {
      report.trace_note = "unavailable: " + tracer->why_not();
      tracer.reset();
    }
  }
  if (!report.trace_note.empty()) std::fprintf(stderr, "GPU trace: %s\n", report.trace_note.c_str());
  for (size_t i = 0; i < queries.size(); ++i) {
    char tag[96];
    std::snprintf(tag, sizeof tag, "[%zu/%zu] %s %s", i + 1, queries.size(), queries[i].suite.c_str(),
                  queries[i].name.c_str());
    report.queries.push_back(bench_query(queries[i], tdb, ddb.get(), o.answers, o.runs, tracer.get(), tag));
  }
  if (tracer && !tracer->why_not().empty()) report.trace_note = "failed: " + tracer->why_not();

  report.gpu_resident_bytes = tdb.gpu_resident_bytes();
  std::fprintf(stderr, "\n");
  bench::print_report(report, stdout);
  if (!o.json_path.empty()) {
    bench::write_json(report, o.json_path);
    std::fprintf(stderr, "wrote %s\n", o.json_path.c_str());
  }
  for (const QueryOutcome& q : report.queries)
    if (q.status != QueryOutcome::Status::Ok) return 2;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(parse_options(argc, argv));
  } catch (const UsageError& e) {
    std::fprintf(stderr, "tessera-bench: error: %s\n%s", e.what(), kUsage);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tessera-bench: error: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "tessera-bench: error: unknown exception\n");
  }
  return 1;
}
