// dbgen-format .tbl files: Tessera loads them with its own loader (tpch::load_tbl), DuckDB with its
// own CSV reader (COPY ... FROM), and the 22 TPC-H queries must give the same answers. The files
// come from $TESSERA_TBL_DIR when set (official TPC-H dbgen 3.0.1 output), else from Tessera's
// generator at SF 0.01 written to a temporary directory -- the same format dbgen writes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "tessera/engine/result_cells.hpp"
#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/tpch/generator.hpp"
#include "tessera/tpch/loader.hpp"
#include "tessera/tpch_test_support.hpp"

using namespace tessera;

namespace {

struct TblData {
  std::string dir;
  std::unique_ptr<duckdb::DuckDb> duck;
  std::unique_ptr<engine::Database> db;
};

TblData* data = nullptr;

class TblFiles : public ::testing::TestWithParam<int> {
 protected:
  static void SetUpTestSuite() {
    data = new TblData;
    const char* official = std::getenv("TESSERA_TBL_DIR");
    if (official && *official) {
      data->dir = official;
    } else {
      data->dir = (std::filesystem::temp_directory_path() / ("tessera-tbl-" + std::to_string(::getpid()))).string();
      std::filesystem::create_directories(data->dir);
      tpch::GenOptions o;
      o.sf = 0.01;
      o.threads = 2;
      tpch::write_tbl_files(o, data->dir);
    }
    data->duck = std::make_unique<duckdb::DuckDb>(2);
    engine::Options eo;
    eo.threads = 2;
    data->db = std::make_unique<engine::Database>(eo);
    for (tpch::TableId id : tpch::all_tables()) {
      const std::string path = data->dir + "/" + std::string(tpch::table_name(id)) + ".tbl";
      storage::Table t = tpch::load_tbl(path, id);
      data->duck->execute(duckdb::create_table_sql(t));
      // DuckDB reads the file itself; dbgen ends every row with '|', so the reader sees one more
      // (empty) column, which null_padding / the explicit column list absorbs.
      data->duck->execute("COPY " + t.name() + " FROM '" + path + "' (DELIMITER '|', HEADER false, NULL_PADDING true)");
      data->db->add_table(std::move(t));
    }
  }
  static void TearDownTestSuite() {
    if (!std::getenv("TESSERA_TBL_DIR")) std::filesystem::remove_all(data->dir);
    delete data;
    data = nullptr;
  }
};

TEST_P(TblFiles, LoadedTablesAnswerAsDuckDb) {
  const int q = GetParam();
  if (q == 1)  // both readers saw every row of every file
    for (tpch::TableId id : tpch::all_tables()) {
      const std::string n(tpch::table_name(id));
      EXPECT_EQ(data->duck->query_int("SELECT count(*) FROM " + n), data->db->find_table(n)->num_rows()) << n;
    }
  const std::string sql = test::read_query("tpch", q);
  duckdb::Result expected = test::duckdb_last_select(*data->duck, sql);
  engine::QueryResult actual = data->db->execute(sql);
  const auto r = duckdb::compare_results(expected.row_set(), engine::row_set(actual), engine::compare_options(actual));
  EXPECT_TRUE(r.equal) << "Q" << q << " on " << data->dir << ": " << r.message;
}

INSTANTIATE_TEST_SUITE_P(All22, TblFiles, ::testing::Range(1, 23),
                         [](const auto& info) { return "Q" + std::to_string(info.param); });

}  // namespace
