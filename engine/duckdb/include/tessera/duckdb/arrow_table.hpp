// A DuckDB query's result as a Tessera table, handed over through the Arrow C Data Interface: each DuckDB
// data chunk becomes an ArrowArray (duckdb_data_chunk_to_arrow) whose buffers are copied column by column
// into Tessera's columns (values and string bytes as whole ranges; no value passes through a std::string).
// Arrow formats and the SQL types they become:
//   b -> BIT;  c C s S i -> INT;  I l -> BIGINT;  L -> DECIMAL(38,0);  d:p,s -> DECIMAL(p,s);  f g -> FLOAT;
//   tdD -> DATE;  u U -> VARCHAR(MAX).  Anything else (timestamps, lists, ...) is an error naming the column.
#pragma once

#include <string>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::duckdb {

// Runs `sql` on `db` and returns its result as table `name`. Throws std::runtime_error with DuckDB's
// message (prefixed by `what`) when the query fails, or naming a column of a type Tessera cannot hold.
storage::Table read_arrow_table(DuckDb& db, const std::string& name, const std::string& sql, const std::string& what);

}  // namespace tessera::duckdb
