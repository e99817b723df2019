// Kernel calls over host columns: prepare() uploads the arguments into device buffers once and binds the
// kernel's parameters (kernel_binder.hpp); a ResidentCall launches it, untimed (run(): a CPU operator's call
// on the GPU) or timed with CUDA events (time(): the benchmarks, the autotuner), and fetches the outputs.
#include <algorithm>
#include <new>

#include "cuda_driver.hpp"
#include "tessera/functions/kernel_abi.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/kernel_binder.hpp"

namespace tessera::rt {

// Device buffers and bound parameters of one kernel call.
struct ResidentCall::State {
  CudaDevice* device = nullptr;
  const KernelEntry* kernel = nullptr;
  std::vector<KernelArg> args;  // copies (columns still point at the caller's data)
  Column out;
  int64_t rows = 0;
  std::vector<std::pair<void*, size_t>> buffers;  // from the device's memory resource, with their sizes
  struct Download {
    void* host;
    CudaDriver::Ptr dev;
    size_t bytes;
  };
  std::vector<Download> downloads;
  CudaDriver::Ptr error_slot = 0;
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
      for (const auto& [p, bytes] : buffers) device->memory_->deallocate(p, bytes, nullptr);
  }
};

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
  const CudaDriver& a = *driver_;
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

  auto alloc = [&](size_t bytes, CudaDriver::Ptr& dptr) {
    void* p = nullptr;
    try {
      p = memory_->allocate(bytes, nullptr);
    } catch (const std::bad_alloc& e) {
      error = std::string(spec.kernel) + ": " + e.what();
      return false;
    }
    st.buffers.push_back({p, bytes});
    dptr = reinterpret_cast<CudaDriver::Ptr>(p);
    return true;
  };
  auto upload = [&](const void* host, size_t bytes, CudaDriver::Ptr& dptr) {
    moved += static_cast<int64_t>(bytes);
    return alloc(bytes, dptr) && (bytes == 0 || a.check(a.cuMemcpyHtoD(dptr, host, bytes), "cuMemcpyHtoD", error));
  };
  const GpuSpecialization* chosen =
      kernel.specialization_for(session, [&](int arg) { return st.args[arg].int_value; });
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
    const CudaDriver& a;
    std::string& error;
    int64_t& moved;
    CudaDriver::Ptr first_offsets = 0;
    bool bad = false;
    bool removes(const fn::KernelParam& p) const { return chosen && chosen->what.removes(p); }
    uint64_t put(const void* host, size_t bytes) {
      CudaDriver::Ptr d = 0;
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
      CudaDriver::Ptr d = 0;
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
      CudaDriver::Ptr d = 0;
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

bool ResidentCall::enqueue(const GpuLaunch& launch, std::string& error) {
  State& st = *state_;
  const CudaDriver& a = *st.device->driver_;
  const std::string entry = st.kernel->entry_for(st.entry, launch, st.rows_in_order && st.in_order_entry);
  st.last_entry = entry;
  void* f = st.device->function(entry, st.kernel->gpu_module_group, launch, error);
  unsigned grid = 0;
  if (!f || !a.geometry(f, launch.block_size, st.kernel->rows_per_thread_of(entry, launch), st.rows,
                        st.last_block_size, grid, error))
    return false;
  return a.check(a.cuLaunchKernel(f, grid, 1, 1, static_cast<unsigned>(st.last_block_size), 1, 1, 0, nullptr,
                                  st.params.data(), nullptr),
                 "cuLaunchKernel(" + entry + ")", error);
}

bool ResidentCall::time(int warmup, int repeats, const GpuLaunch& launch, std::vector<float>& ms,
                        std::string& error) {
  const CudaDriver& a = *state_->device->driver_;
  void *start = nullptr, *stop = nullptr;
  if (!a.check(a.cuEventCreate(&start, 0), "cuEventCreate", error) ||
      !a.check(a.cuEventCreate(&stop, 0), "cuEventCreate", error)) {
    if (start) a.cuEventDestroy(start);
    return false;
  }
  ms.clear();
  bool ok = true;
  for (int i = 0; ok && i < warmup + repeats; ++i) {
    ok = a.check(a.cuEventRecord(start, nullptr), "cuEventRecord", error) && enqueue(launch, error) &&
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
  const CudaDriver& a = *st.device->driver_;
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

bool CudaDevice::run(const KernelEntry& kernel, std::span<const KernelArg> args, const fn::SessionContext& session,
                     KernelResult& result, std::string& error) {
  std::unique_ptr<ResidentCall> call = prepare(kernel, args, session, error);
  if (!call) return false;
  call->single_use_ = true;
  return call->enqueue(call->launch(), error) && call->fetch(result, error);
}

}  // namespace tessera::rt
