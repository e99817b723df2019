// The benchmark suites' query files (engine/queries/<suite>/qNN.sql and their DuckDB twins in
// <suite>/duckdb/qNN.sql; TPC-H's queries serve both engines), read into one Query per number.
#pragma once

#include <string>
#include <vector>

#include "tessera/duckdb/duckdb.hpp"

namespace tessera::bench {

// One query of a suite: the script for each engine. DuckDB runs a script's statements one at a time
// (its query() answers with the last statement, which for Q15 is DROP VIEW); the answer is the last
// SELECT's, as Tessera's Database::execute returns it.
struct Query {
  std::string suite, name;
  std::string tessera_sql;
  std::vector<std::string> duckdb_statements;
  size_t duckdb_answer = 0;  // which of duckdb_statements gives the answer
  // The scripts' DROP statements, run (errors ignored) after a failure so that a view a failed script
  // created does not break a later query that creates it again.
  std::vector<std::string> tessera_drops, duckdb_drops;
  std::string missing;       // why the query cannot run (a file is absent)
};

std::string query_name(int q);  // "q07"
Query load_query(const std::string& query_dir, const std::string& suite, int q);
// The DuckDB script's answer.
duckdb::Result run_duckdb(duckdb::DuckDb& db, const Query& q);

}  // namespace tessera::bench
