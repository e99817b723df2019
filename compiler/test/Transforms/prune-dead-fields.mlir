// RUN: tessera-opt %s -split-input-file -pass-pipeline='builtin.module(llvm.func(tessera-prune-dead-fields))' | FileCheck %s

// A struct alloca whose fields are only written through GEPs is removed with
// its stores and GEPs.

// CHECK-LABEL: llvm.func @write_only_struct
// CHECK-NOT: llvm.alloca
// CHECK-NOT: llvm.getelementptr
// CHECK-NOT: llvm.store
// CHECK: llvm.return
llvm.func @write_only_struct(%v: i32, %w: i32) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
  %f0 = llvm.getelementptr %a[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  llvm.store %v, %f0 : i32, !llvm.ptr
  %f1 = llvm.getelementptr %a[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  llvm.store %w, %f1 : i32, !llvm.ptr
  llvm.return
}

// -----

// Only the write-only alloca goes; the one that is read stays.

// CHECK-LABEL: llvm.func @only_dead_one_removed
// CHECK-SAME: (%[[V:.*]]: i32)
// CHECK: %[[A:.*]] = llvm.alloca {{.*}} x i32
// CHECK-NOT: llvm.alloca
// CHECK: llvm.store %[[V]], %[[A]]
// CHECK-NEXT: %[[X:.*]] = llvm.load %[[A]]
// CHECK-NEXT: llvm.return %[[X]]
llvm.func @only_dead_one_removed(%v: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %live = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  %dead = llvm.alloca %c1 x i64 : (i32) -> !llvm.ptr
  %z = llvm.mlir.constant(0 : i64) : i64
  llvm.store %z, %dead : i64, !llvm.ptr
  llvm.store %v, %live : i32, !llvm.ptr
  %x = llvm.load %live : !llvm.ptr -> i32
  llvm.return %x : i32
}

// -----

// A field that is loaded keeps the whole alloca.

// CHECK-LABEL: llvm.func @loaded_field_kept
// CHECK: llvm.alloca
// CHECK: llvm.store
// CHECK: llvm.store
// CHECK: llvm.load
llvm.func @loaded_field_kept(%v: i32, %w: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
  %f0 = llvm.getelementptr %a[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  llvm.store %v, %f0 : i32, !llvm.ptr
  %f1 = llvm.getelementptr %a[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  llvm.store %w, %f1 : i32, !llvm.ptr
  %x = llvm.load %f1 : !llvm.ptr -> i32
  llvm.return %x : i32
}

// -----

// An alloca whose address is stored somewhere escapes and is kept.

// CHECK-LABEL: llvm.func @address_stored_kept
// CHECK: %[[A:.*]] = llvm.alloca
// CHECK: llvm.store %{{.*}}, %[[A]]
// CHECK: llvm.store %[[A]], %{{.*}} : !llvm.ptr, !llvm.ptr
llvm.func @address_stored_kept(%out: !llvm.ptr, %v: i32) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.store %v, %a : i32, !llvm.ptr
  llvm.store %a, %out : !llvm.ptr, !llvm.ptr
  llvm.return
}

// -----

// An alloca whose field address is passed to a call escapes and is kept.

llvm.func @use(!llvm.ptr)

// CHECK-LABEL: llvm.func @address_passed_kept
// CHECK: %[[A:.*]] = llvm.alloca
// CHECK: %[[F:.*]] = llvm.getelementptr %[[A]]
// CHECK: llvm.store %{{.*}}, %[[F]]
// CHECK: llvm.call @use(%[[F]])
llvm.func @address_passed_kept(%v: i32) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
  %f1 = llvm.getelementptr %a[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  llvm.store %v, %f1 : i32, !llvm.ptr
  llvm.call @use(%f1) : (!llvm.ptr) -> ()
  llvm.return
}

// -----

// A volatile store to the alloca is kept.

// CHECK-LABEL: llvm.func @volatile_store_kept
// CHECK: llvm.alloca
// CHECK: llvm.store volatile
llvm.func @volatile_store_kept(%v: i32) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.store volatile %v, %a : i32, !llvm.ptr
  llvm.return
}
