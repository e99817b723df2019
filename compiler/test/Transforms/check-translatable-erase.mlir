// RUN: tessera-opt %s -split-input-file -verify-diagnostics -tessera-check-translatable=erase=true | FileCheck %s

// erase=true leaves a declaration of a rejected function, keeps the
// functions that are fine, and records the reasons on the module.

// CHECK-LABEL: module attributes
// CHECK-SAME: tessera.rejected = {uses_malloc = "heap allocation (call to 'malloc')
// CHECK-NOT: fine
// CHECK-SAME: }

llvm.func @malloc(i64) -> !llvm.ptr

// CHECK: llvm.func @uses_malloc(i64) -> !llvm.ptr
// CHECK-SAME: tessera.untranslatable
// CHECK-NOT: llvm.call @malloc
llvm.func @uses_malloc(%n: i64) -> !llvm.ptr {
  // expected-warning @+1 {{'uses_malloc' cannot be compiled to a kernel: heap allocation (call to 'malloc')}}
  %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
  llvm.return %p : !llvm.ptr
}

// CHECK: llvm.func @fine(%{{.*}}: i32) -> i32
// CHECK-NEXT: llvm.return
llvm.func @fine(%x: i32) -> i32 {
  llvm.return %x : i32
}

// -----

// A rejected function with several blocks, whose values are used across
// blocks, is erased without corrupting memory.

llvm.func @__cxa_allocate_exception(i64) -> !llvm.ptr

// CHECK: module attributes {tessera.rejected = {multi_block = "exception handling
// CHECK: llvm.func @multi_block(i1, i32) -> i32
// CHECK-NOT: ^bb
llvm.func @multi_block(%c: i1, %x: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i64) : i64
  llvm.cond_br %c, ^throw, ^ok
^throw:
  // expected-warning @+1 {{'multi_block' cannot be compiled to a kernel: exception handling (call to '__cxa_allocate_exception')}}
  %e = llvm.call @__cxa_allocate_exception(%c4) : (i64) -> !llvm.ptr
  llvm.unreachable
^ok:
  %r = llvm.add %x, %one : i32
  llvm.return %r : i32
}
