// TPC-H data generator (specification clause 4.2), reimplemented: the eight tables at scale factor SF,
// deterministic for a given SF and independent of the thread count, written as dbgen-format .tbl files
// or generated straight into in-memory tables. See docs/TPCH_GENERATOR.md.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/storage/table.hpp"
#include "tessera/tpch/schema.hpp"

namespace tessera::tpch {

// Row counts the way dbgen derives them: SF < 1 scales each base count by floor(1000*SF)/1000,
// SF >= 1 must be a whole number.
struct ScaleInfo {
  double sf = 1;
  int64_t scale = 1;     // dbgen's integer scale (1 for SF < 1)
  int64_t parts = 0;     // PART rows (PARTSUPP has 4 per part)
  int64_t suppliers = 0;
  int64_t customers = 0;
  int64_t orders = 0;    // ORDERS rows (LINEITEM has 1..7 per order)
};
ScaleInfo scale_info(double sf);  // throws std::invalid_argument for SF <= 0 or a fractional SF > 1

// Exact row count of a table; LINEITEM is not known before generation: returns -1 for it.
int64_t expected_rows(TableId t, const ScaleInfo& s);

struct GenProgress {
  TableId table;         // the table (or table pair) being generated
  double fraction;       // 0..1 over all requested tables
  int64_t rows_done;     // rows of `table` written so far
};

struct GenOptions {
  double sf = 1;
  int threads = 0;                  // 0: std::thread::hardware_concurrency()
  std::vector<TableId> tables;      // empty: all eight
  std::function<void(const GenProgress&)> on_progress;  // called from one thread, in order
};

struct GenStats {
  std::vector<TableId> tables;
  std::vector<int64_t> rows;        // per table, in `tables` order
  std::vector<int64_t> bytes;       // .tbl bytes (0 for in-memory generation)
};

// Writes <dir>/<table>.tbl for each requested table (dbgen's format: fields ended by '|', one row a line).
GenStats write_tbl_files(const GenOptions& opts, const std::string& dir);

// Generates the requested tables into memory, in the order of opts.tables (all eight if empty).
std::vector<storage::Table> generate_tables(const GenOptions& opts);
// The same rows handed to `consume` part by part, each table's parts in row order (ORDERS and LINEITEM, PART and
// PARTSUPP interleaved), from one thread: memory holds a few parts per thread, not the tables (a database on disk
// is written this way, so any scale fits).
void generate_parts(const GenOptions& opts, const std::function<void(TableId, storage::Table&&)>& consume);

// The .tbl text of the rows produced by generation units [first, last] (1-based, inclusive) of one
// table: a unit is a row, except that an ORDERS unit also yields its LINEITEM rows and a PART unit its
// four PARTSUPP rows. Used by tests to check that chunks are independent.
std::string generate_tbl_text(TableId t, double sf, int64_t first, int64_t last);

// The 300 MiB pool of grammar text that comments are cut from (built once per process, ~1 s).
std::string_view text_pool();

}  // namespace tessera::tpch
