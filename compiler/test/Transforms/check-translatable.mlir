// RUN: tessera-opt %s -split-input-file -verify-diagnostics -tessera-check-translatable | FileCheck %s

// Exceptions: llvm.invoke and llvm.landingpad.

llvm.func @may_throw()
llvm.func @__gxx_personality_v0(...) -> i32

// CHECK-LABEL: llvm.func @uses_invoke
// CHECK-SAME: tessera.untranslatable = "exception handling ('llvm.invoke')
llvm.func @uses_invoke() -> i32 attributes {personality = @__gxx_personality_v0} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  // expected-warning @+1 {{tessera: 'uses_invoke' cannot be compiled to a kernel: exception handling ('llvm.invoke')}}
  llvm.invoke @may_throw() to ^ok unwind ^lpad : () -> ()
^ok:
  llvm.return %c0 : i32
^lpad:
  %lp = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return %c1 : i32
}

// -----

llvm.func @__gxx_personality_v0(...) -> i32

// CHECK-LABEL: llvm.func @uses_landingpad
// CHECK-SAME: tessera.untranslatable = "exception handling ('llvm.landingpad')
llvm.func @uses_landingpad() -> i32 attributes {personality = @__gxx_personality_v0} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  llvm.br ^bb1
^bb1:
  llvm.return %c0 : i32
^lpad:
  // expected-warning @+1 {{'uses_landingpad' cannot be compiled to a kernel: exception handling ('llvm.landingpad')}}
  %lp = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return %c0 : i32
}

// -----

// Heap allocation: malloc.

llvm.func @malloc(i64) -> !llvm.ptr

// CHECK-LABEL: llvm.func @uses_malloc
// CHECK-SAME: tessera.untranslatable = "heap allocation (call to 'malloc')
llvm.func @uses_malloc(%n: i64) -> !llvm.ptr {
  // expected-warning @+1 {{'uses_malloc' cannot be compiled to a kernel: heap allocation (call to 'malloc')}}
  %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
  llvm.return %p : !llvm.ptr
}

// -----

// Heap allocation: operator new, reported demangled.

llvm.func @_Znwm(i64) -> !llvm.ptr

// CHECK-LABEL: llvm.func @uses_new
// CHECK-SAME: tessera.untranslatable = "heap allocation (call to 'operator new(unsigned long)')
llvm.func @uses_new() -> !llvm.ptr {
  %c4 = llvm.mlir.constant(4 : i64) : i64
  // expected-warning @+1 {{'uses_new' cannot be compiled to a kernel: heap allocation (call to 'operator new(unsigned long)')}}
  %p = llvm.call @_Znwm(%c4) : (i64) -> !llvm.ptr
  llvm.return %p : !llvm.ptr
}

// -----

// I/O: printf.

llvm.func @printf(!llvm.ptr, ...) -> i32

// CHECK-LABEL: llvm.func @uses_printf
// CHECK-SAME: tessera.untranslatable = "I/O (call to 'printf')
llvm.func @uses_printf(%fmt: !llvm.ptr) {
  // expected-warning @+1 {{'uses_printf' cannot be compiled to a kernel: I/O (call to 'printf')}}
  %r = llvm.call @printf(%fmt) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
  llvm.return
}

// -----

// A call to a function that has no definition.

llvm.func @somewhere_else(i32) -> i32

// CHECK-LABEL: llvm.func @uses_undefined
// CHECK-SAME: tessera.untranslatable = "call to a function with no definition (call to 'somewhere_else')
llvm.func @uses_undefined(%x: i32) -> i32 {
  // expected-warning @+1 {{'uses_undefined' cannot be compiled to a kernel: call to a function with no definition (call to 'somewhere_else')}}
  %r = llvm.call @somewhere_else(%x) : (i32) -> i32
  llvm.return %r : i32
}

// -----

// An x86_fp80 (long double) value.

// CHECK-LABEL: llvm.func @uses_fp80
// CHECK-SAME: tessera.untranslatable = "unsupported type 'x86_fp80' (long double)
llvm.func @uses_fp80(%x: f64) -> f64 {
  // expected-warning @+1 {{'uses_fp80' cannot be compiled to a kernel: unsupported type 'x86_fp80' (long double)}}
  %e = llvm.fpext %x : f64 to f80
  %r = llvm.fptrunc %e : f80 to f64
  llvm.return %r : f64
}

// -----

// A caller of a rejected function is rejected too, at its own location.

llvm.func @malloc(i64) -> !llvm.ptr

// CHECK-LABEL: llvm.func @helper
// CHECK-SAME: tessera.untranslatable = "heap allocation (call to 'malloc')
llvm.func @helper() -> !llvm.ptr {
  %c8 = llvm.mlir.constant(8 : i64) : i64
  // expected-warning @+1 {{'helper' cannot be compiled to a kernel: heap allocation (call to 'malloc')}}
  %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
  llvm.return %p : !llvm.ptr
}

// CHECK-LABEL: llvm.func @caller
// CHECK-SAME: tessera.untranslatable = "calls 'helper', which cannot be compiled: heap allocation (call to 'malloc')
// expected-warning @+1 {{'caller' cannot be compiled to a kernel: calls 'helper', which cannot be compiled: heap allocation (call to 'malloc')}}
llvm.func @caller() -> !llvm.ptr {
  %p = llvm.call @helper() : () -> !llvm.ptr
  llvm.return %p : !llvm.ptr
}

// -----

// Allowed: libm calls such as sqrt and calls to defined functions.

llvm.func @sqrt(f64) -> f64

llvm.func @square(%x: f64) -> f64 {
  %r = llvm.fmul %x, %x : f64
  llvm.return %r : f64
}

// CHECK-NOT: tessera.rejected
// CHECK-LABEL: llvm.func @square
// CHECK-NOT: tessera.untranslatable
// CHECK-LABEL: llvm.func @hypotenuse
// CHECK-NOT: tessera.untranslatable
// CHECK: llvm.call @sqrt
llvm.func @hypotenuse(%a: f64, %b: f64) -> f64 {
  %a2 = llvm.call @square(%a) : (f64) -> f64
  %b2 = llvm.call @square(%b) : (f64) -> f64
  %s = llvm.fadd %a2, %b2 : f64
  %r = llvm.call @sqrt(%s) : (f64) -> f64
  llvm.return %r : f64
}
