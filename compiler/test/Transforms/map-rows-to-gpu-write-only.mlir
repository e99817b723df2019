// RUN: tessera-opt %s -tessera-map-rows-to-gpu=rows-per-thread=4 | FileCheck %s

// A row function that only stores through its `out` parameter (directly or
// through a callee that only stores) never needs the output's old contents:
// the coarsened kernel starts that output tile from zeros and never loads
// the output column. One that also reads through `out` keeps the load.

// CHECK-LABEL: gpu.func @tk_write_only(
// CHECK-SAME: %[[IN:[^:]*]]: !llvm.ptr, %[[OUT:[^:]*]]: !llvm.ptr,
// CHECK: scf.if
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xi32>
// CHECK-NOT: llvm.getelementptr %[[OUT]]{{.*}}-> !llvm.ptr, i32
// CHECK: %[[ZERO:.*]] = llvm.mlir.zero : vector<4xi32>
// CHECK: llvm.store %[[ZERO]]
// CHECK-COUNT-4: llvm.call @store_sum
// CHECK: %[[DST:.*]] = llvm.getelementptr %[[OUT]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: llvm.store %{{.*}}, %[[DST]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr
// CHECK: } else {

// CHECK-LABEL: gpu.func @tk_read_write(
// CHECK-SAME: %[[IN2:[^:]*]]: !llvm.ptr, %[[OUT2:[^:]*]]: !llvm.ptr,
// CHECK: scf.if
// CHECK: %[[SRC2:.*]] = llvm.getelementptr %[[OUT2]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: llvm.load %[[SRC2]] {alignment = 16 : i64} : !llvm.ptr -> vector<4xi32>
// CHECK-COUNT-4: llvm.call @accumulate
// CHECK: } else {

// CHECK-LABEL: gpu.func @tk_external(
// CHECK-SAME: %[[IN3:[^:]*]]: !llvm.ptr, %[[OUT3:[^:]*]]: !llvm.ptr,
// CHECK: scf.if
// CHECK: %[[SRC3:.*]] = llvm.getelementptr %[[OUT3]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: llvm.load %[[SRC3]] {alignment = 16 : i64} : !llvm.ptr -> vector<4xi32>

// Stores through a nested callee and a GEP: write-only.
llvm.func @store_at(%p: !llvm.ptr, %v: i32) {
  %z = llvm.mlir.constant(0 : i64) : i64
  %q = llvm.getelementptr %p[%z] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %v, %q : i32, !llvm.ptr
  llvm.return
}
llvm.func @store_sum(%out: !llvm.ptr, %x: i32) -> i32 {
  %k = llvm.mlir.constant(7 : i32) : i32
  %r = llvm.add %x, %k : i32
  llvm.call @store_at(%out, %r) : (!llvm.ptr, i32) -> ()
  %ok = llvm.mlir.constant(0 : i32) : i32
  llvm.return %ok : i32
}
// Reads *out before writing it.
llvm.func @accumulate(%out: !llvm.ptr, %x: i32) -> i32 {
  %old = llvm.load %out : !llvm.ptr -> i32
  %r = llvm.add %old, %x : i32
  llvm.store %r, %out : i32, !llvm.ptr
  %ok = llvm.mlir.constant(0 : i32) : i32
  llvm.return %ok : i32
}
// No body to look into: may read.
llvm.func @opaque(!llvm.ptr, i32) -> i32

func.func @tk_write_only(%in: !llvm.ptr, %out: !llvm.ptr, %begin: i64, %end: i64) attributes {tessera.kernel, tessera.spec = "w"} {
  %lo = arith.index_cast %begin : i64 to index
  %hi = arith.index_cast %end : i64 to index
  %c1 = arith.constant 1 : index
  scf.parallel (%row) = (%lo) to (%hi) step (%c1) {
    %i = arith.index_cast %row : index to i64
    %pin = llvm.getelementptr %in[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %x = llvm.load %pin : !llvm.ptr -> i32
    %pout = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %s = llvm.call @store_sum(%pout, %x) : (!llvm.ptr, i32) -> i32
    scf.reduce
  }
  return
}

func.func @tk_read_write(%in: !llvm.ptr, %out: !llvm.ptr, %begin: i64, %end: i64) attributes {tessera.kernel, tessera.spec = "rw"} {
  %lo = arith.index_cast %begin : i64 to index
  %hi = arith.index_cast %end : i64 to index
  %c1 = arith.constant 1 : index
  scf.parallel (%row) = (%lo) to (%hi) step (%c1) {
    %i = arith.index_cast %row : index to i64
    %pin = llvm.getelementptr %in[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %x = llvm.load %pin : !llvm.ptr -> i32
    %pout = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %s = llvm.call @accumulate(%pout, %x) : (!llvm.ptr, i32) -> i32
    scf.reduce
  }
  return
}

func.func @tk_external(%in: !llvm.ptr, %out: !llvm.ptr, %begin: i64, %end: i64) attributes {tessera.kernel, tessera.spec = "x"} {
  %lo = arith.index_cast %begin : i64 to index
  %hi = arith.index_cast %end : i64 to index
  %c1 = arith.constant 1 : index
  scf.parallel (%row) = (%lo) to (%hi) step (%c1) {
    %i = arith.index_cast %row : index to i64
    %pin = llvm.getelementptr %in[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %x = llvm.load %pin : !llvm.ptr -> i32
    %pout = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %s = llvm.call @opaque(%pout, %x) : (!llvm.ptr, i32) -> i32
    scf.reduce
  }
  return
}
