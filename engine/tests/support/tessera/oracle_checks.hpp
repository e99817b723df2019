// The checks SQL tests share: Tessera's answer against DuckDB's on the same tables; sql_text.hpp's result as text
// rows and the message a statement fails with.
// Header-only (tests link tessera_engine_cells and tessera_duckdb).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/engine/result_cells.hpp"
#include "tessera/sql_text.hpp"  // text_rows, error_of

namespace tessera::test {

// Tessera's answer to `sql` equals DuckDB's to `duck_sql` (`sql` when empty: DuckDB's spelling where its dialect
// differs) and is not empty.
inline void expect_same_as_duckdb(engine::Database& db, duckdb::DuckDb& duck, const std::string& sql,
                                  const std::string& duck_sql = "") {
  SCOPED_TRACE(sql);
  engine::QueryResult mine = db.execute(sql);
  duckdb::Result theirs = duck.query(duck_sql.empty() ? sql : duck_sql);
  const auto cmp = duckdb::compare_results(theirs.row_set(), engine::row_set(mine), engine::compare_options(mine));
  EXPECT_TRUE(cmp.equal) << cmp.message;
  EXPECT_GT(mine.rows, 0);
}

}  // namespace tessera::test
