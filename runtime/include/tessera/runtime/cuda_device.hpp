// The CUDA device: the driver API loaded at run time (dlopen("libcuda.so.1"), cuda_driver.hpp), so one build
// runs with and without a GPU. Loads the catalog's cubins (or PTX) on first use and launches its kernels: over
// device columns in place (launch, the GPU engine's path), or over host columns it uploads (prepare and
// ResidentCall: the differential test, the benchmarks and the autotuner; run: a CPU operator's call).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "tessera/runtime/column_view.hpp"
#include "tessera/runtime/kernel_call.hpp"
#include "tessera/runtime/memory_resource.hpp"

namespace tessera::rt {

class CudaDevice;
struct CudaDriver;

// A kernel whose argument columns are resident in device memory, for repeated
// timed launches (benchmarks, the autotuner). Outputs stay on the device until fetch().
class ResidentCall {
 public:
  ~ResidentCall();
  // Launches once per repeat after `warmup` launches; returns each launch's
  // time in milliseconds (CUDA events). The launch's rows per thread and row mapping select the
  // compiled module (it must exist in the catalog), its block size the threads per block.
  bool time(int warmup, int repeats, const GpuLaunch& launch, std::vector<float>& ms, std::string& error);
  // Copies outputs, validity and the error slot back into `result`.
  bool fetch(KernelResult& result, std::string& error);
  // Bytes one launch must move: every input buffer read once, every output written once.
  int64_t bytes_moved() const { return bytes_moved_; }
  int64_t rows() const { return rows_; }
  // The block size the last launch used (smaller than asked when the
  // compiled variant cannot run that many threads per block).
  int last_block_size() const;
  // The kernel entry launched: the generic one or a specialisation.
  const std::string& entry() const;
  // The launch the catalog chose for that entry: the specialisation's own tuning, else the kernel's.
  const GpuLaunch& launch() const;
  // Whether a byte-map kernel launches its in-order entry (KernelEntry::entry_for) when the first argument's
  // rows are in order and its offsets are the output's (default true). The differential test turns it off
  // to check the entry that checks the rows itself.
  void use_in_order_entry(bool use);
  // The symbol the last launch used (entry(), or its in-order twin).
  const std::string& last_entry() const;

 private:
  friend class CudaDevice;
  struct State;
  std::unique_ptr<State> state_;
  // Queues one launch on the default stream, untimed (run() uses it as time() does).
  bool enqueue(const GpuLaunch& launch, std::string& error);
  bool single_use_ = false;  // CudaDevice::run: fetch() may move the output instead of copying it
  int64_t bytes_moved_ = 0;
  int64_t rows_ = 0;
};

// One SQL argument of a kernel launched on device-resident columns (CudaDevice::launch).
struct DeviceKernelArg {
  const ColumnView* column = nullptr;  // a column in device memory, or a constant:
  int64_t int_value = 0;
  double float_value = 0;
  const char* string_bytes = nullptr;  // a constant string's bytes, in device memory
  int64_t string_length = 0;
};

class CudaDevice {
 public:
  // nullptr with `error` set if there is no driver, no device, or the module fails to load.
  static std::unique_ptr<CudaDevice> open(const Catalog& catalog, std::string& error);
  ~CudaDevice();

  std::string name() const { return name_; }
  // Makes the device's context current on the calling thread (a device opened on another thread).
  bool make_current(std::string& error);

  // Same contract as run_cpu: false for an invalid call or a CUDA failure
  // (every CUDA call is checked and named in `error`); row errors in result.error.
  bool run(const KernelEntry& kernel, std::span<const KernelArg> args, const fn::SessionContext& session,
           KernelResult& result, std::string& error);

  // Launches the kernel over `rows` rows of device columns on `stream` (a cudaStream_t, null for the
  // default stream), in place: nothing is copied. The caller sizes `out` (string outputs: offsets from the
  // spec's length rule) and passes a device int64 `error_slot` holding fn::kNoError, which it reads after
  // synchronising. False with `error` for an invalid call or a failed launch.
  bool launch(const KernelEntry& kernel, std::span<const DeviceKernelArg> args, const fn::SessionContext& session,
              int64_t rows, const MutableColumnView& out, int64_t* error_slot, void* stream, std::string& error);

  // Uploads the arguments once; nullptr with `error` on failure.
  std::unique_ptr<ResidentCall> prepare(const KernelEntry& kernel, std::span<const KernelArg> args,
                                        const fn::SessionContext& session, std::string& error);

  // Adds the GPU modules of groups merged into the catalog after open() (CREATE FUNCTION); false with `error`
  // if one cannot be read. Modules are loaded on their first kernel's launch.
  bool load_new_modules(const Catalog& catalog, std::string& error);
  // Sets (or clears) the cancellation flag of every loaded module that has one (user code compiled by
  // tessera-cc: its loops return at once while it is set; runtime/statement_stop.hpp), while kernels run.
  // Thread-safe; a module loaded later starts with its flag clear, so a stopping statement sets them again.
  bool set_cancel_flags(bool stop, std::string& error);

  // Where prepare() and run() take their device buffers: the GPU engine's pool, so that a process has one pool
  // and one budget (the column cache gives way to them as to any operator), or, with nullptr, the device's own
  // (driver_pool.hpp). `mr` must outlive the calls made until it is replaced.
  void use_memory(MemoryResource* mr);

 private:
  friend class ResidentCall;
  CudaDevice();
  std::unique_ptr<CudaDriver> driver_;
  std::unique_ptr<MemoryResource> own_memory_;  // the DriverPool
  MemoryResource* memory_ = nullptr;            // own_memory_ or the engine's pool
  void* context_ = nullptr;  // the device's primary context (shared with the CUDA runtime)
  int device_ = 0;
  using ModuleKey = std::tuple<int, int, RowMapping>;  // (group, rows per thread, mapping)
  std::map<ModuleKey, std::string> module_files_;       // every module of the catalog: its cubin (or PTX)
  std::set<ModuleKey> user_modules_;                     // those of users' functions (cancellation flags)
  std::map<ModuleKey, void*> modules_;                  // those loaded so far (on first use)
  std::mutex modules_mutex_;
  void* load_module(const ModuleKey& key, std::string& error);
  std::vector<unsigned long long> cancel_flags_;  // device addresses of the loaded modules' __tessera_cancel
  void* cancel_stream_ = nullptr;                 // non-blocking: set_cancel_flags' copies wait for no kernel
  int32_t* cancel_value_ = nullptr;               // pinned host memory the copies read
  std::string name_;
  void* function(const std::string& entry, int group, const GpuLaunch& launch, std::string& error);
};

}  // namespace tessera::rt
