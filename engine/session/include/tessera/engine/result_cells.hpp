// A QueryResult as the DuckDB oracle's typed cells: how the tests and benchmarks compare Tessera's answers with
// DuckDB's (duckdb::compare_results). Kept out of database.hpp so the engine itself does not depend on the oracle
// (library tessera_engine_cells).
#pragma once

#include "tessera/duckdb/result_compare.hpp"
#include "tessera/engine/database.hpp"

namespace tessera::engine {

// The answer as typed cells.
duckdb::RowSet row_set(const QueryResult& r);
// How to compare it with DuckDB's answer: in order where ORDER BY fixes it (ties as sets), CHAR padding ignored.
duckdb::CompareOptions compare_options(const QueryResult& r);

}  // namespace tessera::engine
