// A database on disk: a directory (`tessera mydb.tdb`) holding
//   manifest.json   the tables (name, columns with their types, chunk files in row order) and the views
//                   (their CREATE VIEW text), the user's functions (their CREATE FUNCTION text), and the
//                   next file number
//   c<N>.chunk      immutable column chunks (column_chunk.hpp), at most kChunkRows rows each
//   lock            flock'ed while a process has the database open
// A change stages new chunk files (written and fsync'ed first) and commits by writing manifest.json.tmp,
// fsync'ing it and renaming it over manifest.json (atomic on POSIX), then deleting the chunks no table
// uses any more. A crash (kill -9) at any point leaves either the old or the new manifest, and every
// chunk it names complete; leftovers are removed at the next open. INSERT appends chunks for the new rows
// only, so a database grows by what was inserted, not by the table's size per statement.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tessera/storage/column_chunk.hpp"
#include "tessera/storage/column_stats.hpp"

#include "tessera/storage/table.hpp"
#include "tessera/runtime/error.hpp"

namespace tessera::storage {

struct TableEntry;  // a stored table's manifest entry (database_dir.cpp)
class ChunkWriteQueue;  // chunks encoded and written in the background (chunk_write_queue.hpp)

// The database on disk cannot be opened, read or written: an I/O error.
class DatabaseError : public tessera::Error {
 public:
  explicit DatabaseError(const std::string& text) : tessera::Error(text, ErrorKind::Io) {}
};

struct StoredView {
  std::string name;
  std::string sql;  // the CREATE VIEW statement
};

struct StoredFunction {
  std::string name;
  std::string sql;  // the CREATE FUNCTION ... EXTERNAL NAME statement (its catalog as an absolute path)
};

class DatabaseDir {
 public:
  static constexpr int64_t kChunkRows = kMaxChunkRows;

  // Opens the database at `path`, creating it (the directory and an empty manifest) when `path` does not
  // exist. DatabaseError when `path` is a file, a directory with other things and no manifest, a damaged
  // manifest, or a database another process has open.
  static std::unique_ptr<DatabaseDir> open(const std::string& path);
  ~DatabaseDir();
  DatabaseDir(const DatabaseDir&) = delete;
  DatabaseDir& operator=(const DatabaseDir&) = delete;

  const std::string& path() const { return path_; }
  // Rows per chunk of what this process writes (1 .. kChunkRows; tests use small chunks).
  void set_chunk_rows(int64_t rows);
  bool created() const { return created_; }  // open() made a new, empty database

  // Every stored table, lazily: nothing is read until a column is asked for (then on `threads` threads;
  // DatabaseError naming the file for a damaged or missing chunk). The tables carry their stored statistics.
  std::vector<Table> open_tables(int threads) const;
  // Every stored table with all its columns read (tests, tools).
  std::vector<Table> load_tables(int threads) const;
  std::vector<StoredView> views() const;
  std::vector<StoredFunction> functions() const;
  int64_t bytes_on_disk() const;  // manifest and chunks

  // Staged changes, made durable together by commit(); a failed commit leaves the stored state as it was.
  void put_table(const Table& t, int threads);                  // replaces (or adds) t's rows
  void append_rows(const Table& t, int64_t from_row, int threads);  // rows [from_row, end) are new
  void drop_table(const std::string& name);
  // A new table written as its rows arrive in row order: add() as often as needed, then finish(), which stages
  // it as put_table would (commit() makes it durable). Whole chunks are encoded and written on `threads`
  // threads while add() goes on; memory holds a few chunks per thread.
  class TableWriter {
   public:
    ~TableWriter();
    void add(Table&& rows);
    void finish();

   private:
    friend class DatabaseDir;
    TableWriter(DatabaseDir& dir, std::string name, Schema schema, int threads);
    void flush(bool all);
    DatabaseDir& dir_;
    int threads_;
    std::unique_ptr<TableEntry> entry_;  // the chunks written so far, their rows and statistics
    std::vector<Table> pending_;
    int64_t pending_rows_ = 0;
    std::unique_ptr<ChunkWriteQueue> queue_;  // whole chunks are encoded and written on its threads
  };
  std::unique_ptr<TableWriter> write_table(const std::string& name, const Schema& schema, int threads);
  void set_views(std::vector<StoredView> views);
  void set_functions(std::vector<StoredFunction> functions);
  void commit();
  void rollback();  // forget staged changes (their chunk files are removed)

  struct State;  // the manifest's content (database_dir.cpp)

 private:
  DatabaseDir() = default;
  std::string path_;
  bool created_ = false;
  int lock_fd_ = -1;
  std::unique_ptr<State> committed_, staged_;
  std::vector<std::string> staged_files_;
  int64_t chunk_rows_ = kChunkRows;
  // Writes rows [begin, end) of `t` (end -1: all) as new chunks, appended to `into` with their rows; their
  // statistics merged into its.
  void write_chunks(const Table& t, int64_t begin, int64_t end, int threads, TableEntry& into);
  // Names a new chunk of `rows` rows at the end of `into` (staged) and returns its file's path.
  std::string add_chunk(TableEntry& into, int64_t rows);
};

}  // namespace tessera::storage
