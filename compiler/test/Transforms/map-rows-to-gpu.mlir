// RUN: tessera-opt %s -split-input-file -verify-diagnostics -tessera-map-rows-to-gpu | FileCheck %s

// A column kernel becomes a gpu.func of the same name and parameters in
// gpu.module @tessera_kernels, one row per thread.

// CHECK: module attributes {gpu.container_module}
// The host functions stay as they are.
// CHECK: llvm.func @row_fn(
// CHECK: func.func @tk_plus(
// CHECK: scf.parallel
// CHECK: gpu.module @tessera_kernels
// CHECK: gpu.func @tk_plus(%[[IN:[^:]*]]: !llvm.ptr, %[[OUT:[^:]*]]: !llvm.ptr, %[[BEGIN:[^:]*]]: i64, %[[END:[^:]*]]: i64) kernel
// CHECK-SAME: tessera.spec = "plus"
// Constants are cloned into the kernel body, not passed as parameters.
// CHECK-DAG: %[[K:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-DAG: %[[LO:.*]] = arith.index_cast %[[BEGIN]] : i64 to index
// CHECK-DAG: %[[HI:.*]] = arith.index_cast %[[END]] : i64 to index
// CHECK-DAG: %[[BID:.*]] = gpu.block_id x
// CHECK-DAG: %[[BDIM:.*]] = gpu.block_dim x
// CHECK-DAG: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[MUL:.*]] = arith.muli %[[BID]], %[[BDIM]] : index
// CHECK: %[[OFF:.*]] = arith.addi %[[MUL]], %[[TID]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[LO]], %[[OFF]] : index
// CHECK: %[[IN_RANGE:.*]] = arith.cmpi slt, %[[ROW]], %[[HI]] : index
// CHECK: scf.if %[[IN_RANGE]] {
// CHECK: %[[I:.*]] = arith.index_cast %[[ROW]] : index to i64
// CHECK: %[[C:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[PIN:.*]] = llvm.getelementptr %[[IN]][%[[I]]]
// CHECK: %[[X:.*]] = llvm.load %[[PIN]]
// CHECK: %[[R:.*]] = llvm.call @row_fn(%[[X]], %[[K]]) : (i32, i32) -> i32
// CHECK: %[[R1:.*]] = llvm.add %[[R]], %[[C]]
// CHECK: %[[POUT:.*]] = llvm.getelementptr %[[OUT]][%[[I]]]
// CHECK: llvm.store %[[R1]], %[[POUT]]
// CHECK: }
// CHECK-NEXT: gpu.return
// The callee is cloned into the gpu.module with internal linkage.
// CHECK: llvm.func internal @row_fn(%{{.*}}: i32, %{{.*}}: i32) -> i32
// CHECK-NOT: scf.parallel
llvm.func @row_fn(%x: i32, %k: i32) -> i32 {
  %r = llvm.add %x, %k : i32
  llvm.return %r : i32
}

func.func @tk_plus(%in: !llvm.ptr, %out: !llvm.ptr, %begin: i64, %end: i64) attributes {tessera.kernel, tessera.spec = "plus"} {
  %lo = arith.index_cast %begin : i64 to index
  %hi = arith.index_cast %end : i64 to index
  %c1 = arith.constant 1 : index
  %k = llvm.mlir.constant(7 : i32) : i32
  scf.parallel (%row) = (%lo) to (%hi) step (%c1) {
    %i = arith.index_cast %row : index to i64
    %one = llvm.mlir.constant(1 : i32) : i32
    %pin = llvm.getelementptr %in[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %x = llvm.load %pin : !llvm.ptr -> i32
    %r = llvm.call @row_fn(%x, %k) : (i32, i32) -> i32
    %r1 = llvm.add %r, %one : i32
    %pout = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %r1, %pout : i32, !llvm.ptr
    scf.reduce
  }
  return
}

// -----

// Functions without tessera.kernel are left alone and no gpu.module appears.

// CHECK-LABEL: func.func @not_a_kernel
// CHECK-NOT: gpu.module
func.func @not_a_kernel(%lo: index, %hi: index) {
  %c1 = arith.constant 1 : index
  scf.parallel (%row) = (%lo) to (%hi) step (%c1) {
    scf.reduce
  }
  return
}

// -----

// A kernel without an scf.parallel row loop is an error.

// expected-error @+1 {{tessera-map-rows-to-gpu: kernel needs one 1-d scf.parallel row loop in its entry block}}
func.func @tk_no_loop(%out: !llvm.ptr, %begin: i64, %end: i64) attributes {tessera.kernel} {
  return
}

// -----

// So is a 2-d loop.

// expected-error @+1 {{kernel needs one 1-d scf.parallel row loop}}
func.func @tk_2d(%lo: index, %hi: index) attributes {tessera.kernel} {
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%lo, %lo) to (%hi, %hi) step (%c1, %c1) {
    scf.reduce
  }
  return
}

// -----

// Symbols are cloned transitively: a callee's callee and a global it reads
// become internal; a declaration stays a declaration.

// CHECK-LABEL: gpu.module @tessera_kernels
// CHECK-DAG: llvm.func internal @outer(
// CHECK-DAG: llvm.func internal @inner(
// CHECK-DAG: llvm.mlir.global internal constant @table(
// CHECK-DAG: llvm.func @sqrt(f64) -> f64
llvm.func @sqrt(f64) -> f64
llvm.mlir.global external constant @table(dense<[1.0, 2.0]> : tensor<2xf64>) : !llvm.array<2 x f64>

llvm.func @inner(%x: f64) -> f64 {
  %t = llvm.mlir.addressof @table : !llvm.ptr
  %v = llvm.load %t : !llvm.ptr -> f64
  %s = llvm.fadd %x, %v : f64
  %r = llvm.call @sqrt(%s) : (f64) -> f64
  llvm.return %r : f64
}

llvm.func @outer(%x: f64) -> f64 {
  %r = llvm.call @inner(%x) : (f64) -> f64
  llvm.return %r : f64
}

func.func @tk_outer(%io: !llvm.ptr, %begin: i64, %end: i64) attributes {tessera.kernel} {
  %lo = arith.index_cast %begin : i64 to index
  %hi = arith.index_cast %end : i64 to index
  %c1 = arith.constant 1 : index
  scf.parallel (%row) = (%lo) to (%hi) step (%c1) {
    %i = arith.index_cast %row : index to i64
    %p = llvm.getelementptr %io[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %x = llvm.load %p : !llvm.ptr -> f64
    %r = llvm.call @outer(%x) : (f64) -> f64
    llvm.store %r, %p : f64, !llvm.ptr
    scf.reduce
  }
  return
}
