// RUN: tessera-opt %s --tessera-simplify | FileCheck %s

// An array indexed with a run-time index (`parts[i]`, as CONCAT_WS does) keeps
// every element through tessera-simplify. With MLIR 22's sroa in the pipeline,
// CONCAT_WS's kernel kept only element 0 (caught by the differential test);
// this small case does not reproduce that upstream bug, which was not reduced
// further: it guards the property, not the bug.

// CHECK-LABEL: llvm.func @pick
// CHECK: llvm.alloca {{.*}} x !llvm.array<2 x ptr>
// CHECK: llvm.store %arg0
// CHECK: llvm.store %arg1
// CHECK: llvm.load
llvm.func @pick(%a: !llvm.ptr, %b: !llvm.ptr, %i: i64) -> !llvm.ptr {
  %one = llvm.mlir.constant(1 : i32) : i32
  %parts = llvm.alloca %one x !llvm.array<2 x ptr> : (i32) -> !llvm.ptr
  %p0 = llvm.getelementptr %parts[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x ptr>
  llvm.store %a, %p0 : !llvm.ptr, !llvm.ptr
  %p1 = llvm.getelementptr %parts[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x ptr>
  llvm.store %b, %p1 : !llvm.ptr, !llvm.ptr
  // The array decays to a pointer (a helper taking `const char* const* parts`) and is indexed as one.
  %pi = llvm.getelementptr %parts[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
  %r = llvm.load %pi : !llvm.ptr -> !llvm.ptr
  llvm.return %r : !llvm.ptr
}
