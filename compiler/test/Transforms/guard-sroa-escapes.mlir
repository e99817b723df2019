// MLIR 22's sroa splits an array whose interior address (a GEP of it) is stored as a value: the stored
// pointer then reaches a one-element slot and the second element's store is lost. The reproducer, reduced
// from CONCAT_WS (`const char* parts[2] = {a, b}` passed to an inlined helper); BUG shows the upstream
// miscompile (a canary: it fails once MLIR is fixed, and the guard can go). With the guard, the array stays.
// RUN: tessera-opt %s --pass-pipeline="builtin.module(llvm.func(sroa))" | FileCheck %s --check-prefix=BUG
// RUN: tessera-opt %s --pass-pipeline="builtin.module(llvm.func(tessera-guard-sroa-escapes,sroa,canonicalize))" | FileCheck %s --check-prefix=GUARDED
// RUN: tessera-opt %s --pass-pipeline="builtin.module(llvm.func(tessera-guard-sroa-escapes))" | FileCheck %s --check-prefix=MARKED

// BUG-LABEL:   llvm.func @escape_by_store
// BUG-COUNT-2:   llvm.alloca %{{.*}} x !llvm.ptr
// BUG-NOT:       !llvm.array<2 x ptr>
// GUARDED-LABEL: llvm.func @escape_by_store
// GUARDED:         %[[ARR:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x ptr>
// GUARDED:         llvm.store %arg1, %{{.*}}
// GUARDED-NOT:     llvm.ptrtoint
// GUARDED:         llvm.store %{{.*}}, %arg2
llvm.func @escape_by_store(%a: !llvm.ptr, %b: !llvm.ptr, %slot: !llvm.ptr) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %arr = llvm.alloca %one x !llvm.array<2 x ptr> : (i32) -> !llvm.ptr
  llvm.store %a, %arr : !llvm.ptr, !llvm.ptr
  %second = llvm.getelementptr inbounds %arr[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
  llvm.store %b, %second : !llvm.ptr, !llvm.ptr
  %first = llvm.getelementptr inbounds %arr[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x ptr>
  llvm.store %first, %slot : !llvm.ptr, !llvm.ptr
  llvm.return
}

// Only allocas with a stored interior address are guarded: one read at constant indices is still split.
// MARKED-LABEL: llvm.func @escape_by_store
// MARKED:         llvm.alloca
// MARKED-NEXT:    llvm.ptrtoint
// MARKED-LABEL: llvm.func @no_escape
// MARKED-NOT:     llvm.ptrtoint
// GUARDED-LABEL: llvm.func @no_escape
// GUARDED-NOT:     !llvm.array<2 x ptr>
llvm.func @no_escape(%a: !llvm.ptr, %b: !llvm.ptr) -> !llvm.ptr {
  %one = llvm.mlir.constant(1 : i32) : i32
  %arr = llvm.alloca %one x !llvm.array<2 x ptr> : (i32) -> !llvm.ptr
  llvm.store %a, %arr : !llvm.ptr, !llvm.ptr
  %second = llvm.getelementptr inbounds %arr[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
  llvm.store %b, %second : !llvm.ptr, !llvm.ptr
  %v = llvm.load %second : !llvm.ptr -> !llvm.ptr
  llvm.return %v : !llvm.ptr
}
