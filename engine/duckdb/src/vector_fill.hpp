// Tessera columns into DuckDB vectors: the logical type each storage type maps to (tpch_load.hpp lists the
// mapping) and the copy of a run of a column's rows into a data chunk's vector. Used by the appender load
// (tpch_load.cpp) and the table function that scans a database on disk (stored_table_load.cpp).
#pragma once

#include <duckdb.h>

#include "tessera/runtime/column.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::duckdb {

// DuckDB's logical type for a Tessera column type (the caller destroys it).
duckdb_logical_type logical_type(const storage::DataType& t);

// Copies rows [from, from + n) of column `col` into vector `v`; `phys` is the vector's element type (for a
// DECIMAL, its internal type: duckdb_decimal_internal_type).
void fill_vector(duckdb_vector v, duckdb_type phys, const storage::DataType& t, const rt::Column& col, int64_t from,
                 idx_t n);

// The element type fill_vector needs for a column of type `t`.
duckdb_type physical_type(const storage::DataType& t);

}  // namespace tessera::duckdb
