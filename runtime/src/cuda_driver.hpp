// The CUDA driver API, loaded at run time (dlopen("libcuda.so.1")) so that one build runs with and without a
// GPU: the entry points the runtime uses, with their C types spelled out (no cuda.h needed to build), and the
// check that names a failed call. Private to the runtime's CUDA device (cuda_device.cpp, resident_call.cpp,
// driver_pool.cpp).
#pragma once

#include <dlfcn.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

namespace tessera::rt {

struct CudaDriver {
  using Result = int;
  using Ptr = unsigned long long;
  void* lib = nullptr;
  Result (*cuInit)(unsigned);
  Result (*cuDeviceGet)(int*, int);
  Result (*cuDeviceGetName)(char*, int, int);
  Result (*cuDevicePrimaryCtxRetain)(void**, int);
  Result (*cuDevicePrimaryCtxRelease)(int);
  Result (*cuCtxSetCurrent)(void*);
  Result (*cuModuleLoadData)(void**, const void*);
  Result (*cuModuleUnload)(void*);
  Result (*cuModuleGetFunction)(void**, void*, const char*);
  Result (*cuMemAlloc)(Ptr*, size_t);
  Result (*cuMemFree)(Ptr);
  Result (*cuMemcpyHtoD)(Ptr, const void*, size_t);
  Result (*cuMemcpyDtoH)(void*, Ptr, size_t);
  Result (*cuLaunchKernel)(void*, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*,
                           void**, void**);
  Result (*cuCtxSynchronize)();
  Result (*cuEventCreate)(void**, unsigned);
  Result (*cuEventRecord)(void*, void*);
  Result (*cuEventSynchronize)(void*);
  Result (*cuEventElapsedTime)(float*, void*, void*);
  Result (*cuEventDestroy)(void*);
  Result (*cuGetErrorName)(Result, const char**);
  Result (*cuFuncGetAttribute)(int*, int, void*);
  Result (*cuModuleGetGlobal)(Ptr*, size_t*, void*, const char*);
  Result (*cuStreamCreate)(void**, unsigned);
  Result (*cuStreamSynchronize)(void*);
  Result (*cuMemcpyHtoDAsync)(Ptr, const void*, size_t, void*);
  Result (*cuMemAllocHost)(void**, size_t);
  Result (*cuMemFreeHost)(void*);
  static constexpr unsigned kStreamNonBlocking = 1;  // CU_STREAM_NON_BLOCKING
  static constexpr int kMaxThreadsPerBlock = 0;  // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK

  template <typename F>
  bool load(F& f, const char* name, std::string& error) {
    f = reinterpret_cast<F>(dlsym(lib, name));
    if (!f) error = std::string("libcuda.so.1 has no ") + name;
    return f != nullptr;
  }
  bool check(Result r, const std::string& what, std::string& error) const {
    if (r == 0) return true;
    const char* name = "?";
    if (cuGetErrorName) cuGetErrorName(r, &name);
    error = what + " failed: " + name + " (" + std::to_string(r) + ")";
    return false;
  }
  // The block a compiled function `f` launches with (`block`, or the largest multiple of the warp size its
  // registers allow) and the grid that covers `rows` rows at `rows_per_thread` a thread (at least one block).
  bool geometry(void* f, int block, int rows_per_thread, int64_t rows, int& block_used, unsigned& grid,
                std::string& error) const {
    int max_threads = 0;
    if (!check(cuFuncGetAttribute(&max_threads, kMaxThreadsPerBlock, f), "cuFuncGetAttribute", error)) return false;
    block_used = block > max_threads ? std::max(32, max_threads / 32 * 32) : block;
    const int64_t per_block = static_cast<int64_t>(block_used) * rows_per_thread;
    grid = static_cast<unsigned>(std::max<int64_t>(1, (rows + per_block - 1) / per_block));
    return true;
  }
  bool load_all(std::string& e) {
    return load(cuInit, "cuInit", e) && load(cuDeviceGet, "cuDeviceGet", e) &&
           load(cuDeviceGetName, "cuDeviceGetName", e) && load(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", e) &&
           load(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", e) &&
           load(cuCtxSetCurrent, "cuCtxSetCurrent", e) && load(cuModuleLoadData, "cuModuleLoadData", e) &&
           load(cuModuleUnload, "cuModuleUnload", e) && load(cuModuleGetFunction, "cuModuleGetFunction", e) &&
           load(cuMemAlloc, "cuMemAlloc_v2", e) && load(cuMemFree, "cuMemFree_v2", e) &&
           load(cuMemcpyHtoD, "cuMemcpyHtoD_v2", e) && load(cuMemcpyDtoH, "cuMemcpyDtoH_v2", e) &&
           load(cuLaunchKernel, "cuLaunchKernel", e) && load(cuCtxSynchronize, "cuCtxSynchronize", e) &&
           load(cuEventCreate, "cuEventCreate", e) && load(cuEventRecord, "cuEventRecord", e) &&
           load(cuEventSynchronize, "cuEventSynchronize", e) &&
           load(cuEventElapsedTime, "cuEventElapsedTime", e) && load(cuEventDestroy, "cuEventDestroy_v2", e) &&
           load(cuGetErrorName, "cuGetErrorName", e) && load(cuFuncGetAttribute, "cuFuncGetAttribute", e) &&
           load(cuModuleGetGlobal, "cuModuleGetGlobal_v2", e) && load(cuStreamCreate, "cuStreamCreate", e) &&
           load(cuStreamSynchronize, "cuStreamSynchronize", e) &&
           load(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", e) && load(cuMemAllocHost, "cuMemAllocHost_v2", e) &&
           load(cuMemFreeHost, "cuMemFreeHost", e);
  }
};

}  // namespace tessera::rt
