// The one binding of a kernel call's SQL arguments to its compiled parameters (fn::kernel_params order), for
// every way the runtime calls a kernel: on the CPU over host columns (kernel_call.cpp), on the GPU over host
// columns it uploads (CudaDevice::prepare) and on the GPU over device columns in place (CudaDevice::launch). The
// parameters' meaning (which argument, constant, output buffer, session field or row bound each one is) is
// decided here once; a call kind only says where its buffers are.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "tessera/functions/kernel_abi.hpp"
#include "tessera/functions/session_context.hpp"

namespace tessera::rt {

// The parameter values of one call, each as a 64-bit slot, with the width the kernel declares it at.
struct KernelSlots {
  std::vector<uint64_t> values;
  std::vector<char> abi;  // 'i': 32-bit, 'b': 8-bit, else 64-bit (fn::KernelParam::abi)

  // A pointer to each value at its declared width, as cuLaunchKernel takes them; valid while this object is
  // neither changed nor moved (the narrowed copies live in it).
  std::vector<void*> launch_params() {
    narrow_.resize(values.size());
    bytes_.resize(values.size());
    std::vector<void*> params;
    for (size_t i = 0; i < values.size(); ++i) {
      narrow_[i] = static_cast<uint32_t>(values[i]);
      bytes_[i] = static_cast<uint8_t>(values[i]);
      params.push_back(abi[i] == 'i'   ? static_cast<void*>(&narrow_[i])
                       : abi[i] == 'b' ? static_cast<void*>(&bytes_[i])
                                       : static_cast<void*>(&values[i]));
    }
    return params;
  }

 private:
  std::vector<uint32_t> narrow_;
  std::vector<uint8_t> bytes_;
};

// Binds `spec`'s parameters for a call over `rows` rows. `Call` says where this call's things are:
//   bool removes(const fn::KernelParam&)   a parameter a specialised kernel has as a constant (skipped)
//   uint64_t argument(const fn::KernelParam&)   the buffer of an Arg* parameter (data, bytes, offsets, lengths,
//                                               validity: 0 for none) of argument p.arg
//   int64_t int_value(int arg), double float_value(int arg), uint64_t constant_bytes(int arg),
//   int64_t string_length(int arg)              a constant argument
//   uint64_t output(const fn::KernelParam&)     the buffer of an Out* parameter
//   uint64_t error_slot()                       the device or host int64 the first failing row goes to
//   bool with_row_range()                       whether Begin/End are slots (the GPU's) or passed per call (the CPU's)
//   bool failed()                               a buffer could not be had (the call's own error says why)
// Returns false as soon as the call failed.
template <typename Call>
bool bind_kernel_slots(const fn::FunctionSpec& spec, const fn::SessionContext& session, int64_t rows, Call& call,
                       KernelSlots& slots) {
  const int32_t ctx[4] = {session.datefirst, session.dateformat, session.language,
                          static_cast<int32_t>(session.collation)};
  for (const fn::KernelParam& p : fn::kernel_params(spec)) {
    if (call.removes(p)) continue;
    uint64_t d = 0;
    switch (p.kind) {
      case fn::ParamKind::ArgData:
      case fn::ParamKind::ArgBytes:
      case fn::ParamKind::ArgOffsets:
      case fn::ParamKind::ArgLengths:
      case fn::ParamKind::ArgValid: d = call.argument(p); break;
      case fn::ParamKind::ConstValue:
        d = spec.args[p.arg].type == fn::SqlType::Float64 ? std::bit_cast<uint64_t>(call.float_value(p.arg))
                                                          : static_cast<uint64_t>(call.int_value(p.arg));
        break;
      case fn::ParamKind::ConstBytes: d = call.constant_bytes(p.arg); break;
      case fn::ParamKind::ConstLength: d = static_cast<uint64_t>(call.string_length(p.arg)); break;
      case fn::ParamKind::OutData:
      case fn::ParamKind::OutBytes:
      case fn::ParamKind::OutOffsets:
      case fn::ParamKind::OutLengths:
      case fn::ParamKind::OutValid: d = call.output(p); break;
      case fn::ParamKind::ErrorSlot: d = call.error_slot(); break;
      case fn::ParamKind::ContextField: d = static_cast<uint32_t>(ctx[p.arg]); break;
      case fn::ParamKind::Begin:
        if (!call.with_row_range()) continue;
        d = 0;  // coarsened kernels need begin % rows_per_thread == 0
        break;
      case fn::ParamKind::End:
        if (!call.with_row_range()) continue;
        d = static_cast<uint64_t>(rows);
        break;
    }
    if (call.failed()) return false;
    slots.values.push_back(d);
    slots.abi.push_back(p.abi);
  }
  return true;
}

// A host or device address as a slot.
inline uint64_t address_slot(const void* p) { return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p)); }

}  // namespace tessera::rt
