#include "tessera/exec/gpu/gpu_column_cache.hpp"

#include <cuda_runtime.h>

#include <cstdio>
#include <string>

#include "device_ops.hpp"
#include "staged_upload.hpp"

namespace tessera::exec::gpu {

int64_t device_bytes(const rt::Column& c) {
  return static_cast<int64_t>(c.data.size() + c.offsets.size() * 8 + c.lengths.size() * 4 + c.valid.size());
}

GpuColumnCache::GpuColumnCache(rt::MemoryResource& mr, int64_t budget_bytes)
    : mr_(mr), uploader_(std::make_unique<StagedUploader>()), budget_(budget_bytes) {}

GpuColumnCache::~GpuColumnCache() = default;

namespace {
std::string size_text(int64_t bytes) {
  char buf[32];
  if (bytes >= (int64_t(1) << 30)) std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / 1073741824.0);
  else if (bytes >= (int64_t(1) << 20)) std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / 1048576.0);
  else std::snprintf(buf, sizeof buf, "%.1f KiB", bytes / 1024.0);
  return buf;
}
}  // namespace

DeviceColumnPtr GpuColumnCache::get(const storage::Table& table, size_t col, void* stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  const Key key{&table, col};
  if (auto it = entries_.find(key); it != entries_.end()) {
    lru_.splice(lru_.begin(), lru_, it->second.lru);
    return it->second.column;
  }
  const rt::Column& host = table.column(col);
  const int64_t bytes = device_bytes(host);
  // Evict least-recently-used columns no running query holds (use_count 1: only the cache).
  for (auto it = lru_.end(); resident_ + bytes > budget_ && it != lru_.begin();) {
    --it;
    auto e = entries_.find(*it);
    if (e->second.column.use_count() > 1) continue;
    resident_ -= e->second.bytes;
    entries_.erase(e);
    it = lru_.erase(it);
  }
  if (resident_ + bytes > budget_)
    throw ExecError("GPU memory: column " + table.name() + "." + table.schema().field(col).name + " needs " +
                    size_text(bytes) + ", but the GPU column cache holds " + size_text(resident_) +
                    " for the running query within its budget of " + size_text(budget_) +
                    " (streaming larger-than-GPU data is not done yet)");
  auto c = std::make_shared<rt::DeviceColumn>();
  c->type = host.type;
  c->rows = host.rows;
  auto copy = [&](rt::DeviceBuffer& dst, const void* src, size_t n) {
    dst = rt::DeviceBuffer(mr_, n, stream);
    uploader_->copy(dst.data(), src, n, static_cast<cudaStream_t>(stream));
  };
  copy(c->data, host.data.data(), host.data.size());
  if (host.type == fn::SqlType::String) {
    copy(c->offsets, host.offsets.data(), host.offsets.size() * 8);
    copy(c->lengths, host.lengths.data(), host.lengths.size() * 4);
    c->rows_in_order = host.rows_in_order();
  }
  if (!host.valid.empty()) copy(c->valid, host.valid.data(), host.valid.size());
  rt::cuda_check(cudaStreamSynchronize(static_cast<cudaStream_t>(stream)), "cudaStreamSynchronize");
  lru_.push_front(key);
  entries_[key] = Entry{c, bytes, lru_.begin()};
  resident_ += bytes;
  uploaded_ += bytes;
  return c;
}

void GpuColumnCache::forget(const storage::Table* table) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (it->first.first != table) {
      ++it;
      continue;
    }
    resident_ -= it->second.bytes;
    lru_.erase(it->second.lru);
    it = entries_.erase(it);
  }
}

void GpuColumnCache::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.clear();
  lru_.clear();
  resident_ = 0;
}

}  // namespace tessera::exec::gpu
