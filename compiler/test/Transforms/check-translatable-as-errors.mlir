// RUN: tessera-opt %s -verify-diagnostics -tessera-check-translatable=as-errors=true

// With as-errors the rejection is an error and the pass fails.

llvm.func @free(!llvm.ptr)

llvm.func @uses_free(%p: !llvm.ptr) {
  // expected-error @+1 {{'uses_free' cannot be compiled to a kernel: heap allocation (call to 'free')}}
  llvm.call @free(%p) : (!llvm.ptr) -> ()
  llvm.return
}
