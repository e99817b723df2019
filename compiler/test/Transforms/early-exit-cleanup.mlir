// RUN: tessera-opt %s -split-input-file -pass-pipeline='builtin.module(llvm.func(tessera-early-exit-cleanup))' | FileCheck %s

// Two returns become branches to one exit block that takes the value as an
// argument.

// CHECK-LABEL: llvm.func @two_returns
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32)
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: llvm.cond_br %{{.*}}, ^[[BAD:bb[0-9]+]], ^[[GOOD:bb[0-9]+]]
// CHECK: ^[[BAD]]:
// CHECK-NEXT: llvm.br ^[[EXIT:bb[0-9]+]](%[[C2]] : i32)
// CHECK: ^[[GOOD]]:
// CHECK-NEXT: llvm.br ^[[EXIT]](%[[C0]] : i32)
// CHECK: ^[[EXIT]](%[[R:.*]]: i32):
// CHECK-NEXT: llvm.return %[[R]] : i32
// CHECK-NOT: llvm.return
llvm.func @two_returns(%bad: i1) -> i32 {
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c0 = llvm.mlir.constant(0 : i32) : i32
  llvm.cond_br %bad, ^bb1, ^bb2
^bb1:
  llvm.return %c2 : i32
^bb2:
  llvm.return %c0 : i32
}

// -----

// A single return is left alone.

// CHECK-LABEL: llvm.func @single_return
// CHECK-NEXT: llvm.return %{{.*}} : i32
// CHECK-NOT: llvm.br
// CHECK-NEXT: }
llvm.func @single_return(%x: i32) -> i32 {
  llvm.return %x : i32
}

// -----

// Void returns are merged into an exit block without arguments.

// CHECK-LABEL: llvm.func @void_returns
// CHECK: llvm.cond_br %{{.*}}, ^[[A:bb[0-9]+]], ^[[B:bb[0-9]+]]
// CHECK: ^[[A]]:
// CHECK-NEXT: llvm.br ^[[EXIT:bb[0-9]+]]{{$}}
// CHECK: ^[[B]]:
// CHECK: llvm.br ^[[EXIT]]{{$}}
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: llvm.return{{$}}
// CHECK-NOT: llvm.return
llvm.func @void_returns(%c: i1, %p: !llvm.ptr, %v: i32) {
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  llvm.return
^bb2:
  llvm.store %v, %p : i32, !llvm.ptr
  llvm.return
}

// -----

// Declarations are untouched.

// CHECK-LABEL: llvm.func @declaration(i32) -> i32
// CHECK-NOT: ^bb
llvm.func @declaration(i32) -> i32
