#include "tessera/runtime/cuda_device.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <sstream>
#include <vector>

#include "tessera/functions/kernel_abi.hpp"
#include "tessera/runtime/kernel_binder.hpp"

namespace tessera::rt {

// The driver entry points Tessera uses, with their C types spelled out (no
// cuda.h needed to build).
struct CudaDevice::Api {
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
  Result (*cuMemcpyDtoD)(Ptr, Ptr, size_t);
  Result (*cuMemsetD8)(Ptr, unsigned char, size_t);
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
  bool load_all(std::string& e) {
    return load(cuInit, "cuInit", e) && load(cuDeviceGet, "cuDeviceGet", e) &&
           load(cuDeviceGetName, "cuDeviceGetName", e) && load(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", e) &&
           load(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", e) &&
           load(cuCtxSetCurrent, "cuCtxSetCurrent", e) && load(cuModuleLoadData, "cuModuleLoadData", e) &&
           load(cuModuleUnload, "cuModuleUnload", e) && load(cuModuleGetFunction, "cuModuleGetFunction", e) &&
           load(cuMemAlloc, "cuMemAlloc_v2", e) && load(cuMemFree, "cuMemFree_v2", e) &&
           load(cuMemcpyHtoD, "cuMemcpyHtoD_v2", e) && load(cuMemcpyDtoH, "cuMemcpyDtoH_v2", e) &&
           load(cuMemcpyDtoD, "cuMemcpyDtoD_v2", e) && load(cuMemsetD8, "cuMemsetD8_v2", e) &&
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

// Device buffers and bound parameters of one kernel call.
struct ResidentCall::State {
  CudaDevice* device = nullptr;
  const KernelEntry* kernel = nullptr;
  std::vector<KernelArg> args;  // copies (columns still point at the caller's data)
  Column out;
  int64_t rows = 0;
  std::vector<std::pair<CudaDevice::Api::Ptr, size_t>> buffers;  // with their pool size class
  struct Download {
    void* host;
    CudaDevice::Api::Ptr dev;
    size_t bytes;
  };
  std::vector<Download> downloads;
  CudaDevice::Api::Ptr error_slot = 0;
  KernelSlots slots;           // the bound parameters (kernel_binder.hpp)
  std::vector<void*> params;   // pointers into `slots`, as cuLaunchKernel takes them
  int last_block_size = 0;  // the block size the last launch really used
  std::string entry;        // the generic kernel or a specialisation
  GpuLaunch launch;         // the catalog's launch for that entry
  // The first argument's rows are in order and its offsets are the output's: a byte-map kernel may launch its
  // in-order entry (KernelEntry::entry_for), unless the caller asked for the checking one.
  bool rows_in_order = false;
  bool in_order_entry = true;
  std::string last_entry;  // the symbol time() launched last

  ~State() {
    if (device)
      for (const auto& [p, bytes] : buffers) device->release(p, bytes);
  }
};

std::unique_ptr<CudaDevice> CudaDevice::open(const Catalog& catalog, std::string& error) {
  auto dev = std::unique_ptr<CudaDevice>(new CudaDevice());
  dev->api_ = std::make_unique<Api>();
  Api& a = *dev->api_;
  a.lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!a.lib) {
    error = "no CUDA driver (libcuda.so.1 not found)";
    return nullptr;
  }
  if (!a.load_all(error)) return nullptr;
  int device = 0;
  char name[256] = {};
  if (!a.check(a.cuInit(0), "cuInit", error) || !a.check(a.cuDeviceGet(&device, 0), "cuDeviceGet", error) ||
      !a.check(a.cuDeviceGetName(name, sizeof name, device), "cuDeviceGetName", error) ||
      !a.check(a.cuDevicePrimaryCtxRetain(&dev->context_, device), "cuDevicePrimaryCtxRetain", error) ||
      !a.check(a.cuCtxSetCurrent(dev->context_), "cuCtxSetCurrent", error))
    return nullptr;
  // The primary context: the one the CUDA runtime (the GPU engine's operators, CUB) uses, so device
  // pointers from either API are valid in both.
  dev->device_ = device;
  dev->name_ = name;
  if (catalog.gpu_modules().empty()) {
    error = "the catalog has no GPU code";
    return nullptr;
  }
  if (!dev->load_new_modules(catalog, error)) return nullptr;
  return dev;
}

bool CudaDevice::load_new_modules(const Catalog& catalog, std::string& error) {
  // Modules load on first use (load_module): a cold process loads only the kernels its query calls. Here
  // each module's file is only checked, so a missing one is still an error at open.
  for (const Catalog::GpuModule& m : catalog.gpu_modules()) {
    const ModuleKey key{m.group, m.rows_per_thread, m.mapping};
    if (module_files_.count(key)) continue;
    // Prefer the cubin (assembled for sm_90 at build time); PTX is JIT-compiled otherwise.
    const std::string path = !m.cubin.empty() ? m.cubin : m.ptx;
    if (::access(path.c_str(), R_OK) != 0) {
      error = "cannot read " + path;
      return false;
    }
    module_files_[key] = path;
    if (m.user_code) user_modules_.insert(key);
  }
  return true;
}

bool CudaDevice::make_current(std::string& error) {
  return api_->check(api_->cuCtxSetCurrent(context_), "cuCtxSetCurrent", error);
}

void* CudaDevice::load_module(const ModuleKey& key, std::string& error) {
  std::lock_guard<std::mutex> lock(modules_mutex_);
  if (auto it = modules_.find(key); it != modules_.end()) return it->second;
  auto file = module_files_.find(key);
  if (file == module_files_.end()) return nullptr;
  Api& a = *api_;
  std::ifstream in(file->second, std::ios::binary);
  if (!in) {
    error = "cannot read " + file->second;
    return nullptr;
  }
  std::stringstream image;
  image << in.rdbuf();
  std::string bytes = image.str();
  bytes.push_back('\0');  // PTX must be NUL-terminated
  void* module = nullptr;
  if (!a.check(a.cuCtxSetCurrent(context_), "cuCtxSetCurrent", error) ||
      !a.check(a.cuModuleLoadData(&module, bytes.data()), "cuModuleLoadData(" + file->second + ")", error))
    return nullptr;
  modules_[key] = module;
  // User code compiled by tessera-cc has a cancellation flag its loops read (set_cancel_flags).
  Api::Ptr flag = 0;
  size_t flag_bytes = 0;
  // Only a user module is asked (the library's have no flag: asking is an API error compute-sanitizer reports).
  if (user_modules_.count(key) &&
      a.cuModuleGetGlobal(&flag, &flag_bytes, module, "__tessera_cancel") == 0 && flag_bytes == 4) {
    // What set_cancel_flags copies with is made here, before the module's kernels run: allocating pinned memory
    // (or a stream) while a kernel runs waits for it, and a user's kernel may never end.
    if (!cancel_stream_ && !a.check(a.cuStreamCreate(&cancel_stream_, Api::kStreamNonBlocking), "cuStreamCreate", error))
      return nullptr;
    if (!cancel_value_ &&
        !a.check(a.cuMemAllocHost(reinterpret_cast<void**>(&cancel_value_), sizeof(int32_t)), "cuMemAllocHost", error))
      return nullptr;
    cancel_flags_.push_back(flag);
  }
  return module;
}

bool CudaDevice::set_cancel_flags(bool stop, std::string& error) {
  std::lock_guard<std::mutex> lock(modules_mutex_);
  if (cancel_flags_.empty()) return true;
  Api& a = *api_;
  if (!a.check(a.cuCtxSetCurrent(context_), "cuCtxSetCurrent", error)) return false;
  // On a stream of its own that waits for no other, a DMA copy from pinned memory (no kernel, which could not
  // start while the user's kernel holds every SM, and no allocation, which would wait for it): the flag changes
  // while the kernel runs.
  *cancel_value_ = stop ? 1 : 0;
  for (Api::Ptr flag : cancel_flags_)
    if (!a.check(a.cuMemcpyHtoDAsync(flag, cancel_value_, sizeof(int32_t), cancel_stream_), "cuMemcpyHtoDAsync", error))
      return false;
  return a.check(a.cuStreamSynchronize(cancel_stream_), "cuStreamSynchronize", error);
}

// Buffers come in size classes (powers of two from 64 KiB), so a freed buffer fits the next call's
// column of about the same size.
static size_t pool_size_class(size_t bytes) {
  size_t c = size_t{64} << 10;
  while (c < bytes) c <<= 1;
  return c;
}

bool CudaDevice::acquire(size_t bytes, unsigned long long& ptr, std::string& error) {
  if (auto it = pool_.find(bytes); it != pool_.end()) {
    ptr = it->second;
    pooled_bytes_ -= bytes;
    pool_.erase(it);
    return true;
  }
  Api::Ptr p = 0;
  if (api_->cuMemAlloc(&p, bytes) != 0) {
    // Out of memory with buffers parked in the pool: give them back and try once more.
    for (const auto& [size, q] : pool_) api_->cuMemFree(q);
    pool_.clear();
    pooled_bytes_ = 0;
    if (!api_->check(api_->cuMemAlloc(&p, bytes), "cuMemAlloc", error)) return false;
  }
  ptr = p;
  return true;
}

void CudaDevice::release(unsigned long long ptr, size_t bytes) {
  constexpr size_t kMaxPooled = size_t{16} << 30;  // keep at most 16 GiB parked
  if (pooled_bytes_ + bytes > kMaxPooled) {
    api_->cuMemFree(ptr);
    return;
  }
  pool_.emplace(bytes, ptr);
  pooled_bytes_ += bytes;
}

CudaDevice::~CudaDevice() {
  if (!api_) return;
  for (const auto& [size, p] : pool_) api_->cuMemFree(p);
  for (auto& [u, m] : modules_) api_->cuModuleUnload(m);
  if (cancel_value_) api_->cuMemFreeHost(cancel_value_);
  if (context_) api_->cuDevicePrimaryCtxRelease(device_);
}

void* CudaDevice::function(const std::string& entry, int group, const GpuLaunch& launch, std::string& error) {
  const ModuleKey key{group, launch.rows_per_thread, launch.mapping};
  if (!module_files_.count(key)) {
    error = entry + ": the catalog has no GPU module with the " + row_mapping_name(launch.mapping) + " mapping and " +
            std::to_string(launch.rows_per_thread) + " rows per thread";
    return nullptr;
  }
  void* module = load_module(key, error);
  if (!module) return nullptr;
  void* f = nullptr;
  if (!api_->check(api_->cuModuleGetFunction(&f, module, entry.c_str()), "cuModuleGetFunction(" + entry + ")", error))
    return nullptr;
  return f;
}

// The most specialised variant whose constants match this call, if any.
template <typename IntArg>
static const GpuSpecialization* choose_specialization(const KernelEntry& kernel, const fn::SessionContext& session,
                                                      IntArg int_arg) {
  const fn::SessionContext defaults;
  const bool default_session = session.datefirst == defaults.datefirst && session.dateformat == defaults.dateformat &&
                               session.language == defaults.language && session.collation == defaults.collation;
  const GpuSpecialization* chosen = nullptr;
  for (const GpuSpecialization& g : kernel.gpu_specializations) {
    if (g.what.default_context && !default_session) continue;
    bool match = true;
    for (const auto& [arg, value] : g.what.constants) match &= int_arg(arg) == value;
    const size_t weight = g.what.constants.size() * 2 + (g.what.default_context ? 1 : 0);
    const size_t best = chosen ? chosen->what.constants.size() * 2 + (chosen->what.default_context ? 1 : 0) : 0;
    if (match && (!chosen || weight > best)) chosen = &g;
  }
  return chosen;
}

std::unique_ptr<ResidentCall> CudaDevice::prepare(const KernelEntry& kernel, std::span<const KernelArg> args,
                                                  const fn::SessionContext& session, std::string& error) {
  const fn::FunctionSpec& spec = *kernel.spec;
  if (kernel.gpu_entry.empty()) {
    error = std::string(spec.kernel) + ": the catalog has no GPU code for this kernel";
    return nullptr;
  }
  if (std::string e = check_args(spec, args); !e.empty()) {
    error = e;
    return nullptr;
  }
  Api& a = *api_;
  auto call = std::unique_ptr<ResidentCall>(new ResidentCall());
  call->state_ = std::make_unique<ResidentCall::State>();
  ResidentCall::State& st = *call->state_;
  st.device = this;
  st.kernel = &kernel;
  st.args.assign(args.begin(), args.end());
  st.rows = 1;
  for (const KernelArg& k : args)
    if (k.column) st.rows = k.column->rows;
  call->rows_ = st.rows;
  prepare_output(kernel, st.args, st.rows, st.out);
  Column& out = st.out;
  int64_t moved = 0;

  auto alloc = [&](size_t bytes, Api::Ptr& dptr) {
    const size_t size = pool_size_class(bytes);
    if (!acquire(size, dptr, error)) return false;
    st.buffers.push_back({dptr, size});
    return true;
  };
  auto upload = [&](const void* host, size_t bytes, Api::Ptr& dptr) {
    moved += static_cast<int64_t>(bytes);
    return alloc(bytes, dptr) && (bytes == 0 || a.check(a.cuMemcpyHtoD(dptr, host, bytes), "cuMemcpyHtoD", error));
  };
  const GpuSpecialization* chosen =
      choose_specialization(kernel, session, [&](int arg) { return st.args[arg].int_value; });
  st.entry = chosen ? chosen->entry : kernel.gpu_entry;
  st.launch = kernel.launch_for(chosen);
  // A byte-map kernel maps packed bytes where its output's offsets are its input's: when the planned offsets
  // equal the first argument's (a packed column, a result no longer than it), both use one buffer.
  const Column* first = !st.args.empty() ? st.args[0].column : nullptr;
  const bool share_offsets = kernel.maps_bytes_in_place() && first &&
                             out.offsets.size() == first->offsets.size() &&
                             std::equal(out.offsets.begin(), out.offsets.end(), first->offsets.begin());
  st.rows_in_order = share_offsets && first->rows_in_order();
  // Host columns uploaded into pooled device buffers; outputs allocated there and fetched back by fetch().
  struct Uploading {
    const GpuSpecialization* chosen;
    ResidentCall::State& st;
    Column& out;
    const fn::FunctionSpec& spec;
    bool share_offsets;
    decltype(alloc)& allocate;
    decltype(upload)& send;
    Api& a;
    std::string& error;
    int64_t& moved;
    Api::Ptr first_offsets = 0;
    bool bad = false;
    bool removes(const fn::KernelParam& p) const { return chosen && chosen->what.removes(p); }
    uint64_t put(const void* host, size_t bytes) {
      Api::Ptr d = 0;
      bad = bad || !send(host, bytes, d);
      return d;
    }
    uint64_t argument(const fn::KernelParam& p) {
      const Column& c = *st.args[p.arg].column;
      switch (p.kind) {
        case fn::ParamKind::ArgOffsets: {
          const uint64_t d = put(c.offsets.data(), c.offsets.size() * 8);
          if (p.arg == 0) first_offsets = d;
          return d;
        }
        case fn::ParamKind::ArgLengths: return put(c.lengths.data(), c.lengths.size() * 4);
        case fn::ParamKind::ArgValid: return c.valid.empty() ? 0 : put(c.valid.data(), c.valid.size());
        default: return put(c.data.data(), c.data.size());
      }
    }
    int64_t int_value(int arg) const { return st.args[arg].int_value; }
    double float_value(int arg) const { return st.args[arg].float_value; }
    uint64_t constant_bytes(int arg) { return put(st.args[arg].string_value.data(), st.args[arg].string_value.size()); }
    int64_t string_length(int arg) const { return static_cast<int64_t>(st.args[arg].string_value.size()); }
    // An output the kernel writes (not copied in), fetched back into `host`.
    uint64_t written(void* host, size_t bytes, bool counted) {
      Api::Ptr d = 0;
      bad = bad || !allocate(bytes, d);
      if (counted) moved += static_cast<int64_t>(bytes);
      st.downloads.push_back({host, d, bytes});
      return d;
    }
    uint64_t output(const fn::KernelParam& p) {
      switch (p.kind) {
        case fn::ParamKind::OutOffsets:
          if (share_offsets && first_offsets) return first_offsets;
          return put(out.offsets.data(), out.offsets.size() * 8);
        case fn::ParamKind::OutLengths: return written(out.lengths.data(), out.lengths.size() * 4, true);
        case fn::ParamKind::OutValid: return written(out.valid.data(), out.valid.size(), true);
        // Fixed-width outputs are written in full; string bytes only up to each row's length.
        default: return written(out.data.data(), out.data.size(), spec.result != fn::SqlType::String);
      }
    }
    uint64_t error_slot() {
      const int64_t no_error = fn::kNoError;
      Api::Ptr d = 0;
      bad = bad || !allocate(8, d) || !a.check(a.cuMemcpyHtoD(d, &no_error, 8), "cuMemcpyHtoD", error);
      st.error_slot = d;
      return d;
    }
    bool with_row_range() const { return true; }
    bool failed() const { return bad; }
  } binding{chosen, st, out, spec, share_offsets, alloc, upload, a, error, moved};
  KernelSlots slots;
  if (!bind_kernel_slots(spec, session, st.rows, binding, slots)) return nullptr;
  st.slots = std::move(slots);
  st.params = st.slots.launch_params();
  // Bytes a string result really writes are known after the first run; count
  // them as the input length sum bound is unknown here (benchmarks add them).
  call->bytes_moved_ = moved;
  return call;
}

ResidentCall::~ResidentCall() = default;

int ResidentCall::last_block_size() const { return state_->last_block_size; }
const std::string& ResidentCall::entry() const { return state_->entry; }
void ResidentCall::use_in_order_entry(bool use) { state_->in_order_entry = use; }
const std::string& ResidentCall::last_entry() const { return state_->last_entry; }
const GpuLaunch& ResidentCall::launch() const { return state_->launch; }

bool ResidentCall::time(int warmup, int repeats, const GpuLaunch& launch, std::vector<float>& ms,
                        std::string& error) {
  State& st = *state_;
  CudaDevice::Api& a = *st.device->api_;
  const std::string entry = st.kernel->entry_for(st.entry, launch, st.rows_in_order && st.in_order_entry);
  void* f = st.device->function(entry, st.kernel->gpu_module_group, launch, error);
  st.last_entry = entry;
  const int rows_per_thread = st.kernel->rows_per_thread_of(entry, launch);
  int block_size = launch.block_size;
  if (!f) return false;
  // A variant with many registers may not launch 1024 threads per block: use
  // the largest block the compiled code allows (a multiple of the warp size).
  int max_threads = 0;
  if (!a.check(a.cuFuncGetAttribute(&max_threads, CudaDevice::Api::kMaxThreadsPerBlock, f), "cuFuncGetAttribute",
               error))
    return false;
  if (block_size > max_threads) block_size = std::max(32, max_threads / 32 * 32);
  st.last_block_size = block_size;
  const int64_t per_block = static_cast<int64_t>(block_size) * rows_per_thread;
  const unsigned grid = static_cast<unsigned>(std::max<int64_t>(1, (st.rows + per_block - 1) / per_block));
  void *start = nullptr, *stop = nullptr;
  if (!a.check(a.cuEventCreate(&start, 0), "cuEventCreate", error) ||
      !a.check(a.cuEventCreate(&stop, 0), "cuEventCreate", error))
    return false;
  ms.clear();
  bool ok = true;
  for (int i = 0; ok && i < warmup + repeats; ++i) {
    ok = a.check(a.cuEventRecord(start, nullptr), "cuEventRecord", error) &&
         a.check(a.cuLaunchKernel(f, grid, 1, 1, static_cast<unsigned>(block_size), 1, 1, 0, nullptr,
                                  st.params.data(), nullptr),
                 "cuLaunchKernel(" + entry + ")", error) &&
         a.check(a.cuEventRecord(stop, nullptr), "cuEventRecord", error) &&
         a.check(a.cuEventSynchronize(stop), "cuEventSynchronize", error);
    float t = 0;
    ok = ok && a.check(a.cuEventElapsedTime(&t, start, stop), "cuEventElapsedTime", error);
    if (ok && i >= warmup) ms.push_back(t);
  }
  a.cuEventDestroy(start);
  a.cuEventDestroy(stop);
  return ok;
}

bool ResidentCall::fetch(KernelResult& result, std::string& error) {
  State& st = *state_;
  CudaDevice::Api& a = *st.device->api_;
  if (!a.check(a.cuCtxSynchronize(), "cuCtxSynchronize", error)) return false;
  for (const State::Download& d : st.downloads)
    if (d.bytes && !a.check(a.cuMemcpyDtoH(d.host, d.dev, d.bytes), "cuMemcpyDtoH", error)) return false;
  int64_t slot = fn::kNoError;
  if (!a.check(a.cuMemcpyDtoH(&slot, st.error_slot, 8), "cuMemcpyDtoH", error)) return false;
  if (single_use_) result.column = std::move(st.out);  // run(): nothing reads st.out again
  else result.column = st.out;
  result.error.reset();
  if (slot != fn::kNoError) {
    const int64_t row = fn::error_row(slot);
    const int32_t status = fn::error_status(slot);
    result.error = KernelError{row, status, describe_error(*st.kernel->spec, st.args, row, status)};
  }
  return true;
}

bool CudaDevice::launch(const KernelEntry& kernel, std::span<const DeviceKernelArg> args,
                        const fn::SessionContext& session, int64_t rows, const MutableColumnView& out,
                        int64_t* error_slot, void* stream, std::string& error) {
  const fn::FunctionSpec& spec = *kernel.spec;
  if (kernel.gpu_entry.empty()) {
    error = std::string(spec.kernel) + ": the catalog has no GPU code for this kernel";
    return false;
  }
  if (args.size() != spec.args.size()) {
    error = std::string(spec.kernel) + ": " + std::to_string(args.size()) + " arguments for " +
            std::to_string(spec.args.size());
    return false;
  }
  Api& a = *api_;
  if (!a.check(a.cuCtxSetCurrent(context_), "cuCtxSetCurrent", error)) return false;
  const GpuSpecialization* chosen =
      choose_specialization(kernel, session, [&](int arg) { return args[arg].int_value; });
  const GpuLaunch& launch = kernel.launch_for(chosen);
  const ColumnView* first = args.empty() ? nullptr : args[0].column;
  const std::string entry = kernel.entry_for(chosen ? chosen->entry : kernel.gpu_entry, launch,
                                             first && first->rows_in_order && first->offsets == out.offsets);
  // Device columns and outputs in place; a constant string's bytes are in device memory already.
  struct InPlace {
    const fn::FunctionSpec& spec;
    std::span<const DeviceKernelArg> args;
    const MutableColumnView& out;
    int64_t* error;
    const GpuSpecialization* chosen;
    std::string& message;
    bool bad = false;
    bool removes(const fn::KernelParam& p) const { return chosen && chosen->what.removes(p); }
    uint64_t argument(const fn::KernelParam& p) {
      const ColumnView* c = args[p.arg].column;
      if (!c || c->device != Device::Cuda) {
        message = std::string(spec.kernel) + ": argument " + std::to_string(p.arg + 1) + " must be a device column";
        bad = true;
        return 0;
      }
      switch (p.kind) {
        case fn::ParamKind::ArgOffsets: return address_slot(c->offsets);
        case fn::ParamKind::ArgLengths: return address_slot(c->lengths);
        case fn::ParamKind::ArgValid: return address_slot(c->valid);
        default: return address_slot(c->data);
      }
    }
    int64_t int_value(int arg) const { return args[arg].int_value; }
    double float_value(int arg) const { return args[arg].float_value; }
    uint64_t constant_bytes(int arg) const { return address_slot(args[arg].string_bytes); }
    int64_t string_length(int arg) const { return args[arg].string_length; }
    uint64_t output(const fn::KernelParam& p) const {
      switch (p.kind) {
        case fn::ParamKind::OutOffsets: return address_slot(out.offsets);
        case fn::ParamKind::OutLengths: return address_slot(out.lengths);
        case fn::ParamKind::OutValid: return address_slot(out.valid);
        default: return address_slot(out.data);
      }
    }
    uint64_t error_slot() const { return address_slot(error); }
    bool with_row_range() const { return true; }
    bool failed() const { return bad; }
  } call{spec, args, out, error_slot, chosen, error};
  KernelSlots slots;
  if (!bind_kernel_slots(spec, session, rows, call, slots)) return false;
  std::vector<void*> params = slots.launch_params();
  if (rows == 0) return true;
  const int rpt = kernel.rows_per_thread_of(entry, launch);
  void* f = function(entry, kernel.gpu_module_group, launch, error);
  if (!f) return false;
  int block = launch.block_size;
  int max_threads = 0;
  if (!a.check(a.cuFuncGetAttribute(&max_threads, Api::kMaxThreadsPerBlock, f), "cuFuncGetAttribute", error))
    return false;
  if (block > max_threads) block = std::max(32, max_threads / 32 * 32);
  const int64_t per_block = static_cast<int64_t>(block) * rpt;
  const unsigned grid = static_cast<unsigned>((rows + per_block - 1) / per_block);
  return a.check(a.cuLaunchKernel(f, grid, 1, 1, static_cast<unsigned>(block), 1, 1, 0, stream, params.data(), nullptr),
                 "cuLaunchKernel(" + entry + ")", error);
}

bool CudaDevice::run(const KernelEntry& kernel, std::span<const KernelArg> args, const fn::SessionContext& session,
                     KernelResult& result, std::string& error) {
  std::unique_ptr<ResidentCall> call = prepare(kernel, args, session, error);
  if (!call) return false;
  call->single_use_ = true;
  std::vector<float> ms;
  return call->time(0, 1, call->launch(), ms, error) && call->fetch(result, error);
}

bool CudaDevice::copy_bandwidth(int64_t bytes, int repeats, double& gb_per_s, std::string& error) {
  Api& a = *api_;
  Api::Ptr src = 0, dst = 0;
  if (!a.check(a.cuMemAlloc(&src, bytes), "cuMemAlloc", error)) return false;
  if (!a.check(a.cuMemAlloc(&dst, bytes), "cuMemAlloc", error)) {
    a.cuMemFree(src);
    return false;
  }
  void *start = nullptr, *stop = nullptr;
  bool ok = a.check(a.cuMemsetD8(src, 0x5a, bytes), "cuMemsetD8", error) &&
            a.check(a.cuEventCreate(&start, 0), "cuEventCreate", error) &&
            a.check(a.cuEventCreate(&stop, 0), "cuEventCreate", error);
  std::vector<float> ms;
  for (int i = 0; ok && i < repeats + 2; ++i) {
    ok = a.check(a.cuEventRecord(start, nullptr), "cuEventRecord", error) &&
         a.check(a.cuMemcpyDtoD(dst, src, bytes), "cuMemcpyDtoD", error) &&
         a.check(a.cuEventRecord(stop, nullptr), "cuEventRecord", error) &&
         a.check(a.cuEventSynchronize(stop), "cuEventSynchronize", error);
    float t = 0;
    ok = ok && a.check(a.cuEventElapsedTime(&t, start, stop), "cuEventElapsedTime", error);
    if (ok && i >= 2) ms.push_back(t);
  }
  if (start) a.cuEventDestroy(start);
  if (stop) a.cuEventDestroy(stop);
  a.cuMemFree(src);
  a.cuMemFree(dst);
  if (!ok) return false;
  std::sort(ms.begin(), ms.end());
  const double median_s = ms[ms.size() / 2] / 1e3;
  gb_per_s = 2.0 * static_cast<double>(bytes) / median_s / 1e9;  // read + write
  return true;
}

}  // namespace tessera::rt
