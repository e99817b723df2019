// The devices a Database runs on besides the host: the catalog's kernels on the CUDA device (rt::CudaDevice) and the
// GPU engine (the device pool, one stream, the resident column cache with its pinned staging buffers). They come up
// on a thread of their own -- driver, context, pool and pinned memory are a cold process's largest fixed cost --
// while the Database reads its manifest and parses, plans and reads the first statement's columns. Every accessor
// waits for that thread first (ready()), so nothing sees a half-opened device.
#pragma once

#include <exception>
#include <memory>
#include <string>
#include <thread>

#include "tessera/physical/physical_plan.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"

#ifdef TESSERA_HAVE_GPU_ENGINE
#include <cuda_runtime.h>

#include "tessera/exec/gpu/gpu_column_cache.hpp"
#include "tessera/runtime/cuda_pool.hpp"
#endif

namespace tessera::engine {

class DeviceSession {
 public:
  DeviceSession() = default;
  ~DeviceSession();  // waits for the bring-up; frees the cache, then the stream, then the pool
  DeviceSession(const DeviceSession&) = delete;
  DeviceSession& operator=(const DeviceSession&) = delete;

  // Starts bringing the device up on its own thread; `catalog` must outlive this object. The column cache gets
  // `gpu_cache_bytes` (0: 80% of the device memory free then).
  void start(const rt::Catalog& catalog, int64_t gpu_cache_bytes);
  // No device wanted (--device cpu): operators and kernels run on the CPU for `why`.
  void off(std::string why);
  bool pending() const { return thread_.joinable(); }
  // Waits for the bring-up (rethrowing what it threw, once) and makes the device's context current on this thread.
  void ready() const;

  rt::CudaDevice* kernels() const;  // null: the catalog's kernels run on the CPU
  const std::string& function_device() const;  // "GPU (NVIDIA H100 ...)" or "CPU (no GPU: ...)"
  const std::string& gpu_error() const;        // why the CUDA device did not open
  const physical::GpuAvailability& engine() const;  // can operators run on the GPU, and if not why
#ifdef TESSERA_HAVE_GPU_ENGINE
  rt::CudaPool* pool() const;
  exec::gpu::GpuColumnCache* cache() const;
  cudaStream_t stream() const;
#endif

  struct Timing {
    double device_ms = 0, gpu_engine_ms = 0;  // on the bring-up thread
    double wait_ms = 0;                       // how long the first ready() waited
  };
  Timing timing() const;

 private:
  void bring_up(const rt::Catalog& catalog, int64_t gpu_cache_bytes);
  void open_gpu_engine(int64_t gpu_cache_bytes);

  mutable std::thread thread_;
  mutable std::exception_ptr error_;
  mutable double wait_ms_ = 0;
  std::unique_ptr<rt::CudaDevice> gpu_;
  std::string function_device_ = "CPU";
  std::string gpu_error_;
  physical::GpuAvailability engine_;
  double device_ms_ = 0, gpu_engine_ms_ = 0;
#ifdef TESSERA_HAVE_GPU_ENGINE
  std::unique_ptr<rt::CudaPool> pool_;
  std::unique_ptr<exec::gpu::GpuColumnCache> cache_;
  cudaStream_t stream_ = nullptr;
#endif
};

}  // namespace tessera::engine
