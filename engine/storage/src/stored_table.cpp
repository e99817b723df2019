// Reading one column of a stored table chunk by chunk (see stored_table.hpp).
#include "tessera/storage/stored_table.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>

#include "tessera/storage/database_dir.hpp"
#include "tessera/storage/parallel.hpp"

namespace tessera::storage {
namespace {

// An open chunk file, read with pread; closed when it goes.
class ChunkFile {
 public:
  explicit ChunkFile(std::string path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw DatabaseError("cannot read " + path_ + " (" + std::strerror(errno) + ": the database is damaged or incomplete)");
    struct stat st;
    if (::fstat(fd_, &st) != 0) throw DatabaseError("cannot read " + path_ + ": " + std::strerror(errno));
    size_ = static_cast<uint64_t>(st.st_size);
  }
  ~ChunkFile() { ::close(fd_); }
  ChunkFile(const ChunkFile&) = delete;
  ChunkFile& operator=(const ChunkFile&) = delete;

  uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }
  // Bytes [offset, offset + n), which must lie in the file.
  std::string read(uint64_t offset, uint64_t n) const {
    std::string out;
    read_into(offset, n, out);
    return out;
  }
  // The same into `out` (resized to n: a buffer reused across reads keeps its pages).
  void read_into(uint64_t offset, uint64_t n, std::string& out) const {
    if (offset > size_ || n > size_ - offset) throw DatabaseError(path_ + ": damaged: a read past the end of the file");
    out.resize(n);
    uint64_t done = 0;
    while (done < n) {
      const ssize_t got = ::pread(fd_, out.data() + done, n - done, static_cast<off_t>(offset + done));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) throw DatabaseError("cannot read " + path_ + ": " + (got < 0 ? std::strerror(errno) : "file shrank while being read"));
      done += static_cast<uint64_t>(got);
    }
  }

 private:
  std::string path_;
  int fd_ = -1;
  uint64_t size_ = 0;
};

// Column `col` of one chunk: its checked segment (format 2), or nullopt with `whole` holding the decoded
// chunk's column (format 1).
std::optional<EncodedSegment> read_chunk_column(const StoredTable& t, size_t chunk, size_t col, rt::Column* whole,
                                                std::string* buffer = nullptr) {
  const ChunkFile f(t.dir + "/" + t.chunks[chunk]);
  const std::string& what = f.path();
  const fn::SqlType type = t.schema.field(col).type.physical();
  // The prefix and, usually, the whole directory in one read.
  const uint64_t first = std::min<uint64_t>(f.size(), kChunkPrefixBytes + 64 * 24 + 8);
  std::string head = f.read(0, first);
  const ChunkPrefix p = read_chunk_prefix(head, what);
  if (p.rows != t.rows[chunk])
    throw ChunkError(what + ": damaged: " + std::to_string(p.rows) + " rows where the manifest says " + std::to_string(t.rows[chunk]));
  if (p.columns != t.schema.size())
    throw ChunkError(what + ": damaged column chunk: " + std::to_string(p.columns) + " columns where the table has " +
                     std::to_string(t.schema.size()));
  if (p.header_bytes == 0) {  // format 1: the file is checked as a whole
    if (!whole) return std::nullopt;
    std::vector<rt::Column> cols = decode_chunk(f.read(0, f.size()), t.schema, what);
    *whole = std::move(cols[col]);
    return std::nullopt;
  }
  if (p.header_bytes > head.size()) head = f.read(0, p.header_bytes);
  const std::vector<SegmentExtent> dir = read_chunk_directory(head, p, f.size(), what);
  std::string bytes = buffer ? std::move(*buffer) : std::string();
  f.read_into(dir[col].offset, dir[col].bytes, bytes);
  return parse_encoded_segment(std::move(bytes), dir[col], p.rows, type, what);
}

}  // namespace

StoredTableSource::StoredTableSource(StoredTable t) : t_(std::move(t)) {
  for (int64_t r : t_.rows) total_rows_ += r;
  read_ = std::make_unique<std::atomic<bool>[]>(t_.schema.size());
  for (size_t i = 0; i < t_.schema.size(); ++i) read_[i] = false;
}

size_t StoredTableSource::columns_read() const {
  size_t n = 0;
  for (size_t i = 0; i < t_.schema.size(); ++i) n += read_[i].load();
  return n;
}

std::vector<EncodedSegment> StoredTableSource::take_prefetched(size_t col) const {
  std::lock_guard<std::mutex> lock(prefetch_mutex_);
  auto it = prefetched_.find(col);
  if (it == prefetched_.end()) return {};
  std::vector<EncodedSegment> out = std::move(it->second);
  prefetched_.erase(it);
  return out;
}

void StoredTableSource::prefetch(size_t col) const {
  {
    std::lock_guard<std::mutex> lock(prefetch_mutex_);
    if (prefetched_.count(col)) return;
  }
  std::vector<EncodedSegment> segments = read_segments(col);
  if (segments.empty()) return;  // format 1 chunks: read when used
  std::lock_guard<std::mutex> lock(prefetch_mutex_);
  prefetched_[col] = std::move(segments);
}

template <typename F>
void StoredTableSource::for_each_chunk(size_t first, size_t end, F&& f) const {
  parallel_for(end - first, t_.threads, [&](size_t i) {
    try {
      f(first + i);
    } catch (const ChunkError& e) {
      throw DatabaseError(std::string(e.what()) + " (table " + t_.name + ")");
    }
  });
}

namespace {

rt::Column concat_parts(std::vector<rt::Column>& parts, fn::SqlType type, int threads) {
  if (parts.empty()) {
    rt::Column c;
    c.type = type;
    return c;
  }
  if (parts.size() == 1) return std::move(parts[0]);
  std::vector<const rt::Column*> ptrs;
  for (const rt::Column& p : parts) ptrs.push_back(&p);
  return concat_columns(ptrs, type, threads);
}

}  // namespace

rt::Column StoredTableSource::read_column(size_t col) const {
  read_[col] = true;
  const fn::SqlType type = t_.schema.field(col).type.physical();
  std::vector<rt::Column> parts(t_.chunks.size());
  const std::vector<EncodedSegment> ready = take_prefetched(col);
  for_each_chunk(0, t_.chunks.size(), [&](size_t i) {
    if (!ready.empty()) parts[i] = decode_segment(ready[i], type);
    else if (std::optional<EncodedSegment> s = read_chunk_column(t_, i, col, &parts[i])) parts[i] = decode_segment(*s, type);
  });
  return concat_parts(parts, type, t_.threads);
}

std::optional<std::vector<EncodedSegment>> StoredTableSource::take_ahead(size_t col, size_t first, size_t end) const {
  std::lock_guard<std::mutex> lock(prefetch_mutex_);
  auto it = ahead_.find({col, first, end});
  if (it == ahead_.end()) return std::nullopt;
  std::vector<EncodedSegment> out = std::move(it->second);
  ahead_.erase(it);
  return out;
}

void StoredTableSource::read_ahead(size_t col, size_t first, size_t end) const {
  std::vector<EncodedSegment> segments = read_chunk_segments(col, first, end);
  if (segments.empty()) return;  // format 1 chunks: read when used
  std::lock_guard<std::mutex> lock(prefetch_mutex_);
  ahead_[{col, first, end}] = std::move(segments);
}

rt::Column StoredTableSource::read_chunks(size_t col, size_t first, size_t end) const {
  const fn::SqlType type = t_.schema.field(col).type.physical();
  std::vector<rt::Column> parts(end - first);
  if (std::optional<std::vector<EncodedSegment>> ready = take_ahead(col, first, end)) {
    for_each_chunk(first, end, [&](size_t i) { parts[i - first] = decode_segment((*ready)[i - first], type); });
    return concat_parts(parts, type, t_.threads);
  }
  for_each_chunk(first, end, [&](size_t i) {
    if (std::optional<EncodedSegment> s = read_chunk_column(t_, i, col, &parts[i - first]))
      parts[i - first] = decode_segment(*s, type);
  });
  return concat_parts(parts, type, t_.threads);
}

std::vector<EncodedSegment> StoredTableSource::read_chunk_segments(size_t col, size_t first, size_t end) const {
  if (std::optional<std::vector<EncodedSegment>> ready = take_ahead(col, first, end)) return std::move(*ready);
  std::vector<std::optional<EncodedSegment>> parts(end - first);
  for_each_chunk(first, end, [&](size_t i) { parts[i - first] = read_chunk_column(t_, i, col, nullptr); });
  std::vector<EncodedSegment> out;
  for (auto& p : parts) {
    if (!p) return {};
    out.push_back(std::move(*p));
  }
  return out;
}

rt::Column StoredTableSource::read_chunk_rows(size_t col, size_t chunk, const std::vector<int64_t>& rows) const {
  const fn::SqlType type = t_.schema.field(col).type.physical();
  rt::Column whole;
  // One buffer per thread for the segments: a Fetch reads a chunk's segment of every column it fetches for a few
  // rows, and fresh buffers cost more (the kernel zeroing their pages: 48% of a one-thread Fetch of ClickBench q24's
  // 10 rows of 105 columns at 2 million rows) than reading and checking the bytes.
  thread_local std::string buffer;
  if (std::optional<EncodedSegment> s = read_chunk_column(t_, chunk, col, &whole, &buffer)) {
    rt::Column out = decode_segment_rows(*s, type, rows);
    buffer = std::move(s->bytes);
    return out;
  }
  return column_rows_at(whole, rows);  // format 1: decoded whole, the rows copied out
}

std::vector<EncodedSegment> StoredTableSource::read_segments(size_t col) const {
  read_[col] = true;
  if (std::vector<EncodedSegment> ready = take_prefetched(col); !ready.empty()) return ready;
  return read_chunk_segments(col, 0, t_.chunks.size());
}

const ColumnStats* StoredTableSource::stats(size_t col) const {
  return col < t_.stats.size() ? &t_.stats[col] : nullptr;
}

const ZoneMap* StoredTableSource::zone(size_t col, size_t chunk) const {
  return chunk < t_.zones.size() && col < t_.zones[chunk].size() ? &t_.zones[chunk][col] : nullptr;
}

}  // namespace tessera::storage
