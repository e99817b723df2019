//===- Passes.td - Tessera compiler passes ------------------*- tablegen -*-===//
//
// The custom passes of tessera-cc. Standard MLIR passes (inline, sroa,
// mem2reg, sccp, cse, canonicalize) run beside these in Pipeline.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_COMPILER_PASSES
#define TESSERA_COMPILER_PASSES

include "mlir/Pass/PassBase.td"

def CheckTranslatable : Pass<"tessera-check-translatable", "mlir::ModuleOp"> {
  let summary = "Reject functions that use constructs a GPU kernel cannot have";
  let description = [{
    Walks every defined `llvm.func` and reports, with the source location,
    each construct that cannot run inside a column kernel: exceptions
    (`llvm.invoke`, `llvm.landingpad`, `__cxa_*` calls), heap allocation
    (`operator new`, `malloc`, ...), I/O (`printf`, `fopen`, ...), calls to
    functions that have no definition and are not supported intrinsics or
    libm functions, unsupported types (`x86_fp80`, `fp128`), inline assembly,
    stores to mutable globals (a `static` counter: one copy for every row and
    GPU thread) and recursion (a call cycle among defined functions: a GPU
    thread's stack is small and fixed). A function is also rejected when a
    function it calls is rejected. Calls to libm's transcendental functions
    (`sin`, `exp`, `pow`, ...) compile with a warning: libm and libdevice
    differ in the last bit, so the CPU and GPU kernels may disagree.

    Rejected functions get a `tessera.untranslatable` string attribute with
    the reason; with `erase=true` they are removed from the module so that the
    rest still compiles. The diagnostics are warnings unless `as-errors` is set.

    ```mlir
    llvm.func @f() { llvm.call @malloc(...) ... }
    // warning: tessera: 'f' cannot be compiled to a kernel: heap allocation (call to 'malloc')
    ```
  }];
  let options = [
    Option<"erase", "erase", "bool", /*default=*/"false",
           "Erase rejected functions instead of only marking them">,
    Option<"asErrors", "as-errors", "bool", /*default=*/"false",
           "Report rejected constructs as errors instead of warnings">,
  ];
}

def StoreLoadForwarding : Pass<"tessera-store-load-forwarding", "mlir::LLVM::LLVMFuncOp"> {
  let summary = "Forward stored values to later loads of the same address in a block";
  let description = [{
    Within one block, a `llvm.load` from an address that the block stored to
    earlier, with no operation in between that may write memory, is replaced by
    the stored value. This removes the load/store pairs that remain after
    SROA and mem2reg when an alloca's address is taken (for example by a struct
    passed to a helper that has been inlined only partly).

    ```mlir
    llvm.store %v, %p : i32, !llvm.ptr
    %x = llvm.load %p : !llvm.ptr -> i32      // %x is replaced by %v
    ```
  }];
}

def PruneDeadFields : Pass<"tessera-prune-dead-fields", "mlir::LLVM::LLVMFuncOp"> {
  let summary = "Remove stack slots and struct fields that are written but never read";
  let description = [{
    After SROA splits structs into one alloca per field, the fields a function
    only initialises (a SessionContext member it never looks at, a status
    field nobody reads) remain as allocas with stores and no loads. This pass
    erases every `llvm.alloca` whose uses (through `llvm.getelementptr`) are
    only stores *to* it, together with those stores and GEPs.

    ```mlir
    %a = llvm.alloca %c1 x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
    %f = llvm.getelementptr %a[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
    llvm.store %v, %f : i32, !llvm.ptr          // all three are erased
    ```
  }];
}

def EarlyExitCleanup : Pass<"tessera-early-exit-cleanup", "mlir::LLVM::LLVMFuncOp"> {
  let summary = "Merge the return blocks of early exits into one exit block";
  let description = [{
    Functions written with early returns (`if (bad) return kError;`) import as
    many blocks ending in `llvm.return`. This pass redirects them to a single
    exit block that receives the returned value as a block argument, so that
    the row function has one exit. After inlining into a kernel stub the
    status then flows into one place and canonicalisation folds the branches
    that only forwarded constants.

    ```mlir
    ^bb1: llvm.return %c2 : i32
    ^bb2: llvm.return %c0 : i32
    // becomes
    ^bb1: llvm.br ^exit(%c2 : i32)
    ^bb2: llvm.br ^exit(%c0 : i32)
    ^exit(%r: i32): llvm.return %r : i32
    ```
  }];
}

def StripLifetimeMarkers : Pass<"tessera-strip-lifetime-markers", "mlir::LLVM::LLVMFuncOp"> {
  let summary = "Remove llvm.intr.lifetime.start/end markers";
  let description = [{
    The MLIR inliner brackets inlined stack slots with lifetime markers. After
    SROA and mem2reg rewrite those slots, markers can be left pointing at
    values that are no longer allocas, which LLVM 22's verifier rejects, and
    they hide otherwise dead allocas from tessera-prune-dead-fields. Kernels
    run one row per call, so the markers carry no useful information.

    ```mlir
    llvm.intr.lifetime.start %a : !llvm.ptr     // erased
    ```
  }];
}

def Retarget : Pass<"tessera-retarget", "mlir::ModuleOp"> {
  let summary = "Rewrite the host compile's target attributes for another target";
  let description = [{
    The function library is compiled once by clang for the host (x86-64). Its
    row functions only pass scalars and pointers, so the IR is valid for any
    64-bit little-endian target once the host's target attributes are gone.
    This pass checks that the module's data layout has 64-bit pointers and is
    little-endian, removes `target_cpu`, `target_features` and `tune_cpu`
    from every function, and sets `llvm.target_triple` and
    `llvm.data_layout` to the target's.
  }];
  let options = [
    Option<"triple", "triple", "std::string", /*default=*/"\"nvptx64-nvidia-cuda\"",
           "Target triple to set">,
    Option<"dataLayout", "data-layout", "std::string",
           /*default=*/"\"e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64\"",
           "Data layout string to set">,
  ];
  // The pass sets a `dlti.dl_spec` attribute.
  let dependentDialects = ["mlir::DLTIDialect"];
}

def MapRowsToGpu : Pass<"tessera-map-rows-to-gpu", "mlir::ModuleOp"> {
  let summary = "Outline each column kernel's row loop into a gpu.func, one row per thread";
  let description = [{
    For every `func.func` marked `tessera.kernel`, creates a `gpu.func` of
    the same name and parameters in `gpu.module @tessera_kernels` whose body
    computes the thread's row `begin + block_id.x * block_dim.x + thread_id.x`
    and, when it is below `end`, runs the body of the kernel's `scf.parallel`
    for that row. Constants used by the body are cloned into the kernel (sunk),
    never passed as parameters; the row functions and globals it references are
    cloned into the gpu.module with private linkage. The kernel parameter list
    is the host kernel's, so the runtime uses one ABI for both devices.

    With `rows-per-thread=U` > 1 (thread coarsening), thread t handles the U
    contiguous rows `begin + t*U ... + U-1`. When all U rows are in range the
    row body is unrolled U times (unroll-and-jam) and every row-indexed buffer
    the body reads or writes (`gep %param[%row]`) goes through a U-element
    stack tile: one vector load `<U x T>` from `%param[base]` before the rows,
    one vector store after them, so the PTX has `ld.global.v2/v4` and
    `st.global.v2/v4` for fixed-width columns and validity bytes. The last,
    partial tile runs the rows one at a time. The vector accesses assume that
    `begin` is a multiple of U and buffers are 16-byte aligned (the CUDA
    runtime launches with begin = 0 on fresh allocations).
  }];
  let options = [
    Option<"rowsPerThread", "rows-per-thread", "unsigned", /*default=*/"1",
           "Rows each thread handles (thread coarsening factor)">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def StageStringRows : Pass<"tessera-stage-string-rows", "mlir::gpu::GPUModuleOp"> {
  let summary = "Move a block's string bytes through shared memory in 16-byte pieces";
  let description = [{
    A one-row-per-thread kernel (tessera-map-rows-to-gpu, rows-per-thread=1)
    whose row function walks string bytes reads and writes global memory one
    byte at a time, each thread in a different row: every warp access touches
    up to 32 different 32-byte sectors. For each `gpu.func` with a
    `tessera.string_columns` attribute (entries `[bytes, offsets, lengths,
    is_output]`, parameter indices, set by the column-kernel builder for every
    string argument and a string result) this pass rewrites the body so that
    the thread block works on its rows' bytes together:

    - the block's byte range of each input column, `[offset[first],
      offset[last] + length[last])`, is copied into a shared-memory buffer by
      all threads, 16 bytes per thread and step (the chunks at either end
      byte by byte, so nothing outside the range is touched);
    - the row body reads its string at the same offset, rebased into the
      buffer, and writes a string result into a second buffer, which leaves
      for global memory the same way after a barrier (the block's last row,
      whose slot end is unknown, writes global memory directly);
    - a block stages only when every row's bytes lie inside the range, the
      range fits the buffer (`bytes` option: shared memory per block, split
      evenly between the columns) and the byte buffers are 16-byte aligned;
      otherwise (a flag in shared memory, agreed after a barrier) every row
      of the block reads and writes global memory as before.

    Nothing is assumed about the row function: it still runs once per row on
    its own thread, so the transformation applies to any string kernel, a
    user's included. Coarsened kernels (`tessera.rows_per_thread` > 1) are
    left as they are.

    ```mlir
    gpu.func @tk_lower(%out_bytes: !llvm.ptr, ...) kernel
        attributes {tessera.string_columns = [array<i64: 0, 1, 2, 1>, array<i64: 5, 6, 7, 0>]}
    // gains two llvm.mlir.global internal (addr_space 3) buffers, barriers
    // and copy loops around the row guard
    ```
  }];
  let options = [
    Option<"stageBytes", "bytes", "unsigned", /*default=*/"32768",
           "Shared memory per thread block for the staged buffers">,
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def MapPackedBytes : Pass<"tessera-map-packed-bytes", "mlir::gpu::GPUModuleOp"> {
  let summary = "Run a byte-map row function over its block's packed bytes, 16 at a time";
  let description = [{
    A one-row-per-thread kernel (tessera-map-rows-to-gpu, rows-per-thread=1)
    whose row body calls a function marked `tessera.byte_map`
    (tessera-detect-byte-maps: on ASCII text `out[i] = g(s[i])`, length n,
    status 0) with the kernel's one string argument and its string result
    maps each row on its own thread, byte by byte. This pass adds a block
    path that maps the block's rows as one packed byte range, as a
    hand-written LOWER does:

    - the block checks that its rows lie back to back in the input
      (`offset[r] = offset[r-1] + length[r-1]`), that each output row starts
      where its input row does (`out_offset[r] = offset[r]`: a same-length
      result planned over a packed input), that both byte buffers are
      16-byte aligned and the range is at most 256 KiB; otherwise every row
      runs the row function as before (the block agrees through one
      `nvvm.barrier` with an `or` reduction, so the pass is for NVPTX);
    - all threads take the range's 16-byte chunks: an all-ASCII chunk is
      loaded and stored once, each byte through g (a 128-byte table copied
      into shared memory from the attribute); a chunk with a byte >= 0x80 is
      not written and sets its bit in a bitmap of the block's chunks (the
      chunks at either end of the range go byte by byte, so nothing outside
      the rows is touched);
    - after a barrier each row's thread sets its length to n and status 0,
      unless one of the chunks its bytes lie in has its bit set (looked up
      only when the block marked any): that row (non-ASCII text, or a row
      sharing a chunk with it) runs the row function, which rewrites the row
      whole; the row's addresses are computed only on that branch.

    The kernel keeps its parameters; its output is the same whichever path a
    block takes. It gets `tessera.byte_mapped`, and tessera-stage-string-rows
    leaves it alone.

    A second kernel, `<kernel>__in_order` (fn::kInOrderEntrySuffix), gets the
    same path but trusts its caller that the input's rows are in order
    (`offset[r] + length[r] <= offset[r+1]`, lengths >= 0): it checks only
    that the output's offsets buffer is the input's, and reads the offsets of
    the block's first and last rows, no others. The runtime launches it for
    columns whose producer knows that order (rt::ColumnView::rows_in_order).
    The gaps between such rows are mapped too, in a buffer the output owns.
    With `in-order-rows=K` > 1 the twin's block takes K times as many rows
    (launched with K rows a thread: its grid is K times smaller): one range,
    one bitmap and two barriers for K * block_dim rows, then each thread
    finishes rows thread, thread + block_dim, ... of the block in a loop.
  }];
  let options = [
    Option<"inOrderRows", "in-order-rows", "unsigned", /*default=*/"1",
           "Rows a thread of the in-order twin finishes (its block maps K * block_dim rows at once)">,
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def DetectByteMaps : Pass<"tessera-detect-byte-maps", "mlir::ModuleOp"> {
  let summary = "Find string functions that map ASCII text byte by byte, and their byte table";
  let description = [{
    A row function `(char* out, int32_t* out_len, const char* s, int32_t n)`
    is a byte map on ASCII text when, for every string whose bytes are all
    below 0x80, it writes `out[i] = g(s[i])` for i < n, sets `*out_len = n`
    and returns 0 (LOWER, UPPER, a user's digit mask). Such a function can run
    over a column's packed byte buffer as a whole instead of row by row.

    The pass proves it per function, on a copy in LLVM IR: every byte load
    through `s` is followed by `llvm.assume(byte < 0x80)` (ASCII versioning),
    LLVM's function simplification runs (no vectorisation or unrolling), and
    the result must be one loop, no nested loop, with one exit, entered only
    when n > 0, running n times, whose only memory accesses are one byte load
    from `s + i` and one byte store to `out + i` (i the same induction
    variable, both on every iteration); the stored value must depend only on
    the loaded byte, through operations without memory or control flow;
    outside the loop, one store of `n` (or `max(n, 0)`) to `out_len`, on every
    path; every return gives 0. Then g is evaluated for the 128 ASCII bytes by
    constant folding and the function gets the attribute
    `tessera.byte_map = array<i8: g(0), ..., g(127)>`. A function that fails
    any step gets nothing (and runs row by row as before).

    ```mlir
    llvm.func @udf_mask_digits(...) -> i32 attributes {tessera.byte_map = array<i8: 0, 1, ..., 35, 35, ...>}
    ```
  }];
}

def GuardSroaEscapes : Pass<"tessera-guard-sroa-escapes", "mlir::LLVM::LLVMFuncOp"> {
  let summary = "Keep MLIR's sroa from splitting an alloca whose interior address is stored";
  let description = [{
    MLIR 22's `sroa` splits an aggregate alloca into one alloca per element even
    when a pointer derived from it by `llvm.getelementptr` is stored to memory
    as a value: the stored pointer then points at a one-element slot, and a
    read through it at another index finds nothing (CONCAT_WS's
    `const char* parts[2] = {a, b}` passed to an inlined helper lost `b`). A
    store of the alloca pointer itself, a call or a dynamic index are handled;
    the GEP-then-store case is not. This pass finds such allocas and gives each
    an unused `llvm.ptrtoint` of its address, a use `sroa` cannot rewrite, so
    the alloca stays whole; canonicalisation after `sroa` removes it.

    ```mlir
    %arr = llvm.alloca %c1 x !llvm.array<2 x ptr> : (i32) -> !llvm.ptr
    %first = llvm.getelementptr %arr[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x ptr>
    llvm.store %first, %slot : !llvm.ptr, !llvm.ptr
    // gets, after the alloca:
    %guard = llvm.ptrtoint %arr : !llvm.ptr to i64
    ```
  }];
}

#endif // TESSERA_COMPILER_PASSES
