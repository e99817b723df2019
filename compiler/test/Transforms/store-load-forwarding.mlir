// RUN: tessera-opt %s -split-input-file -pass-pipeline='builtin.module(llvm.func(tessera-store-load-forwarding))' | FileCheck %s

// A load right after a store to the same address gets the stored value.

// CHECK-LABEL: llvm.func @forwarded
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
// CHECK: llvm.store %[[V]], %[[P]]
// CHECK-NOT: llvm.load
// CHECK: llvm.return %[[V]] : i32
llvm.func @forwarded(%p: !llvm.ptr, %v: i32) -> i32 {
  llvm.store %v, %p : i32, !llvm.ptr
  %x = llvm.load %p : !llvm.ptr -> i32
  llvm.return %x : i32
}

// -----

// Pure operations in between do not stop forwarding.

// CHECK-LABEL: llvm.func @forwarded_across_pure_ops
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
// CHECK-NOT: llvm.load
// CHECK: %[[S:.*]] = llvm.add %[[V]], %[[V]]
// CHECK: llvm.return %[[S]] : i32
llvm.func @forwarded_across_pure_ops(%p: !llvm.ptr, %v: i32) -> i32 {
  llvm.store %v, %p : i32, !llvm.ptr
  %c = llvm.mlir.constant(3 : i32) : i32
  %m = llvm.mul %v, %c : i32
  %x = llvm.load %p : !llvm.ptr -> i32
  %s = llvm.add %x, %v : i32
  llvm.return %s : i32
}

// -----

// A call in between may write the address: not forwarded.

llvm.func @clobber(!llvm.ptr)

// CHECK-LABEL: llvm.func @not_forwarded_across_call
// CHECK: llvm.store
// CHECK: llvm.call @clobber
// CHECK: %[[X:.*]] = llvm.load
// CHECK: llvm.return %[[X]] : i32
llvm.func @not_forwarded_across_call(%p: !llvm.ptr, %v: i32) -> i32 {
  llvm.store %v, %p : i32, !llvm.ptr
  llvm.call @clobber(%p) : (!llvm.ptr) -> ()
  %x = llvm.load %p : !llvm.ptr -> i32
  llvm.return %x : i32
}

// -----

// Another store in between (to an address that may alias) stops forwarding.

// CHECK-LABEL: llvm.func @not_forwarded_across_store
// CHECK: llvm.store
// CHECK: llvm.store
// CHECK: %[[X:.*]] = llvm.load
// CHECK: llvm.return %[[X]] : i32
llvm.func @not_forwarded_across_store(%p: !llvm.ptr, %q: !llvm.ptr, %v: i32, %w: i32) -> i32 {
  llvm.store %v, %p : i32, !llvm.ptr
  llvm.store %w, %q : i32, !llvm.ptr
  %x = llvm.load %p : !llvm.ptr -> i32
  llvm.return %x : i32
}

// -----

// The latest store to the same address wins.

// CHECK-LABEL: llvm.func @second_store_forwarded
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32, %[[W:.*]]: i32)
// CHECK-NOT: llvm.load
// CHECK: llvm.return %[[W]] : i32
llvm.func @second_store_forwarded(%p: !llvm.ptr, %v: i32, %w: i32) -> i32 {
  llvm.store %v, %p : i32, !llvm.ptr
  llvm.store %w, %p : i32, !llvm.ptr
  %x = llvm.load %p : !llvm.ptr -> i32
  llvm.return %x : i32
}

// -----

// A volatile load is kept.

// CHECK-LABEL: llvm.func @volatile_load_not_forwarded
// CHECK: %[[X:.*]] = llvm.load volatile
// CHECK: llvm.return %[[X]] : i32
llvm.func @volatile_load_not_forwarded(%p: !llvm.ptr, %v: i32) -> i32 {
  llvm.store %v, %p : i32, !llvm.ptr
  %x = llvm.load volatile %p : !llvm.ptr -> i32
  llvm.return %x : i32
}

// -----

// A volatile store is not forwarded.

// CHECK-LABEL: llvm.func @volatile_store_not_forwarded
// CHECK: llvm.store volatile
// CHECK: %[[X:.*]] = llvm.load
// CHECK: llvm.return %[[X]] : i32
llvm.func @volatile_store_not_forwarded(%p: !llvm.ptr, %v: i32) -> i32 {
  llvm.store volatile %v, %p : i32, !llvm.ptr
  %x = llvm.load %p : !llvm.ptr -> i32
  llvm.return %x : i32
}

// -----

// Forwarding stays within a block.

// CHECK-LABEL: llvm.func @not_forwarded_across_blocks
// CHECK: ^bb1:
// CHECK-NEXT: %[[X:.*]] = llvm.load
// CHECK-NEXT: llvm.return %[[X]] : i32
llvm.func @not_forwarded_across_blocks(%p: !llvm.ptr, %v: i32) -> i32 {
  llvm.store %v, %p : i32, !llvm.ptr
  llvm.br ^bb1
^bb1:
  %x = llvm.load %p : !llvm.ptr -> i32
  llvm.return %x : i32
}

// -----

// A load of another type from the stored address is kept.

// CHECK-LABEL: llvm.func @type_mismatch_not_forwarded
// CHECK: %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.return %[[X]] : f32
llvm.func @type_mismatch_not_forwarded(%p: !llvm.ptr, %v: i32) -> f32 {
  llvm.store %v, %p : i32, !llvm.ptr
  %x = llvm.load %p : !llvm.ptr -> f32
  llvm.return %x : f32
}
