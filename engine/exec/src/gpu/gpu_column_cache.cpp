#include "tessera/exec/gpu/gpu_column_cache.hpp"

#include <cuda_runtime.h>

#include <cstdio>
#include <optional>
#include <string>

#include "decode_segments.hpp"
#include "device_ops.hpp"
#include "tessera/storage/column_source.hpp"
#include "staged_upload.hpp"
#include "tessera/runtime/byte_size.hpp"

namespace tessera::exec::gpu {

int64_t device_bytes(const rt::Column& c) {
  return static_cast<int64_t>(c.data.size() + c.offsets.size() * 8 + c.lengths.size() * 4 + c.valid.size());
}

GpuColumnCache::GpuColumnCache(rt::MemoryResource& mr, int64_t budget_bytes)
    : mr_(mr), uploader_(std::make_unique<StagedUploader>()), budget_(budget_bytes) {
  uploader_->stage();  // the cache comes up beside the first query's planning and reading (Database::start_device)
}

GpuColumnCache::~GpuColumnCache() = default;

namespace {

// The device bytes a stored column decodes to, at most (a dictionary's rows counted at its longest entry; plain
// and FSST segments state their strings' bytes).
int64_t decoded_bytes_bound(const std::vector<storage::EncodedSegment>& segments, fn::SqlType type) {
  int64_t bytes = 0;
  for (const storage::EncodedSegment& seg : segments) {
    const storage::SegmentLayout& s = seg.layout;
    bytes += s.has_nulls ? s.rows : 0;
    if (type != fn::SqlType::String) {
      bytes += s.rows * fn::type_width(type);
    } else if (s.encoding == storage::Encoding::Plain || s.encoding == storage::Encoding::Fsst) {
      bytes += s.rows * 12 + static_cast<int64_t>(s.string_bytes);
    } else {
      bytes += s.rows * (12 + int64_t{s.dict_longest});
    }
  }
  return bytes;
}

}  // namespace

bool GpuColumnCache::in_use(const Entry& e) const {
  // use_count 1: only the cache holds it (a running query holds its columns; a decode its segments).
  return e.column ? e.column.use_count() > 1 : e.segments.use_count() > 1;
}

// Evicts least-recently-used entries no running query holds, oldest first, until `enough(freed)` holds or none is
// left; returns the bytes freed.
template <typename Enough>
int64_t GpuColumnCache::evict_unused(Enough&& enough) {
  int64_t freed = 0;
  for (auto it = lru_.end(); !enough(freed) && it != lru_.begin();) {
    --it;
    auto e = entries_.find(*it);
    if (in_use(e->second)) continue;
    freed += e->second.bytes;
    resident_ -= e->second.bytes;
    entries_.erase(e);
    it = lru_.erase(it);
  }
  return freed;
}

bool GpuColumnCache::try_make_room(int64_t bytes) {
  evict_unused([&](int64_t) { return resident_ + bytes <= budget_; });
  return resident_ + bytes <= budget_;
}

bool GpuColumnCache::reclaim(int64_t bytes) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  return evict_unused([&](int64_t freed) { return freed >= bytes; }) > 0;
}

void GpuColumnCache::make_room(int64_t bytes, const storage::Table& table, size_t col) {
  if (!try_make_room(bytes))
    throw ExecError("GPU memory: column " + table.name() + "." + table.schema().field(col).name + " needs " +
                    rt::byte_size_text(bytes) + ", but the GPU column cache holds " + rt::byte_size_text(resident_) +
                    " for the running query within its budget of " + rt::byte_size_text(budget_) +
                    " (filters, projections and joins over a larger table stream it a morsel at a time, except "
                    "under an operator the GPU does not run or inside a subquery; --gpu-memory sets the budget)",
                    tessera::ErrorKind::Resource);
}

DeviceColumnPtr GpuColumnCache::get(const storage::Table& table, size_t col, void* stream) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  const Key key{&table, col, kWhole, kWhole};
  if (auto it = entries_.find(key); it != entries_.end()) {
    lru_.splice(lru_.begin(), lru_, it->second.lru);
    return it->second.column;
  }
  const auto cu_stream = static_cast<cudaStream_t>(stream);
  // A stored column not read on the host yet travels as stored (compressed) and is decoded here.
  if (const storage::ColumnSource* source = table.unread_column_source(col)) {
    const std::vector<storage::EncodedSegment> segments = source->read_segments(col);
    if (!segments.empty() || table.num_rows() == 0) {
      const fn::SqlType type = table.schema().field(col).type.physical();
      make_room(decoded_bytes_bound(segments, type), table, col);
      int64_t moved = 0;
      DeviceColumnPtr c = decode_segments(segments, type, mr_, *uploader_, cu_stream, moved);
      const int64_t bytes = c->bytes();
      lru_.push_front(key);
      entries_[key] = Entry{c, nullptr, bytes, lru_.begin()};
      resident_ += bytes;
      uploaded_ += moved;
      decoded_on_device_ += bytes;
      return c;
    }
  }
  const rt::Column& host = table.column(col);
  const int64_t bytes = device_bytes(host);
  make_room(bytes, table, col);
  auto c = upload(host, stream);
  lru_.push_front(key);
  entries_[key] = Entry{c, nullptr, bytes, lru_.begin()};
  resident_ += bytes;
  uploaded_ += bytes;
  return c;
}

std::shared_ptr<rt::DeviceColumn> GpuColumnCache::upload(const rt::Column& host, void* stream) {
  const auto cu_stream = static_cast<cudaStream_t>(stream);
  auto c = std::make_shared<rt::DeviceColumn>();
  c->type = host.type;
  c->rows = host.rows;
  auto copy = [&](rt::DeviceBuffer& dst, const void* src, size_t n) {
    dst = rt::DeviceBuffer(mr_, n, stream);
    uploader_->copy(dst.data(), src, n, cu_stream);
  };
  copy(c->data, host.data.data(), host.data.size());
  if (host.type == fn::SqlType::String) {
    copy(c->offsets, host.offsets.data(), host.offsets.size() * 8);
    copy(c->lengths, host.lengths.data(), host.lengths.size() * 4);
    c->rows_in_order = host.rows_in_order();
  }
  if (!host.valid.empty()) copy(c->valid, host.valid.data(), host.valid.size());
  rt::cuda_check(cudaStreamSynchronize(cu_stream), "cudaStreamSynchronize");
  return c;
}

DeviceColumnPtr GpuColumnCache::find(const storage::Table& table, size_t col) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  auto it = entries_.find(Key{&table, col, kWhole, kWhole});
  if (it == entries_.end()) return nullptr;
  lru_.splice(lru_.begin(), lru_, it->second.lru);
  return it->second.column;
}

DeviceColumnPtr GpuColumnCache::read_rows(const storage::Table& table, size_t col, int64_t begin, int64_t end,
                                          void* stream, int64_t& first_row) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  const auto cu_stream = static_cast<cudaStream_t>(stream);
  if (begin < end)
    if (const storage::ColumnSource* source = table.unread_column_source(col)) {
      const storage::Table::ChunkRange k = table.chunks_holding(begin, end);
      // Each chunk's stored bytes, cached or (when any is not) the morsel's chunks read and uploaded, one copy per
      // chunk, kept while they fit: later morsels and queries cut the table the same way or not.
      std::vector<std::shared_ptr<DeviceSegments>> chunks(k.end - k.first);
      bool all_cached = true;
      for (size_t c = k.first; c < k.end; ++c) {
        auto it = entries_.find(Key{&table, col, c, c + 1});
        if (it == entries_.end()) {
          all_cached = false;
          continue;
        }
        chunks[c - k.first] = it->second.segments;  // held here, so making room below cannot evict it
        lru_.splice(lru_.begin(), lru_, it->second.lru);
      }
      std::optional<DeviceSegments> stored;
      if (!all_cached) {
        std::vector<storage::EncodedSegment> segments = source->read_chunk_segments(col, k.first, k.end);
        if (segments.size() == chunks.size()) {
          for (size_t i = 0; i < segments.size(); ++i) {
            if (chunks[i]) continue;  // cached
            const Key key{&table, col, k.first + i, k.first + i + 1};
            std::vector<storage::EncodedSegment> one;
            one.push_back(std::move(segments[i]));
            chunks[i] = std::make_shared<DeviceSegments>(upload_segments(one, mr_, *uploader_, cu_stream));
            uploaded_ += chunks[i]->encoded_bytes;
            if (try_make_room(chunks[i]->encoded_bytes)) {  // else used for this morsel only
              lru_.push_front(key);
              entries_[key] = Entry{nullptr, chunks[i], chunks[i]->encoded_bytes, lru_.begin()};
              resident_ += chunks[i]->encoded_bytes;
            }
          }
        } else {
          chunks.clear();  // format 1 chunks: read on the host
        }
      }
      if (!chunks.empty()) {
        std::vector<const DeviceSegments*> parts;
        for (const auto& c : chunks) parts.push_back(c.get());
        stored = join_segments(parts);
      }
      if (stored) {
        DeviceColumnPtr c = decode_device_segments(*stored, table.schema().field(col).type.physical(), mr_, cu_stream);
        stored.reset();  // the chunks' copies are free to evict again
        decoded_on_device_ += c->bytes();
        first_row = k.first_row;
        return c;
      }
    }
  const rt::Column host = table.column_rows(col, begin, end);
  uploaded_ += device_bytes(host);
  first_row = begin;
  return upload(host, stream);
}

bool GpuColumnCache::holds_rows(const storage::Table& table, size_t col, int64_t begin, int64_t end) {
  if (begin >= end || !table.unread_column_source(col)) return false;
  const storage::Table::ChunkRange k = table.chunks_holding(begin, end);
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  for (size_t c = k.first; c < k.end; ++c)
    if (!entries_.count(Key{&table, col, c, c + 1})) return false;
  return true;
}

void GpuColumnCache::forget(const storage::Table* table) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (std::get<0>(it->first) != table) {
      ++it;
      continue;
    }
    resident_ -= it->second.bytes;
    lru_.erase(it->second.lru);
    it = entries_.erase(it);
  }
}

void GpuColumnCache::clear() {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  entries_.clear();
  lru_.clear();
  resident_ = 0;
}

}  // namespace tessera::exec::gpu
