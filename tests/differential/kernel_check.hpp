// One kernel of the catalog checked against its reference (reference.hpp): 8 batches (fresh constants and session
// settings each) of random rows plus every edge case; values, NULLs and the first error of a multi-threaded
// launch compared, then each row launched alone on the CPU to compare every row's status. On the GPU every
// compiled variant of the kernel (row mapping, rows per thread, in-order twin) runs and is compared.
#pragma once

#include <cstdint>
#include <string>

#include "tessera/functions/kernel_abi.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"

namespace tessera::test {

struct CheckSettings {
  int64_t rows_per_kernel = 100000;
  uint64_t seed = 0;
  std::string only_mapping;     // on the GPU: only modules of this row mapping ("": all)
  rt::CudaDevice* gpu = nullptr;  // null: the CPU kernels
};

struct KernelCheck {
  int64_t inputs = 0, mismatches = 0;
  int64_t holds = 0, fails = 0;  // a predicate's true and false rows: both must occur for the check to mean much
  std::string never_fused;       // a predicate whose result can never fit its buffer: the binder never fuses it
  bool missing_module = false;   // no GPU module with the asked-for mapping
};

// Checks `spec` (a function or fused predicate) through its catalog entry `kernel`; mismatches are printed as
// they are found (the first five of a kernel).
KernelCheck check_kernel(const fn::FunctionSpec& spec, const rt::KernelEntry& kernel, const rt::Catalog& catalog,
                         const CheckSettings& settings);

}  // namespace tessera::test
