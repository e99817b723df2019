// RUN: tessera-opt %s -split-input-file -pass-pipeline='builtin.module(llvm.func(tessera-strip-lifetime-markers))' | FileCheck %s

// Lifetime markers are removed; everything else stays.

// CHECK-LABEL: llvm.func @markers
// CHECK-NOT: lifetime
// CHECK: %[[A:.*]] = llvm.alloca
// CHECK-NOT: lifetime
// CHECK: llvm.store %{{.*}}, %[[A]]
// CHECK-NOT: lifetime
// CHECK: %[[X:.*]] = llvm.load %[[A]]
// CHECK-NOT: lifetime
// CHECK: llvm.return %[[X]]
llvm.func @markers(%v: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.intr.lifetime.start %a : !llvm.ptr
  llvm.store %v, %a : i32, !llvm.ptr
  %x = llvm.load %a : !llvm.ptr -> i32
  llvm.intr.lifetime.end %a : !llvm.ptr
  llvm.return %x : i32
}

// -----

// Markers written as generic intrinsic calls go too.

// CHECK-LABEL: llvm.func @call_intrinsic_markers
// CHECK-NOT: llvm.call_intrinsic "llvm.lifetime
// CHECK: llvm.return
llvm.func @call_intrinsic_markers(%p: !llvm.ptr) {
  llvm.call_intrinsic "llvm.lifetime.start.p0"(%p) : (!llvm.ptr) -> ()
  llvm.call_intrinsic "llvm.lifetime.end.p0"(%p) : (!llvm.ptr) -> ()
  llvm.return
}

// -----

// Other intrinsic calls are kept.

// CHECK-LABEL: llvm.func @other_intrinsic_kept
// CHECK: llvm.call_intrinsic "llvm.donothing"()
llvm.func @other_intrinsic_kept() {
  llvm.call_intrinsic "llvm.donothing"() : () -> ()
  llvm.return
}
