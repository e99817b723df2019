#include "tessera/runtime/cuda_device.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "cuda_driver.hpp"
#include "driver_pool.hpp"
#include "tessera/functions/kernel_abi.hpp"
#include "tessera/runtime/kernel_binder.hpp"

namespace tessera::rt {

std::unique_ptr<CudaDevice> CudaDevice::open(const Catalog& catalog, std::string& error) {
  auto dev = std::unique_ptr<CudaDevice>(new CudaDevice());
  CudaDriver& a = *dev->driver_;
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
  return driver_->check(driver_->cuCtxSetCurrent(context_), "cuCtxSetCurrent", error);
}

void* CudaDevice::load_module(const ModuleKey& key, std::string& error) {
  std::lock_guard<std::mutex> lock(modules_mutex_);
  if (auto it = modules_.find(key); it != modules_.end()) return it->second;
  auto file = module_files_.find(key);
  if (file == module_files_.end()) return nullptr;
  const CudaDriver& a = *driver_;
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
  CudaDriver::Ptr flag = 0;
  size_t flag_bytes = 0;
  // Only a user module is asked (the library's have no flag: asking is an API error compute-sanitizer reports).
  if (user_modules_.count(key) &&
      a.cuModuleGetGlobal(&flag, &flag_bytes, module, "__tessera_cancel") == 0 && flag_bytes == 4) {
    // What set_cancel_flags copies with is made here, before the module's kernels run: allocating pinned memory
    // (or a stream) while a kernel runs waits for it, and a user's kernel may never end.
    if (!cancel_stream_ && !a.check(a.cuStreamCreate(&cancel_stream_, CudaDriver::kStreamNonBlocking), "cuStreamCreate", error))
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
  const CudaDriver& a = *driver_;
  if (!a.check(a.cuCtxSetCurrent(context_), "cuCtxSetCurrent", error)) return false;
  // On a stream of its own that waits for no other, a DMA copy from pinned memory (no kernel, which could not
  // start while the user's kernel holds every SM, and no allocation, which would wait for it): the flag changes
  // while the kernel runs.
  *cancel_value_ = stop ? 1 : 0;
  for (CudaDriver::Ptr flag : cancel_flags_)
    if (!a.check(a.cuMemcpyHtoDAsync(flag, cancel_value_, sizeof(int32_t), cancel_stream_), "cuMemcpyHtoDAsync", error))
      return false;
  return a.check(a.cuStreamSynchronize(cancel_stream_), "cuStreamSynchronize", error);
}

CudaDevice::CudaDevice()
    : driver_(std::make_unique<CudaDriver>()),
      own_memory_(std::make_unique<DriverPool>(*driver_)),
      memory_(own_memory_.get()) {}

CudaDevice::~CudaDevice() {
  own_memory_.reset();  // its parked buffers go back while the context is still held
  if (!driver_->lib) return;
  for (auto& [u, m] : modules_) driver_->cuModuleUnload(m);
  if (cancel_value_) driver_->cuMemFreeHost(cancel_value_);
  if (context_) driver_->cuDevicePrimaryCtxRelease(device_);
}

void CudaDevice::use_memory(MemoryResource* mr) { memory_ = mr ? mr : own_memory_.get(); }

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
  if (!driver_->check(driver_->cuModuleGetFunction(&f, module, entry.c_str()), "cuModuleGetFunction(" + entry + ")", error))
    return nullptr;
  return f;
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
  const CudaDriver& a = *driver_;
  if (!a.check(a.cuCtxSetCurrent(context_), "cuCtxSetCurrent", error)) return false;
  const GpuSpecialization* chosen = kernel.specialization_for(session, [&](int arg) { return args[arg].int_value; });
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
  void* f = function(entry, kernel.gpu_module_group, launch, error);
  int block = 0;
  unsigned grid = 0;
  if (!f || !a.geometry(f, launch.block_size, kernel.rows_per_thread_of(entry, launch), rows, block, grid, error))
    return false;
  return a.check(a.cuLaunchKernel(f, grid, 1, 1, static_cast<unsigned>(block), 1, 1, 0, stream, params.data(), nullptr),
                 "cuLaunchKernel(" + entry + ")", error);
}

}  // namespace tessera::rt
