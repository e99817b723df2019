// A statement's result as text, the way SQL tests compare it: its rows as '|'-separated cell texts, or the
// message it fails with. Header-only, needing only the engine (oracle_checks.hpp adds DuckDB's answers).
#pragma once

#include <exception>
#include <string>
#include <vector>

#include "tessera/engine/database.hpp"

namespace tessera::test {

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
