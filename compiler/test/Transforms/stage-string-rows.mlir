// RUN: tessera-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(tessera-map-rows-to-gpu,gpu.module(tessera-stage-string-rows{bytes=4096}))" | FileCheck %s

// A string kernel, one row per thread: the block's input bytes are copied into
// a shared buffer (16-byte loads for whole chunks), the row function reads its
// string there and writes its result into a second shared buffer, which is
// copied out after a barrier. 4096 bytes split between two columns: 2048 each.

// CHECK-DAG: llvm.mlir.global internal @tk_copy__stage0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2048 x i8>
// CHECK-DAG: llvm.mlir.global internal @tk_copy__stage1() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2048 x i8>
// CHECK-DAG: llvm.mlir.global internal @tk_copy__stage_fallback() {addr_space = 3 : i32, alignment = 16 : i64} : i32
// CHECK-LABEL: gpu.func @tk_copy(
// CHECK-SAME: %[[IN:[^:]*]]: !llvm.ptr, %[[OFF:[^:]*]]: !llvm.ptr, %[[LEN:[^:]*]]: !llvm.ptr, %[[OUT:[^:]*]]: !llvm.ptr,
// CHECK-SAME: tessera.staged_bytes = 4100 : i64
// The flag is cleared, then set by any thread whose row lies outside the staged range.
// CHECK: llvm.store %{{.*}}, %[[FLAG:.*]] : i32, !llvm.ptr
// CHECK: gpu.barrier
// CHECK: llvm.atomicrmw _or %[[FLAG]]
// CHECK: gpu.barrier
// CHECK: %[[STAGED:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// Copy-in: whole 16-byte chunks as one vector load and store.
// CHECK: %[[SHARED_IN:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr
// CHECK: scf.for
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xi32>
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr
// The row's `&bytes[offset]` becomes `&shared[offset - base]` when the block is staged (formed from the
// in-range index, never as `shared - base`).
// CHECK: %[[SHARED_OUT:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: %[[O:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK: %[[OUT_GLOBAL:.*]] = llvm.getelementptr %[[OUT]][%[[O]]]
// CHECK: %[[O_REL:.*]] = arith.subi %[[O]], %{{.*}} : i64
// CHECK: %[[OUT_SHARED:.*]] = llvm.getelementptr %[[SHARED_OUT]][%[[O_REL]]]
// CHECK: %[[OUT_BYTES:.*]] = arith.select %{{.*}}, %[[OUT_SHARED]], %[[OUT_GLOBAL]] : !llvm.ptr
// CHECK: %[[I:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK: %[[IN_GLOBAL:.*]] = llvm.getelementptr %[[IN]][%[[I]]]
// CHECK: %[[I_REL:.*]] = arith.subi %[[I]], %{{.*}} : i64
// CHECK: %[[IN_SHARED:.*]] = llvm.getelementptr %[[SHARED_IN]][%[[I_REL]]]
// CHECK: %[[IN_BYTES:.*]] = arith.select %[[STAGED]], %[[IN_SHARED]], %[[IN_GLOBAL]] : !llvm.ptr
// CHECK: llvm.call @copy_row(%[[OUT_BYTES]], %{{.*}}, %[[IN_BYTES]], %{{.*}})
// CHECK: }
// Copy-out after every row has written.
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xi32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr
// CHECK: gpu.return
// The row function the staged body calls is inlined: barriers surround that body, and a call left there was
// miscompiled on the H200 (CONVERT(float, style)).
// CHECK: llvm.func internal @copy_row({{.*}}) -> i32 attributes {always_inline}

llvm.func @copy_row(%out: !llvm.ptr, %out_len: !llvm.ptr, %s: !llvm.ptr, %n: i32) -> i32 {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  "llvm.intr.memcpy"(%out, %s, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  llvm.store %n, %out_len : i32, !llvm.ptr
  llvm.return %c0 : i32
}

func.func @tk_copy(%in: !llvm.ptr, %in_off: !llvm.ptr, %in_len: !llvm.ptr, %out: !llvm.ptr, %out_off: !llvm.ptr,
                   %out_len: !llvm.ptr, %begin: i64, %end: i64)
    attributes {tessera.kernel, tessera.spec = "copy",
                tessera.string_columns = [array<i64: 0, 1, 2, 0>, array<i64: 3, 4, 5, 1>]} {
  %lo = arith.index_cast %begin : i64 to index
  %hi = arith.index_cast %end : i64 to index
  %one = arith.constant 1 : index
  scf.parallel (%i) = (%lo) to (%hi) step (%one) {
    %row = arith.index_cast %i : index to i64
    %po = llvm.getelementptr %out_off[%row] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %o = llvm.load %po : !llvm.ptr -> i64
    %dst = llvm.getelementptr %out[%o] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %pl = llvm.getelementptr %out_len[%row] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %pi = llvm.getelementptr %in_off[%row] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %io = llvm.load %pi : !llvm.ptr -> i64
    %src = llvm.getelementptr %in[%io] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %pn = llvm.getelementptr %in_len[%row] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %n = llvm.load %pn : !llvm.ptr -> i32
    %st = llvm.call @copy_row(%dst, %pl, %src, %n) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> i32
    scf.reduce
  }
  return
}

// -----

// A kernel without string columns is left as it is.
// CHECK-LABEL: gpu.func @tk_plain(
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @tk_plain(%in: !llvm.ptr, %out: !llvm.ptr, %begin: i64, %end: i64) attributes {tessera.kernel, tessera.spec = "plain"} {
  %lo = arith.index_cast %begin : i64 to index
  %hi = arith.index_cast %end : i64 to index
  %one = arith.constant 1 : index
  scf.parallel (%i) = (%lo) to (%hi) step (%one) {
    %row = arith.index_cast %i : index to i64
    %p = llvm.getelementptr %in[%row] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %x = llvm.load %p : !llvm.ptr -> i32
    %q = llvm.getelementptr %out[%row] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %x, %q : i32, !llvm.ptr
    scf.reduce
  }
  return
}

// -----

// A malformed attribute is reported.
// expected-error @below {{tessera.string_columns: parameter 7 is not a pointer parameter}}
func.func @tk_bad(%in: !llvm.ptr, %out: !llvm.ptr, %begin: i64, %end: i64)
    attributes {tessera.kernel, tessera.spec = "bad", tessera.string_columns = [array<i64: 0, 1, 7, 0>]} {
  %lo = arith.index_cast %begin : i64 to index
  %hi = arith.index_cast %end : i64 to index
  %one = arith.constant 1 : index
  scf.parallel (%i) = (%lo) to (%hi) step (%one) {
    scf.reduce
  }
  return
}
