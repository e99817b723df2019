// The database on disk: column chunks (every type, each encoding, NULLs) decode to what was encoded;
// tables, views and inserts survive closing and reopening; a damaged chunk or manifest is an error that
// names the file; kill -9 during writes leaves a database that opens with a consistent state.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "tessera/engine/database.hpp"
#include "tessera/storage/column_chunk.hpp"
#include "tessera/storage/database_dir.hpp"
#include "tessera/tpch/generator.hpp"
#include "../../storage/src/chunk_write_queue.hpp"
#include "tessera/removed_at_exit.hpp"

#include <nlohmann/json.hpp>

#include <cstring>
#include <tuple>

using namespace tessera;
using storage::DataType;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

namespace {

std::string fresh_dir(const std::string& name) {
  const fs::path p = fs::path(::testing::TempDir()) / ("tessera_db_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(p);
  return test::removed_at_exit(p.string());
}

// id INT (sequential: bit-packed), big BIGINT (wide range: plain), price DECIMAL(12,2), f FLOAT, day DATE,
// flag BIT, code CHAR(3) (few values: dictionary), note VARCHAR (distinct, digits: a symbol table, plain below
// 1 KiB a chunk); NULLs in price and note.
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
                            E::Dictionary, E::Fsst}));
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

// Late materialisation's reads (decode_segment_rows): a few chosen rows of every encoding -- bit-packed, plain
// numbers, dictionary, symbol table, and plain strings (a chunk of short notes) -- decode as the same rows of the
// whole segment's decoding, NULLs included.
TEST(ColumnChunk, ChosenRowsDecodeAsTheSameRowsOfTheWholeChunk) {
  const storage::Table t = sample(5000);
  using E = storage::Encoding;
  for (const auto& [begin, rows, wanted] :
       std::vector<std::tuple<int64_t, int64_t, std::vector<int64_t>>>{{1000, 3000, {0, 1, 17, 500, 501, 2998, 2999}},
                                                                       {0, 12, {0, 3, 4, 11}}}) {
    const std::string bytes = storage::encode_chunk(t, begin, rows);
    const std::vector<E> encodings = storage::chunk_encodings(bytes, "x");
    if (rows == 12) EXPECT_EQ(encodings[7], E::Plain);  // short notes: plain strings
    const storage::ChunkPrefix p = storage::read_chunk_prefix(bytes, "x");
    const std::vector<storage::SegmentExtent> dir = storage::read_chunk_directory(bytes, p, bytes.size(), "x");
    for (size_t c = 0; c < t.num_columns(); ++c) {
      SCOPED_TRACE("column " + std::to_string(c) + " (" + storage::encoding_name(encodings[c]) + ")");
      const fn::SqlType type = t.schema().field(c).type.physical();
      const storage::EncodedSegment seg =
          storage::parse_encoded_segment(bytes.substr(dir[c].offset, dir[c].bytes), dir[c], p.rows, type, "x");
      const rt::Column whole = storage::decode_segment(seg, type);
      const rt::Column some = storage::decode_segment_rows(seg, type, wanted);
      ASSERT_EQ(some.rows, static_cast<int64_t>(wanted.size()));
      for (size_t k = 0; k < wanted.size(); ++k) {
        const int64_t r = wanted[k];
        ASSERT_EQ(some.is_valid(static_cast<int64_t>(k)), whole.is_valid(r)) << "row " << r;
        if (!whole.is_valid(r)) continue;
        if (type == fn::SqlType::String) {
          EXPECT_EQ(some.string(static_cast<int64_t>(k)), whole.string(r)) << "row " << r;
        } else {
          const size_t w = static_cast<size_t>(fn::type_width(type));
          EXPECT_EQ(std::memcmp(some.data.data() + k * w, whole.data.data() + r * w, w), 0) << "row " << r;
        }
      }
    }
  }
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

// Format 2 keeps a directory of columns: each column is read and checked alone, and damage in one column
// leaves the others readable.
TEST(ColumnChunk, OneColumnIsReadAndCheckedAlone) {
  const storage::Table t = sample(3000);
  const std::string bytes = storage::encode_chunk(t, 0, 3000);
  const storage::ChunkPrefix p = storage::read_chunk_prefix(bytes, "c.chunk");
  EXPECT_EQ(p.version, 2u);
  EXPECT_EQ(p.rows, 3000);
  ASSERT_EQ(p.columns, t.num_columns());
  const std::vector<storage::SegmentExtent> dir =
      storage::read_chunk_directory(std::string_view(bytes).substr(0, p.header_bytes), p, bytes.size(), "c.chunk");
  const std::vector<rt::Column> whole = storage::decode_chunk(bytes, t.schema(), "c.chunk");
  storage::Table one("sample", t.schema()), all("sample", t.schema());
  for (size_t c = 0; c < dir.size(); ++c) {
    const fn::SqlType type = t.schema().field(c).type.physical();
    const storage::EncodedSegment seg =
        storage::parse_encoded_segment(bytes.substr(dir[c].offset, dir[c].bytes), dir[c], 3000, type, "c.chunk");
    one.column(c) = storage::decode_segment(seg, type);
    all.column(c) = whole[c];
  }
  expect_same(one, all);
  expect_same(one, sample(3000));
  // A byte of column 3's segment changed: column 3 is refused, column 2 still reads.
  std::string bad = bytes;
  bad[dir[3].offset + dir[3].bytes / 2] ^= 0x10;
  EXPECT_THROW(storage::parse_encoded_segment(bad.substr(dir[3].offset, dir[3].bytes), dir[3], 3000, fn::SqlType::Float64, "c.chunk"),
               storage::ChunkError);
  EXPECT_NO_THROW(storage::parse_encoded_segment(bad.substr(dir[2].offset, dir[2].bytes), dir[2], 3000, fn::SqlType::Decimal, "c.chunk"));
  EXPECT_THROW(storage::decode_chunk(bad, t.schema(), "c.chunk"), storage::ChunkError);
}

// Chunks written before the directory (format 1: the prefix, the segments, one checksum) still decode.
TEST(ColumnChunk, FormatOneChunksAreStillRead) {
  const storage::Table t = sample(2000);
  const std::string v2 = storage::encode_chunk(t, 0, 2000);
  const storage::ChunkPrefix p = storage::read_chunk_prefix(v2, "c.chunk");
  std::string v1 = v2.substr(0, storage::kChunkPrefixBytes);
  const uint32_t one = 1;
  std::memcpy(v1.data() + 8, &one, 4);
  v1 += v2.substr(p.header_bytes);
  v1.append(8, '\0');
  storage::reseal_chunk(v1);
  storage::Table back("sample", t.schema());
  std::vector<rt::Column> cols = storage::decode_chunk(v1, t.schema(), "c.chunk");
  for (size_t i = 0; i < cols.size(); ++i) back.column(i) = std::move(cols[i]);
  expect_same(back, t);
  EXPECT_EQ(storage::chunk_encodings(v1, "c.chunk"), storage::chunk_encodings(v2, "c.chunk"));
}

// Statistics of row ranges merge into exactly the whole column's (the sketch's registers included), and the
// sketch's estimate is within a few percent.
TEST(ColumnStats, RangesMergeIntoTheWholeColumns) {
  const storage::Table t = sample(20000);
  for (size_t c = 0; c < t.num_columns(); ++c) {
    const rt::Column& col = t.column(c);
    const storage::ColumnStats whole = storage::ColumnStats::of(col, 0, col.rows);
    storage::ColumnStats merged;
    for (int64_t b = 0; b < col.rows; b += 777) merged.merge(storage::ColumnStats::of(col, b, std::min<int64_t>(777, col.rows - b)));
    EXPECT_EQ(merged.rows, whole.rows);
    EXPECT_EQ(merged.nulls, whole.nulls) << c;
    EXPECT_EQ(merged.has_range, whole.has_range);
    EXPECT_EQ(merged.min, whole.min);
    EXPECT_EQ(merged.max, whole.max);
    EXPECT_EQ(merged.distinct.registers(), whole.distinct.registers()) << c;
  }
  const auto distinct = [&](size_t c) { return storage::ColumnStats::of(t.column(c), 0, t.num_rows()).distinct_values(); };
  EXPECT_NEAR(distinct(0), 20000, 20000 * 0.05);  // id: all distinct
  EXPECT_NEAR(distinct(4), 2500, 2500 * 0.05);    // day: 2,500 values
  EXPECT_NEAR(distinct(6), 3, 0.5);               // code: 3 values
  EXPECT_NEAR(distinct(5), 2, 0.5);               // flag
  EXPECT_EQ(storage::ColumnStats::of(t.column(2), 0, 20000).nulls, 20000 / 7 + (20000 % 7 > 3));
}

// The background chunk writer: statistics come back by chunk index whatever order the workers finish in; a
// worker's error reaches the producer (at its next submit or at finish), and a queue dropped unfinished stops.
TEST(ChunkWriteQueue, KeepsChunkOrderAndPassesErrorsOn) {
  const auto t = std::make_shared<const storage::Table>(sample(1000));
  std::atomic<int> written{0};
  auto writer = [&](const storage::Table& table, int64_t from, int64_t rows, const std::string& path) {
    if (path == "bad") throw storage::DatabaseError("cannot write bad");
    std::this_thread::sleep_for(std::chrono::microseconds((from * 7919) % 500));
    ++written;
    return std::vector<storage::ColumnStats>{storage::ColumnStats::of(table.column(0), from, rows)};
  };
  {
    storage::ChunkWriteQueue q(3, writer);
    for (size_t i = 0; i < 40; ++i) q.submit(t, static_cast<int64_t>(i) * 25, 25, "c" + std::to_string(i), i);
    const std::vector<std::vector<storage::ColumnStats>> stats = q.finish();
    ASSERT_EQ(stats.size(), 40u);
    for (size_t i = 0; i < 40; ++i) EXPECT_EQ(stats[i][0].min, static_cast<int64_t>(i) * 25) << i;
    EXPECT_EQ(written.load(), 40);
  }
  {
    storage::ChunkWriteQueue q(2, writer);
    q.submit(t, 0, 10, "bad", 0);
    EXPECT_THROW(
        {
          for (size_t i = 1; i < 100; ++i) q.submit(t, 0, 10, "c", i);
          q.finish();
        },
        storage::DatabaseError);
  }
  {
    storage::ChunkWriteQueue q(1, writer);
    for (size_t i = 0; i < 2; ++i) q.submit(t, 0, 10, "c", i);
  }  // dropped without finish(): the destructor stops the worker
}

class OnDisk : public ::testing::Test {
 protected:
  std::unique_ptr<engine::Database> open(const std::string& dir, bool cpu = false, int64_t chunk_rows = 0) {
    engine::Options o;
    o.threads = 2;
    o.database_chunk_rows = chunk_rows;
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
    f.seekp(60);  // in the column directory
    f.put('\x55');
  }
  // Opening reads the manifest only; the damage is found by the first read of a column, and named.
  {
    auto db = open(dir);
    EXPECT_EQ(cell(*db, "SELECT count(*) FROM sample"), "100");  // no column read
    try {
      db->execute("SELECT sum(id) FROM sample");
      ADD_FAILURE() << "a damaged chunk was read";
    } catch (const engine::Error& e) {
      EXPECT_THAT(e.what(), HasSubstr(chunk + ": damaged column chunk: checksum mismatch (header)"));
      EXPECT_EQ(e.kind(), ErrorKind::Io);  // runtime/error.hpp: the data on disk, not the statement
    }
    // The statement's own faults are user errors.
    for (const char* bad : {"SELEC 1", "SELECT nope FROM sample", "SELECT 1 / 0 FROM sample"}) {
      try {
        db->execute(bad);
        ADD_FAILURE() << bad;
      } catch (const engine::Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::User) << bad << ": " << e.what();
      }
    }
  }
  fs::remove(chunk);
  {
    auto db = open(dir);
    try {
      db->execute("SELECT max(note) FROM sample");
      ADD_FAILURE() << "a missing chunk was read";
    } catch (const engine::Error& e) {
      EXPECT_THAT(e.what(), HasSubstr("cannot read " + chunk));
      EXPECT_EQ(e.kind(), ErrorKind::Io);
    }
  }
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

// Opening reads the manifest only: no column is read until a query scans it, planning (join order from the
// stored statistics) reads none, and a query reads only the columns it scans.
TEST_F(OnDisk, OpenReadsTheManifestOnlyAndQueriesOnlyTheirColumns) {
  const std::string dir = fresh_dir("lazy");
  {
    auto db = open(dir, false, 700);
    db->add_table(sample(5000));
    db->execute("CREATE TABLE codes (code CHAR(3), name VARCHAR(20))");
    db->execute("INSERT INTO codes VALUES ('AIR', 'air'), ('RAI', 'rail'), ('SHI', 'ship')");
  }
  auto db = open(dir);
  const storage::Table& t = *db->find_table("sample");
  EXPECT_EQ(t.columns_read(), 0u);
  EXPECT_EQ(t.num_rows(), 5000);
  EXPECT_EQ(cell(*db, "SELECT count(*) FROM sample"), "5000");
  db->explain("SELECT c.name, count(*) FROM sample s JOIN codes c ON s.code = c.code WHERE s.day > '1992-01-01' GROUP BY c.name");
  EXPECT_EQ(t.columns_read(), 0u);
  EXPECT_EQ(db->find_table("codes")->columns_read(), 0u);
  // The stored statistics are the table's: 5,000 distinct ids, 3 codes, every 7th price NULL.
  ASSERT_NE(t.stored_stats(0), nullptr);
  EXPECT_NEAR(t.stored_stats(0)->distinct_values(), 5000, 250);
  EXPECT_NEAR(t.stored_stats(6)->distinct_values(), 3, 0.5);
  EXPECT_EQ(t.stored_stats(2)->nulls, 714);  // rows 3, 10, ..., 4997
  EXPECT_EQ(t.stored_stats(0)->min, 0);
  EXPECT_EQ(t.stored_stats(0)->max, 4999);
  EXPECT_EQ(cell(*db, "SELECT sum(id) FROM sample"), std::to_string(4999 * 5000 / 2));
  EXPECT_EQ(t.columns_read(), 1u);
  EXPECT_EQ(cell(*db, "SELECT count(*) FROM sample s JOIN codes c ON s.code = c.code WHERE c.name = 'rail'"), "1667");
  EXPECT_EQ(t.columns_read(), 2u);  // id, code
  // A top-N reads its sort key whole and only the chunks holding its rows of the columns it fetches.
  const engine::QueryResult top = db->execute("SELECT TOP 3 * FROM sample ORDER BY id DESC");
  EXPECT_EQ(t.columns_read(), 2u);
  const engine::QueryResult filtered = db->execute("SELECT * FROM sample WHERE id >= 4997 ORDER BY id DESC");
  ASSERT_EQ(top.rows, 3);
  ASSERT_EQ(filtered.rows, 3);
  ASSERT_EQ(top.columns.size(), filtered.columns.size());
  for (int64_t r = 0; r < 3; ++r)
    for (size_t c = 0; c < top.columns.size(); ++c) EXPECT_EQ(top.cell_text(r, c), filtered.cell_text(r, c)) << r << " " << c;
  expect_same(t, sample(5000));     // every column now, as written
}

// INSERT appends chunks and merges their statistics into the table's: after reopening they describe all rows.
TEST_F(OnDisk, StoredStatisticsFollowInserts) {
  const std::string dir = fresh_dir("stats");
  {
    auto db = open(dir, false, 1000);
    db->execute("CREATE TABLE n (v INT, s VARCHAR(10))");
    db->execute("INSERT INTO n VALUES (1, 'a'), (2, 'b')");
  }
  {
    auto db = open(dir, false, 1000);
    db->add_table(sample(3000));
    db->execute("INSERT INTO n SELECT id + 10, code FROM sample");
  }
  auto db = open(dir);
  const storage::Table& n = *db->find_table("n");
  ASSERT_NE(n.stored_stats(0), nullptr);
  EXPECT_EQ(n.stored_stats(0)->rows, 3002);
  EXPECT_EQ(n.stored_stats(0)->min, 1);
  EXPECT_EQ(n.stored_stats(0)->max, 3009);
  EXPECT_NEAR(n.stored_stats(0)->distinct_values(), 3002, 150);
  EXPECT_NEAR(n.stored_stats(1)->distinct_values(), 5, 0.5);
  EXPECT_EQ(n.columns_read(), 0u);
  EXPECT_EQ(cell(*db, "SELECT count(DISTINCT s) FROM n"), "5");
}

// Every encoding of every type, NULLs, empty and multi-byte strings, chunk boundaries at odd rows (bitmaps and
// packed words not aligned): a stored table's answers equal the same table's in memory. On the GPU machine the
// stored columns travel encoded and are decoded by the GPU (gpu_decoded_bytes), the in-memory ones are uploaded
// decoded, so this is the device decoder's differential test; in CI it checks the host's lazy reads.
TEST_F(OnDisk, StoredColumnsAnswerAsInMemoryOnesOnEitherDevice) {
  storage::Schema s({{"id", DataType::int32()}, {"w", DataType::decimal(30, 2)}, {"ts", DataType::datetime2(7)},
                     {"tm", DataType::time(7)}, {"txt", DataType::varchar(0)}, {"grp", DataType::varchar(8)},
                     {"m", DataType::money()}, {"none", DataType::int64()}});
  storage::Table more("more", s);
  std::mt19937_64 rng(3);
  const char* groups[] = {"é", "日本", "", "x  ", "abc"};
  for (int64_t r = 0; r < 4000; ++r) {
    more.column(0).append<int32_t>(static_cast<int32_t>(r * 3 - 5000));
    if (r % 5 == 0) storage::append_null(more.column(1));
    else more.column(1).append<__int128>(static_cast<__int128>(rng()) * 1000 - (static_cast<__int128>(1) << 70));
    more.column(2).append<int64_t>(static_cast<int64_t>(rng() % 600000000000000000LL));
    more.column(3).append<int64_t>(static_cast<int64_t>(rng() % 864000000000LL));
    if (r % 9 == 4) storage::append_null(more.column(4));
    else more.column(4).append_string(r % 4 == 0 ? std::string() : "t" + std::to_string(rng() % 1000000) + "ü");
    if (r % 11 == 3 || (r >= 1500 && r < 2300)) storage::append_null(more.column(5));  // some chunks all NULL here
    else more.column(5).append_string(groups[rng() % 5]);
    more.column(6).append<int64_t>(static_cast<int64_t>(rng() % 100000000) - 50000000);
    storage::append_null(more.column(7));
  }
  const std::string dir = fresh_dir("devices");
  {
    auto db = open(dir, false, 777);
    db->add_table(sample(5000));
    db->add_table(more);
  }
  auto stored = open(dir);
  engine::Options o;
  o.threads = 2;
  engine::Database memory(o);
  memory.add_table(sample(5000));
  memory.add_table(more);
  const char* queries[] = {
      "SELECT * FROM sample ORDER BY id",
      "SELECT * FROM more ORDER BY id",
      "SELECT code, count(*), sum(price), min(note), max(note), max(day), max(big), count(note) FROM sample GROUP BY code",
      "SELECT count(*), sum(id) FROM sample WHERE note LIKE 'note 1%' AND flag = 1",
      "SELECT grp, count(*), sum(w), min(ts), max(tm), sum(m), count(txt), max(txt), count(none) FROM more GROUP BY grp",
      "SELECT s.id, m.txt FROM sample s JOIN more m ON s.id = m.id ORDER BY s.id",
      // Late materialisation: the top-N's deferred columns fetched from the stored chunks holding its rows.
      "SELECT TOP 10 * FROM more WHERE id % 7 = 1 ORDER BY ts DESC, id",
      "SELECT * FROM more ORDER BY m, id OFFSET 20 ROWS FETCH NEXT 15 ROWS ONLY",
      "SELECT TOP 5 txt, grp AS g, w, none FROM more ORDER BY tm DESC",
  };
  for (const char* q : queries) {
    SCOPED_TRACE(q);
    const engine::QueryResult a = stored->execute(q), b = memory.execute(q);
    ASSERT_EQ(a.rows, b.rows);
    ASSERT_EQ(a.columns.size(), b.columns.size());
    for (size_t c = 0; c < a.columns.size(); ++c)
      for (int64_t r = 0; r < a.rows; ++r) ASSERT_EQ(a.cell_text(r, c), b.cell_text(r, c)) << "column " << c << " row " << r;
  }
  if (stored->gpu_engine()) {
    EXPECT_GT(stored->gpu_decoded_bytes(), 0);
    EXPECT_EQ(memory.gpu_decoded_bytes(), 0);
    // The stored columns went over as stored: fewer bytes than the in-memory database's uploads of the same.
    EXPECT_LT(stored->gpu_uploaded_bytes(), memory.gpu_uploaded_bytes());
  }
}

// Damage inside a column's encoding that the checksums cannot see (the chunk resealed): a dictionary code past
// its dictionary, a symbol code past its table. Either device's decoder refuses it and names the chunk (on the
// GPU machine the stored columns are decoded by the GPU).
TEST_F(OnDisk, DamageBehindAValidChecksumIsAnErrorOnEitherDevice) {
  storage::Table t("t", storage::Schema({{"d", DataType::varchar(8)}, {"f", DataType::varchar(0)}}));
  for (int r = 0; r < 3000; ++r) {
    t.column(0).append_string(r % 3 ? "abc" : "xyz");
    std::string s;
    for (int k = 0; k < 12; ++k) s += (r >> k) & 1 ? "ab" : "cd";
    t.column(1).append_string(s);
  }
  const std::string dir = fresh_dir("resealed");
  {
    auto db = open(dir);
    db->add_table(t);
  }
  std::string chunk;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".chunk") chunk = e.path().string();
  ASSERT_FALSE(chunk.empty());
  std::string good;
  {
    std::ifstream in(chunk, std::ios::binary);
    good.assign(std::istreambuf_iterator<char>(in), {});
  }
  const storage::ChunkPrefix p = storage::read_chunk_prefix(good, chunk);
  const std::vector<storage::SegmentExtent> dirs =
      storage::read_chunk_directory(std::string_view(good).substr(0, p.header_bytes), p, good.size(), chunk);
  for (size_t col = 0; col < 2; ++col) {
    SCOPED_TRACE(col);
    const storage::EncodedSegment seg = storage::parse_encoded_segment(good.substr(dirs[col].offset, dirs[col].bytes),
                                                                       dirs[col], p.rows, fn::SqlType::String, chunk);
    std::string bad = good;
    if (col == 0) {
      ASSERT_EQ(seg.layout.encoding, storage::Encoding::Dictionary);
      bad[dirs[0].offset + seg.layout.payload_at] = 1;  // the dictionary says 1 entry; the codes name 2
    } else {
      ASSERT_EQ(seg.layout.encoding, storage::Encoding::Fsst);
      ASSERT_LT(seg.layout.symbol_count, 250u);
      bad[dirs[1].offset + seg.layout.codes_at + 5] = static_cast<char>(252);
    }
    storage::reseal_chunk(bad);
    std::ofstream(chunk, std::ios::binary | std::ios::trunc) << bad;
    auto db = open(dir);
    try {
      db->execute(col == 0 ? "SELECT max(d) FROM t" : "SELECT max(f) FROM t");
      ADD_FAILURE() << "a damaged column decoded";
    } catch (const engine::Error& e) {
      EXPECT_THAT(e.what(), HasSubstr(chunk + ": damaged column chunk: "));
    }
    std::ofstream(chunk, std::ios::binary | std::ios::trunc) << good;
  }
  auto db = open(dir);
  EXPECT_EQ(cell(*db, "SELECT count(DISTINCT d) FROM t"), "2");
}

// Generation straight into the database: the tables arrive part by part and are written a chunk at a time; what is
// stored equals the tables generated in memory, every chunk but a table's last is whole, and the tables open lazily.
TEST_F(OnDisk, GeneratedTablesStreamIntoTheDatabase) {
  const std::string dir = fresh_dir("stream");
  tpch::GenOptions g;
  g.sf = 0.01;
  g.threads = 2;
  const std::vector<storage::Table> memory = tpch::generate_tables(g);
  {
    auto db = open(dir, false, 4000);
    std::vector<std::pair<std::string, storage::Schema>> tables;
    for (tpch::TableId id : tpch::all_tables()) tables.emplace_back(std::string(tpch::table_name(id)), tpch::table_schema(id));
    g.tables = tpch::all_tables();
    int parts = 0;
    db->write_tables(tables, [&](const engine::Database::TablePartSink& emit) {
      tpch::generate_parts(g, [&](tpch::TableId id, storage::Table&& part) {
        ++parts;
        emit(static_cast<size_t>(std::find(g.tables.begin(), g.tables.end(), id) - g.tables.begin()), std::move(part));
      });
    });
    EXPECT_GT(parts, 8);  // many parts, not one table each
    EXPECT_EQ(db->find_table("lineitem")->columns_read(), 0u);
  }
  auto db = open(dir);
  for (const storage::Table& want : memory) {
    SCOPED_TRACE(want.name());
    const storage::Table& got = *db->find_table(want.name());
    EXPECT_EQ(got.columns_read(), 0u);
    expect_same(got, want);
  }
  // Chunks of 4,000 rows: lineitem's 60,175 rows in 16 files, 15 whole.
  nlohmann::json manifest = nlohmann::json::parse(std::ifstream(dir + "/manifest.json"));
  for (const auto& t : manifest["tables"]) {
    if (t["name"] != "lineitem") continue;
    const auto& chunks = t["chunks"];
    ASSERT_EQ(chunks.size(), 16u);
    for (size_t i = 0; i + 1 < chunks.size(); ++i) EXPECT_EQ(chunks[i]["rows"].get<int64_t>(), 4000);
  }
  // Without a database on disk there is nowhere to stream to.
  engine::Database plain{engine::Options{}};
  EXPECT_THROW(plain.write_tables({}, [](const engine::Database::TablePartSink&) {}), engine::Error);
}
