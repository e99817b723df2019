// Bringing the CUDA device and the GPU engine up beside the rest of a cold start (see device_session.hpp).
#include "device_session.hpp"

#include <chrono>
#include <utility>

#include "tessera/engine/database.hpp"

namespace tessera::engine {
namespace {

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

DeviceSession::~DeviceSession() {
  if (thread_.joinable()) thread_.join();
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (gpu_) gpu_->use_memory(nullptr);
  if (pool_) pool_->set_reclaim(nullptr);
  cache_.reset();
  if (stream_) cudaStreamDestroy(stream_);
#endif
}

void DeviceSession::start(const rt::Catalog& catalog, int64_t gpu_cache_bytes) {
  thread_ = std::thread([this, &catalog, gpu_cache_bytes] {
    try {
      bring_up(catalog, gpu_cache_bytes);
    } catch (...) {
      error_ = std::current_exception();
    }
  });
}

void DeviceSession::off(std::string why) { engine_.why_not = std::move(why); }

void DeviceSession::bring_up(const rt::Catalog& catalog, int64_t gpu_cache_bytes) {
  const auto t0 = std::chrono::steady_clock::now();
  std::string why;
  gpu_ = rt::CudaDevice::open(catalog, why);
  if (gpu_) {
    function_device_ = "GPU (" + gpu_->name() + ")";
  } else {
    function_device_ = "CPU (no GPU: " + why + ")";
    gpu_error_ = why;
  }
  device_ms_ = ms_since(t0);
  const auto t1 = std::chrono::steady_clock::now();
  open_gpu_engine(gpu_cache_bytes);
  gpu_engine_ms_ = ms_since(t1);
}

#ifdef TESSERA_HAVE_GPU_ENGINE
// The GPU engine next to the catalog's kernels: the device pool, one stream, the resident column cache with a budget
// of 80% of the device memory free now (or the given bytes).
void DeviceSession::open_gpu_engine(int64_t gpu_cache_bytes) {
  if (!gpu_) {
    engine_.why_not = "no GPU: " + gpu_error_;
    return;
  }
  std::string why;
  pool_ = rt::CudaPool::open(0, why);
  if (!pool_ || cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking) != cudaSuccess) {
    pool_.reset();
    engine_.why_not = "the CUDA runtime cannot use the GPU: " + (why.empty() ? std::string("cudaStreamCreate failed") : why);
    return;
  }
  int64_t free = 0, total = 0;
  pool_->memory_info(free, total);
  cache_ = std::make_unique<exec::gpu::GpuColumnCache>(*pool_, gpu_cache_bytes > 0 ? gpu_cache_bytes : free / 10 * 8);
  // A query's working memory comes before cached columns: a full device evicts them (a warm SF 100 run fills the
  // cache to its budget, and Q21's joins then need more than the rest).
  pool_->set_reclaim([cache = cache_.get()](int64_t bytes) { return cache->reclaim(bytes); });
  // One pool and one budget: a CPU operator's kernel calls on the GPU (CudaDevice::run) take their buffers from
  // it too, rather than from the device's own pool beside it.
  gpu_->use_memory(pool_.get());
  engine_.usable = true;
}

rt::CudaPool* DeviceSession::pool() const {
  ready();
  return pool_.get();
}
exec::gpu::GpuColumnCache* DeviceSession::cache() const {
  ready();
  return cache_.get();
}
cudaStream_t DeviceSession::stream() const {
  ready();
  return stream_;
}
#else
void DeviceSession::open_gpu_engine(int64_t) { engine_.why_not = "the GPU engine was not built (no CUDA toolkit at build time)"; }
#endif

void DeviceSession::ready() const {
  if (!thread_.joinable()) return;
  const auto t0 = std::chrono::steady_clock::now();
  thread_.join();
  wait_ms_ = ms_since(t0);
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  std::string why;
  if (gpu_ && !gpu_->make_current(why)) throw Error("the GPU cannot be used from this thread: " + why);
}

rt::CudaDevice* DeviceSession::kernels() const {
  ready();
  return gpu_.get();
}
const std::string& DeviceSession::function_device() const {
  ready();
  return function_device_;
}
const std::string& DeviceSession::gpu_error() const {
  ready();
  return gpu_error_;
}
const physical::GpuAvailability& DeviceSession::engine() const {
  ready();
  return engine_;
}
DeviceSession::Timing DeviceSession::timing() const {
  ready();
  return {device_ms_, gpu_engine_ms_, wait_ms_};
}

}  // namespace tessera::engine
