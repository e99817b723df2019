// RUN: tessera-opt %s -tessera-map-rows-to-gpu=rows-per-thread=4 | FileCheck %s

// With rows-per-thread=4 each thread takes 4 contiguous rows. A full tile
// reads each row-indexed input with one vector load into a stack tile, runs
// the row body 4 times against the tile and writes each output tile back with
// one vector store; the last, partial tile runs row by row with a guard.

// CHECK-LABEL: gpu.func @tk_plus(
// CHECK-SAME: %[[IN:[^:]*]]: !llvm.ptr, %[[OUT:[^:]*]]: !llvm.ptr, %[[BEGIN:[^:]*]]: i64, %[[END:[^:]*]]: i64) kernel
// CHECK-COUNT-2: llvm.alloca %{{.*}} x vector<4xi32> {alignment = 16 : i64}
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[SCALED:.*]] = arith.muli %{{.*}}, %[[FOUR]] : index
// CHECK: %[[BASE:.*]] = arith.addi %{{.*}}, %[[SCALED]] : index
// CHECK: %[[TILE_END:.*]] = arith.addi %[[BASE]], %[[FOUR]] : index
// CHECK: %[[FULL:.*]] = arith.cmpi sle, %[[TILE_END]], %{{.*}} : index
// CHECK: scf.if %[[FULL]] {
// The input tile: one aligned vector load.
// CHECK: %[[SRC:.*]] = llvm.getelementptr %[[IN]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: %[[V:.*]] = llvm.load %[[SRC]] {alignment = 16 : i64} : !llvm.ptr -> vector<4xi32>
// CHECK: llvm.store %[[V]], %[[TILE_IN:[^ ]*]]
// Four copies of the row body read element j of the tile.
// CHECK-COUNT-4: llvm.call @row_fn
// The output tile: one aligned vector store.
// CHECK: %[[W:.*]] = llvm.load %[[TILE_OUT:[^ ]*]] {alignment = 16 : i64} : !llvm.ptr -> vector<4xi32>
// CHECK: %[[DST:.*]] = llvm.getelementptr %[[OUT]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: llvm.store %[[W]], %[[DST]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr
// CHECK: } else {
// CHECK-COUNT-4: arith.cmpi slt
// CHECK: gpu.return
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
    %pin = llvm.getelementptr %in[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %x = llvm.load %pin : !llvm.ptr -> i32
    %r = llvm.call @row_fn(%x, %k) : (i32, i32) -> i32
    %pout = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %r, %pout : i32, !llvm.ptr
    scf.reduce
  }
  return
}
