#include <unistd.h>

#include <filesystem>
#include "tessera/tpch_test_support.hpp"

#include <cstdio>
#include <cstdlib>

#include "statement_splitter.hpp"
#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/engine/result_cells.hpp"

namespace tessera::test {

double tpch_test_sf() {
  const char* s = std::getenv("TESSERA_TPCH_SF");
  return s && *s ? std::atof(s) : 0.1;
}

std::string read_query(const std::string& suite, int q) {
  char name[16];
  std::snprintf(name, sizeof name, "q%02d.sql", q);
  // The build's query folder, or TESSERA_QUERY_DIR where the binaries run elsewhere (the GPU machine).
  const char* dir = std::getenv("TESSERA_QUERY_DIR");
  return duckdb::read_text_file(std::string(dir && *dir ? dir : TESSERA_QUERY_DIR) + "/" + suite + "/" + name);
}

duckdb::Result duckdb_last_select(duckdb::DuckDb& db, const std::string& script) {
  // One statement at a time (DuckDb::query would answer with the last one, a DROP VIEW in Q15),
  // split by the same rules as the tessera command's scripts.
  duckdb::Result last;
  for (const cli::Statement& st : cli::split_statements(script).statements) {
    if (st.first_word == "SELECT" || st.first_word == "WITH") last = db.query(st.text);
    else db.execute(st.text);
  }
  return last;
}

TpchBoth::TpchBoth(double sf, int threads) : TpchBoth(sf, threads, 0) {}

TpchBoth::TpchBoth(double sf, int threads, int64_t stored_chunk_rows, int64_t morsel_rows) {
  duck_ = std::make_unique<duckdb::DuckDb>(threads);
  std::vector<storage::Table> tables = duckdb::load_tpch(*duck_, sf, threads);
  engine::Options o;
  o.threads = threads;
  if (stored_chunk_rows > 0) {
    stored_dir_ = (std::filesystem::temp_directory_path() / ("tessera_tpch_stored_" + std::to_string(::getpid()))).string();
    std::filesystem::remove_all(stored_dir_);
    o.database_path = stored_dir_;
    o.database_chunk_rows = stored_chunk_rows;
    {
      engine::Database writer(o);
      for (auto& t : tables) writer.add_table(std::move(t));
    }
  }
  o.morsel_rows = morsel_rows;
  tessera_ = std::make_unique<engine::Database>(o);
  for (auto& t : tables)
    if (stored_chunk_rows <= 0) tessera_->add_table(std::move(t));
}

TpchBoth::~TpchBoth() {
  tessera_.reset();
  if (!stored_dir_.empty()) std::filesystem::remove_all(stored_dir_);
}

Comparison TpchBoth::compare(const std::string& tessera_sql, const std::string& duckdb_sql) {
  Comparison c;
  duckdb::Result expected;
  try {
    expected = duckdb_last_select(*duck_, duckdb_sql);
  } catch (const std::exception& e) {
    c.message = std::string("DuckDB failed: ") + e.what();
    return c;
  }
  engine::QueryResult actual;
  try {
    actual = tessera_->execute(tessera_sql);
  } catch (const std::exception& e) {
    c.message = std::string("Tessera failed: ") + e.what();
    return c;
  }
  const duckdb::CompareResult r = duckdb::compare_results(expected.row_set(), engine::row_set(actual), engine::compare_options(actual));
  c.equal = r.equal;
  c.rows = actual.rows;
  c.message = r.message;
  return c;
}

}  // namespace tessera::test
