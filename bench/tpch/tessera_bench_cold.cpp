// tessera-bench-cold: the cold benchmark (issue 31). For each query, a fresh Tessera process over a database on
// disk against a fresh DuckDB process over its own database file of the same data, on the same host:
//   tessera-bench-cold --db DB.tdb --duckdb DB.duckdb [--suite tpch|tpch-scalar|all] [--queries 1,6] [--runs 3]
//                      [--device auto|cpu|cuda] [--threads N] [--json out.json] [--query-dir DIR] [--catalog DIR]
//                      [--drop-caches]
//   tessera-bench-cold load-duckdb --db DB.tdb --duckdb DB.duckdb [--threads N]   (DuckDB's file from Tessera's)
// Each run starts the engine's process (this program, `child`), which opens the database, runs the query and
// writes its answer to a file; the time is from starting the process to the answer being in memory (the clock
// is the system's monotonic clock, which both processes read), with Tessera's split into open (catalog, manifest),
// plan, read (the scanned columns read from disk while the GPU comes up), device (the CUDA device and GPU engine
// coming up, on their own thread beside open, plan and read), wait (how long the query waited for them) and
// execute (the wait, moving and decoding columns included). The first run's
// answers are compared (duckdb::compare_results); a query whose answers differ is reported, not timed.
// --drop-caches empties the OS page cache before every process (root only), so reads come from the disk.
// Progress on stderr, the table on stdout (last). Exit code 0: every answer agreed; 2: some did not; 1: usage.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "answer_file.hpp"
#include "bench_queries.hpp"
#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/engine/result_cells.hpp"

#ifndef TESSERA_QUERY_DIR
#define TESSERA_QUERY_DIR "engine/queries"
#endif

using namespace tessera;

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ColdOptions {
  std::string command = "run";  // run, load-duckdb, child
  std::string engine;           // child: tessera or duckdb
  std::string db, duckdb_file, query_dir = TESSERA_QUERY_DIR, catalog_dir, json_path, answer_path, suite = "tpch";
  std::string device = "auto";
  std::vector<int> queries;
  int query = 0;  // child
  int runs = 3;
  int threads = 0;
  bool drop_caches = false;
};

double now_ms() { return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count(); }

const char* kUsage =
    "usage: tessera-bench-cold --db DB.tdb --duckdb DB.duckdb [--suite tpch|tpch-scalar|all] [--queries 1,6]\n"
    "                          [--runs 3] [--device auto|cpu|cuda] [--threads N] [--json out.json]\n"
    "                          [--query-dir DIR] [--catalog DIR] [--drop-caches]\n"
    "       tessera-bench-cold load-duckdb --db DB.tdb --duckdb DB.duckdb [--threads N]\n"
    "  For each query a fresh process per engine and run: Tessera over DB.tdb against DuckDB over DB.duckdb (the\n"
    "  same data: make it with load-duckdb). Times from process start to the answer, medians of --runs; answers\n"
    "  of the first run compared. --drop-caches: empty the OS page cache before each process (needs root).\n";

ColdOptions parse(int argc, char** argv) {
  ColdOptions o;
  int i = 1;
  if (argc > 1 && (std::string(argv[1]) == "load-duckdb" || std::string(argv[1]) == "child")) {
    o.command = argv[1];
    i = 2;
    if (o.command == "child") {
      if (argc < 3) throw UsageError("child needs an engine");
      o.engine = argv[2];
      i = 3;
    }
  }
  for (; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw UsageError(a + " needs a value");
      return argv[++i];
    };
    auto number = [&](const std::string& v, int lo, int hi) {
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end || n < lo || n > hi) throw UsageError(a + " takes a number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not '" + v + "'");
      return static_cast<int>(n);
    };
    if (a == "--db") o.db = value();
    else if (a == "--duckdb") o.duckdb_file = value();
    else if (a == "--suite") o.suite = value();
    else if (a == "--runs") o.runs = number(value(), 1, 100);
    else if (a == "--threads") o.threads = number(value(), 0, 4096);
    else if (a == "--device") o.device = value();
    else if (a == "--json") o.json_path = value();
    else if (a == "--query-dir") o.query_dir = value();
    else if (a == "--catalog") o.catalog_dir = value();
    else if (a == "--drop-caches") o.drop_caches = true;
    else if (a == "--query") o.query = number(value(), 1, 99);
    else if (a == "--answer") o.answer_path = value();
    else if (a == "--queries") {
      std::stringstream in(value());
      for (std::string item; std::getline(in, item, ',');)
        if (!item.empty()) o.queries.push_back(number(item, 1, 22));
    } else if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else {
      throw UsageError("unknown argument '" + a + "'");
    }
  }
  if (o.db.empty()) throw UsageError("--db DB.tdb is required");
  if (o.command != "child" && o.duckdb_file.empty()) throw UsageError("--duckdb DB.duckdb is required");
  if (o.suite != "tpch" && o.suite != "tpch-scalar" && o.suite != "all") throw UsageError("--suite: tpch, tpch-scalar or all");
  if (o.device != "auto" && o.device != "cpu" && o.device != "cuda") throw UsageError("--device: auto, cpu or cuda");
  if (o.queries.empty())
    for (int q = 1; q <= 22; ++q) o.queries.push_back(q);
  return o;
}

engine::Options tessera_options(const ColdOptions& o) {
  engine::Options eo;
  eo.database_path = o.db;
  eo.catalog_dir = o.catalog_dir;
  eo.threads = o.threads;
  eo.functions = o.device == "cpu" ? engine::FunctionDevice::Cpu
                 : o.device == "cuda" ? engine::FunctionDevice::Cuda : engine::FunctionDevice::Auto;
  return eo;
}

// DuckDB's database file from Tessera's tables (read through the lazy open, loaded by DuckDB's parallel INSERT).
int load_duckdb(const ColdOptions& o) {
  if (fs::exists(o.duckdb_file)) throw UsageError(o.duckdb_file + " exists; remove it first");
  engine::Options eo = tessera_options(o);
  eo.functions = engine::FunctionDevice::Cpu;
  engine::Database tdb(eo);  // the tables' schemas (opened lazily: nothing read)
  duckdb::DuckDb ddb(o.duckdb_file, o.threads);
  std::vector<const storage::Table*> tables;
  for (const std::string& name : tdb.table_names()) tables.push_back(tdb.find_table(name));
  duckdb::load_stored_tables(ddb, tables, [](const std::string& line) { std::fprintf(stderr, "load-duckdb: %s\n", line.c_str()); });
  ddb.execute("CHECKPOINT");
  return 0;
}

// One engine, one query, in this fresh process; prints one JSON line of timings.
int child(const ColdOptions& o) {
  const bench::Query q = bench::load_query(o.query_dir, o.suite, o.query);
  if (!q.missing.empty()) throw std::runtime_error(q.missing);
  nlohmann::json out;
  bench::Answer answer;
  double result_at = 0;
  if (o.engine == "tessera") {
    const double t0 = now_ms();
    engine::Database db(tessera_options(o));
    out["open_ms"] = now_ms() - t0;
    const engine::QueryResult r = db.execute(q.tessera_sql);
    result_at = now_ms();
    const engine::Database::OpenTiming ot = db.open_timing();
    out["open_catalog_ms"] = ot.catalog_ms;
    out["open_database_ms"] = ot.database_ms;
    out["device_ms"] = ot.device_ms;          // on its own thread, beside the rest
    out["gpu_engine_ms"] = ot.gpu_engine_ms;  // likewise
    out["device_wait_ms"] = ot.device_wait_ms;
    out["prefetch_ms"] = r.timing.prefetch_ms;
    out["plan_ms"] = r.timing.plan_ms;
    out["execute_ms"] = r.timing.execute_ms;
    out["gpu_uploaded_bytes"] = db.gpu_uploaded_bytes();
    out["gpu_decoded_bytes"] = db.gpu_decoded_bytes();
    out["cpu_operators"] = r.cpu_placements.size();
    answer.rows = engine::row_set(r);
    answer.compare = engine::compare_options(r);
    // Q15's view, created and dropped by the script, leaves the database as it was.
  } else if (o.engine == "duckdb") {
    const double t0 = now_ms();
    duckdb::DuckDb db(o.duckdb_file, o.threads);
    out["open_ms"] = now_ms() - t0;
    const double t1 = now_ms();
    const duckdb::Result r = bench::run_duckdb(db, q);
    result_at = now_ms();
    out["execute_ms"] = result_at - t1;
    answer.rows = r.row_set();
  } else {
    throw UsageError("child: the engine is tessera or duckdb, not '" + o.engine + "'");
  }
  out["result_at_ms"] = result_at;
  out["rows"] = answer.rows.rows.size();
  bench::write_answer(o.answer_path, answer);
  std::printf("%s\n", out.dump().c_str());
  return 0;
}

void drop_page_cache() {
  ::sync();
  std::ofstream f("/proc/sys/vm/drop_caches");
  f << "3\n";
  f.flush();
  if (!f) throw std::runtime_error("--drop-caches: cannot write /proc/sys/vm/drop_caches (run as root)");
}

struct Run {
  double total_ms = 0;  // process start to answer
  nlohmann::json phases;
};

// Starts `self child <engine> ...` and waits for it; the child's stdout (its JSON line) comes back.
Run run_child(const std::string& self, const ColdOptions& o, const std::string& suite, int query, const std::string& engine,
              const std::string& answer_path) {
  if (o.drop_caches) drop_page_cache();
  std::vector<std::string> args = {self, "child", engine, "--db", o.db, "--duckdb", o.duckdb_file, "--suite", suite,
                                   "--query", std::to_string(query), "--answer", answer_path, "--query-dir", o.query_dir,
                                   "--device", o.device, "--threads", std::to_string(o.threads)};
  if (!o.catalog_dir.empty()) args.insert(args.end(), {"--catalog", o.catalog_dir});
  int pipe_fd[2];
  if (::pipe(pipe_fd) != 0) throw std::runtime_error("pipe failed");
  const double start = now_ms();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    ::dup2(pipe_fd[1], 1);
    ::close(pipe_fd[0]);
    ::close(pipe_fd[1]);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(self.c_str(), argv.data());
    std::_Exit(127);
  }
  ::close(pipe_fd[1]);
  std::string text;
  char buf[4096];
  for (ssize_t n; (n = ::read(pipe_fd[0], buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
  ::close(pipe_fd[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error(engine + " process for " + suite + " " + bench::query_name(query) + " failed (status " +
                             std::to_string(status) + ")");
  Run r;
  r.phases = nlohmann::json::parse(text.substr(text.rfind('{')));
  r.total_ms = r.phases.at("result_at_ms").get<double>() - start;
  return r;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double median_of(const std::vector<Run>& runs, const char* key) {
  std::vector<double> v;
  for (const Run& r : runs) v.push_back(key ? r.phases.value(key, 0.0) : r.total_ms);
  return median(v);
}

int run(const ColdOptions& o, const std::string& self) {
  for (const std::string& f : {o.db, o.duckdb_file})
    if (!fs::exists(f)) throw UsageError(f + " does not exist");
  const std::vector<std::string> suites = o.suite == "all" ? std::vector<std::string>{"tpch", "tpch-scalar"}
                                                           : std::vector<std::string>{o.suite};
  const std::string tmp = (fs::temp_directory_path() / ("tessera-cold-" + std::to_string(::getpid()))).string();
  fs::create_directories(tmp);
  nlohmann::json report = nlohmann::json::array();
  int disagreements = 0;
  double log_ratio = 0;
  int timed = 0;
  std::string table;
  char line[512];
  std::snprintf(line, sizeof line, "%-14s %9s %7s %7s %7s %7s %8s %8s %9s %9s %7s  %s\n", "query", "tessera", "open", "plan",
                "read", "device", "wait", "execute", "MB to GPU", "duckdb", "ratio", "check");
  table += line;
  for (const std::string& suite : suites) {
    for (int q : o.queries) {
      const std::string name = suite + "/" + bench::query_name(q);
      std::vector<Run> t_runs, d_runs;
      std::string check = "agree";
      try {
        for (int k = 0; k < o.runs; ++k) {
          t_runs.push_back(run_child(self, o, suite, q, "tessera", tmp + "/tessera.json"));
          d_runs.push_back(run_child(self, o, suite, q, "duckdb", tmp + "/duckdb.json"));
          if (k == 0) {
            const bench::Answer t = bench::read_answer(tmp + "/tessera.json");
            const bench::Answer d = bench::read_answer(tmp + "/duckdb.json");
            const duckdb::CompareResult c = duckdb::compare_results(d.rows, t.rows, t.compare);
            if (!c.equal) {
              check = "DIFFER: " + c.message;
              break;
            }
          }
          std::fprintf(stderr, "%s run %d: tessera %.0f ms, duckdb %.0f ms\n", name.c_str(), k + 1, t_runs.back().total_ms,
                       d_runs.back().total_ms);
        }
      } catch (const std::exception& e) {
        check = std::string("ERROR: ") + e.what();
      }
      nlohmann::json entry = {{"suite", suite}, {"query", bench::query_name(q)}, {"check", check}};
      if (check == "agree") {
        const double t = median_of(t_runs, nullptr), d = median_of(d_runs, nullptr);
        log_ratio += std::log(t / d);
        ++timed;
        entry["tessera_ms"] = t;
        entry["duckdb_ms"] = d;
        entry["tessera_open_ms"] = median_of(t_runs, "open_ms");
        for (const char* k : {"open_catalog_ms", "open_database_ms", "device_ms", "gpu_engine_ms", "device_wait_ms", "prefetch_ms"})
          entry[std::string("tessera_") + k] = median_of(t_runs, k);
        entry["tessera_plan_ms"] = median_of(t_runs, "plan_ms");
        entry["tessera_execute_ms"] = median_of(t_runs, "execute_ms");
        entry["duckdb_open_ms"] = median_of(d_runs, "open_ms");
        entry["duckdb_execute_ms"] = median_of(d_runs, "execute_ms");
        entry["gpu_uploaded_bytes"] = t_runs[0].phases.value("gpu_uploaded_bytes", int64_t{0});
        entry["gpu_decoded_bytes"] = t_runs[0].phases.value("gpu_decoded_bytes", int64_t{0});
        entry["cpu_operators"] = t_runs[0].phases.value("cpu_operators", int64_t{0});
        entry["tessera_runs_ms"] = nlohmann::json::array();
        entry["duckdb_runs_ms"] = nlohmann::json::array();
        for (const Run& r : t_runs) entry["tessera_runs_ms"].push_back(r.total_ms);
        for (const Run& r : d_runs) entry["duckdb_runs_ms"].push_back(r.total_ms);
        std::snprintf(line, sizeof line, "%-14s %9.1f %7.1f %7.1f %7.1f %7.1f %8.1f %8.1f %9.1f %9.1f %7.3f  agree\n", name.c_str(),
                      t, entry["tessera_open_ms"].get<double>(), entry["tessera_plan_ms"].get<double>(),
                      entry["tessera_prefetch_ms"].get<double>(), entry["tessera_device_ms"].get<double>() +
                      entry["tessera_gpu_engine_ms"].get<double>(), entry["tessera_device_wait_ms"].get<double>(),
                      entry["tessera_execute_ms"].get<double>(), entry["gpu_uploaded_bytes"].get<double>() / 1e6, d, t / d);
      } else {
        ++disagreements;
        std::snprintf(line, sizeof line, "%-14s %s\n", name.c_str(), check.substr(0, 400).c_str());
      }
      table += line;
      report.push_back(entry);
    }
  }
  fs::remove_all(tmp);
  const double geomean = timed ? std::exp(log_ratio / timed) : 0;
  std::snprintf(line, sizeof line, "geomean ratio (tessera / duckdb, cold, process start to answer): %.3f over %d queries%s\n",
                geomean, timed, o.drop_caches ? " (page cache dropped before each process)" : " (OS page cache warm)");
  table += line;
  std::fputs(table.c_str(), stdout);
  if (!o.json_path.empty()) {
    std::ofstream f(o.json_path);
    f << nlohmann::json{{"queries", report}, {"geomean_ratio", geomean}, {"runs", o.runs}, {"device", o.device},
                        {"drop_caches", o.drop_caches}, {"db", o.db}, {"duckdb", o.duckdb_file},
                        {"duckdb_version", duckdb::DuckDb::library_version()}}
             .dump(1);
  }
  return disagreements ? 2 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const ColdOptions o = parse(argc, argv);
    if (o.command == "load-duckdb") return load_duckdb(o);
    if (o.command == "child") return child(o);
    return run(o, fs::canonical("/proc/self/exe").string());
  } catch (const UsageError& e) {
    std::fprintf(stderr, "tessera-bench-cold: %s\n%s", e.what(), kUsage);
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tessera-bench-cold: %s\n", e.what());
    return 1;
  }
}
