// A user's C++ functions called from SQL: the catalog tessera-cc builds from examples/udf (the README's
// example) is added to the built-in one (engine::Options::udf_catalogs); SQL calls NET_PRICE and
// MASK_DIGITS like library functions, in any case, with NULLs, in filters and grouping, on the GPU
// engine where there is one. A catalog whose names clash with the library's is refused.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include "tessera/engine/database.hpp"
#include "tessera/sql_text.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/removed_at_exit.hpp"

using namespace tessera;
using ::testing::HasSubstr;

namespace {

// $TESSERA_UDF_TEST_CATALOG (the GPU machine's copy), else the one this build made.
std::string udf_catalog() {
  const char* dir = std::getenv("TESSERA_UDF_TEST_CATALOG");
  return dir && *dir ? dir : TESSERA_UDF_TEST_CATALOG;
}

class Udf : public ::testing::Test {
 protected:
  void SetUp() override {
    engine::Options o;
    o.threads = 2;
    o.udf_catalogs = {udf_catalog()};
    db_ = std::make_unique<engine::Database>(o);
    db_->execute("CREATE TABLE sales (id INT, phone VARCHAR(20), price FLOAT, discount FLOAT);"
                 "INSERT INTO sales VALUES (1, '555-0101', 100, 0.25), (2, 'n/a', 80, 0), (3, NULL, NULL, 0.5),"
                 " (4, '+1 (212) 555', 10, 0.1)");
  }
  std::vector<std::string> rows(const std::string& sql) { return test::text_rows(*db_, sql); }
  std::unique_ptr<engine::Database> db_;
};

using V = std::vector<std::string>;

TEST_F(Udf, CalledFromSqlLikeLibraryFunctions) {
  EXPECT_EQ(rows("SELECT id, MASK_DIGITS(phone), NET_PRICE(price, discount) FROM sales ORDER BY id"),
            (V{"1|###-####|75", "2|n/a|80", "3|NULL|NULL", "4|+# (###) ###|9"}));
  // Case-insensitive names, nested in library functions, in WHERE and GROUP BY.
  EXPECT_EQ(rows("SELECT UPPER(mask_digits(LOWER('AB12'))), net_price(200, 0.5)"), (V{"AB##|100"}));
  EXPECT_EQ(rows("SELECT id FROM sales WHERE NET_PRICE(price, discount) > 50 ORDER BY id"), (V{"1", "2"}));
  EXPECT_EQ(rows("SELECT LEN(MASK_DIGITS(phone)), count(*) FROM sales WHERE phone IS NOT NULL "
                 "GROUP BY LEN(MASK_DIGITS(phone)) ORDER BY 1"),
            (V{"3|1", "8|1", "12|1"}));
  // EXPLAIN names the user's kernel like any other.
  EXPECT_THAT(db_->explain("SELECT MASK_DIGITS(phone) FROM sales"), HasSubstr("mask_digits"));
}

// A user function compared with constants runs as its fused predicate kernel (tessera-cc derives
// "<kernel>__cmp" for user functions as for the library's), with the answers of the unfused comparison.
TEST_F(Udf, ComparisonsWithConstantsRunAsFusedPredicates) {
  const std::string device = db_->functions_on_gpu() ? "GPU" : "CPU";
  const std::string mask = "SELECT id FROM sales WHERE MASK_DIGITS(phone) = '###-####' ORDER BY id";
  EXPECT_EQ(rows(mask), (V{"1"}));
  std::string plan = db_->explain(mask);
  EXPECT_THAT(plan, HasSubstr("(MASK_DIGITS(phone) = '###-####') [fused]"));
  EXPECT_THAT(plan, HasSubstr("MASK_DIGITS -> kernel mask_digits__cmp [" + device));
  // IN lists, the other operators, NULL rows (neither true nor false) and a mirrored comparison.
  EXPECT_EQ(rows("SELECT id FROM sales WHERE MASK_DIGITS(phone) IN ('n/a', '+# (###) ###') ORDER BY id"), (V{"2", "4"}));
  EXPECT_EQ(rows("SELECT id FROM sales WHERE MASK_DIGITS(phone) <> 'n/a' ORDER BY id"), (V{"1", "4"}));
  EXPECT_EQ(rows("SELECT id FROM sales WHERE 50 < NET_PRICE(price, discount) ORDER BY id"), (V{"1", "2"}));
  EXPECT_EQ(rows("SELECT id FROM sales WHERE NET_PRICE(price, discount) <= 9 ORDER BY id"), (V{"4"}));
  plan = db_->explain("SELECT id FROM sales WHERE NET_PRICE(price, discount) <= 9");
  EXPECT_THAT(plan, HasSubstr("[fused]"));
  EXPECT_THAT(plan, HasSubstr("NET_PRICE -> kernel net_price__cmp [" + device));
  // The same answers unfused (inside an expression the fusion does not match).
  EXPECT_EQ(rows("SELECT id FROM sales WHERE (CASE WHEN MASK_DIGITS(phone) = '###-####' THEN 1 ELSE 0 END) = 1"), (V{"1"}));
  // A result that may outgrow the predicate's 256-byte buffer (VARCHAR(300) in, as long out) is not fused.
  db_->execute("CREATE TABLE long_text (s VARCHAR(300)); INSERT INTO long_text VALUES (REPLICATE('7', 300))");
  const std::string long_query = "SELECT count(*) FROM long_text WHERE MASK_DIGITS(s) = '" + std::string(300, '#') + "'";
  EXPECT_EQ(rows(long_query), (V{"1"}));
  EXPECT_THAT(db_->explain(long_query), ::testing::Not(HasSubstr("[fused]")));
}

// Fused against unfused on random strings: the rows a fused `MASK_DIGITS(s) <op> c` keeps are exactly those
// whose MASK_DIGITS(s), computed by the function's own kernel, satisfies the comparison done here (bytes,
// unsigned, trailing blanks dropped). The alphabet has no letters, so the session's case-insensitive
// collation does not enter; it has a multi-byte character (the euro sign) and blanks.
TEST_F(Udf, FusedPredicatesAgreeWithTheFunctionOnRandomStrings) {
  std::mt19937 rng(20261204);
  const std::vector<std::string> symbols = {"0", "1", "5", "9", " ", "-", "#", "(", "+", ".", "\xE2\x82\xAC"};
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  auto random_text = [&] {
    std::string t;
    for (size_t k = pick(9); k > 0; --k) t += symbols[pick(symbols.size())];
    return t;
  };
  std::string insert = "CREATE TABLE r (id INT, s VARCHAR(40)); INSERT INTO r VALUES ";
  for (int i = 0; i < 1500; ++i)
    insert += (i ? ", (" : "(") + std::to_string(i) + ", " + (pick(20) == 0 ? "NULL" : "'" + random_text() + "'") + ")";
  db_->execute(insert);
  std::map<std::string, std::string> masked;  // id -> MASK_DIGITS(s), from the function's kernel
  const engine::QueryResult all = db_->execute("SELECT id, MASK_DIGITS(s) FROM r WHERE s IS NOT NULL");
  for (int64_t i = 0; i < all.rows; ++i) masked[all.cell_text(i, 0)] = all.cell_text(i, 1);
  ASSERT_GT(masked.size(), 1300u);
  auto trimmed = [](std::string t) {
    while (!t.empty() && t.back() == ' ') t.pop_back();
    return t;
  };
  const char* ops[] = {"=", "<>", "<", "<=", ">", ">="};
  for (int q = 0; q < 60; ++q) {
    // Constants: results of some row (with or without trailing blanks), or random text.
    std::vector<std::string> constants;
    for (int k = q % 7 == 6 ? 3 : 1; k > 0; --k) {
      if (pick(3) == 0) {
        constants.push_back(random_text());
      } else {
        auto it = std::next(masked.begin(), static_cast<long>(pick(masked.size())));
        constants.push_back(it->second + (pick(4) == 0 ? "  " : ""));
      }
    }
    const std::string op = constants.size() > 1 ? "IN" : ops[q % 6];
    std::string rhs = constants.size() > 1 ? "(" : "";
    for (size_t k = 0; k < constants.size(); ++k) rhs += (k ? ", '" : "'") + constants[k] + "'";
    if (constants.size() > 1) rhs += ")";
    const std::string sql = "SELECT id FROM r WHERE MASK_DIGITS(s) " + op + " " + rhs;
    SCOPED_TRACE(sql);
    std::set<std::string> want;
    for (const auto& [id, m] : masked) {
      const int c = trimmed(m).compare(trimmed(constants[0]));  // std::string compares chars as unsigned
      bool keep = op == "=" ? c == 0 : op == "<>" ? c != 0 : op == "<" ? c < 0 : op == "<=" ? c <= 0 : op == ">" ? c > 0 : c >= 0;
      if (op == "IN") {
        keep = false;
        for (const std::string& k : constants) keep |= trimmed(m) == trimmed(k);
      }
      if (keep) want.insert(id);
    }
    std::set<std::string> got;
    for (const std::string& id : rows(sql)) got.insert(id);
    EXPECT_EQ(got, want);
    EXPECT_THAT(db_->explain(sql), HasSubstr("[fused]"));
  }
}

TEST_F(Udf, WrongArgumentsAreBindErrors) {
  try {
    db_->execute("SELECT MASK_DIGITS(1, 2)");
    FAIL();
  } catch (const engine::Error& e) {
    EXPECT_THAT(e.what(), HasSubstr("MASK_DIGITS"));
  }
}

// SQL Server's CREATE FUNCTION ... AS EXTERNAL NAME: a function of the catalog under a name of the user's
// choice, its declared signature checked against the C++ one; saved with a database and restored.
TEST(CreateFunction, ExternalNameFromSqlAndPersisted) {
  const std::string db_dir = (std::filesystem::path(::testing::TempDir()) / "tessera_udf_create_function.tdb").string();
  std::filesystem::remove_all(db_dir);
  test::removed_at_exit(db_dir);
  engine::Options o;
  o.threads = 2;
  o.database_path = db_dir;
  const std::string cat = udf_catalog();
  auto error = test::error_of;
  {
    engine::Database db(o);
    db.execute("CREATE FUNCTION dbo.Hide(@s VARCHAR(50)) RETURNS VARCHAR(50) AS EXTERNAL NAME [" + cat + "].[udf_mask_digits]");
    const engine::QueryResult r = db.execute("SELECT hide('tel 0123') AS h");
    EXPECT_EQ(r.cell_text(0, 0), "tel ####");
    // The catalog's own names are not added: only the one function, under the new name.
    EXPECT_THAT(error(db, "SELECT MASK_DIGITS('1')"), HasSubstr("unknown function 'MASK_DIGITS'"));
    EXPECT_THAT(error(db, "CREATE FUNCTION p(@a INT, @b FLOAT) RETURNS FLOAT AS EXTERNAL NAME [" + cat + "].[udf_net_price]"),
                HasSubstr("parameter @a is INT but argument 1 of udf_net_price is float64"));
    EXPECT_THAT(error(db, "CREATE FUNCTION p(@a FLOAT, @b FLOAT) RETURNS INT AS EXTERNAL NAME [" + cat + "].[udf_net_price]"),
                HasSubstr("RETURNS INT but udf_net_price returns float64"));
    EXPECT_THAT(error(db, "CREATE FUNCTION p(@a FLOAT) RETURNS FLOAT AS EXTERNAL NAME [" + cat + "].[udf_net_price]"),
                HasSubstr("declares 1 parameters but the C++ function udf_net_price takes 2"));
    EXPECT_THAT(error(db, "CREATE FUNCTION p(@a FLOAT, @b FLOAT) RETURNS FLOAT AS EXTERNAL NAME [" + cat + "].[nope]"),
                HasSubstr("has no function 'nope' (it has: "));
    EXPECT_THAT(error(db, "CREATE FUNCTION year(@a FLOAT, @b FLOAT) RETURNS FLOAT AS EXTERNAL NAME [" + cat + "].[udf_net_price]"),
                HasSubstr("has the name of a built-in function"));
    EXPECT_THAT(error(db, "CREATE FUNCTION p(@a FLOAT, @b FLOAT) RETURNS FLOAT AS EXTERNAL NAME [/no/such/dir].[udf_net_price]"),
                HasSubstr("cannot load the function catalog '/no/such/dir'"));
    db.execute("CREATE FUNCTION Net(@p FLOAT, @d FLOAT) RETURNS FLOAT AS EXTERNAL NAME [" + cat + "].[udf_net_price]");
    db.execute("CREATE TABLE t (p FLOAT); INSERT INTO t VALUES (10), (20)");
  }
  {
    engine::Database db(o);  // reopened: both functions restored
    EXPECT_TRUE(db.warnings().empty());
    EXPECT_EQ(db.execute("SELECT sum(NET(p, 0.5)) FROM t").cell_text(0, 0), "15");
    EXPECT_EQ(db.execute("SELECT HIDE('a1')").cell_text(0, 0), "a#");
    // Its fused predicate came with it, under the new name.
    db.execute("CREATE TABLE w (s VARCHAR(10)); INSERT INTO w VALUES ('a1'), ('b2'), ('a#')");
    EXPECT_EQ(db.execute("SELECT count(*) FROM w WHERE HIDE(s) = 'a#'").cell_text(0, 0), "2");
    EXPECT_THAT(db.explain("SELECT s FROM w WHERE HIDE(s) = 'a#'"), HasSubstr("HIDE -> kernel mask_digits__cmp"));
    db.execute("DROP FUNCTION hide");
    EXPECT_THAT(error(db, "SELECT s FROM w WHERE HIDE(s) = 'a#'"), HasSubstr("unknown function 'HIDE'"));
    EXPECT_THAT(error(db, "SELECT HIDE('a1')"), HasSubstr("unknown function 'HIDE'"));
    EXPECT_THAT(error(db, "DROP FUNCTION hide"), HasSubstr("Msg 3701"));
    db.execute("DROP FUNCTION IF EXISTS hide");
  }
  {
    engine::Database db(o);
    EXPECT_THAT(error(db, "SELECT HIDE('a1')"), HasSubstr("unknown function 'HIDE'"));
    EXPECT_EQ(db.execute("SELECT NET(4, 0.25)").cell_text(0, 0), "3");
  }
}

TEST(UdfCatalog, NameOfABuiltInFunctionIsRefused) {
  // A copy of the example catalog whose NET_PRICE is renamed YEAR.
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "tessera_udf_clash";
  std::filesystem::remove_all(dir);
  test::removed_at_exit(dir.string());
  std::filesystem::copy(udf_catalog(), dir, std::filesystem::copy_options::recursive);
  std::string manifest;
  {
    std::ifstream in(dir / "manifest.json");
    manifest.assign(std::istreambuf_iterator<char>(in), {});
  }
  const size_t at = manifest.find("\"NET_PRICE\"");
  ASSERT_NE(at, std::string::npos);
  manifest.replace(at, 11, "\"Year\"");
  std::ofstream(dir / "manifest.json") << manifest;
  engine::Options o;
  o.udf_catalogs = {dir.string()};
  try {
    engine::Database db(o);
    FAIL() << "a UDF named YEAR was accepted";
  } catch (const engine::Error& e) {
    EXPECT_THAT(e.what(), HasSubstr("function YEAR (kernel 'net_price') has the name of a built-in function"));
  }
  // The same catalog twice: its kernel ids are taken.
  o.udf_catalogs = {udf_catalog(), udf_catalog()};
  EXPECT_THROW(engine::Database db2(o), engine::Error);
}

}  // namespace
