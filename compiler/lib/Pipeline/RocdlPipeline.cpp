#include "tessera/compiler/RocdlPipeline.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {

const char* const kAmdgpuTriple = "amdgcn-amd-amdhsa";
// clang -target amdgcn-amd-amdhsa -mcpu=gfx942 (LLVM 22). Pointers in the
// flat (0), global (1) and constant (4) address spaces are 64-bit, so the
// host-compiled row functions (generic pointers) keep their ABI; allocas live
// in address space 5 (A5), which the AMDGPU back end fixes up before LLVM IR
// verification (AmdgpuBackend.cpp).
const char* const kAmdgpuDataLayout =
    "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-"
    "p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-"
    "v2048:2048-n32:64-S32-A5-G1-ni:7:8:9";

namespace {
void parse_into(mlir::OpPassManager& pm, llvm::StringRef text) {
  std::string error;
  llvm::raw_string_ostream os(error);
  if (mlir::failed(mlir::parsePassPipeline(text, pm, os)))
    llvm::report_fatal_error(llvm::Twine("bad pipeline: ") + error);
}
}  // namespace

void build_rocdl_lowering_pipeline(mlir::OpPassManager& pm) {
  RetargetOptions retarget;
  retarget.triple = kAmdgpuTriple;
  retarget.dataLayout = kAmdgpuDataLayout;
  pm.addPass(createRetarget(retarget));
  pm.addPass(createMapRowsToGpu());
  // As build_gpu_lowering_pipeline: convert-cf-to-llvm is a module pass that
  // reaches into the gpu.module.
  parse_into(pm,
             "gpu.module(convert-scf-to-cf,convert-gpu-to-rocdl{chipset=gfx942 index-bitwidth=64},"
             "convert-arith-to-llvm,convert-index-to-llvm),"
             "convert-cf-to-llvm,"
             "gpu.module(reconcile-unrealized-casts,canonicalize)");
}

void register_rocdl_pipeline() {
  static mlir::PassPipelineRegistration<> rocdl(
      "tessera-lower-rocdl", "Retarget, outline and lower column kernels to ROCDL (amdgcn-amd-amdhsa, gfx942)",
      [](mlir::OpPassManager& pm) { build_rocdl_lowering_pipeline(pm); });
}

}  // namespace tessera::compiler
