#include "staged_upload.hpp"

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

#include "tessera/runtime/cuda_pool.hpp"

namespace tessera::exec::gpu {

namespace {
// memcpy of a large chunk on several host threads: one thread cannot fill pinned memory at link speed.
void parallel_memcpy(void* dst, const void* src, size_t bytes) {
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const size_t threads = std::min<size_t>({8, hw, bytes / (size_t(4) << 20) + 1});
  if (threads <= 1) {
    std::memcpy(dst, src, bytes);
    return;
  }
  const size_t part = (bytes + threads - 1) / threads;
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t) {
    const size_t b = t * part, n = b < bytes ? std::min(part, bytes - b) : 0;
    if (n) pool.emplace_back([=] { std::memcpy(static_cast<char*>(dst) + b, static_cast<const char*>(src) + b, n); });
  }
  for (auto& th : pool) th.join();
}
}  // namespace

StagedUploader::StagedUploader(size_t chunk_bytes) : chunk_(chunk_bytes) {}

StagedUploader::~StagedUploader() {
  for (int k = 0; k < 2; ++k) {
    if (drained_[k]) {
      cudaEventSynchronize(drained_[k]);
      cudaEventDestroy(drained_[k]);
    }
    if (slot_[k]) pinned_.deallocate(slot_[k], chunk_, nullptr);
  }
}

bool StagedUploader::stage() {
  if (tried_) return slot_[1] != nullptr;
  tried_ = true;
  try {
    for (int k = 0; k < 2; ++k) {
      slot_[k] = pinned_.allocate(chunk_, nullptr);
      rt::cuda_check(cudaEventCreateWithFlags(&drained_[k], cudaEventDisableTiming), "cudaEventCreate");
    }
  } catch (const std::exception&) {
    // The host could not pin 2 x chunk: uploads take the driver's pageable path (slower, same bytes).
    for (int k = 0; k < 2; ++k) {
      if (slot_[k]) pinned_.deallocate(slot_[k], chunk_, nullptr);
      if (drained_[k]) cudaEventDestroy(drained_[k]);
      slot_[k] = nullptr;
      drained_[k] = nullptr;
    }
    return false;
  }
  return true;
}

void StagedUploader::copy(void* dst, const void* src, size_t bytes, cudaStream_t stream) {
  if (bytes == 0) return;
  if (bytes < (size_t(1) << 20) || !stage()) {
    // Small buffers: the driver's path costs nothing extra (a pageable copy returns once the source is read).
    rt::cuda_check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, stream), "cudaMemcpyAsync");
    return;
  }
  for (size_t off = 0; off < bytes; off += chunk_) {
    const size_t n = std::min(chunk_, bytes - off);
    const int k = next_;
    next_ ^= 1;
    rt::cuda_check(cudaEventSynchronize(drained_[k]), "cudaEventSynchronize");  // the slot's last copy is done
    parallel_memcpy(slot_[k], static_cast<const char*>(src) + off, n);
    rt::cuda_check(cudaMemcpyAsync(static_cast<char*>(dst) + off, slot_[k], n, cudaMemcpyHostToDevice, stream),
                   "cudaMemcpyAsync");
    rt::cuda_check(cudaEventRecord(drained_[k], stream), "cudaEventRecord");
  }
}

}  // namespace tessera::exec::gpu
