// The CUDA device: the driver API loaded at run time (dlopen("libcuda.so.1")),
// so one build runs with and without a GPU. Loads the catalog's cubin (or
// PTX), copies columns to the device, launches one kernel and copies back.
//
// First version (issue 4 extends it): one row per thread with the manifest's
// block size, synchronous copies, no device-resident columns yet.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "tessera/runtime/kernel_call.hpp"

namespace tessera::rt {

class CudaDevice {
 public:
  // nullptr with `error` set if there is no driver, no device, or the module fails to load.
  static std::unique_ptr<CudaDevice> open(const Catalog& catalog, std::string& error);
  ~CudaDevice();

  std::string name() const { return name_; }

  // Same contract as run_cpu: false for an invalid call or a CUDA failure
  // (every CUDA call is checked and named in `error`); row errors in result.error.
  bool run(const KernelEntry& kernel, std::span<const KernelArg> args, const fn::SessionContext& session,
           KernelResult& result, std::string& error);

 private:
  struct Api;
  std::unique_ptr<Api> api_;
  void* context_ = nullptr;
  void* module_ = nullptr;
  std::string name_;
};

}  // namespace tessera::rt
