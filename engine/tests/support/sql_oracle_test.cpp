#include "tessera/sql_oracle_test.hpp"

#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/tpch/loader.hpp"

namespace tessera::test {

duckdb::DuckDb* SqlOracleTest::duck_ = nullptr;
engine::Database* SqlOracleTest::db_ = nullptr;

engine::Options SqlOracleTest::two_threads() {
  engine::Options o;
  o.threads = 2;
  return o;
}

void SqlOracleTest::open(std::vector<storage::Table> both, std::vector<storage::Table> tessera_only,
                         engine::Options options) {
  duck_ = new duckdb::DuckDb(2);
  for (const storage::Table& t : both) duckdb::create_and_load(*duck_, t);
  db_ = new engine::Database(options);
  for (storage::Table& t : tessera_only) db_->add_table(std::move(t));
  for (storage::Table& t : both) db_->add_table(std::move(t));
}

storage::Table tbl_table(const std::string& name, const std::string& text, storage::Schema schema) {
  return tpch::parse_table(text, name + ".tbl", name, std::move(schema), tpch::LoadOptions::tbl());
}

void SqlOracleTest::TearDownTestSuite() {
  delete db_;
  delete duck_;
  db_ = nullptr;
  duck_ = nullptr;
}

void SqlOracleTest::same_as_duckdb(const std::string& sql, const std::string& duck_sql) {
  expect_same_as_duckdb(*db_, *duck_, sql, duck_sql);
}

std::vector<std::string> SqlOracleTest::rows(const std::string& sql) { return text_rows(*db_, sql); }

std::string SqlOracleTest::error(const std::string& sql) { return error_of(*db_, sql); }

}  // namespace tessera::test
