// The database directory: manifest, chunk files, atomic commits (see database_dir.hpp).
#include "tessera/storage/database_dir.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "tessera/storage/column_chunk.hpp"
#include "tessera/storage/column_source.hpp"
#include "tessera/storage/parallel.hpp"
#include "tessera/storage/stored_table.hpp"
#include "chunk_write_queue.hpp"

namespace tessera::storage {

namespace fs = std::filesystem;

struct TableEntry {
  std::string name;
  Schema schema;
  std::vector<std::string> chunks;  // file names, in row order
  std::vector<int64_t> rows;        // of each chunk
  std::vector<ColumnStats> stats;   // per column, over all chunks; empty in a manifest written before them
  std::vector<std::vector<ZoneMap>> zones;  // per chunk, per column; empty in a manifest written before them
};

struct DatabaseDir::State {
  std::vector<TableEntry> tables;
  std::vector<StoredView> views;
  std::vector<StoredFunction> functions;
  uint64_t next_file = 1;
  TableEntry* find(const std::string& name) {
    for (auto& t : tables)
      if (t.name == name) return &t;
    return nullptr;
  }
};

namespace {

constexpr const char* kFormat = "tessera-database";
constexpr int kFormatVersion = 1;

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

const char* type_id_name(TypeId id) {
  switch (id) {
    case TypeId::Bool: return "BOOL";
    case TypeId::Int32: return "INT32";
    case TypeId::Int64: return "INT64";
    case TypeId::Double: return "DOUBLE";
    case TypeId::Decimal: return "DECIMAL";
    case TypeId::Money: return "MONEY";
    case TypeId::Date: return "DATE";
    case TypeId::Char: return "CHAR";
    case TypeId::Varchar: return "VARCHAR";
    case TypeId::DateTime2: return "DATETIME2";
    case TypeId::DateTime: return "DATETIME";
    case TypeId::SmallDateTime: return "SMALLDATETIME";
    case TypeId::Time: return "TIME";
  }
  return "?";
}

bool type_id_of(const std::string& s, TypeId& out) {
  for (TypeId id : {TypeId::Bool, TypeId::Int32, TypeId::Int64, TypeId::Double, TypeId::Decimal, TypeId::Money,
                    TypeId::Date, TypeId::Char, TypeId::Varchar, TypeId::DateTime2, TypeId::DateTime,
                    TypeId::SmallDateTime, TypeId::Time})
    if (s == type_id_name(id)) {
      out = id;
      return true;
    }
  return false;
}

std::string errno_text() { return std::strerror(errno); }

// Writes `bytes` to `path` and fsyncs it.
void write_durably(const std::string& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw DatabaseError("cannot write " + path + ": " + errno_text());
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string why = errno_text();
      ::close(fd);
      throw DatabaseError("cannot write " + path + ": " + why);
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const std::string why = errno_text();
    ::close(fd);
    throw DatabaseError("cannot flush " + path + " to disk: " + why);
  }
  ::close(fd);
}

void fsync_dir(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

std::string read_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw DatabaseError("cannot read " + path + " (" + errno_text() + ": the database is damaged or incomplete)");
  std::string bytes;
  const off_t size = ::lseek(fd, 0, SEEK_END);
  if (size > 0) {
    bytes.resize(static_cast<size_t>(size));
    size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::pread(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        const std::string why = n < 0 ? errno_text() : "file shrank while being read";
        ::close(fd);
        throw DatabaseError("cannot read " + path + ": " + why);
      }
      done += static_cast<size_t>(n);
    }
  }
  ::close(fd);
  return bytes;
}

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64_encode(const std::vector<uint8_t>& in) {
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  for (size_t i = 0; i < in.size(); i += 3) {
    const uint32_t n = uint32_t{in[i]} << 16 | (i + 1 < in.size() ? uint32_t{in[i + 1]} << 8 : 0u) |
                       (i + 2 < in.size() ? uint32_t{in[i + 2]} : 0u);
    out += kBase64[n >> 18 & 63];
    out += kBase64[n >> 12 & 63];
    out += i + 1 < in.size() ? kBase64[n >> 6 & 63] : '=';
    out += i + 2 < in.size() ? kBase64[n & 63] : '=';
  }
  return out;
}

bool base64_decode(const std::string& in, std::vector<uint8_t>& out) {
  if (in.size() % 4) return false;
  out.clear();
  auto value = [](char c) -> int {
    const char* p = std::strchr(kBase64, c);
    return c && p ? static_cast<int>(p - kBase64) : -1;
  };
  for (size_t i = 0; i < in.size(); i += 4) {
    int v[4];
    for (int k = 0; k < 4; ++k) v[k] = in[i + k] == '=' && k >= 2 && i + 4 == in.size() ? -2 : value(in[i + k]);
    if (v[0] < 0 || v[1] < 0 || v[2] == -1 || v[3] == -1 || (v[2] == -2 && v[3] != -2)) return false;
    const uint32_t n = uint32_t(v[0]) << 18 | uint32_t(v[1]) << 12 | uint32_t(v[2] < 0 ? 0 : v[2]) << 6 | uint32_t(v[3] < 0 ? 0 : v[3]);
    out.push_back(static_cast<uint8_t>(n >> 16));
    if (v[2] >= 0) out.push_back(static_cast<uint8_t>(n >> 8));
    if (v[3] >= 0) out.push_back(static_cast<uint8_t>(n));
  }
  return true;
}

}  // namespace

static nlohmann::json manifest_json(const DatabaseDir::State& s) {
  nlohmann::json j;
  j["format"] = kFormat;
  j["version"] = kFormatVersion;
  j["next_file"] = s.next_file;
  j["tables"] = nlohmann::json::array();
  for (const TableEntry& t : s.tables) {
    nlohmann::json cols = nlohmann::json::array();
    for (const Field& f : t.schema.fields())
      cols.push_back({{"name", f.name}, {"type", type_id_name(f.type.id)}, {"precision", f.type.precision},
                      {"scale", f.type.scale}, {"length", f.type.length}, {"nullable", f.nullable},
                      {"declared", f.declared}, {"collation", static_cast<int>(f.type.collation)}});
    nlohmann::json chunks = nlohmann::json::array();
    for (size_t i = 0; i < t.chunks.size(); ++i) {
      nlohmann::json ch = {{"file", t.chunks[i]}, {"rows", t.rows[i]}};
      // The zone map of each column: [min, max, all NULL] (min and max null without a range).
      if (t.zones.size() == t.chunks.size()) {
        nlohmann::json zones = nlohmann::json::array();
        for (const ZoneMap& z : t.zones[i])
          zones.push_back(z.has_range ? nlohmann::json{z.min, z.max, z.all_null} : nlohmann::json{nullptr, nullptr, z.all_null});
        ch["zones"] = std::move(zones);
      }
      chunks.push_back(std::move(ch));
    }
    nlohmann::json stats = nlohmann::json::array();
    for (const ColumnStats& c : t.stats)
      stats.push_back({{"rows", c.rows}, {"nulls", c.nulls}, {"has_range", c.has_range}, {"min", c.min}, {"max", c.max},
                       {"distinct_sketch", base64_encode(c.distinct.registers())}});
    j["tables"].push_back({{"name", t.name}, {"columns", cols}, {"chunks", chunks}, {"stats", stats}});
  }
  j["views"] = nlohmann::json::array();
  for (const StoredView& v : s.views) j["views"].push_back({{"name", v.name}, {"sql", v.sql}});
  j["functions"] = nlohmann::json::array();
  for (const StoredFunction& f : s.functions) j["functions"].push_back({{"name", f.name}, {"sql", f.sql}});
  return j;
}

namespace {

DatabaseDir::State parse_manifest(const std::string& path, const std::string& text) {
  DatabaseDir::State s;
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    if (j.value("format", "") != kFormat) throw DatabaseError(path + " is not a Tessera database manifest");
    if (j.value("version", 0) != kFormatVersion)
      throw DatabaseError(path + ": format version " + std::to_string(j.value("version", 0)) + " (this build reads " +
                          std::to_string(kFormatVersion) + ")");
    s.next_file = j.at("next_file").get<uint64_t>();
    for (const auto& t : j.at("tables")) {
      TableEntry e;
      e.name = t.at("name").get<std::string>();
      for (const auto& c : t.at("columns")) {
        DataType type;
        if (!type_id_of(c.at("type").get<std::string>(), type.id)) throw DatabaseError(path + ": unknown column type");
        type.precision = c.at("precision").get<int>();
        type.scale = c.at("scale").get<int>();
        type.length = c.at("length").get<int>();
        const int collation = c.value("collation", 0);  // absent before collations: the database's
        if (collation < 0 || collation > static_cast<int>(Collation::Binary) || (collation && !type.is_string()))
          throw DatabaseError(path + ": bad collation of a column");
        type.collation = static_cast<Collation>(collation);
        e.schema.add(Field(c.at("name").get<std::string>(), type, c.at("nullable").get<bool>(),
                           c.value("declared", std::string())));
      }
      for (const auto& ch : t.at("chunks")) {
        const std::string file = ch.at("file").get<std::string>();
        if (file.find('/') != std::string::npos || file.empty()) throw DatabaseError(path + ": bad chunk file name");
        e.chunks.push_back(file);
        e.rows.push_back(ch.at("rows").get<int64_t>());
        if (ch.contains("zones")) {
          std::vector<ZoneMap> zones;
          for (const auto& z : ch.at("zones")) {
            if (!z.is_array() || z.size() != 3 || !z[2].is_boolean() || z[0].is_null() != z[1].is_null() ||
                (!z[0].is_null() && (!z[0].is_number_integer() || !z[1].is_number_integer())))
              throw DatabaseError(path + ": damaged zone map of table " + e.name);
            ZoneMap m;
            m.has_range = !z[0].is_null();
            if (m.has_range) m.min = z[0].get<int64_t>(), m.max = z[1].get<int64_t>();
            m.all_null = z[2].get<bool>();
            if (m.has_range && m.min > m.max) throw DatabaseError(path + ": damaged zone map of table " + e.name);
            zones.push_back(m);
          }
          if (zones.size() != e.schema.size())
            throw DatabaseError(path + ": zone maps of table " + e.name + " do not match its columns");
          e.zones.push_back(std::move(zones));
        }
      }
      if (e.zones.size() != e.chunks.size()) e.zones.clear();  // written before zone maps (all or none are used)
      int64_t table_rows = 0;
      for (int64_t r : e.rows) table_rows += r;
      for (const auto& c : t.value("stats", nlohmann::json::array())) {
        ColumnStats st;
        st.rows = c.at("rows").get<int64_t>();
        st.nulls = c.at("nulls").get<int64_t>();
        st.has_range = c.at("has_range").get<bool>();
        st.min = c.at("min").get<int64_t>();
        st.max = c.at("max").get<int64_t>();
        std::vector<uint8_t> reg;
        if (!base64_decode(c.at("distinct_sketch").get<std::string>(), reg) || !DistinctSketch::from_bytes(reg, st.distinct) ||
            st.rows != table_rows || st.nulls < 0 || st.nulls > st.rows)
          throw DatabaseError(path + ": damaged statistics of table " + e.name);
        e.stats.push_back(std::move(st));
      }
      if (!e.stats.empty() && e.stats.size() != e.schema.size())
        throw DatabaseError(path + ": statistics of table " + e.name + " do not match its columns");
      s.tables.push_back(std::move(e));
    }
    for (const auto& v : j.at("views")) s.views.push_back({v.at("name").get<std::string>(), v.at("sql").get<std::string>()});
    for (const auto& f : j.value("functions", nlohmann::json::array()))
      s.functions.push_back({f.at("name").get<std::string>(), f.at("sql").get<std::string>()});
  } catch (const nlohmann::json::exception& e) {
    throw DatabaseError(path + " is damaged: " + e.what());
  }
  return s;
}

}  // namespace

std::unique_ptr<DatabaseDir> DatabaseDir::open(const std::string& path) {
  std::unique_ptr<DatabaseDir> db(new DatabaseDir());
  db->path_ = path;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (fs::exists(st) && !fs::is_directory(st))
    throw DatabaseError("'" + path + "' is a file, not a Tessera database (a database is a directory; name a new "
                        "path to create one)");
  if (!fs::exists(st)) {
    if (!fs::create_directory(path, ec))
      throw DatabaseError("cannot create the database directory '" + path + "': " + ec.message());
    db->created_ = true;
  }
  db->lock_fd_ = ::open((path + "/lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (db->lock_fd_ < 0) throw DatabaseError("cannot open " + path + "/lock: " + errno_text());
  if (::flock(db->lock_fd_, LOCK_EX | LOCK_NB) != 0)
    throw DatabaseError("the database '" + path + "' is open in another process");
  const std::string manifest = path + "/manifest.json";
  if (!fs::exists(manifest, ec)) {
    for (const auto& entry : fs::directory_iterator(path, ec)) {
      const std::string name = entry.path().filename().string();
      if (name != "lock" && name != "manifest.json.tmp")
        throw DatabaseError("'" + path + "' is a directory but not a Tessera database (no manifest.json)");
    }
    db->committed_ = std::make_unique<State>();
    db->staged_ = std::make_unique<State>();
    db->commit();
    db->created_ = true;
    return db;
  }
  db->committed_ = std::make_unique<State>(parse_manifest(manifest, read_file(manifest)));
  db->staged_ = std::make_unique<State>(*db->committed_);
  // Leftovers of a write that did not commit: chunks no table names, a half-written manifest.
  std::set<std::string> used;
  for (const TableEntry& t : db->committed_->tables) used.insert(t.chunks.begin(), t.chunks.end());
  for (const auto& entry : fs::directory_iterator(path, ec)) {
    const std::string name = entry.path().filename().string();
    if ((name.ends_with(".chunk") && !used.count(name)) || name == "manifest.json.tmp") fs::remove(entry.path(), ec);
  }
  return db;
}

DatabaseDir::~DatabaseDir() {
  if (staged_ && committed_) rollback();
  if (lock_fd_ >= 0) ::close(lock_fd_);  // releases the flock
}

std::vector<Table> DatabaseDir::open_tables(int threads) const {
  std::vector<Table> out;
  for (const TableEntry& e : committed_->tables) {
    StoredTable st;
    st.name = e.name;
    st.dir = path_;
    st.schema = e.schema;
    st.chunks = e.chunks;
    st.rows = e.rows;
    st.stats = e.stats;
    st.zones = e.zones;
    st.threads = threads;
    out.emplace_back(e.name, e.schema, std::make_shared<StoredTableSource>(std::move(st)));
  }
  return out;
}

std::vector<Table> DatabaseDir::load_tables(int threads) const {
  std::vector<Table> out = open_tables(threads);
  for (Table& t : out) {
    t.columns();  // reads every column
    t.validate();
  }
  return out;
}

std::vector<StoredView> DatabaseDir::views() const { return committed_->views; }
std::vector<StoredFunction> DatabaseDir::functions() const { return committed_->functions; }

int64_t DatabaseDir::bytes_on_disk() const {
  std::error_code ec;
  int64_t total = static_cast<int64_t>(fs::file_size(path_ + "/manifest.json", ec));
  for (const TableEntry& t : committed_->tables)
    for (const std::string& c : t.chunks) total += static_cast<int64_t>(fs::file_size(path_ + "/" + c, ec));
  return total;
}

void DatabaseDir::set_chunk_rows(int64_t rows) {
  if (rows < 1 || rows > kChunkRows) throw DatabaseError("chunk rows must be 1 to " + std::to_string(kChunkRows));
  chunk_rows_ = rows;
}

namespace {

// One chunk file: rows [from, from + rows) of `t` encoded, written durably; their statistics per column.
std::vector<ColumnStats> write_chunk_file(const Table& t, int64_t from, int64_t rows, const std::string& path) {
  write_durably(path, encode_chunk(t, from, rows));
  std::vector<ColumnStats> stats;
  for (size_t k = 0; k < t.num_columns(); ++k) stats.push_back(ColumnStats::of(t.column(k), from, rows));
  return stats;
}

// Merges the statistics of the chunks just added (the last chunk_stats.size() of into.chunks) into the table's,
// and appends their zone maps (when the chunks before them have theirs).
void merge_stats(TableEntry& into, const std::vector<std::vector<ColumnStats>>& chunk_stats, size_t columns) {
  into.stats.resize(columns);
  for (const auto& cs : chunk_stats)
    for (size_t k = 0; k < cs.size(); ++k) into.stats[k].merge(cs[k]);
  if (into.zones.size() + chunk_stats.size() != into.chunks.size()) {
    into.zones.clear();
    return;
  }
  for (const auto& cs : chunk_stats) {
    std::vector<ZoneMap> z;
    for (const ColumnStats& c : cs) z.push_back(ZoneMap::of(c));
    into.zones.push_back(std::move(z));
  }
}

}  // namespace

std::string DatabaseDir::add_chunk(TableEntry& into, int64_t rows) {
  into.chunks.push_back("c" + std::to_string(staged_->next_file++) + ".chunk");
  into.rows.push_back(rows);
  staged_files_.push_back(into.chunks.back());
  return path_ + "/" + into.chunks.back();
}

void DatabaseDir::write_chunks(const Table& t, int64_t begin, int64_t end, int threads, TableEntry& into) {
  if (end < 0) end = t.num_rows();
  const size_t count = static_cast<size_t>((end - begin + chunk_rows_ - 1) / chunk_rows_);
  std::vector<std::string> paths;
  for (size_t i = 0; i < count; ++i) {
    const int64_t from = begin + static_cast<int64_t>(i) * chunk_rows_;
    paths.push_back(add_chunk(into, std::min(chunk_rows_, end - from)));
  }
  std::vector<std::vector<ColumnStats>> chunk_stats(count);
  parallel_for(count, threads, [&](size_t i) {
    const int64_t from = begin + static_cast<int64_t>(i) * chunk_rows_;
    chunk_stats[i] = write_chunk_file(t, from, std::min(chunk_rows_, end - from), paths[i]);
  });
  merge_stats(into, chunk_stats, t.num_columns());
}

void DatabaseDir::put_table(const Table& t, int threads) {
  drop_table(t.name());
  TableEntry e;
  e.name = t.name();
  e.schema = t.schema();
  write_chunks(t, 0, -1, threads, e);
  staged_->tables.push_back(std::move(e));
}

void DatabaseDir::append_rows(const Table& t, int64_t from_row, int threads) {
  TableEntry* e = staged_->find(t.name());
  if (!e) return put_table(t, threads);
  int64_t stored = 0;
  for (int64_t r : e->rows) stored += r;
  // Not a pure append of what is stored, or stored before statistics were: rewrite.
  if (stored != from_row || (e->stats.empty() && stored > 0)) return put_table(t, threads);
  write_chunks(t, from_row, -1, threads, *e);
}

DatabaseDir::TableWriter::TableWriter(DatabaseDir& dir, std::string name, Schema schema, int threads)
    : dir_(dir), threads_(threads), entry_(std::make_unique<TableEntry>()) {
  entry_->name = std::move(name);
  entry_->schema = std::move(schema);
  entry_->stats.resize(entry_->schema.size());
}

DatabaseDir::TableWriter::~TableWriter() = default;

std::unique_ptr<DatabaseDir::TableWriter> DatabaseDir::write_table(const std::string& name, const Schema& schema,
                                                                    int threads) {
  return std::unique_ptr<TableWriter>(new TableWriter(*this, name, schema, threads));
}

void DatabaseDir::TableWriter::add(Table&& rows) {
  if (rows.num_columns() != entry_->schema.size()) throw std::logic_error("TableWriter::add: column count differs");
  pending_rows_ += rows.num_rows();
  pending_.push_back(std::move(rows));
  if (pending_rows_ >= dir_.chunk_rows_) flush(false);
}

// Hands the pending rows to the queue as whole chunks (all: the last, partial one too); a partial tail stays
// pending.
void DatabaseDir::TableWriter::flush(bool all) {
  if (pending_.empty()) return;
  Table t = concat(std::move(pending_), threads_);
  pending_.clear();
  const int64_t n = t.num_rows();
  const int64_t whole = all ? n : n / dir_.chunk_rows_ * dir_.chunk_rows_;
  pending_rows_ = n - whole;
  if (pending_rows_ > 0) pending_.push_back(tail_of(t, whole));
  if (whole == 0) return;
  if (!queue_) queue_ = std::make_unique<ChunkWriteQueue>(threads_, write_chunk_file);
  const auto rows = std::make_shared<const Table>(std::move(t));
  for (int64_t from = 0; from < whole; from += dir_.chunk_rows_) {
    const int64_t k = std::min(dir_.chunk_rows_, whole - from);
    const size_t index = entry_->chunks.size();
    queue_->submit(rows, from, k, dir_.add_chunk(*entry_, k), index);
  }
}

void DatabaseDir::TableWriter::finish() {
  flush(true);
  if (queue_) {
    merge_stats(*entry_, queue_->finish(), entry_->schema.size());
    queue_.reset();
  }
  dir_.drop_table(entry_->name);
  dir_.staged_->tables.push_back(std::move(*entry_));
}

void DatabaseDir::drop_table(const std::string& name) {
  auto& ts = staged_->tables;
  ts.erase(std::remove_if(ts.begin(), ts.end(), [&](const TableEntry& e) { return lower(e.name) == lower(name); }),
           ts.end());
}

void DatabaseDir::set_views(std::vector<StoredView> views) { staged_->views = std::move(views); }
void DatabaseDir::set_functions(std::vector<StoredFunction> functions) { staged_->functions = std::move(functions); }

void DatabaseDir::commit() {
  const std::string manifest = path_ + "/manifest.json";
  write_durably(manifest + ".tmp", manifest_json(*staged_).dump(1));
  if (std::rename((manifest + ".tmp").c_str(), manifest.c_str()) != 0)
    throw DatabaseError("cannot replace " + manifest + ": " + errno_text());
  fsync_dir(path_);
  // Chunks the committed state used and the new one does not.
  std::set<std::string> used;
  for (const TableEntry& t : staged_->tables) used.insert(t.chunks.begin(), t.chunks.end());
  std::error_code ec;
  for (const TableEntry& t : committed_->tables)
    for (const std::string& c : t.chunks)
      if (!used.count(c)) fs::remove(path_ + "/" + c, ec);
  *committed_ = *staged_;
  staged_files_.clear();
}

void DatabaseDir::rollback() {
  std::error_code ec;
  for (const std::string& f : staged_files_) fs::remove(path_ + "/" + f, ec);
  staged_files_.clear();
  *staged_ = *committed_;
}

}  // namespace tessera::storage
