// What tessera-bench tpch measured, and how it is reported: a short aligned table on stdout and the
// same numbers as JSON.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "kernel_trace.hpp"

namespace tessera::bench {

struct TableInfo {
  std::string name;
  int64_t rows = 0;
  int64_t bytes = 0;  // column buffers: values or string bytes, offsets, lengths, validity
};

struct QueryOutcome {
  enum class Status { Ok, Fail, Error, Skipped };  // Fail: answers differ; Error: a query threw; Skipped: no file
  std::string suite;   // "tpch", "tpch-scalar"
  std::string name;    // "q01"
  Status status = Status::Ok;
  std::string message; // why it is not Ok
  std::string check_note;  // how an Ok answer was checked, where not in full (published answers: columns left out)
  int64_t rows = 0;    // rows of the (DuckDB) answer
  std::vector<double> tessera_ms, duckdb_ms;  // the timed runs (empty unless Ok)
  double tessera_check_ms = 0, duckdb_check_ms = 0;  // the first (checked, untimed) run
  double tessera_parse_ms = 0, tessera_plan_ms = 0, tessera_execute_ms = 0;  // last timed run's QueryResult::timing
  // Operators the physical plan put on the CPU (0: the whole query ran on the GPU), the first with its
  // reason, and the query's peak device memory for operators (cached table columns apart).
  int cpu_placements = -1;
  std::string first_cpu_placement;
  int64_t gpu_peak_bytes = 0;
  // One more, untimed run traced on the device (KernelTracer): where its GPU time went, and its wall time.
  bool traced = false;
  GpuTrace trace;
  double traced_ms = 0;

  double tessera_median() const;
  double duckdb_median() const;
  double ratio() const;  // tessera / duckdb medians
};

struct BenchReport {
  std::string benchmark = "tpch";  // tpch, clickbench
  double sf = 1;                   // tpch
  std::string database;            // tpch --db: the database on disk the data came from (nothing generated)
  int64_t rows = 0;                // clickbench: rows of hits
  int threads = 0;
  int runs = 0;
  std::string suite;           // as asked: tpch, tpch-scalar, all
  std::string duckdb_version;
  std::string function_device;  // where Tessera's scalar functions ran: "CPU", "GPU (NVIDIA H200)"
  std::string operator_device;  // where its operators may run: Database::gpu_engine_status()
  bool fused_predicates = true;  // comparisons of function results with constants as fused kernels (--no-fuse: off)
  int64_t gpu_resident_bytes = 0;  // table columns resident in GPU memory at the end
  std::string trace_note;          // why no query was traced on the device, when none was
  double generate_s = 0, duckdb_load_s = 0, tessera_load_s = 0;
  std::vector<TableInfo> tables;
  std::vector<QueryOutcome> queries;
};

double median(std::vector<double> v);
const char* status_name(QueryOutcome::Status s);  // "ok", "FAIL", "ERROR", "SKIP"
// Geometric mean of the Tessera/DuckDB ratios of the Ok queries of `suite` ("": all); 0 if none.
double geomean_ratio(const BenchReport& r, const std::string& suite, int* count = nullptr);

void print_report(const BenchReport& r, std::FILE* out);
// Throws std::runtime_error if the file cannot be written.
void write_json(const BenchReport& r, const std::string& path);

}  // namespace tessera::bench
