#include "bench_report.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace tessera::bench {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double QueryOutcome::tessera_median() const { return median(tessera_ms); }
double QueryOutcome::duckdb_median() const { return median(duckdb_ms); }
double QueryOutcome::ratio() const {
  const double d = duckdb_median();
  return d > 0 ? tessera_median() / d : 0;
}

const char* status_name(QueryOutcome::Status s) {
  switch (s) {
    case QueryOutcome::Status::Ok: return "ok";
    case QueryOutcome::Status::Fail: return "FAIL";
    case QueryOutcome::Status::Error: return "ERROR";
    case QueryOutcome::Status::Skipped: return "SKIP";
  }
  return "?";
}

double geomean_ratio(const BenchReport& r, const std::string& suite, int* count) {
  double log_sum = 0;
  int n = 0;
  for (const QueryOutcome& q : r.queries) {
    if (q.status != QueryOutcome::Status::Ok || (!suite.empty() && q.suite != suite)) continue;
    const double ratio = q.ratio();
    if (ratio <= 0) continue;
    log_sum += std::log(ratio);
    ++n;
  }
  if (count) *count = n;
  return n ? std::exp(log_sum / n) : 0;
}

namespace {

std::vector<std::string> suites_of(const BenchReport& r) {
  std::vector<std::string> out;
  for (const QueryOutcome& q : r.queries)
    if (std::find(out.begin(), out.end(), q.suite) == out.end()) out.push_back(q.suite);
  return out;
}

std::string first_line(const std::string& s, size_t max = 100) {
  std::string l = s.substr(0, s.find('\n'));
  if (l.size() > max) l = l.substr(0, max - 3) + "...";
  return l;
}

}  // namespace

void print_report(const BenchReport& r, std::FILE* out) {
  if (r.benchmark == "clickbench")
    std::fprintf(out, "ClickBench, %lld rows of hits, %d threads, median of %d runs after 1 warm-up (ms); DuckDB %s\n",
                 static_cast<long long>(r.rows), r.threads, r.runs, r.duckdb_version.c_str());
  else
    std::fprintf(out, "TPC-H SF %g, %d threads, median of %d runs after 1 warm-up (ms); DuckDB %s\n", r.sf, r.threads,
                 r.runs, r.duckdb_version.c_str());
  std::fprintf(out, "Tessera: %s; scalar functions of CPU operators on the %s; fused predicates %s\n",
               r.operator_device.c_str(), r.function_device.c_str(), r.fused_predicates ? "on" : "off (--no-fuse)");
  if (r.gpu_resident_bytes)
    std::fprintf(out, "GPU-resident table columns: %.1f MiB\n", r.gpu_resident_bytes / 1048576.0);
  if (!r.database.empty())
    std::fprintf(out, "data: the database on disk %s (opened in %.2f s; columns read on first use)\n",
                 r.database.c_str(), r.tessera_load_s);
  else
    std::fprintf(out, "data: generated in %.2f s, loaded into DuckDB in %.2f s, into Tessera in %.2f s\n", r.generate_s,
                 r.duckdb_load_s, r.tessera_load_s);
  int64_t total_rows = 0, total_bytes = 0;
  if (!r.tables.empty()) std::fprintf(out, "  %-10s %12s %14s\n", "table", "rows", "bytes");
  for (const TableInfo& t : r.tables) {
    std::fprintf(out, "  %-10s %12lld %14lld\n", t.name.c_str(), static_cast<long long>(t.rows),
                 static_cast<long long>(t.bytes));
    total_rows += t.rows;
    total_bytes += t.bytes;
  }
  if (!r.tables.empty())
    std::fprintf(out, "  %-10s %12lld %14lld  (%.1f MiB)\n", "total", static_cast<long long>(total_rows),
                 static_cast<long long>(total_bytes), total_bytes / 1048576.0);
  std::fprintf(out, "\n");

  if (!r.trace_note.empty()) std::fprintf(out, "GPU trace: %s\n", r.trace_note.c_str());
  std::fprintf(out, "%-12s %-5s %-6s %9s %12s %12s %8s %7s %9s %9s %8s %8s %9s\n", "suite", "query", "check", "rows",
               "tessera_ms", "duckdb_ms", "ratio", "cpu_ops", "gpu_MiB", "kernel_ms", "kernels", "copy_ms", "copy_MiB");
  bool any_problem = false;
  for (const QueryOutcome& q : r.queries) {
    if (q.status == QueryOutcome::Status::Ok) {
      std::fprintf(out, "%-12s %-5s %-6s %9lld %12.2f %12.2f %8.3f %7d %9.1f", q.suite.c_str(), q.name.c_str(), "ok",
                   static_cast<long long>(q.rows), q.tessera_median(), q.duckdb_median(), q.ratio(), q.cpu_placements,
                   q.gpu_peak_bytes / 1048576.0);
      if (q.traced)
        std::fprintf(out, " %9.2f %8lld %8.2f %9.1f\n", q.trace.kernel_ms, static_cast<long long>(q.trace.kernels),
                     q.trace.copy_ms, q.trace.copy_bytes / 1048576.0);
      else
        std::fprintf(out, " %9s %8s %8s %9s\n", "-", "-", "-", "-");
    } else {
      any_problem = true;
      std::fprintf(out, "%-12s %-5s %-6s %9s %12s %12s %8s\n", q.suite.c_str(), q.name.c_str(), status_name(q.status),
                   "-", "-", "-", "-");
    }
  }
  for (const std::string& s : suites_of(r)) {
    int n = 0, total = 0;
    for (const QueryOutcome& q : r.queries) total += q.suite == s;
    const double g = geomean_ratio(r, s, &n);
    double tess = 0, duck = 0;
    for (const QueryOutcome& q : r.queries)
      if (q.suite == s && q.status == QueryOutcome::Status::Ok) {
        tess += q.tessera_median();
        duck += q.duckdb_median();
      }
    int ok = 0;
    for (const QueryOutcome& q : r.queries) ok += q.suite == s && q.status == QueryOutcome::Status::Ok;
    if (n)
      std::fprintf(out, "%-12s geomean ratio %.3f over %d of %d queries (sum of medians: tessera %.1f ms, duckdb %.1f ms)\n",
                   s.c_str(), g, n, total, tess, duck);
    else if (ok)  // DuckDB not run (published answers): Tessera's times alone
      std::fprintf(out, "%-12s %d of %d queries agree with the published answers; sum of Tessera's medians %.1f ms\n",
                   s.c_str(), ok, total, tess);
    else
      std::fprintf(out, "%-12s no query passed its check (0 of %d)\n", s.c_str(), total);
  }
  if (suites_of(r).size() > 1) {
    int n = 0;
    const double g = geomean_ratio(r, "", &n);
    if (n) std::fprintf(out, "%-12s geomean ratio %.3f over %d queries\n", "all", g, n);
  }
  bool any_note = false;
  for (const QueryOutcome& q : r.queries)
    if (q.status == QueryOutcome::Status::Ok && !q.check_note.empty()) {
      if (!any_note) std::fprintf(out, "checked in part:\n");
      any_note = true;
      std::fprintf(out, "  %s %s: %s\n", q.suite.c_str(), q.name.c_str(), q.check_note.c_str());
    }
  if (any_problem) {
    std::fprintf(out, "not timed:\n");
    for (const QueryOutcome& q : r.queries)
      if (q.status != QueryOutcome::Status::Ok)
        std::fprintf(out, "  %s %s %s: %s\n", q.suite.c_str(), q.name.c_str(), status_name(q.status),
                     first_line(q.message).c_str());
  }
}

void write_json(const BenchReport& r, const std::string& path) {
  using nlohmann::json;
  json j;
  j["benchmark"] = r.benchmark;
  if (r.benchmark == "clickbench") j["rows"] = r.rows;
  else j["sf"] = r.sf;
  if (!r.database.empty()) j["database"] = r.database;
  j["threads"] = r.threads;
  j["runs"] = r.runs;
  j["warmup_runs"] = 1;
  j["suite"] = r.suite;
  j["duckdb_version"] = r.duckdb_version;
  j["function_device"] = r.function_device;
  j["operator_device"] = r.operator_device;
  j["fused_predicates"] = r.fused_predicates;
  j["gpu_resident_bytes"] = r.gpu_resident_bytes;
  if (!r.trace_note.empty()) j["gpu_trace_note"] = r.trace_note;
  j["load_seconds"] = {{"generate", r.generate_s}, {"duckdb", r.duckdb_load_s}, {"tessera", r.tessera_load_s}};
  int64_t total_bytes = 0, total_rows = 0;
  json tables = json::array();
  for (const TableInfo& t : r.tables) {
    tables.push_back({{"name", t.name}, {"rows", t.rows}, {"bytes", t.bytes}});
    total_bytes += t.bytes;
    total_rows += t.rows;
  }
  j["tables"] = tables;
  j["total_rows"] = total_rows;
  j["total_bytes"] = total_bytes;
  json queries = json::array();
  for (const QueryOutcome& q : r.queries) {
    json e = {{"suite", q.suite}, {"query", q.name}, {"status", status_name(q.status)}};
    if (!q.message.empty()) e["message"] = q.message;
    if (q.status == QueryOutcome::Status::Ok) {
      e["rows"] = q.rows;
      e["tessera_ms"] = q.tessera_median();
      e["duckdb_ms"] = q.duckdb_median();
      e["ratio"] = q.ratio();
      if (!q.check_note.empty()) e["check_note"] = q.check_note;
      e["tessera_runs_ms"] = q.tessera_ms;
      e["duckdb_runs_ms"] = q.duckdb_ms;
      e["tessera_check_ms"] = q.tessera_check_ms;
      e["duckdb_check_ms"] = q.duckdb_check_ms;
      e["tessera_timing_ms"] = {
          {"parse", q.tessera_parse_ms}, {"plan", q.tessera_plan_ms}, {"execute", q.tessera_execute_ms}};
      e["cpu_placements"] = q.cpu_placements;
      e["first_cpu_placement"] = q.first_cpu_placement;
      e["gpu_peak_bytes"] = q.gpu_peak_bytes;
      if (q.traced) {
        json top = json::array();
        for (const KernelTime& k : q.trace.top_kernels)
          top.push_back({{"name", k.name}, {"launches", k.launches}, {"ms", k.ms}});
        e["gpu_trace"] = {{"wall_ms", q.traced_ms},         {"kernels", q.trace.kernels},
                          {"kernel_ms", q.trace.kernel_ms}, {"copies", q.trace.copies},
                          {"copy_bytes", q.trace.copy_bytes}, {"copy_ms", q.trace.copy_ms},
                          {"busy_ms", q.trace.busy_ms},     {"top_kernels", top}};
      }
    }
    queries.push_back(e);
  }
  j["queries"] = queries;
  json geo = json::object();
  for (const std::string& s : suites_of(r)) {
    int n = 0;
    const double g = geomean_ratio(r, s, &n);
    geo[s] = {{"ratio", n ? json(g) : json(nullptr)}, {"queries", n}};
  }
  int n = 0;
  const double g = geomean_ratio(r, "", &n);
  geo["all"] = {{"ratio", n ? json(g) : json(nullptr)}, {"queries", n}};
  j["geomean"] = geo;

  std::ofstream f(path);
  if (!f) throw std::runtime_error("cannot write '" + path + "'");
  f << j.dump(2) << '\n';
  if (!f) throw std::runtime_error("cannot write '" + path + "'");
}

}  // namespace tessera::bench
