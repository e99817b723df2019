// The checks SQL tests share: Tessera's answer against DuckDB's on the same tables, a result as text rows, the
// message a statement fails with.
// Header-only (tests link tessera_engine_cells and tessera_duckdb).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/engine/result_cells.hpp"

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

// The result of `sql` as rows of '|'-separated cell texts (QueryResult::cell_text).
inline std::vector<std::string> text_rows(engine::Database& db, const std::string& sql) {
  engine::QueryResult r = db.execute(sql);
  std::vector<std::string> out;
  for (int64_t i = 0; i < r.rows; ++i) {
    std::string line;
    for (size_t c = 0; c < r.columns.size(); ++c) {
      if (c) line += '|';
      line += r.cell_text(i, c);
    }
    out.push_back(line);
  }
  return out;
}

// The message `sql` fails with, or "" when it runs.
inline std::string error_of(engine::Database& db, const std::string& sql) {
  try {
    db.execute(sql);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace tessera::test
