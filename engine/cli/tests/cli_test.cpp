// The tessera command's pure parts: option parsing, statement splitting, CSV quoting and table
// formatting of hand-built results. The binary itself is tested end to end by the cli.* CTests
// (engine/cli/CMakeLists.txt).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <utility>

#include "data_setup.hpp"
#include "dot_command.hpp"
#include "options.hpp"
#include "result_format.hpp"
#include "script_runner.hpp"
#include "statement_splitter.hpp"
#ifdef TESSERA_CLI_HAVE_DUCKDB
#include "tessera/duckdb/duckdb.hpp"
#endif

using namespace tessera;
using namespace tessera::cli;

namespace {

Command parse(std::vector<std::string> args) { return parse_command_line(args); }

std::string usage_error(std::vector<std::string> args) {
  try {
    parse_command_line(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

rt::Column int_column(std::vector<int32_t> v, std::vector<uint8_t> valid = {}) {
  rt::Column c;
  c.type = fn::SqlType::Int32;
  for (int32_t x : v) c.append(x);
  c.valid.assign(valid.begin(), valid.end());
  return c;
}

rt::Column decimal_column(std::vector<int64_t> v) {
  rt::Column c;
  c.type = fn::SqlType::Decimal;
  for (int64_t x : v) c.append(x);
  return c;
}

rt::Column string_column(std::vector<std::string> v, std::vector<uint8_t> valid = {}) {
  rt::Column c;
  c.type = fn::SqlType::String;
  for (const std::string& s : v) c.append_string(s);
  c.valid.assign(valid.begin(), valid.end());
  return c;
}

// n_nationkey INT32, n_name VARCHAR(25), price DECIMAL(15,2).
engine::QueryResult nations(int rows) {
  static const char* names[] = {"ALGERIA", "ARGENTINA", "BRAZIL", "CANADA", "EGYPT"};
  engine::QueryResult r;
  r.names = {"n_nationkey", "n_name", "price"};
  r.types = {storage::DataType::int32(), storage::DataType::varchar(25), storage::DataType::decimal(15, 2)};
  std::vector<int32_t> keys;
  std::vector<std::string> ns;
  std::vector<int64_t> prices;
  for (int i = 0; i < rows; ++i) {
    keys.push_back(i * 5);
    ns.push_back(names[i % 5]);
    prices.push_back(100050 + i);
  }
  r.columns = {int_column(keys), string_column(ns), decimal_column(prices)};
  r.rows = rows;
  return r;
}

std::string table_text(const engine::QueryResult& r, int64_t max_rows = 40) {
  std::ostringstream out;
  write_table(r, out, max_rows);
  return out.str();
}

std::string csv_text(const engine::QueryResult& r) {
  std::ostringstream out;
  write_csv(r, out);
  return out.str();
}

}  // namespace

// ---- options

TEST(CliOptions, Defaults) {
  const Command c = parse({});
  EXPECT_EQ(c.kind, Command::Kind::Run);
  EXPECT_EQ(c.run.data.kind, DataSource::Kind::Generate);
  EXPECT_DOUBLE_EQ(c.run.data.sf, 0.01);
  EXPECT_TRUE(c.run.scripts.empty());
  EXPECT_EQ(c.run.settings.format.format, OutputFormat::Table);
  EXPECT_EQ(c.run.settings.format.max_rows, 40);
  EXPECT_FALSE(c.run.settings.timing);
  EXPECT_EQ(c.run.threads, 0);
  EXPECT_EQ(c.run.catalog_dir, "");
}

TEST(CliOptions, EverythingGiven) {
  const Command c = parse({"--sf=0.1", "--format", "csv", "--timing", "--threads", "4", "--catalog", "/cat",
                           "--max-rows", "0", "-e", "SELECT 1", "q1.sql", "-", "--", "-odd.sql"});
  EXPECT_DOUBLE_EQ(c.run.data.sf, 0.1);
  EXPECT_EQ(c.run.settings.format.format, OutputFormat::Csv);
  EXPECT_TRUE(c.run.settings.timing);
  EXPECT_EQ(c.run.threads, 4);
  EXPECT_EQ(c.run.catalog_dir, "/cat");
  EXPECT_EQ(c.run.settings.format.max_rows, 0);
  ASSERT_EQ(c.run.scripts.size(), 4u);
  EXPECT_EQ(c.run.scripts[0].kind, ScriptSource::Kind::Inline);
  EXPECT_EQ(c.run.scripts[0].text, "SELECT 1");
  EXPECT_EQ(c.run.scripts[1].kind, ScriptSource::Kind::File);
  EXPECT_EQ(c.run.scripts[1].text, "q1.sql");
  EXPECT_EQ(c.run.scripts[2].text, "-");
  EXPECT_EQ(c.run.scripts[3].text, "-odd.sql");
}

TEST(CliOptions, DataDirectories) {
  Command c = parse({"--data", "/tbl"});
  EXPECT_EQ(c.run.data.kind, DataSource::Kind::Tbl);
  EXPECT_EQ(c.run.data.dir, "/tbl");
  c = parse({"--csv", "/csv"});
  EXPECT_EQ(c.run.data.kind, DataSource::Kind::Csv);
  EXPECT_EQ(c.run.data.dir, "/csv");
}

TEST(CliOptions, HitsRows) {
  const Command c = parse({"h.tdb", "--hits", "100000"});
  EXPECT_EQ(c.run.data.kind, DataSource::Kind::Hits);
  EXPECT_EQ(c.run.data.hits_rows, 100000);
  EXPECT_EQ(c.run.database, "h.tdb");
}

TEST(CliOptions, Help) {
  EXPECT_EQ(parse({"-h"}).kind, Command::Kind::Help);
  EXPECT_EQ(parse({"--sf", "1", "--help"}).kind, Command::Kind::Help);
  EXPECT_EQ(parse({"gen", "--help"}).kind, Command::Kind::GenHelp);
  EXPECT_NE(usage_text().find("--max-rows"), std::string::npos);
}

TEST(CliOptions, Device) {
  EXPECT_EQ(parse({}).run.functions, tessera::engine::FunctionDevice::Auto);
  EXPECT_EQ(parse({"--device", "cpu"}).run.functions, tessera::engine::FunctionDevice::Cpu);
  EXPECT_EQ(parse({"--device", "cuda"}).run.functions, tessera::engine::FunctionDevice::Cuda);
  EXPECT_EQ(usage_error({"--device", "tpu"}), "bad value 'tpu' for --device: expected auto, cpu or cuda");
}

TEST(CliOptions, MemoryBudgetsAndMorsels) {
  const Command c = parse({"--memory-limit", "512M", "--gpu-memory=8g", "--morsel-rows", "4096"});
  EXPECT_EQ(c.run.memory_limit, int64_t{512} << 20);
  EXPECT_EQ(c.run.gpu_memory, int64_t{8} << 30);
  EXPECT_EQ(c.run.morsel_rows, 4096);
  EXPECT_EQ(parse({"--memory-limit", "1000"}).run.memory_limit, 1000);
  EXPECT_EQ(parse({"--memory-limit", "2T"}).run.memory_limit, int64_t{2} << 40);
  for (const char* bad : {"", "G", "8GB", "-1G", "0", "1.5G", "8X", "99999999999T"})
    EXPECT_EQ(usage_error({"--memory-limit", bad}),
              "bad value '" + std::string(bad) + "' for --memory-limit: expected a size such as 512M or 8G")
        << bad;
  EXPECT_NE(usage_text().find("--gpu-memory"), std::string::npos);
}

TEST(CliOptions, StatementTimeout) {
  EXPECT_EQ(parse({}).run.statement_timeout_ms, 0);
  EXPECT_EQ(parse({"--statement-timeout", "30"}).run.statement_timeout_ms, 30000);
  EXPECT_EQ(parse({"--statement-timeout", "2.5s"}).run.statement_timeout_ms, 2500);
  EXPECT_EQ(parse({"--statement-timeout=500ms"}).run.statement_timeout_ms, 500);
  EXPECT_EQ(parse({"--statement-timeout", "10min"}).run.statement_timeout_ms, 600000);
  EXPECT_EQ(parse({"--statement-timeout", "1h"}).run.statement_timeout_ms, 3600000);
  for (const char* bad : {"", "0", "-1", "ms", "5x", "1.2.3", "0.1ms", "1e3", "1 s"})
    EXPECT_EQ(usage_error({"--statement-timeout", bad}),
              "bad value '" + std::string(bad) +
                  "' for --statement-timeout: expected a time such as 30 (seconds), 2.5s, 500ms or 10min, at least 1 ms")
        << bad;
}

TEST(CliOptions, Errors) {
  EXPECT_EQ(usage_error({"--bogus"}), "unknown option '--bogus'");
  EXPECT_EQ(usage_error({"-x"}), "unknown option '-x'");
  EXPECT_EQ(usage_error({"-e"}), "option '-e' needs a value");
  EXPECT_EQ(usage_error({"--sf"}), "option '--sf' needs a value");
  EXPECT_EQ(usage_error({"--sf", "abc"}), "bad scale factor 'abc' for --sf");
  EXPECT_EQ(usage_error({"--sf", "inf"}), "bad scale factor 'inf' for --sf");
  EXPECT_NE(usage_error({"--sf", "0"}).find("bad scale factor '0' for --sf: "), std::string::npos);
  EXPECT_NE(usage_error({"--sf", "1.5"}).find("bad scale factor '1.5' for --sf: "), std::string::npos);
  EXPECT_EQ(usage_error({"--threads", "-1"}), "bad value '-1' for --threads: expected a whole number from 0 to 4096");
  EXPECT_EQ(usage_error({"--threads", "2x"}), "bad value '2x' for --threads: expected a whole number from 0 to 4096");
  EXPECT_EQ(usage_error({"--max-rows", ""}).substr(0, 26), "bad value '' for --max-row");
  EXPECT_EQ(usage_error({"--format", "json"}), "bad value 'json' for --format: expected table or csv");
  EXPECT_EQ(usage_error({"--timing=yes"}), "option '--timing' takes no value");
  EXPECT_EQ(usage_error({"--sf", "1", "--data", "/d"}), "give only one of --sf, --hits, --data and --csv (got --sf and --data)");
  EXPECT_EQ(usage_error({"--csv", "/c", "--data", "/d"}), "give only one of --sf, --hits, --data and --csv (got --csv and --data)");
  EXPECT_EQ(usage_error({"--hits", "10", "--sf", "1"}), "give only one of --sf, --hits, --data and --csv (got --hits and --sf)");
  EXPECT_EQ(usage_error({"--hits", "0"}), "--hits needs a number of rows of at least 1");
  EXPECT_EQ(usage_error({"--data", ""}), "--data needs a directory");
}

TEST(CliOptions, Gen) {
  const Command c = parse({"gen", "--sf", "0.5", "--out", "/tmp/x", "--threads", "3", "--tables", "nation,REGION", "-q"});
  EXPECT_EQ(c.kind, Command::Kind::Gen);
  EXPECT_DOUBLE_EQ(c.gen.gen.sf, 0.5);
  EXPECT_EQ(c.gen.out, "/tmp/x");
  EXPECT_EQ(c.gen.gen.threads, 3);
  ASSERT_EQ(c.gen.gen.tables.size(), 2u);
  EXPECT_EQ(c.gen.gen.tables[1], tpch::TableId::Region);
  EXPECT_TRUE(c.gen.quiet);
  EXPECT_EQ(usage_error({"gen", "--out", "/x"}), "tessera gen needs --sf N");
  EXPECT_EQ(usage_error({"gen", "--sf", "1"}), "tessera gen needs --out DIR");
  EXPECT_EQ(usage_error({"gen", "--sf", "1", "--out", "/x", "--tables", "nations"}), "unknown table 'nations' for --tables");
  EXPECT_EQ(usage_error({"gen", "--sf", "1", "--out", "/x", "-e", "x"}), "unknown option '-e' for tessera gen");
}

TEST(CliOptions, Serve) {
  const Command c = parse({"serve", "sales.tdb", "--host", "0.0.0.0", "--port", "14330", "--io-threads", "4",
                           "--statement-timeout", "30", "--device", "cpu", "--collation", "ci", "--morsel-rows", "1000"});
  EXPECT_EQ(c.kind, Command::Kind::Serve);
  EXPECT_EQ(c.serve.engine.database, "sales.tdb");
  EXPECT_EQ(c.serve.host, "0.0.0.0");
  EXPECT_EQ(c.serve.port, 14330);
  EXPECT_EQ(c.serve.io_threads, 4);
  EXPECT_EQ(c.serve.engine.statement_timeout_ms, 30000);
  EXPECT_EQ(c.serve.engine.functions, engine::FunctionDevice::Cpu);
  EXPECT_TRUE(c.serve.engine.case_insensitive);
  EXPECT_EQ(c.serve.engine.morsel_rows, 1000);
  EXPECT_EQ(c.serve.engine.data.kind, DataSource::Kind::None);
  const Command defaults = parse({"serve", "tpch.tdb"});
  EXPECT_EQ(defaults.serve.host, "127.0.0.1");
  EXPECT_EQ(defaults.serve.port, 1433);
  EXPECT_TRUE(defaults.serve.tls_certificate.empty());
  const Command tls = parse({"serve", "tpch.tdb", "--tls-cert", "server.crt", "--tls-key", "server.key"});
  EXPECT_EQ(tls.serve.tls_certificate, "server.crt");
  EXPECT_EQ(tls.serve.tls_key, "server.key");
  EXPECT_EQ(usage_error({"serve", "a.tdb", "--tls-cert", "server.crt"}), "TLS needs both --tls-cert FILE and --tls-key FILE");
  EXPECT_EQ(usage_error({"serve", "a.tdb", "--tls-key", "server.key"}), "TLS needs both --tls-cert FILE and --tls-key FILE");
  EXPECT_NE(serve_usage_text().find("--tls-cert FILE"), std::string::npos);
  EXPECT_EQ(parse({"serve", "--help"}).kind, Command::Kind::ServeHelp);
  EXPECT_NE(serve_usage_text().find("TESSERA_SA_PASSWORD"), std::string::npos);
  EXPECT_EQ(usage_error({"serve"}), "tessera serve needs a database (DATABASE.tdb)");
  EXPECT_EQ(usage_error({"serve", "a.tdb", "b.tdb"}), "tessera serve serves one database (got 'a.tdb' and 'b.tdb')");
  EXPECT_EQ(usage_error({"serve", "notes.txt"}),
            "'notes.txt' is not a database: give a directory tessera created, or a new path ending in .tdb");
  EXPECT_EQ(usage_error({"serve", "a.tdb", "-e", "SELECT 1"}), "unknown option '-e' for tessera serve");
  EXPECT_EQ(usage_error({"serve", "a.tdb", "--sf", "1"}), "unknown option '--sf' for tessera serve");
  EXPECT_EQ(usage_error({"serve", "a.tdb", "--port", "70000"}), "bad value '70000' for --port: expected a whole number from 0 to 65535");
  EXPECT_EQ(usage_error({"serve", "a.tdb", "--io-threads", "0"}), "--io-threads needs at least 1");
}

// ---- statement splitting

TEST(StatementSplitter, SplitsAndKeepsPositions) {
  const SplitScript s = split_statements("-- a comment; not a statement\nSELECT 1;\n  select ';' ; EXPLAIN SELECT 2");
  ASSERT_EQ(s.statements.size(), 3u);
  EXPECT_TRUE(s.incomplete);  // the last statement has no ';'
  EXPECT_EQ(s.statements[0].first_word, "SELECT");
  EXPECT_EQ(s.statements[0].line, 2);
  EXPECT_EQ(s.statements[0].column, 1);
  EXPECT_EQ(s.statements[1].first_word, "SELECT");
  EXPECT_EQ(s.statements[1].line, 3);
  EXPECT_EQ(s.statements[1].column, 3);
  EXPECT_EQ(s.statements[2].first_word, "EXPLAIN");
  EXPECT_EQ(s.statements[2].line, 3);
  EXPECT_EQ(s.statements[2].column, 16);
  // Each text puts the statement where it is in the script: the engine's line:column stay valid.
  EXPECT_EQ(s.statements[0].text, "\nSELECT 1");  // the comment before it is left out
  EXPECT_EQ(s.statements[1].text, "\n\n  select ';' ");
  EXPECT_EQ(s.statements[2].text, "\n\n" + std::string(15, ' ') + "EXPLAIN SELECT 2");
}

TEST(StatementSplitter, QuotesAndComments) {
  const SplitScript s = split_statements(
      "SELECT 'it''s; here', \"a;\"\"b\", [c;]]d] /* x; /* nested; */ still; */ FROM t -- ; \n;  \n-- done;\n");
  ASSERT_EQ(s.statements.size(), 1u);
  EXPECT_FALSE(s.incomplete);
  EXPECT_EQ(s.statements[0].text.find(" FROM t -- ; \n"), s.statements[0].text.size() - 14);
}

TEST(StatementSplitter, EmptyAndIncomplete) {
  EXPECT_TRUE(split_statements("").statements.empty());
  EXPECT_FALSE(split_statements(" ;; -- x\n /* y */ ; ").incomplete);
  EXPECT_TRUE(split_statements(" ;; -- x\n /* y */ ; ").statements.empty());
  EXPECT_TRUE(split_statements("SELECT 'abc;").incomplete);
  EXPECT_TRUE(split_statements("SELECT 1; /* open").incomplete);
  EXPECT_EQ(split_statements("SELECT 1; /* open").statements.size(), 1u);
  EXPECT_FALSE(split_statements("SELECT 1;\n").incomplete);
  EXPECT_EQ(split_statements("(SELECT 1)").statements[0].first_word, "");
}

// A script that ends inside a /* comment: the comment's start is reported (the runner refuses the whole
// script instead of silently skipping what the comment swallowed; issue 12).
TEST(StatementSplitter, AnUnterminatedCommentIsLocated) {
  const SplitScript s = split_statements("SELECT 1;\n  /* open\nSELECT 2;\nSELECT 3;");
  EXPECT_EQ(s.open_comment_line, 2);
  EXPECT_EQ(s.open_comment_column, 3);
  EXPECT_EQ(split_statements("SELECT 1; /* closed */ SELECT 2").open_comment_line, 0);
  EXPECT_EQ(split_statements("SELECT '/*'; SELECT 2").open_comment_line, 0);
  EXPECT_EQ(split_statements("/* a /* nested */ still open").open_comment_line, 1);
}

TEST(StatementSplitter, ColumnsCountCodePoints) {
  const SplitScript s = split_statements("SELECT 'é€'; SELECT 2");
  ASSERT_EQ(s.statements.size(), 2u);
  EXPECT_EQ(s.statements[1].column, 14);
  EXPECT_EQ(s.statements[1].text, std::string(13, ' ') + "SELECT 2");
}

// ---- CSV

TEST(CliCsv, FieldQuoting) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("cr\r"), "\"cr\r\"");
  EXPECT_EQ(csv_field(""), "\"\"");
  EXPECT_EQ(csv_field("", false), "");
  EXPECT_EQ(csv_field("  blanks kept "), "  blanks kept ");
  EXPECT_EQ(csv_field("Ünïcödé"), "Ünïcödé");
}

TEST(CliCsv, ResultWithNullsAndEmptyStrings) {
  engine::QueryResult r;
  r.names = {"k", "s,name"};
  r.types = {storage::DataType::int32(), storage::DataType::varchar(0)};
  r.columns = {int_column({1, 0, 3}, {1, 0, 1}), string_column({"a,b", "", ""}, {1, 1, 0})};
  r.rows = 3;
  EXPECT_EQ(csv_text(r), "k,\"s,name\"\n1,\"a,b\"\n,\"\"\n3,\n");
}

TEST(CliCsv, EmptyResult) {
  engine::QueryResult r = nations(0);
  EXPECT_EQ(csv_text(r), "n_nationkey,n_name,price\n");
}

// ---- table

TEST(CliTable, AlignedWithFooter) {
  EXPECT_EQ(table_text(nations(3)),
            " n_nationkey | n_name    |   price\n"
            "-------------+-----------+---------\n"
            "           0 | ALGERIA   | 1000.50\n"
            "           5 | ARGENTINA | 1000.51\n"
            "          10 | BRAZIL    | 1000.52\n"
            "(3 rows)\n");
}

TEST(CliTable, MaxRows) {
  const std::string t = table_text(nations(5), 2);
  EXPECT_EQ(t,
            " n_nationkey | n_name    |   price\n"
            "-------------+-----------+---------\n"
            "           0 | ALGERIA   | 1000.50\n"
            "           5 | ARGENTINA | 1000.51\n"
            "... 3 more rows\n"
            "(5 rows)\n");
  EXPECT_NE(table_text(nations(3), 2).find("... 1 more row\n(3 rows)"), std::string::npos);
  EXPECT_NE(table_text(nations(50), 0).find("(50 rows)"), std::string::npos);  // 0: all rows
  EXPECT_EQ(table_text(nations(50), 0).find("more row"), std::string::npos);
}

TEST(CliTable, OneRowNullsUtf8AndControlCharacters) {
  engine::QueryResult r;
  r.names = {"name", "n"};
  r.types = {storage::DataType::varchar(0), storage::DataType::int32()};
  r.columns = {string_column({"Zürich\tX", "a\nb"}, {1, 1}), int_column({7, 0}, {1, 0})};
  r.rows = 2;
  EXPECT_EQ(table_text(r),
            " name      |    n\n"
            "-----------+------\n"
            " Zürich\\tX |    7\n"
            " a\\nb      | NULL\n"
            "(2 rows)\n");
  r.rows = 1;
  for (auto& c : r.columns) {
    c.rows = 1;
  }
  EXPECT_NE(table_text(r).find("(1 row)\n"), std::string::npos);
}

TEST(CliTable, ExplainIsPrintedPlainly) {
  engine::QueryResult r;
  r.names = {"plan"};
  r.types = {storage::DataType::varchar(0)};
  r.columns = {string_column({"Aggregate (rows=1, cpu)", "  Scan nation (rows=25, cpu)"})};
  r.rows = 2;
  std::ostringstream plain, framed, csv;
  write_result(r, {OutputFormat::Table, 40}, /*is_explain=*/true, plain);
  EXPECT_EQ(plain.str(), "Aggregate (rows=1, cpu)\n  Scan nation (rows=25, cpu)\n");
  write_result(r, {OutputFormat::Table, 40}, /*is_explain=*/false, framed);
  EXPECT_NE(framed.str().find("(2 rows)"), std::string::npos);
  write_result(r, {OutputFormat::Csv, 40}, /*is_explain=*/true, csv);
  EXPECT_EQ(csv.str(), "plan\n\"Aggregate (rows=1, cpu)\"\n\"  Scan nation (rows=25, cpu)\"\n");
}

TEST(CliTable, DisplayWidth) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("abc"), 3u);
  EXPECT_EQ(display_width("Zürich"), 6u);
  EXPECT_EQ(display_width("€"), 1u);
}

TEST(CliFormat, Names) {
  OutputFormat f = OutputFormat::Table;
  EXPECT_TRUE(parse_output_format("CSV", f));
  EXPECT_EQ(f, OutputFormat::Csv);
  EXPECT_TRUE(parse_output_format("table", f));
  EXPECT_EQ(f, OutputFormat::Table);
  EXPECT_FALSE(parse_output_format("box", f));
  EXPECT_EQ(format_name(OutputFormat::Csv), "csv");
}

// --load NAME=PATH: a user's CSV or Parquet file as a table next to TPC-H (issue 11, first step).
TEST(CommandLine, LoadOptionTakesNameEqualsPath) {
  const Command c = parse_command_line({"--sf", "0.01", "--load", "fruit=/tmp/f.csv", "--load", "x=y.parquet"});
  ASSERT_EQ(c.run.loads.size(), 2u);
  EXPECT_EQ(c.run.loads[0], (std::pair<std::string, std::string>{"fruit", "/tmp/f.csv"}));
  EXPECT_THROW(parse_command_line({"--load", "fruit"}), UsageError);
  EXPECT_THROW(parse_command_line({"--load", "=x.csv"}), UsageError);
}

#ifdef TESSERA_CLI_HAVE_DUCKDB
TEST(LoadFileTable, CsvAndParquetBecomeTablesWithTheirTypes) {
  const std::string dir = ::testing::TempDir();
  const std::string csv = dir + "/tessera_fruit.csv", parquet = dir + "/tessera_fruit.parquet";
  {
    std::ofstream f(csv);
    f << "id,name,price,day\n1,apple,1.50,2024-01-02\n2,\"pear, green\",2.25,2024-02-03\n3,,,\n";
  }
  duckdb::DuckDb writer(1);
  writer.execute("COPY (SELECT i::INTEGER AS id, CAST(i * 1.25 AS DECIMAL(10, 2)) AS amount, 'n' || i AS label "
                 "FROM range(1, 1001) t(i)) TO '" + parquet + "' (FORMAT PARQUET)");
  engine::Database db{engine::Options{}};
  load_file_table(db, "fruit", csv, 1);
  load_file_table(db, "p", parquet, 1);
  auto cell = [&](const std::string& sql) {
    const engine::QueryResult r = db.execute(sql);
    return r.rows == 1 ? r.columns[0].is_valid(0) ? r.cell_text(0, 0) : std::string("NULL") : "rows=" + std::to_string(r.rows);
  };
  EXPECT_EQ(cell("SELECT count(*) FROM fruit"), "3");
  EXPECT_EQ(cell("SELECT name FROM fruit WHERE id = 2"), "pear, green");
  EXPECT_EQ(cell("SELECT name FROM fruit WHERE id = 3"), "NULL");
  EXPECT_EQ(cell("SELECT max(day) FROM fruit"), "2024-02-03");
  EXPECT_EQ(cell("SELECT sum(amount) FROM p"), "625625.00");  // DECIMAL(10,2) kept exact
  EXPECT_EQ(cell("SELECT label FROM p WHERE id = 1000"), "n1000");
  EXPECT_THROW(load_file_table(db, "fruit", csv, 1), std::runtime_error);  // exists already
  std::ofstream(dir + "/tessera_fruit.xls") << "not a spreadsheet";
  try {
    load_file_table(db, "bad", dir + "/tessera_fruit.xls", 1);
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown file type '.xls'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load_file_table(db, "gone", dir + "/tessera_no_such_file.csv", 1), std::runtime_error);

  // The shell's .import FILE TABLE does the same.
  RunSettings settings;
  std::ostringstream out, err;
  ScriptRunner runner(db, settings, out, err);
  EXPECT_EQ(run_dot_command(".import " + csv + " fruit2", runner, out), DotResult::Continue);
  EXPECT_NE(out.str().find("loaded fruit2: 3 rows"), std::string::npos) << out.str();
  EXPECT_EQ(cell("SELECT count(*) FROM fruit2 WHERE price > 2"), "1");
  EXPECT_THROW(run_dot_command(".import " + csv, runner, out), UsageError);
}

// Every Arrow format the handover maps, across many DuckDB chunks, NULLs included: aggregates over the loaded
// table equal DuckDB's over the file.
TEST(LoadFileTable, ParquetTypesThroughArrow) {
  const std::string parquet = ::testing::TempDir() + "/tessera_types.parquet";
  duckdb::DuckDb duck(1);
  duck.execute("COPY (SELECT i % 3 = 0 AS b, (i % 100)::TINYINT AS t, (i % 30000)::SMALLINT AS s, i::UINTEGER AS u, "
               "i * 1000003 AS big, (i / 8.0)::FLOAT AS f, i / 3.0 AS d, CAST(i * 1.125 AS DECIMAL(20,3)) AS dec, "
               "DATE '2020-01-01' + (i % 1000)::INTEGER AS day, CASE WHEN i % 7 = 0 THEN NULL ELSE 'v' || i END AS str "
               "FROM range(0, 10000) r(i)) TO '" + parquet + "' (FORMAT PARQUET)");
  engine::Database db{engine::Options{}};
  load_file_table(db, "p", parquet, 1);
  const storage::Table* t = db.find_table("p");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->schema().field(7).type.to_string(), "DECIMAL(20,3)");
  const engine::QueryResult r = db.execute(
      "SELECT count(*), sum(CASE WHEN b = 1 THEN 1 ELSE 0 END), sum(t), sum(s), sum(u), sum(big), sum(dec), "
      "count(str), max(day), min(str) FROM p");
  const duckdb::Result want = duck.query(
      "SELECT count(*), sum(CASE WHEN b THEN 1 ELSE 0 END), sum(t), sum(s), sum(u), sum(big), sum(dec), "
      "count(str), max(day), min(str) FROM '" + parquet + "'");
  const auto rows = want.text_rows();
  for (size_t c = 0; c < r.columns.size(); ++c) EXPECT_EQ(r.cell_text(0, c), rows[0][c]) << "column " << c;
  EXPECT_EQ(db.execute("SELECT f FROM p WHERE u = 9").cell_text(0, 0), "1.125");
}

// One corpus of damaged files through every way a file becomes rows (--load, read_csv() in FROM, the shell's
// .import, BULK INSERT with Tessera's own parser): each path loads a sound file exactly and refuses a damaged one
// with the file and the line of the first damage (issue 36). Special files are refused, never read or waited on.
TEST(DamagedFiles, EveryPathLoadsExactlyOrRefusesWithTheLine) {
  const std::string dir = ::testing::TempDir() + "/tessera_damaged_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  auto rows = [](int from, int to, char sep) {
    std::string s;
    for (int i = from; i < to; ++i) s += std::to_string(i) + sep + "n" + std::to_string(i) + "\n";
    return s;
  };
  struct Case {
    std::string file, text;
    int64_t rows;  // a sound file's rows, or -1
    int line;      // a damaged file's first bad line
  };
  const std::vector<Case> cases = {
      {"sound.csv", "id,name\n" + rows(0, 999, ','), 999, 0},
      {"quoted.csv", "id,name\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n", 2, 0},
      {"sound.tsv", "id\tname\n" + rows(0, 50, '\t'), 50, 0},
      {"extra_last.csv", "id,name\n" + rows(0, 999, ',') + "999,n999,extra\n", -1, 1001},
      {"extra_middle.csv", "id,name\n" + rows(0, 500, ',') + "500,n500,x\n" + rows(501, 999, ','), -1, 502},
      {"missing_middle.csv", "id,name\n" + rows(0, 298, ',') + "298\n" + rows(299, 999, ','), -1, 300},
      {"unterminated.csv", "a,b\n1,x\n3,\"z\n", -1, 3},
      {"extra.tsv", "id\tname\n" + rows(0, 20, '\t') + "20\tn20\tx\n" + rows(21, 40, '\t'), -1, 22},
  };
  engine::Options o;
  o.file_reader = file_reader(1);
  engine::Database db(o);
  RunSettings settings;
  std::ostringstream out, err;
  ScriptRunner runner(db, settings, out, err);
  int n = 0;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    const std::string path = dir + "/" + c.file;
    std::ofstream(path) << c.text;
    const char* sep = c.file.ends_with(".tsv") ? "\t" : ",";
    const std::string t = "t" + std::to_string(n++);
    // Each path: the rows it loaded, or its error.
    std::vector<std::pair<std::string, std::function<int64_t()>>> paths = {
        {"--load", [&] { load_file_table(db, t + "_load", path, 1); return db.find_table(t + "_load")->num_rows(); }},
        {"read_csv", [&] { return std::stoll(db.execute("SELECT count(*) FROM read_csv('" + path + "')").cell_text(0, 0)); }},
        {".import", [&] {
           if (run_dot_command(".import " + path + " " + t + "_import", runner, out) != DotResult::Continue) return int64_t{-2};
           if (!db.find_table(t + "_import")) throw std::runtime_error(err.str());
           return db.find_table(t + "_import")->num_rows();
         }},
        {"BULK INSERT", [&] {
           db.execute("CREATE TABLE " + t + "_bulk (a VARCHAR(20), b VARCHAR(20))");
           return db.execute("BULK INSERT " + t + "_bulk FROM '" + path + "' WITH (FORMAT = 'CSV', FIRSTROW = 2, " +
                             "FIELDTERMINATOR = '" + sep + "')").rows_affected;
         }},
    };
    for (auto& [name, load] : paths) {
      SCOPED_TRACE(name);
      err.str("");
      std::string error;
      int64_t loaded = -1;
      try {
        loaded = load();
      } catch (const tessera::Error& e) {
        error = e.what();
        EXPECT_EQ(e.kind(), tessera::ErrorKind::User) << error;  // a damaged file is the data's fault, not I/O
      } catch (const std::exception& e) {
        error = e.what();
      }
      if (error.empty() && !err.str().empty()) error = err.str();
      if (c.rows >= 0) {
        EXPECT_EQ(loaded, c.rows) << error;
        continue;
      }
      EXPECT_EQ(loaded, -1) << "a damaged file loaded " << loaded << " rows";
      EXPECT_NE(error.find(c.file), std::string::npos) << error;
      const std::string line = std::to_string(c.line);
      EXPECT_TRUE(error.find("line " + line + ",") != std::string::npos || error.find(":" + line + ":") != std::string::npos)
          << "no line " << line << " in: " << error;
    }
  }
  // Special files: refused by name, at once.
  const std::string fifo = dir + "/pipe.csv", zero = dir + "/zero.csv";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::filesystem::create_symlink("/dev/zero", zero);
  for (const auto& [path, what] : std::vector<std::pair<std::string, std::string>>{{fifo, "FIFO"}, {zero, "device"}, {dir, "directory"}}) {
    try {
      load_file_table(db, "special", path, 1);
      ADD_FAILURE() << path;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find("0:0"), std::string::npos) << e.what();
    }
    db.execute("CREATE TABLE special_bulk (a VARCHAR(20), b VARCHAR(20))");
    try {
      db.execute("BULK INSERT special_bulk FROM '" + path + "' WITH (FORMAT = 'CSV')");
      ADD_FAILURE() << path;
    } catch (const engine::Error& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find(":0:0"), std::string::npos) << e.what();
    }
    db.execute("DROP TABLE special_bulk");
  }
  // A damaged Parquet file: refused, naming it.
  const std::string parquet = dir + "/cut.parquet";
  duckdb::DuckDb writer(1);
  writer.execute("COPY (SELECT range AS i FROM range(1000)) TO '" + parquet + "' (FORMAT PARQUET)");
  std::filesystem::resize_file(parquet, std::filesystem::file_size(parquet) / 2);
  try {
    load_file_table(db, "cut", parquet, 1);
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cut.parquet"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

TEST(FileStatements, ReadCsvInFromAndBulkInsert) {
  const std::string dir = ::testing::TempDir();
  const std::string csv = dir + "/tessera_fs_fruit.csv", pipe = dir + "/tessera_fs_rows.txt", bad = dir + "/tessera_fs_bad.txt";
  std::ofstream(csv) << "id,name,day\n1,apple,2024-01-02\n2,\"pear, green\",2024-02-03\n3,,\n";
  std::ofstream(pipe) << "a header line\n10|north|5\n20|south|7\n";
  std::ofstream(bad) << "10|north|5\n20|south|x\n";
  engine::Options o;
  o.file_reader = file_reader(1);
  engine::Database db(o);
  auto cell = [&](const std::string& sql) {
    const engine::QueryResult r = db.execute(sql);
    return r.rows == 1 ? r.cell_text(0, 0) : "rows=" + std::to_string(r.rows);
  };
  // read_csv in FROM: header and types detected (DATE stays a DATE: YEAR works on it).
  EXPECT_EQ(cell("SELECT max(YEAR(day)) FROM read_csv('" + csv + "')"), "2024");
  EXPECT_EQ(cell("SELECT f.name FROM read_csv('" + csv + "', header = true) AS f WHERE f.id = 2"), "pear, green");
  EXPECT_EQ(db.execute("CREATE TABLE fruit AS SELECT * FROM read_csv('" + csv + "')").rows_affected, 3);
  EXPECT_EQ(cell("SELECT count(name) FROM fruit"), "2");
  // BULK INSERT into a declared table: fields read as text, converted to the columns' types.
  db.execute("CREATE TABLE r (k SMALLINT NOT NULL, region VARCHAR(10), n INT)");
  EXPECT_EQ(db.execute("BULK INSERT r FROM '" + pipe + "' WITH (FIRSTROW = 2, FIELDTERMINATOR = '|')").rows_affected, 2);
  EXPECT_EQ(cell("SELECT sum(n * k) FROM r"), "190");
  auto error = [&](const std::string& sql) -> std::string {
    try {
      db.execute(sql);
    } catch (const engine::Error& e) {
      return e.what();
    }
    return "";
  };
  // A value that does not convert: the statement fails and r keeps its rows.
  EXPECT_NE(error("BULK INSERT r FROM '" + bad + "' WITH (FIELDTERMINATOR = '|')").find("Msg 245"), std::string::npos);
  EXPECT_EQ(cell("SELECT count(*) FROM r"), "2");
  db.execute("CREATE TABLE r2 (a INT)");
  // Tessera's own CSV parser reads BULK INSERT's file: a row of the wrong shape is named by file:line:column.
  EXPECT_NE(error("BULK INSERT r2 FROM '" + pipe + "' WITH (FIRSTROW = 2, FIELDTERMINATOR = '|')")
                .find("tessera_fs_rows.txt:2:4: found 3 fields; expected 1"),
            std::string::npos)
      << error("BULK INSERT r2 FROM '" + pipe + "' WITH (FIRSTROW = 2, FIELDTERMINATOR = '|')");
  EXPECT_NE(error("BULK INSERT r FROM '" + pipe + "' WITH (BATCHSIZE = 10)").find("BATCHSIZE is not supported"), std::string::npos);
  EXPECT_NE(error("BULK INSERT r FROM '" + pipe + "' WITH (FIRSTROW = 0)").find("FIRSTROW"), std::string::npos);
  EXPECT_NE(error("SELECT * FROM read_csv('" + dir + "/tessera_no_such.csv')").find("read_csv"), std::string::npos);
  try {
    db.execute("SELECT * FROM read_csv('" + dir + "/tessera_no_such.csv')");
    ADD_FAILURE() << "a missing file read";
  } catch (const engine::Error& e) {
    EXPECT_EQ(e.kind(), tessera::ErrorKind::Io) << e.what();  // it cannot be opened
  }
  EXPECT_NE(error("SELECT * FROM read_csv('" + csv + "', colour = 'red')").find("unknown option 'colour'"), std::string::npos);
  EXPECT_NE(error("SELECT * FROM read_cvs('" + csv + "')").find("unknown table function 'read_cvs'"), std::string::npos);
  // Without a file reader (a build without DuckDB) read_csv says why; BULK INSERT of CSV needs none.
  engine::Database plain{engine::Options{}};
  plain.execute("CREATE TABLE r (k INT, region VARCHAR(10), n INT)");
  EXPECT_EQ(plain.execute("BULK INSERT r FROM '" + pipe + "' WITH (FIRSTROW = 2, FIELDTERMINATOR = '|')").rows_affected, 2);
  try {
    plain.execute("SELECT * FROM read_csv('" + csv + "')");
    ADD_FAILURE();
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("built without"), std::string::npos) << e.what();
  }
}
#endif

TEST(ScriptRunnerOutput, WritesSayHowManyRows) {
  engine::Database db{engine::Options{}};
  RunSettings settings;
  std::ostringstream out, err;
  ScriptRunner runner(db, settings, out, err);
  EXPECT_TRUE(runner.run("CREATE TABLE t (a INT);\nINSERT INTO t VALUES (1), (2);\nINSERT INTO t SELECT a + 10 FROM t "
                         "WHERE a = 1;\nSELECT a INTO t2 FROM t;\nTRUNCATE TABLE t;\nDROP TABLE t2;", "s.sql"));
  EXPECT_EQ(out.str(), "(2 rows affected)\n(1 row affected)\n(3 rows affected)\n");
  EXPECT_EQ(err.str(), "");
  EXPECT_FALSE(runner.run("INSERT INTO t VALUES (1), ('x')", "s.sql"));
  EXPECT_NE(err.str().find("row 2 of VALUES"), std::string::npos) << err.str();
}

// --hits N into a database on disk goes in parts (never the whole table in memory) and gives the same table as
// --hits N in memory: parts of 2 ranges of 16,384 rows here, the last one short.
TEST(DataSetup, HitsIntoADatabaseEqualTheHitsGeneratedInMemory) {
  const int64_t rows = 100'000;
  const std::string path = ::testing::TempDir() + "tessera_hits_" + std::to_string(::getpid()) + ".tdb";
  std::filesystem::remove_all(path);
  DataSource src;
  src.kind = DataSource::Kind::Hits;
  src.hits_rows = rows;
  src.hits_part_rows = 2 * 16384;
  engine::Options stored_options;
  stored_options.database_path = path;
  engine::Database stored(stored_options);
  const LoadSummary sum = load_data(stored, src, 2, false);
  ASSERT_EQ(sum.tables, std::vector<std::string>{"hits"});
  EXPECT_EQ(sum.rows, std::vector<int64_t>{rows});
  engine::Database memory{engine::Options{}};
  load_data(memory, src, 2, false);
  // Every column, summarised around the part boundary and over the whole table.
  const std::string q =
      "SELECT COUNT(*), SUM(CAST(WatchID % 1000 AS BIGINT)), SUM(LEN(URL)), SUM(LEN(Referer)), MIN(EventTime), "
      "MAX(SearchPhrase), SUM(CAST(UserID % 997 AS BIGINT)), SUM(URLHash % 13) FROM hits WHERE WatchID % 7 = 3";
  auto text = [](engine::Database& db, const std::string& sql) {
    const engine::QueryResult r = db.execute(sql);
    std::string t;
    for (int64_t row = 0; row < r.rows; ++row)
      for (size_t c = 0; c < r.columns.size(); ++c) t += r.cell_text(row, c) + "|";
    return t;
  };
  EXPECT_EQ(text(stored, q), text(memory, q));
  const std::string sample = "SELECT URL, Title, UserID, CounterID, ClientIP FROM hits WHERE WatchID % 50 = 1 ORDER BY WatchID";
  EXPECT_EQ(text(stored, sample), text(memory, sample));
  EXPECT_GT(stored.execute(sample).rows, 1000);
  std::filesystem::remove_all(path);
}
