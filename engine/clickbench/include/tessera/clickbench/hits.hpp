// ClickBench's `hits` table (github.com/ClickHouse/ClickBench, create.sql for DuckDB/PostgreSQL): its
// schema and a deterministic generator of plausible rows (docs/CLICKBENCH.md: the distributions, and
// which values the 43 queries in engine/queries/clickbench rely on).
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

#include "tessera/storage/table.hpp"

namespace tessera::clickbench {

// The 105 columns of ClickBench's hits table, in order, with its names: SMALLINT and INTEGER as INT,
// BIGINT as BIGINT, TEXT and VARCHAR as VARCHAR, CHAR as CHAR(1), DATE as DATE, TIMESTAMP as
// DATETIME2(0). None is nullable (ClickBench's columns are NOT NULL).
storage::Schema hits_schema();

struct HitsOptions {
  int64_t rows = 1'000'000;
  uint64_t seed = 2013;
  int threads = 0;  // 0: all cores
};

// `rows` rows named "hits"; the same table for the same (rows, seed), whatever `threads`.
storage::Table generate_hits(const HitsOptions& o);
// The same rows in parts of about `part_rows` rows (whole ranges of 16,384), handed to `consume` in row order,
// so that a table of 100 million rows can go into a database on disk without being held in memory.
void generate_hits_parts(const HitsOptions& o, int64_t part_rows, const std::function<void(storage::Table&&)>& consume);

// URLHash and RefererHash: FNV-1a (64 bits) of the string's bytes, as a BIGINT.
int64_t url_hash(std::string_view s);

// The constants the query files use in place of ClickBench's (which name values of the real data set):
// the user Q20 looks up, and the URL and Referer whose hashes Q41 and Q42 filter on (CounterID 62's
// home page, which is also its most frequent internal referer).
inline constexpr int64_t kQ20UserID = 435090932899640449;
inline constexpr std::string_view kCounter62HomePage = "http://www.citynews.ru/";

}  // namespace tessera::clickbench
