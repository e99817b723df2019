// tessera-bench-database: the database on disk against the files it replaces, on TPC-H at one scale
// factor, on this machine's cores:
//   load    the eight .tbl files parsed into tables (what `tessera --data DIR` does at every start)
//   save    those tables written into a new database (`tessera db.tdb --data DIR`, once)
//   open    the database opened, every table decoded (`tessera db.tdb` at every later start)
//   duckdb  the same tables in a DuckDB database file (size; its open time is not comparable: it reads lazily)
// The opened tables are checked against the loaded ones (row counts and a sum per table) before any time
// is reported. Times are medians of --runs runs (open after one warm-up, which checks); bytes on disk.
// `load` is the .tbl loader `tessera --data` uses: one table after another, each parsed on --threads threads.
//   tessera-bench-database --sf 1 --dir /tmp/bench-db [--threads N] [--runs 3]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "bench_options.hpp"
#include "tessera/duckdb/duckdb.hpp"
#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/tpch/generator.hpp"
#include "tessera/tpch/loader.hpp"
#include "tessera/tpch/schema.hpp"

using namespace tessera;
using bench::median;
using bench::seconds_since;
namespace fs = std::filesystem;

namespace {

int64_t dir_bytes(const fs::path& p) {
  int64_t n = 0;
  std::error_code ec;
  if (fs::is_regular_file(p, ec)) return static_cast<int64_t>(fs::file_size(p, ec));
  for (const auto& e : fs::recursive_directory_iterator(p, ec))
    if (e.is_regular_file(ec)) n += static_cast<int64_t>(e.file_size(ec));
  return n;
}

std::vector<storage::Table> load_tbl_dir(const fs::path& dir, int threads) {
  std::vector<storage::Table> out;
  for (tpch::TableId id : tpch::all_tables())
    out.push_back(tpch::load_tbl((dir / (std::string(tpch::table_name(id)) + ".tbl")).string(), id, threads));
  return out;
}

// A checksum of a table: rows and the sum of its first column's values' text lengths and first bytes.
std::string fingerprint(const storage::Table& t) {
  uint64_t h = static_cast<uint64_t>(t.num_rows());
  for (size_t c = 0; c < t.num_columns(); ++c)
    for (int64_t r = 0; r < t.num_rows(); r += 97) {
      const std::string cell = t.cell_text(r, c);
      for (unsigned char ch : cell) h = (h ^ ch) * 1099511628211ULL;
    }
  return std::to_string(t.num_rows()) + ":" + std::to_string(h);
}

}  // namespace

int main(int argc, char** argv) {
  bench::StorageBenchOptions opts;
  opts.dir = "/tmp/tessera-bench-db";
  if (!bench::parse_storage_bench_options(argc, argv, opts)) return 2;
  const double sf = opts.sf;
  const std::string dir = opts.dir;
  int threads = opts.threads;
  const int runs = opts.runs;
  try {
    const fs::path root(dir), tbl = root / "tbl", db_path = root / "tpch.tdb", duck_path = root / "tpch.duckdb";
    fs::remove_all(root);
    fs::create_directories(tbl);
    tpch::GenOptions gen;
    gen.sf = sf;
    gen.threads = threads;
    auto t0 = std::chrono::steady_clock::now();
    tpch::write_tbl_files(gen, tbl.string());
    std::printf("sf %g: .tbl files written in %.1f s (%.1f MB)\n", sf, seconds_since(t0), dir_bytes(tbl) / 1e6);

    // load: .tbl -> tables (the files were just written: in the page cache, as the database's will be)
    std::vector<storage::Table> tables;
    std::vector<double> load_s;
    for (int r = 0; r < runs; ++r) {
      t0 = std::chrono::steady_clock::now();
      tables = load_tbl_dir(tbl, threads);
      load_s.push_back(seconds_since(t0));
    }
    std::vector<std::string> expected;
    for (const auto& t : tables) expected.push_back(fingerprint(t));

    engine::Options o;
    o.threads = threads;
    o.functions = engine::FunctionDevice::Cpu;  // storage only: no GPU uploads in the timings
    // save: tables -> new database
    t0 = std::chrono::steady_clock::now();
    {
      o.database_path = db_path.string();
      engine::Database db(o);
      for (auto& t : tables) db.add_table(std::move(t));
    }
    const double save_s = seconds_since(t0);
    tables.clear();

    // open: database -> tables (warm-up, then timed runs), checked against the loaded tables
    std::vector<double> open_s;
    for (int r = 0; r <= runs; ++r) {
      t0 = std::chrono::steady_clock::now();
      engine::Database db(o);
      const double s = seconds_since(t0);
      if (r > 0) open_s.push_back(s);
      if (r == 0) {
        size_t i = 0;
        for (tpch::TableId id : tpch::all_tables()) {
          const storage::Table* t = db.find_table(tpch::table_name(id));
          if (!t || fingerprint(*t) != expected[i++]) {
            std::fprintf(stderr, "tessera-bench-database: table %s differs after reopening\n",
                         std::string(tpch::table_name(id)).c_str());
            return 1;
          }
        }
      }
    }

    // DuckDB's database file for the same data (loaded from the generator's tables).
    t0 = std::chrono::steady_clock::now();
    {
      duckdb::DuckDb duck(threads);
      duck.execute("ATTACH '" + duck_path.string() + "' AS f");
      duck.execute("USE f");
      duckdb::load_tpch(duck, sf, threads);
      duck.execute("CHECKPOINT");
    }
    const double duck_s = seconds_since(t0);

    const double tbl_mb = dir_bytes(tbl) / 1e6, db_mb = dir_bytes(db_path) / 1e6, duck_mb = dir_bytes(duck_path) / 1e6;
    std::printf("\n%-34s %10s\n", "step", "seconds");
    std::printf("%-34s %10.3f\n", "load .tbl files (median)", median(load_s));
    std::printf("%-34s %10.3f\n", "open database (median)", median(open_s));
    std::printf("%-34s %10.3f\n", "save database (once)", save_s);
    std::printf("%-34s %10.3f\n", "DuckDB: generate + load + checkpoint", duck_s);
    std::printf("\n%-34s %10s\n", "on disk", "MB");
    std::printf("%-34s %10.1f\n", ".tbl files", tbl_mb);
    std::printf("%-34s %10.1f\n", "Tessera database", db_mb);
    std::printf("%-34s %10.1f\n", "DuckDB database file", duck_mb);
    std::printf("\nopen is %.1fx faster than load; Tessera database / DuckDB file = %.2f; threads %d, runs %d\n",
                median(load_s) / median(open_s), db_mb / duck_mb, threads, runs);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tessera-bench-database: %s\n", e.what());
    return 1;
  }
  return 0;
}
