// The GPU-resident table cache (HeavyDB's GPU memory level): a device copy of each (table, column) a query
// scans, uploaded the first time and kept for later queries, least-recently-used columns evicted when the
// budget would be exceeded. A query whose own scans do not fit gets an error naming the sizes.
// A stored table's column not yet read on the host travels as stored (its chunks' encoded segments, compressed)
// and is decoded on the device (decode_segments.cu): the cold path. A streamed scan's morsel (a column too large
// to keep decoded) keeps its stored bytes here when they fit, and decodes them again in the next query: the cache
// holds compressed chunks where decoded columns do not fit, and a warm streamed scan moves nothing over PCIe.
#pragma once

#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <tuple>
#include <utility>

#include "tessera/exec/gpu/device_batch.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::rt {
class MemoryResource;
}

namespace tessera::exec::gpu {

class StagedUploader;
struct DeviceSegments;  // decode_segments.hpp

class GpuColumnCache {
 public:
  GpuColumnCache(rt::MemoryResource& mr, int64_t budget_bytes);
  ~GpuColumnCache();

  // The device copy of column `col` of `table`, uploaded on `stream` if absent. `pinned`: the columns the
  // running query already holds, never evicted for this one.
  DeviceColumnPtr get(const storage::Table& table, size_t col, void* stream);
  // The cached device copy of the column, or null (nothing is read).
  DeviceColumnPtr find(const storage::Table& table, size_t col);
  // A streamed scan's morsel (morsels.hpp): a device column holding rows [begin, end) of the column, starting at
  // row `first_row`, not kept. A stored column not read on the host: the chunks holding the rows, decoded on the
  // device from their stored bytes, which stay cached when they fit (least recently used ones evicted as for
  // columns); else exactly those rows, uploaded.
  DeviceColumnPtr read_rows(const storage::Table& table, size_t col, int64_t begin, int64_t end, void* stream,
                            int64_t& first_row);
  // Whether the stored bytes of the chunks holding rows [begin, end) of the column are cached (the morsel's read
  // ahead from disk is then skipped).
  bool holds_rows(const storage::Table& table, size_t col, int64_t begin, int64_t end);
  // Frees at least `bytes` of device memory if it can, evicting least recently used entries no query holds (the
  // device pool asks when an allocation fails: a query's operators come before cached columns). Whether it freed
  // anything.
  bool reclaim(int64_t bytes);
  // Drops every cached column of the table (it was replaced or dropped).
  void forget(const storage::Table* table);
  void clear();

  int64_t resident_bytes() const { return resident_; }
  int64_t budget() const { return budget_; }
  int64_t uploaded_bytes() const { return uploaded_; }  // since the start (cold traffic, as it crossed PCIe)
  int64_t decoded_on_device_bytes() const { return decoded_on_device_; }  // columns that arrived encoded, decoded size

 private:
  // (table, column, first chunk, end chunk): a whole decoded column has kWhole for both chunks; a morsel's stored
  // bytes the range of chunks it read.
  static constexpr size_t kWhole = ~size_t{0};
  using Key = std::tuple<const storage::Table*, size_t, size_t, size_t>;
  struct Entry {
    DeviceColumnPtr column;                    // a whole column, decoded
    std::shared_ptr<DeviceSegments> segments;  // or a morsel's chunks as stored
    int64_t bytes;
    std::list<Key>::iterator lru;
  };
  bool in_use(const Entry& e) const;
  bool try_make_room(int64_t bytes);  // evicts least recently used entries no query holds
  template <typename Enough>
  int64_t evict_unused(Enough&& enough);  // the eviction loop of try_make_room and reclaim
  void make_room(int64_t bytes, const storage::Table& table, size_t col);  // evicts, or throws naming the sizes
  std::shared_ptr<rt::DeviceColumn> upload(const rt::Column& host, void* stream);
  rt::MemoryResource& mr_;
  std::unique_ptr<StagedUploader> uploader_;  // first uploads through pinned staging buffers
  int64_t budget_;
  int64_t resident_ = 0;
  int64_t uploaded_ = 0;
  int64_t decoded_on_device_ = 0;
  std::map<Key, Entry> entries_;
  std::list<Key> lru_;  // front: most recently used
  // Recursive: an allocation made under it (an upload, a decode) may ask reclaim() for room on the same thread.
  std::recursive_mutex mutex_;
};

// Bytes a host column occupies on the device.
int64_t device_bytes(const rt::Column& c);

}  // namespace tessera::exec::gpu
