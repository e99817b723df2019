#include "tessera/tpch_test_support.hpp"

#include <cstdio>
#include <cstdlib>

#include "tessera/duckdb/tpch_load.hpp"

namespace tessera::test {

double tpch_test_sf() {
  const char* s = std::getenv("TESSERA_TPCH_SF");
  return s && *s ? std::atof(s) : 0.1;
}

std::string read_query(const std::string& suite, int q) {
  char name[16];
  std::snprintf(name, sizeof name, "q%02d.sql", q);
  return duckdb::read_text_file(std::string(TESSERA_QUERY_DIR) + "/" + suite + "/" + name);
}

duckdb::Result duckdb_last_select(duckdb::DuckDb& db, const std::string& script) {
  // Comments out (they may hold ';'), then split on ';' (the query files have none inside literals)
  // and keep the last SELECT's result.
  std::string text;
  for (size_t i = 0; i < script.size();) {
    if (script.compare(i, 2, "--") == 0) {
      i = script.find('\n', i);
      if (i == std::string::npos) break;
    } else {
      text += script[i++];
    }
  }
  duckdb::Result last;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(';', start);
    if (end == std::string::npos) end = text.size();
    const std::string part = text.substr(start, end - start);
    start = end + 1;
    const size_t k = part.find_first_not_of(" \t\r\n(");
    if (k == std::string::npos) continue;
    std::string head = part.substr(k, 6);
    for (char& c : head) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (head == "SELECT" || head.rfind("WITH", 0) == 0) last = db.query(part);
    else db.execute(part);
  }
  return last;
}

TpchBoth::TpchBoth(double sf, int threads) {
  duck_ = std::make_unique<duckdb::DuckDb>(threads);
  std::vector<storage::Table> tables = duckdb::load_tpch(*duck_, sf, threads);
  engine::Options o;
  o.threads = threads;
  tessera_ = std::make_unique<engine::Database>(o);
  for (auto& t : tables) tessera_->add_table(std::move(t));
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
  const duckdb::CompareResult r = duckdb::compare_results(expected.row_set(), actual.row_set(), actual.compare_options());
  c.equal = r.equal;
  c.rows = actual.rows;
  c.message = r.message;
  return c;
}

}  // namespace tessera::test
