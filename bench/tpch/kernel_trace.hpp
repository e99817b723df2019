// Where a query's GPU time goes: the device's own record of every kernel and copy it ran, through CUPTI's
// activity API (the same records Nsight Systems reads). The bench traces one extra, untimed run per query
// so tracing never slows the timed runs. libcupti is loaded at run time (dlopen), so the bench starts on
// machines without it and says why there is no trace.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {

// One kernel's launches in a traced run, summed (the kernel's demangled name, cut at 160 characters).
struct KernelTime {
  std::string name;
  int64_t launches = 0;
  double ms = 0;  // the sum of its launches' durations
};

struct GpuTrace {
  int64_t kernels = 0;         // kernel launches that ran
  double kernel_ms = 0;        // time at least one kernel was running (the union of their intervals)
  int64_t copies = 0;          // memcpy operations (host<->device, device<->device)
  int64_t copy_bytes = 0;
  double copy_ms = 0;          // time at least one copy was running
  double busy_ms = 0;          // time a kernel or a copy was running
  std::vector<KernelTime> top_kernels;  // the kTopKernels kernels that ran longest, longest first
};
constexpr size_t kTopKernels = 6;

class KernelTracer {
 public:
  KernelTracer();   // loads libcupti; available() says whether it worked
  ~KernelTracer();
  KernelTracer(const KernelTracer&) = delete;
  KernelTracer& operator=(const KernelTracer&) = delete;

  bool available() const { return impl_ != nullptr; }
  const std::string& why_not() const { return why_not_; }  // when !available() or start() failed

  bool start();       // records from now on; false (and why_not()) if CUPTI refused
  GpuTrace stop();    // waits for the device's records and sums them

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::string why_not_;
};

}  // namespace tessera::bench
