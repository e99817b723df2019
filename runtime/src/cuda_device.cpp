#include "tessera/runtime/cuda_device.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <sstream>
#include <vector>

#include "tessera/functions/kernel_abi.hpp"

namespace tessera::rt {

// The few driver entry points Tessera uses, with their C types spelled out
// (no cuda.h needed to build).
struct CudaDevice::Api {
  using Result = int;
  using Ptr = unsigned long long;
  void* lib = nullptr;
  Result (*cuInit)(unsigned);
  Result (*cuDeviceGet)(int*, int);
  Result (*cuDeviceGetName)(char*, int, int);
  Result (*cuCtxCreate)(void**, unsigned, int);
  Result (*cuCtxDestroy)(void*);
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
  Result (*cuGetErrorName)(Result, const char**);

  template <typename F>
  bool load(F& f, const char* name, std::string& error) {
    f = reinterpret_cast<F>(dlsym(lib, name));
    if (!f) error = std::string("libcuda.so.1 has no ") + name;
    return f != nullptr;
  }
  bool check(Result r, const char* what, std::string& error) const {
    if (r == 0) return true;
    const char* name = "?";
    if (cuGetErrorName) cuGetErrorName(r, &name);
    error = std::string(what) + " failed: " + name + " (" + std::to_string(r) + ")";
    return false;
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
  if (!a.load(a.cuInit, "cuInit", error) || !a.load(a.cuDeviceGet, "cuDeviceGet", error) ||
      !a.load(a.cuDeviceGetName, "cuDeviceGetName", error) || !a.load(a.cuCtxCreate, "cuCtxCreate_v2", error) ||
      !a.load(a.cuCtxDestroy, "cuCtxDestroy_v2", error) || !a.load(a.cuModuleLoadData, "cuModuleLoadData", error) ||
      !a.load(a.cuModuleUnload, "cuModuleUnload", error) ||
      !a.load(a.cuModuleGetFunction, "cuModuleGetFunction", error) ||
      !a.load(a.cuMemAlloc, "cuMemAlloc_v2", error) || !a.load(a.cuMemFree, "cuMemFree_v2", error) ||
      !a.load(a.cuMemcpyHtoD, "cuMemcpyHtoD_v2", error) || !a.load(a.cuMemcpyDtoH, "cuMemcpyDtoH_v2", error) ||
      !a.load(a.cuLaunchKernel, "cuLaunchKernel", error) ||
      !a.load(a.cuCtxSynchronize, "cuCtxSynchronize", error) || !a.load(a.cuGetErrorName, "cuGetErrorName", error))
    return nullptr;
  int device = 0;
  char name[256] = {};
  if (!a.check(a.cuInit(0), "cuInit", error) || !a.check(a.cuDeviceGet(&device, 0), "cuDeviceGet", error) ||
      !a.check(a.cuDeviceGetName(name, sizeof name, device), "cuDeviceGetName", error) ||
      !a.check(a.cuCtxCreate(&dev->context_, 0, device), "cuCtxCreate", error))
    return nullptr;
  dev->name_ = name;
  // Prefer the cubin (assembled for sm_90 at build time); PTX is JIT-compiled otherwise.
  const std::string path = !catalog.cubin_path().empty() ? catalog.cubin_path() : catalog.ptx_path();
  if (path.empty()) {
    error = "the catalog has no GPU code";
    return nullptr;
  }
  std::ifstream in(path, std::ios::binary);
  std::stringstream image;
  image << in.rdbuf();
  std::string bytes = image.str();
  bytes.push_back('\0');  // PTX must be NUL-terminated
  if (!a.check(a.cuModuleLoadData(&dev->module_, bytes.data()), ("cuModuleLoadData(" + path + ")").c_str(), error))
    return nullptr;
  return dev;
}

CudaDevice::~CudaDevice() {
  if (!api_) return;
  if (module_) api_->cuModuleUnload(module_);
  if (context_) api_->cuCtxDestroy(context_);
}

bool CudaDevice::run(const KernelEntry& kernel, std::span<const KernelArg> args, const fn::SessionContext& session,
                     KernelResult& result, std::string& error) {
  const fn::FunctionSpec& spec = *kernel.spec;
  if (kernel.gpu_entry.empty()) {
    error = std::string(spec.kernel) + ": the catalog has no GPU code for this kernel";
    return false;
  }
  if (std::string e = check_args(spec, args); !e.empty()) {
    error = e;
    return false;
  }
  Api& a = *api_;
  int64_t rows = 1;
  for (const KernelArg& k : args)
    if (k.column) rows = k.column->rows;
  prepare_output(kernel, args, rows, result.column);
  Column& out = result.column;
  int64_t error_slot = fn::kNoError;

  // Device buffers, freed on every path out.
  std::vector<Api::Ptr> buffers;
  struct Free {
    Api& a;
    std::vector<Api::Ptr>& b;
    ~Free() {
      for (Api::Ptr p : b) a.cuMemFree(p);
    }
  } free_all{a, buffers};
  auto alloc = [&](size_t bytes, Api::Ptr& dptr) {
    if (!a.check(a.cuMemAlloc(&dptr, std::max<size_t>(bytes, 8)), "cuMemAlloc", error)) return false;
    buffers.push_back(dptr);
    return true;
  };
  auto upload = [&](const void* host, size_t bytes, Api::Ptr& dptr) {
    return alloc(bytes, dptr) && (bytes == 0 || a.check(a.cuMemcpyHtoD(dptr, host, bytes), "cuMemcpyHtoD", error));
  };
  struct Download {
    void* host;
    Api::Ptr dev;
    size_t bytes;
  };
  std::vector<Download> downloads;
  std::vector<uint64_t> values;  // kernel parameter values, in ABI order
  const int32_t ctx[4] = {session.datefirst, session.dateformat, session.language,
                          static_cast<int32_t>(session.collation)};
  for (const fn::KernelParam& p : fn::kernel_params(spec)) {
    const KernelArg* k = p.arg >= 0 && p.kind != fn::ParamKind::ContextField ? &args[p.arg] : nullptr;
    Api::Ptr d = 0;
    bool ok = true;
    switch (p.kind) {
      case fn::ParamKind::ArgData:
      case fn::ParamKind::ArgBytes: ok = upload(k->column->data.data(), k->column->data.size(), d); break;
      case fn::ParamKind::ArgOffsets: ok = upload(k->column->offsets.data(), k->column->offsets.size() * 8, d); break;
      case fn::ParamKind::ArgLengths: ok = upload(k->column->lengths.data(), k->column->lengths.size() * 4, d); break;
      case fn::ParamKind::ArgValid:
        if (!k->column->valid.empty()) ok = upload(k->column->valid.data(), k->column->valid.size(), d);
        break;
      case fn::ParamKind::ConstValue:
        d = spec.args[p.arg].type == fn::SqlType::Float64 ? std::bit_cast<uint64_t>(k->float_value)
                                                          : static_cast<uint64_t>(k->int_value);
        break;
      case fn::ParamKind::ConstBytes: ok = upload(k->string_value.data(), k->string_value.size(), d); break;
      case fn::ParamKind::ConstLength: d = k->string_value.size(); break;
      case fn::ParamKind::OutData:
      case fn::ParamKind::OutBytes:
        ok = alloc(out.data.size(), d);  // not copied in: the kernel writes it
        downloads.push_back({out.data.data(), d, out.data.size()});
        break;
      case fn::ParamKind::OutOffsets: ok = upload(out.offsets.data(), out.offsets.size() * 8, d); break;
      case fn::ParamKind::OutLengths:
        ok = upload(out.lengths.data(), out.lengths.size() * 4, d);
        downloads.push_back({out.lengths.data(), d, out.lengths.size() * 4});
        break;
      case fn::ParamKind::OutValid:
        ok = upload(out.valid.data(), out.valid.size(), d);
        downloads.push_back({out.valid.data(), d, out.valid.size()});
        break;
      case fn::ParamKind::ErrorSlot:
        ok = upload(&error_slot, 8, d);
        downloads.push_back({&error_slot, d, 8});
        break;
      case fn::ParamKind::ContextField: d = static_cast<uint32_t>(ctx[p.arg]); break;
      case fn::ParamKind::Begin: d = 0; break;
      case fn::ParamKind::End: d = static_cast<uint64_t>(rows); break;
    }
    if (!ok) return false;
    values.push_back(d);
  }
  // cuLaunchKernel takes a pointer to each parameter, sized as the kernel declares it.
  std::vector<uint32_t> narrow(values.size());
  std::vector<uint8_t> bytes(values.size());
  std::vector<void*> params;
  const std::vector<fn::KernelParam> abi = fn::kernel_params(spec);
  for (size_t i = 0; i < values.size(); ++i) {
    narrow[i] = static_cast<uint32_t>(values[i]);
    bytes[i] = static_cast<uint8_t>(values[i]);
    params.push_back(abi[i].abi == 'i' ? static_cast<void*>(&narrow[i])
                     : abi[i].abi == 'b' ? static_cast<void*>(&bytes[i])
                                         : static_cast<void*>(&values[i]));
  }
  void* function = nullptr;
  if (!a.check(a.cuModuleGetFunction(&function, module_, kernel.gpu_entry.c_str()),
               ("cuModuleGetFunction(" + kernel.gpu_entry + ")").c_str(), error))
    return false;
  const unsigned block = static_cast<unsigned>(kernel.gpu_block_size);
  const unsigned grid = static_cast<unsigned>(std::max<int64_t>(1, (rows + block - 1) / block));
  if (!a.check(a.cuLaunchKernel(function, grid, 1, 1, block, 1, 1, 0, nullptr, params.data(), nullptr),
               "cuLaunchKernel", error) ||
      !a.check(a.cuCtxSynchronize(), "cuCtxSynchronize", error))
    return false;
  for (const Download& d : downloads)
    if (d.bytes && !a.check(a.cuMemcpyDtoH(d.host, d.dev, d.bytes), "cuMemcpyDtoH", error)) return false;
  result.error.reset();
  if (error_slot != fn::kNoError) {
    const int64_t row = fn::error_row(error_slot);
    const int32_t status = fn::error_status(error_slot);
    result.error = KernelError{row, status, describe_error(spec, args, row, status)};
  }
  return true;
}

}  // namespace tessera::rt
