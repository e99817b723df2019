// The database on disk: column chunks (every type, each encoding, NULLs) decode to what was encoded;
// tables, views and inserts survive closing and reopening; a damaged chunk or manifest is an error that
// names the file; kill -9 during writes leaves a database that opens with a consistent state.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "tessera/engine/database.hpp"
#include "tessera/storage/column_chunk.hpp"
#include "tessera/storage/database_dir.hpp"

using namespace tessera;
using storage::DataType;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

namespace {

std::string fresh_dir(const std::string& name) {
  const fs::path p = fs::path(::testing::TempDir()) / ("tessera_db_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(p);
  return p.string();
}

// id INT (sequential: bit-packed), big BIGINT (wide range: plain), price DECIMAL(12,2), f FLOAT, day DATE,
// flag BIT, code CHAR(3) (few values: dictionary), note VARCHAR (distinct: plain); NULLs in price and note.
storage::Table sample(int64_t rows) {
  storage::Schema s({{"id", DataType::int32()}, {"big", DataType::int64()}, {"price", DataType::decimal(12, 2)},
                     {"f", DataType::float64()}, {"day", DataType::date()}, {"flag", DataType::boolean()},
                     {"code", DataType::fixed_char(3)}, {"note", DataType::varchar(0)}});
  storage::Table t("sample", s);
  std::mt19937_64 rng(7);
  const char* codes[] = {"AIR", "RAI", "SHI"};
  for (int64_t r = 0; r < rows; ++r) {
    t.column(0).append<int32_t>(static_cast<int32_t>(r));
    t.column(1).append<int64_t>(static_cast<int64_t>(rng()));
    if (r % 7 == 3) storage::append_null(t.column(2));
    else t.column(2).append<int64_t>(static_cast<int64_t>(rng() % 100000) - 5000);
    t.column(3).append<double>(static_cast<double>(r) / 3.0);
    t.column(4).append<int32_t>(8000 + static_cast<int32_t>(r % 2500));
    t.column(5).append<uint8_t>(r % 2);
    t.column(6).append_string(codes[r % 3]);
    if (r % 5 == 1) storage::append_null(t.column(7));
    else t.column(7).append_string("note " + std::to_string(rng()));
  }
  return t;
}

void expect_same(const storage::Table& a, const storage::Table& b) {
  ASSERT_EQ(a.num_rows(), b.num_rows());
  ASSERT_EQ(a.num_columns(), b.num_columns());
  for (size_t c = 0; c < a.num_columns(); ++c)
    for (int64_t r = 0; r < a.num_rows(); ++r)
      ASSERT_EQ(a.cell_text(r, c), b.cell_text(r, c)) << "column " << c << " row " << r;
}

TEST(ColumnChunk, RoundTripsEveryTypeWithItsEncoding) {
  const storage::Table t = sample(5000);
  const std::string bytes = storage::encode_chunk(t, 1000, 3000);
  using E = storage::Encoding;
  EXPECT_EQ(storage::chunk_encodings(bytes, "x"),
            (std::vector<E>{E::ForBitpack, E::Plain, E::ForBitpack, E::Plain, E::ForBitpack, E::ForBitpack,
                            E::Dictionary, E::Plain}));
  storage::Table back("sample", t.schema());
  std::vector<rt::Column> cols = storage::decode_chunk(bytes, t.schema(), "x");
  for (size_t i = 0; i < cols.size(); ++i) back.column(i) = std::move(cols[i]);
  back.validate();
  storage::Table expected("sample", t.schema());
  {
    storage::Table copy = sample(5000);
    // rows 1000..3999 of the sample
    for (size_t c = 0; c < copy.num_columns(); ++c) {
      const rt::Column& src = copy.column(c);
      for (int64_t r = 1000; r < 4000; ++r) {
        if (!src.is_valid(r)) storage::append_null(expected.column(c));
        else if (src.type == fn::SqlType::String) expected.column(c).append_string(src.string(r));
        else {
          rt::Column& dst = expected.column(c);
          switch (fn::type_width(src.type)) {
            case 1: dst.append<uint8_t>(src.data[r]); break;
            case 4: dst.append<int32_t>(src.value<int32_t>(r)); break;
            default: dst.append<int64_t>(src.value<int64_t>(r)); break;
          }
        }
      }
    }
  }
  expect_same(back, expected);
  // Compressed: the chunk is smaller than the columns' plain bytes.
  EXPECT_LT(bytes.size(), 3000u * (4 + 8 + 8 + 8 + 4 + 1 + 3 + 4 + 24));
}

TEST(ColumnChunk, DamageIsAnErrorNotACrash) {
  const storage::Table t = sample(300);
  const std::string good = storage::encode_chunk(t, 0, 300);
  std::mt19937 rng(11);
  for (int k = 0; k < 200; ++k) {
    std::string bad = good;
    if (k % 2) bad[rng() % bad.size()] ^= static_cast<char>(1 + rng() % 255);
    else bad.resize(rng() % bad.size());
    EXPECT_THROW(storage::decode_chunk(bad, t.schema(), "c.chunk"), storage::ChunkError);
  }
  try {
    std::string bad = good;
    bad[40] ^= 1;
    storage::decode_chunk(bad, t.schema(), "c7.chunk");
  } catch (const storage::ChunkError& e) {
    EXPECT_THAT(e.what(), HasSubstr("c7.chunk: damaged column chunk: checksum mismatch"));
  }
}

// Found by the chunk fuzzer (fuzz/chunk_fuzz.cpp): damage with a valid checksum. A header claiming 2^57
// rows asked for a 2^57-byte allocation; now the row count is checked first. The structure checks hold for
// every single-byte change of a resealed chunk.
TEST(ColumnChunk, ResealedDamageIsAnErrorNotAnAllocation) {
  const storage::Table t = sample(300);
  const std::string good = storage::encode_chunk(t, 0, 300);
  std::string huge = good;
  const int64_t rows = int64_t{1} << 57;
  std::memcpy(huge.data() + 16, &rows, 8);  // after the magic, the version and the column count
  storage::reseal_chunk(huge);
  try {
    storage::decode_chunk(huge, t.schema(), "c9.chunk");
    ADD_FAILURE() << "a chunk of 2^57 rows decoded";
  } catch (const storage::ChunkError& e) {
    EXPECT_THAT(e.what(), HasSubstr("row count 144115188075855872 (at most 1048576)"));
  }
  std::mt19937 rng(5);
  for (int k = 0; k < 2000; ++k) {
    std::string bad = good;
    bad[16 + rng() % (bad.size() - 24)] = static_cast<char>(rng());
    storage::reseal_chunk(bad);
    try {
      storage::decode_chunk(bad, t.schema(), "c.chunk");  // an unchanged meaning decodes; anything else throws
    } catch (const storage::ChunkError&) {
    }
  }
  EXPECT_THROW(storage::encode_chunk(sample(3), 0, storage::kMaxChunkRows + 1), std::logic_error);
}

class OnDisk : public ::testing::Test {
 protected:
  std::unique_ptr<engine::Database> open(const std::string& dir, bool cpu = false) {
    engine::Options o;
    o.threads = 2;
    if (cpu) o.functions = engine::FunctionDevice::Cpu;  // a forked child must not touch the parent's CUDA
    o.database_path = dir;
    return std::make_unique<engine::Database>(o);
  }
  static std::string cell(engine::Database& db, const std::string& sql) {
    const engine::QueryResult r = db.execute(sql);
    return r.rows == 1 ? r.cell_text(0, 0) : "rows=" + std::to_string(r.rows);
  }
};

TEST_F(OnDisk, TablesViewsAndInsertsSurviveReopening) {
  const std::string dir = fresh_dir("reopen");
  {
    auto db = open(dir);
    EXPECT_TRUE(db->database_created());
    db->execute("CREATE TABLE t (id INT NOT NULL, name VARCHAR(10) COLLATE Latin1_General_CI_AS, amount DECIMAL(10,2), "
                "tiny TINYINT)");
    db->execute("INSERT INTO t VALUES (1, 'one', 1.50, 1), (2, NULL, 2.25, 2)");
    db->execute("CREATE VIEW big AS SELECT id, amount FROM t WHERE amount > 2");
    db->execute("SELECT id * 2 AS twice INTO t2 FROM t");
    db->add_table(sample(3000));
  }
  {
    auto db = open(dir);
    EXPECT_FALSE(db->database_created());
    EXPECT_EQ(cell(*db, "SELECT count(*) FROM t"), "2");
    EXPECT_EQ(cell(*db, "SELECT sum(amount) FROM t"), "3.75");
    EXPECT_EQ(cell(*db, "SELECT id FROM big"), "2");
    EXPECT_EQ(cell(*db, "SELECT sum(twice) FROM t2"), "6");
    EXPECT_EQ(cell(*db, "SELECT id FROM t WHERE name = 'ONE'"), "1");  // the column's collation is kept
    expect_same(*db->find_table("sample"), sample(3000));
    // The declared TINYINT keeps its range check after reopening; NOT NULL too.
    EXPECT_THROW(db->execute("INSERT INTO t (id, tiny) VALUES (3, 300)"), engine::Error);
    EXPECT_THROW(db->execute("INSERT INTO t (name) VALUES ('x')"), engine::Error);
    db->execute("INSERT INTO t VALUES (3, 'three', 3, 3)");
    db->execute("DROP VIEW big");
    db->execute("DROP TABLE t2");
    db->execute("TRUNCATE TABLE sample");
  }
  {
    auto db = open(dir);
    EXPECT_EQ(cell(*db, "SELECT count(*) FROM t"), "3");
    EXPECT_THROW(db->execute("SELECT * FROM big"), engine::Error);
    EXPECT_EQ(db->find_table("t2"), nullptr);
    EXPECT_EQ(cell(*db, "SELECT count(*) FROM sample"), "0");
    // Only what is used stays on disk: t's two chunks (one per INSERT) and nothing of the dropped tables.
    int chunks = 0;
    for (const auto& e : fs::directory_iterator(dir)) chunks += e.path().extension() == ".chunk";
    EXPECT_EQ(chunks, 2);
  }
}

TEST_F(OnDisk, BadPathsAndDamageAreClearErrors) {
  const std::string dir = fresh_dir("damage");
  {
    auto db = open(dir);
    db->add_table(sample(100));
  }
  // Another process has it open (a lock held by this one counts: flock is per open file).
  {
    auto db = open(dir);
    try {
      auto second = open(dir);
      ADD_FAILURE() << "opened twice";
    } catch (const engine::Error& e) {
      EXPECT_THAT(e.what(), HasSubstr("is open in another process"));
    }
  }
  std::string chunk;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".chunk") chunk = e.path().string();
  ASSERT_FALSE(chunk.empty());
  {
    std::fstream f(chunk, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(60);
    f.put('\x55');
  }
  try {
    open(dir);
    ADD_FAILURE() << "a damaged chunk was read";
  } catch (const engine::Error& e) {
    EXPECT_THAT(e.what(), HasSubstr(chunk + ": damaged column chunk: checksum mismatch"));
  }
  fs::remove(chunk);
  EXPECT_THROW(open(dir), engine::Error);
  std::ofstream(dir + "/manifest.json") << "{\"format\": \"tessera-database\", \"version\": 1, \"tab";
  try {
    open(dir);
    ADD_FAILURE();
  } catch (const engine::Error& e) {
    EXPECT_THAT(e.what(), HasSubstr("manifest.json is damaged"));
  }
  const std::string file = fresh_dir("file");
  std::ofstream(file) << "not a database";
  EXPECT_THROW(open(file), engine::Error);
  const std::string other = fresh_dir("other");
  fs::create_directories(other);
  std::ofstream(other + "/notes.txt") << "x";
  try {
    open(other);
    ADD_FAILURE();
  } catch (const engine::Error& e) {
    EXPECT_THAT(e.what(), HasSubstr("not a Tessera database"));
  }
}

// A child process inserts in a loop (each INSERT doubles the table, so a committed state has 2^k rows,
// all equal to 1) and is killed with SIGKILL at a random moment; the database must open with a state
// some INSERT committed, whole.
TEST_F(OnDisk, KillDuringWritesLeavesACommittedState) {
  int killed_midway = 0;  // rounds where the kill landed after some INSERTs and before the last
  for (int round = 0; round < 4; ++round) {
    const std::string dir = fresh_dir("kill" + std::to_string(round));
    {
      auto db = open(dir);
      db->execute("CREATE TABLE t (v INT, s VARCHAR(20)); INSERT INTO t VALUES (1, 'row')");
    }
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      try {
        auto db = open(dir, true);
        for (int i = 0; i < 22; ++i) db->execute("INSERT INTO t SELECT * FROM t");
      } catch (...) {
        _exit(3);
      }
      _exit(0);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(150 + 150 * round));
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    auto db = open(dir);
    const engine::QueryResult r = db->execute("SELECT count(*), min(v), max(v), count(s) FROM t");
    const int64_t rows = std::stoll(r.cell_text(0, 0));
    EXPECT_GT(rows, 0);
    EXPECT_EQ(rows & (rows - 1), 0) << rows << " rows: not a committed state";
    killed_midway += rows > 1 && rows < (int64_t{1} << 22);
    EXPECT_EQ(r.cell_text(0, 1), "1");
    EXPECT_EQ(r.cell_text(0, 2), "1");
    EXPECT_EQ(r.cell_text(0, 3), r.cell_text(0, 0));
    // Leftover chunk files of the killed write are gone.
    const auto used = [&] {
      std::ifstream in(dir + "/manifest.json");
      return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    }();
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".chunk") EXPECT_NE(used.find(e.path().filename().string()), std::string::npos);
  }
  EXPECT_GT(killed_midway, 0) << "no kill landed between the child's first and last INSERT: the test tested nothing";
}

}  // namespace
