// Reading the suites' query files (see bench_queries.hpp).
#include "bench_queries.hpp"

#include <cstdio>
#include <filesystem>

#include "statement_splitter.hpp"

namespace tessera::bench {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> drop_statements(const cli::SplitScript& s) {
  std::vector<std::string> out;
  for (const cli::Statement& st : s.statements)
    if (st.first_word == "DROP") out.push_back(st.text);
  return out;
}

}  // namespace

std::string query_name(int q) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "q%02d", q);
  return buf;
}

Query load_query(const std::string& query_dir, const std::string& suite, int q) {
  Query out;
  out.suite = suite;
  out.name = query_name(q);
  const fs::path dir = fs::path(query_dir) / suite;
  const fs::path tessera_file = dir / (out.name + ".sql");
  const fs::path duckdb_file = suite == "tpch" ? tessera_file : dir / "duckdb" / (out.name + ".sql");
  for (const fs::path& f : {tessera_file, duckdb_file}) {
    std::error_code ec;
    if (!fs::is_regular_file(f, ec)) {
      out.missing = "no query file " + f.string();
      return out;
    }
  }
  out.tessera_sql = duckdb::read_text_file(tessera_file.string());
  const std::string duck = duckdb::read_text_file(duckdb_file.string());
  const cli::SplitScript split = cli::split_statements(duck);
  out.duckdb_drops = drop_statements(split);
  out.tessera_drops = drop_statements(cli::split_statements(out.tessera_sql));
  if (split.statements.size() <= 1) {
    out.duckdb_statements = {duck};
  } else {
    for (size_t i = 0; i < split.statements.size(); ++i) {
      const cli::Statement& st = split.statements[i];
      out.duckdb_statements.push_back(st.text);
      if (st.first_word == "SELECT" || st.first_word == "WITH") out.duckdb_answer = i;
    }
  }
  return out;
}

duckdb::Result run_duckdb(duckdb::DuckDb& db, const Query& q) {
  duckdb::Result answer;
  for (size_t i = 0; i < q.duckdb_statements.size(); ++i) {
    if (i == q.duckdb_answer) {
      answer = db.query(q.duckdb_statements[i]);
    } else {
      db.execute(q.duckdb_statements[i]);
    }
  }
  return answer;
}

}  // namespace tessera::bench
