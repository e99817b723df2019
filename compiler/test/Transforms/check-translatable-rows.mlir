// RUN: tessera-opt %s -split-input-file -verify-diagnostics -tessera-check-translatable | FileCheck %s

// Recursion (a cycle of calls among defined functions) is refused: a GPU thread's stack is small and
// fixed. A function that calls into the cycle is refused too.

// CHECK-LABEL: llvm.func @fact
// CHECK-SAME: tessera.untranslatable = "recursion (through 'fact'
// expected-warning @+1 {{tessera: 'fact' cannot be compiled to a kernel: recursion (through 'fact'; GPU threads have a small fixed stack)}}
llvm.func @fact(%n: i32) -> i32 {
  %r = llvm.call @fact(%n) : (i32) -> i32
  llvm.return %r : i32
}

// CHECK-LABEL: llvm.func @row
// CHECK-SAME: tessera.untranslatable = "calls 'fact', which cannot be compiled: recursion
// expected-warning @+1 {{tessera: 'row' cannot be compiled to a kernel: calls 'fact', which cannot be compiled: recursion}}
llvm.func @row(%n: i32) -> i32 {
  %r = llvm.call @fact(%n) : (i32) -> i32
  llvm.return %r : i32
}

// -----

// Mutual recursion: both functions of the cycle.

// CHECK-LABEL: llvm.func @even
// CHECK-SAME: tessera.untranslatable = "recursion
// expected-warning @+1 {{tessera: 'even' cannot be compiled to a kernel: recursion}}
llvm.func @even(%n: i32) -> i32 {
  %r = llvm.call @odd(%n) : (i32) -> i32
  llvm.return %r : i32
}
// CHECK-LABEL: llvm.func @odd
// CHECK-SAME: tessera.untranslatable = "recursion
// expected-warning @+1 {{tessera: 'odd' cannot be compiled to a kernel: recursion}}
llvm.func @odd(%n: i32) -> i32 {
  %r = llvm.call @even(%n) : (i32) -> i32
  llvm.return %r : i32
}

// -----

// A store to a mutable global (a `static` counter) is refused: one copy is shared by every row and thread.
// Reading a constant table is fine.

llvm.mlir.global internal @counter(0 : i32) : i32
llvm.mlir.global internal constant @table(dense<[1, 2]> : tensor<2xi32>) : !llvm.array<2 x i32>

// CHECK-LABEL: llvm.func @count
// CHECK-SAME: tessera.untranslatable = "writes the global variable 'counter'
llvm.func @count(%x: i32) -> i32 {
  %p = llvm.mlir.addressof @counter : !llvm.ptr
  // expected-warning @+1 {{tessera: 'count' cannot be compiled to a kernel: writes the global variable 'counter' (one copy shared by every row and GPU thread)}}
  llvm.store %x, %p : i32, !llvm.ptr
  llvm.return %x : i32
}

// CHECK-LABEL: llvm.func @lookup
// CHECK-NOT: untranslatable
llvm.func @lookup(%i: i64) -> i32 {
  %p = llvm.mlir.addressof @table : !llvm.ptr
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %v = llvm.load %q : !llvm.ptr -> i32
  llvm.return %v : i32
}

// -----

// libm's transcendental functions compile, with a warning: libm (CPU) and libdevice (GPU) differ in the
// last bit. Exact operations (sqrt) get none.

// CHECK-LABEL: llvm.func @uses_sin
// CHECK-NOT: untranslatable
llvm.func @uses_sin(%x: f64) -> f64 {
  // expected-warning @+1 {{tessera: 'uses_sin' calls 'sin' from the C math library: its CPU and GPU kernels may differ in the last bit; use tessera::fn::pmath (portable_math.hpp)}}
  %r = llvm.call_intrinsic "llvm.sin.f64"(%x) : (f64) -> f64
  %s = llvm.call_intrinsic "llvm.sqrt.f64"(%r) : (f64) -> f64
  llvm.return %s : f64
}
