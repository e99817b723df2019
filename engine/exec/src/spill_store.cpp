#include "tessera/exec/spill_store.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "tessera/runtime/byte_size.hpp"

namespace tessera::exec {

namespace {

int64_t column_bytes(const rt::Column& c) {
  return static_cast<int64_t>(c.data.size() + c.offsets.size() * sizeof(int64_t) + c.lengths.size() * sizeof(int32_t) +
                              c.valid.size());
}

}  // namespace

int64_t batch_bytes(const Batch& b) {
  int64_t n = 0;
  for (const ColumnPtr& c : b.columns) n += column_bytes(*c);
  return n;
}

SpillStore::SpillStore(const SpillSettings& settings) : settings_(settings) {}

SpillStore::~SpillStore() {
  if (fd_ >= 0) ::close(fd_);
}

void SpillStore::open_file() {
  std::string dir = settings_.directory;
  if (dir.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    dir = tmp && *tmp ? tmp : "/tmp";
  }
  std::string name = dir + "/tessera-spill-XXXXXX";
  fd_ = ::mkstemp(name.data());
  if (fd_ < 0)
    throw ExecError("cannot spill partitions to disk: creating a file in " + dir + " failed: " + std::strerror(errno) +
                    " (" + rt::byte_size_text(memory_held_) + " of partitions already held in memory, the limit for them is " +
                    rt::byte_size_text(settings_.memory_bytes) + ")",
                    tessera::ErrorKind::Io);
  ::unlink(name.c_str());  // gone from the directory now; the space is freed when the store closes it
  path_ = name;
}

void SpillStore::put(int64_t key, Batch b) {
  const int64_t bytes = batch_bytes(b);
  Entry e;
  if (memory_held_ + bytes <= settings_.memory_bytes) {
    memory_held_ += bytes;
    memory_total_ += bytes;
    e.batch = std::move(b);
  } else {
    e.in_memory = false;
    e.disk = write(b);
    disk_total_ += e.disk.size;
  }
  entries_[key].push_back(std::move(e));
}

void SpillStore::take(int64_t key, const std::function<void(Batch)>& use) {
  auto it = entries_.find(key);
  if (it == entries_.end()) return;
  std::vector<Entry> entries = std::move(it->second);
  entries_.erase(it);
  for (Entry& e : entries) {
    if (e.in_memory) {
      memory_held_ -= batch_bytes(e.batch);
      use(std::move(e.batch));
    } else {
      use(read(e.disk));
    }
  }
}

namespace {

// Appends `n` bytes at `at` of the file, advancing it.
void write_all(int fd, const void* data, int64_t n, int64_t& at, const std::string& path, int64_t batch_size) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::pwrite(fd, p, static_cast<size_t>(n), at);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0)
      throw ExecError("cannot spill partitions to disk: writing " + rt::byte_size_text(batch_size) + " to " + path +
                      " failed at " + rt::byte_size_text(at) + ": " + (w < 0 ? std::strerror(errno) : "nothing written"),
                    tessera::ErrorKind::Io);
    p += w;
    n -= w;
    at += w;
  }
}

void read_all(int fd, void* data, int64_t n, int64_t& at, const std::string& path) {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    const ssize_t r = ::pread(fd, p, static_cast<size_t>(n), at);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0)
      throw internal_error("reading spilled partitions back from " + path + " at " + rt::byte_size_text(at) +
                      " failed: " + (r < 0 ? std::strerror(errno) : "the file is shorter than written"));
    p += r;
    n -= r;
    at += r;
  }
}

}  // namespace

// Per column: fixed-width values (rows x width), or the lengths (rows x 4) then the strings' bytes packed in row
// order (whatever else the column's byte buffer holds is not written); then the validity bytes when there are any.
SpillStore::OnDisk SpillStore::write(const Batch& b) {
  if (fd_ < 0) open_file();
  OnDisk d;
  d.ids = b.ids;
  d.types = b.types;
  d.rows = b.rows;
  d.offset = file_end_;
  const int64_t size = batch_bytes(b);
  int64_t at = file_end_;
  std::vector<char> packed;
  for (const ColumnPtr& cp : b.columns) {
    const rt::Column& c = *cp;
    d.column_types.push_back(c.type);
    d.has_valid.push_back(!c.valid.empty());
    if (c.type == fn::SqlType::String) {
      // A NULL row's slot may hold any bits: written as length 0.
      std::vector<int32_t> lengths(static_cast<size_t>(c.rows));
      int64_t total = 0;
      for (int64_t r = 0; r < c.rows; ++r) {
        lengths[r] = c.is_valid(r) && c.lengths[r] > 0 ? c.lengths[r] : 0;
        total += lengths[r];
      }
      packed.resize(static_cast<size_t>(total));
      int64_t o = 0;
      for (int64_t r = 0; r < c.rows; ++r) {
        if (lengths[r] > 0) std::memcpy(packed.data() + o, c.data.data() + c.offsets[r], lengths[r]);
        o += lengths[r];
      }
      write_all(fd_, lengths.data(), c.rows * static_cast<int64_t>(sizeof(int32_t)), at, path_, size);
      write_all(fd_, packed.data(), total, at, path_, size);
      d.string_bytes.push_back(total);
    } else {
      write_all(fd_, c.data.data(), c.rows * fn::type_width(c.type), at, path_, size);
      d.string_bytes.push_back(0);
    }
    if (!c.valid.empty()) write_all(fd_, c.valid.data(), c.rows, at, path_, size);
  }
  d.size = at - file_end_;
  file_end_ = at;
  return d;
}

Batch SpillStore::read(const OnDisk& d) const {
  Batch b;
  b.rows = d.rows;
  int64_t at = d.offset;
  for (size_t i = 0; i < d.ids.size(); ++i) {
    auto c = std::make_shared<rt::Column>();
    c->type = d.column_types[i];
    c->rows = d.rows;
    if (c->type == fn::SqlType::String) {
      c->lengths.resize(d.rows);
      c->offsets.resize(d.rows);
      read_all(fd_, c->lengths.data(), d.rows * static_cast<int64_t>(sizeof(int32_t)), at, path_);
      int64_t o = 0;
      for (int64_t r = 0; r < d.rows; ++r) {
        c->offsets[r] = o;
        o += c->lengths[r];
      }
      c->data.resize(d.string_bytes[i]);
      read_all(fd_, c->data.data(), d.string_bytes[i], at, path_);
    } else {
      c->data.resize(d.rows * fn::type_width(c->type));
      read_all(fd_, c->data.data(), d.rows * fn::type_width(c->type), at, path_);
    }
    if (d.has_valid[i]) {
      c->valid.resize(d.rows);
      read_all(fd_, c->valid.data(), d.rows, at, path_);
    }
    b.add(d.ids[i], std::move(c), d.types[i]);
  }
  return b;
}

}  // namespace tessera::exec
