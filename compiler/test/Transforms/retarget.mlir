// RUN: tessera-opt %s -split-input-file -verify-diagnostics -tessera-retarget | FileCheck %s
// RUN: tessera-opt %s -split-input-file -verify-diagnostics \
// RUN:   -tessera-retarget='triple=amdgcn-amd-amdhsa data-layout=e-p:64:64-i64:64' | FileCheck %s --check-prefix=CUSTOM

// The host's target attributes go; the target triple and data layout are set.

// CHECK-LABEL: module attributes
// CHECK-SAME: dlti.dl_spec = #dlti.dl_spec<
// CHECK-SAME: llvm.data_layout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
// CHECK-SAME: llvm.target_triple = "nvptx64-nvidia-cuda"
// CUSTOM-LABEL: module attributes
// CUSTOM-SAME: llvm.data_layout = "e-p:64:64-i64:64"
// CUSTOM-SAME: llvm.target_triple = "amdgcn-amd-amdhsa"
module attributes {llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
                   llvm.target_triple = "x86_64-pc-linux-gnu"} {
  // CHECK-LABEL: llvm.func @row
  // CHECK-NOT: target_cpu
  // CHECK-NOT: target_features
  // CHECK-NOT: tune_cpu
  // CHECK-SAME: {
  llvm.func @row(%x: i32) -> i32 attributes {target_cpu = "x86-64",
      target_features = #llvm.target_features<["+sse2", "+x87"]>, tune_cpu = "generic"} {
    llvm.return %x : i32
  }
}

// -----

// Host-specific passthrough attributes go; the others stay.

// CHECK-LABEL: llvm.func @passthrough
// CHECK-SAME: passthrough = ["mustprogress", ["no-trapping-math", "true"]]
module attributes {llvm.data_layout = "e-m:e-i64:64-n8:16:32:64-S128"} {
  llvm.func @passthrough() attributes {passthrough = ["mustprogress", ["no-trapping-math", "true"],
      ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"], ["tune-cpu", "generic"]]} {
    llvm.return
  }
}

// -----

// A 32-bit host data layout is an error.

// expected-error @+1 {{tessera-retarget: the host data layout must be 64-bit little-endian, got 'e-m:e-p:32:32-i64:64-n8:16:32-S128'}}
module attributes {llvm.data_layout = "e-m:e-p:32:32-i64:64-n8:16:32-S128"} {
  llvm.func @row32() {
    llvm.return
  }
}

// -----

// So is a big-endian one.

// expected-error @+1 {{tessera-retarget: the host data layout must be 64-bit little-endian}}
module attributes {llvm.data_layout = "E-m:e-i64:64-n32:64-S128"} {
  llvm.func @row_be() {
    llvm.return
  }
}
