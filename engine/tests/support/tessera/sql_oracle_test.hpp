// The fixture SQL suites share: hand-made or generated tables loaded into a DuckDB oracle and a Tessera
// engine::Database once per suite, and the checks every suite runs on them (an answer against DuckDB's, a result as
// text rows, the message a statement fails with).
//
//   class JsonFunctions : public test::SqlOracleTest {
//    protected:
//     static void SetUpTestSuite() { open(test::tables(test::tbl_table("docs", docs_text(), docs_schema()))); }
//   };
//   TEST_F(JsonFunctions, ...) { same_as_duckdb("SELECT ...", "SELECT ..."); EXPECT_EQ(rows("SELECT ..."), ...); }
//
// Library tessera_sql_oracle_test (links the engine, its cells, DuckDB and the .tbl parser).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/oracle_checks.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::test {

class SqlOracleTest : public ::testing::Test {
 protected:
  // What each suite's Database runs with unless it says otherwise: two threads.
  static engine::Options two_threads();

  // Opens the suite's DuckDB (two threads) and Database: `both` are loaded into each, `tessera_only` into the
  // Database alone (tables no DuckDB query reads).
  static void open(std::vector<storage::Table> both, std::vector<storage::Table> tessera_only = {},
                   engine::Options options = two_threads());
  static void TearDownTestSuite();

  // Tessera's answer to `sql` equals DuckDB's to `duck_sql` (`sql` when empty) and is not empty.
  static void same_as_duckdb(const std::string& sql, const std::string& duck_sql = "");
  // The result of `sql` as rows of '|'-separated cell texts.
  static std::vector<std::string> rows(const std::string& sql);
  // The message `sql` fails with, or "" when it runs.
  static std::string error(const std::string& sql);

  static duckdb::DuckDb* duck_;
  static engine::Database* db_;
};

// A table named `name` read from .tbl text ("1|a|\n": '|' after every field, an empty field is NULL).
storage::Table tbl_table(const std::string& name, const std::string& text, storage::Schema schema);

// `list` as a vector of tables (storage::Table moves only, so no initializer list of them can be moved from).
template <typename... T>
std::vector<storage::Table> tables(T&&... list) {
  std::vector<storage::Table> out;
  (out.push_back(std::forward<T>(list)), ...);
  return out;
}

}  // namespace tessera::test
