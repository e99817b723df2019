#include "kernel_trace.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#ifdef TESSERA_KERNEL_TRACE
#include <cupti.h>
#include <cxxabi.h>
#include <dlfcn.h>

#include <cstdlib>
#include <map>
#include <mutex>
#endif

namespace tessera::bench {

namespace {

using Interval = std::pair<uint64_t, uint64_t>;  // [start, end) in ns

// The length of the union of the intervals.
[[maybe_unused]] double union_ms(std::vector<Interval> v) {
  std::sort(v.begin(), v.end());
  uint64_t total = 0, cur_start = 0, cur_end = 0;
  bool open = false;
  for (const Interval& i : v) {
    if (i.second <= i.first) continue;
    if (open && i.first <= cur_end) {
      cur_end = std::max(cur_end, i.second);
      continue;
    }
    if (open) total += cur_end - cur_start;
    cur_start = i.first;
    cur_end = i.second;
    open = true;
  }
  if (open) total += cur_end - cur_start;
  return static_cast<double>(total) / 1e6;
}

}  // namespace

#ifdef TESSERA_KERNEL_TRACE

namespace {

struct Records {
  std::mutex mu;
  std::vector<Interval> kernels, copies, memsets;
  int64_t copy_bytes = 0;
  std::map<std::string, KernelTime> by_kernel;  // by mangled name
};

// A kernel's name as C++ writes it, cut to fit a report line.
std::string readable(const char* mangled) {
  int status = 0;
  char* d = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string s = status == 0 && d ? d : mangled;
  std::free(d);
  if (s.size() > 160) s = s.substr(0, 157) + "...";
  return s;
}
Records* g_records = nullptr;  // CUPTI's callbacks take no user pointer

constexpr size_t kBufferBytes = 8 << 20;

using GetNextRecordFn = CUptiResult (*)(uint8_t*, size_t, CUpti_Activity**);
GetNextRecordFn g_next_record = nullptr;

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferBytes));
  *size = *buffer ? kBufferBytes : 0;
  *max_records = 0;  // as many as fit
}

void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid) {
  if (g_records && g_next_record) {
    std::lock_guard<std::mutex> lock(g_records->mu);
    CUpti_Activity* rec = nullptr;
    while (g_next_record(buffer, valid, &rec) == CUPTI_SUCCESS) {
      switch (rec->kind) {
        case CUPTI_ACTIVITY_KIND_KERNEL:
        case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
          const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(rec);
          g_records->kernels.push_back({k->start, k->end});
          KernelTime& t = g_records->by_kernel[k->name ? k->name : "?"];
          ++t.launches;
          t.ms += static_cast<double>(k->end - k->start) / 1e6;
          break;
        }
        case CUPTI_ACTIVITY_KIND_MEMCPY: {
          const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(rec);
          g_records->copies.push_back({m->start, m->end});
          g_records->copy_bytes += static_cast<int64_t>(m->bytes);
          break;
        }
        case CUPTI_ACTIVITY_KIND_MEMSET: {
          const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(rec);
          g_records->memsets.push_back({m->start, m->end});
          break;
        }
        default: break;
      }
    }
  }
  std::free(buffer);
}

constexpr CUpti_ActivityKind kKinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                                         CUPTI_ACTIVITY_KIND_MEMSET};

}  // namespace

struct KernelTracer::Impl {
  void* lib = nullptr;
  CUptiResult (*enable)(CUpti_ActivityKind) = nullptr;
  CUptiResult (*disable)(CUpti_ActivityKind) = nullptr;
  CUptiResult (*flush_all)(uint32_t) = nullptr;
  Records records;
};

KernelTracer::KernelTracer() {
  const char* env = std::getenv("TESSERA_CUPTI");
  void* lib = nullptr;
  for (const char* name : {env, "libcupti.so.13", "libcupti.so"})
    if (name && (lib = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
  if (!lib) {
    why_not_ = "libcupti not found (set TESSERA_CUPTI or LD_LIBRARY_PATH): " + std::string(dlerror());
    return;
  }
  auto impl = std::make_unique<Impl>();
  impl->lib = lib;
  auto sym = [&](const char* n) { return dlsym(lib, n); };
  impl->enable = reinterpret_cast<decltype(impl->enable)>(sym("cuptiActivityEnable"));
  impl->disable = reinterpret_cast<decltype(impl->disable)>(sym("cuptiActivityDisable"));
  impl->flush_all = reinterpret_cast<decltype(impl->flush_all)>(sym("cuptiActivityFlushAll"));
  g_next_record = reinterpret_cast<GetNextRecordFn>(sym("cuptiActivityGetNextRecord"));
  auto register_callbacks = reinterpret_cast<CUptiResult (*)(CUpti_BuffersCallbackRequestFunc,
                                                             CUpti_BuffersCallbackCompleteFunc)>(
      sym("cuptiActivityRegisterCallbacks"));
  if (!impl->enable || !impl->disable || !impl->flush_all || !g_next_record || !register_callbacks) {
    why_not_ = "libcupti lacks the activity API";
    dlclose(lib);
    return;
  }
  if (const CUptiResult r = register_callbacks(buffer_requested, buffer_completed); r != CUPTI_SUCCESS) {
    why_not_ = "cuptiActivityRegisterCallbacks failed (CUPTI error " + std::to_string(static_cast<int>(r)) + ")";
    dlclose(lib);
    return;
  }
  g_records = &impl->records;
  impl_ = std::move(impl);
}

KernelTracer::~KernelTracer() {
  if (!impl_) return;
  impl_->flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  g_records = nullptr;  // libcupti stays loaded: its threads may outlive this object
}

bool KernelTracer::start() {
  if (!impl_) return false;
  {
    std::lock_guard<std::mutex> lock(impl_->records.mu);
    impl_->records.kernels.clear();
    impl_->records.copies.clear();
    impl_->records.memsets.clear();
    impl_->records.copy_bytes = 0;
    impl_->records.by_kernel.clear();
  }
  for (CUpti_ActivityKind k : kKinds)
    if (const CUptiResult r = impl_->enable(k); r != CUPTI_SUCCESS) {
      why_not_ = "cuptiActivityEnable(" + std::to_string(static_cast<int>(k)) + ") failed (CUPTI error " +
                 std::to_string(static_cast<int>(r)) + ")";
      for (CUpti_ActivityKind d : kKinds) impl_->disable(d);
      return false;
    }
  return true;
}

GpuTrace KernelTracer::stop() {
  GpuTrace t;
  if (!impl_) return t;
  impl_->flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  for (CUpti_ActivityKind k : kKinds) impl_->disable(k);
  std::lock_guard<std::mutex> lock(impl_->records.mu);
  const Records& r = impl_->records;
  t.kernels = static_cast<int64_t>(r.kernels.size());
  t.kernel_ms = union_ms(r.kernels);
  t.copies = static_cast<int64_t>(r.copies.size());
  t.copy_bytes = r.copy_bytes;
  t.copy_ms = union_ms(r.copies);
  std::vector<Interval> all = r.kernels;
  all.insert(all.end(), r.copies.begin(), r.copies.end());
  all.insert(all.end(), r.memsets.begin(), r.memsets.end());
  t.busy_ms = union_ms(std::move(all));
  for (const auto& [mangled, time] : r.by_kernel) {
    t.top_kernels.push_back(time);
    t.top_kernels.back().name = readable(mangled.c_str());
  }
  std::sort(t.top_kernels.begin(), t.top_kernels.end(), [](const KernelTime& a, const KernelTime& b) { return a.ms > b.ms; });
  if (t.top_kernels.size() > kTopKernels) t.top_kernels.resize(kTopKernels);
  return t;
}

#else  // built without the CUDA toolkit

struct KernelTracer::Impl {};
KernelTracer::KernelTracer() : why_not_("built without the CUDA toolkit") {}
KernelTracer::~KernelTracer() = default;
bool KernelTracer::start() { return false; }
GpuTrace KernelTracer::stop() { return {}; }

#endif

}  // namespace tessera::bench
