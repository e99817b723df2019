// tessera-stage-string-rows: see Passes.td.
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseSet.h"
#include "mlir/IR/SymbolTable.h"
#include "tessera/compiler/Passes.h"
#include "GpuKernelBody.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_STAGESTRINGROWS
#include "tessera/compiler/Passes.h.inc"

namespace {

// One string column of the kernel, and how the block stages it.
struct StringColumn : StringColumnParams {
  mlir::LLVM::GlobalOp stage{};   // the block's shared buffer for it
  mlir::Value shared{};           // its generic address
  mlir::Value lo{}, hi{}, base{};  // staged byte range [lo, hi) of `bytes`; base = lo rounded down to 16
};

using P = mlir::arith::CmpIPredicate;

// Copies bytes [lo, hi) between global `global` and the shared buffer `shared` (holding global byte q at
// shared byte q - base, base = lo & ~15), all threads of the block together: thread t takes the 16-byte
// chunks t, t + B, ... Whole chunks move as one 16-byte load and store; the chunks at either end of the
// range byte by byte, so nothing outside [lo, hi) is read or written in global memory.
void copy_range(const Emit& e, mlir::Value global, mlir::Value shared, mlir::Value lo, mlir::Value hi,
                mlir::Value base, mlir::Value thread, mlir::Value threads, bool to_shared) {
  mlir::OpBuilder& b = e.b;
  const mlir::Location loc = e.loc;
  mlir::Value end = e.band(e.add(hi, e.c64(15)), e.c64(~int64_t{15}));
  mlir::Value first = e.add(base, e.mul(thread, e.c64(16)));
  mlir::Value step = e.mul(threads, e.c64(16));
  // An i64 loop: in MLIR 22 an index-typed loop's block arguments, after scf-to-cf inside a gpu.func, are
  // converted by gpu-to-nvvm while their branches are not yet ("type mismatch for bb argument").
  auto loop = mlir::scf::ForOp::create(b, loc, first, end, step);
  mlir::OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(loop.getBody());
  mlir::Value q = loop.getInductionVar();
  mlir::Value whole = e.band(e.cmp(P::sge, q, lo), e.cmp(P::sle, e.add(q, e.c64(16)), hi));
  auto branch = mlir::scf::IfOp::create(b, loc, whole, /*withElse=*/true);
  mlir::Value from = to_shared ? global : shared, to = to_shared ? shared : global;
  auto from_index = [&](mlir::Value p) { return to_shared ? p : e.sub(p, base); };
  auto to_index = [&](mlir::Value p) { return to_shared ? e.sub(p, base) : p; };
  {
    b.setInsertionPointToStart(&branch.getThenRegion().front());
    auto vec = mlir::VectorType::get({4}, b.getI32Type());
    mlir::Value v = mlir::LLVM::LoadOp::create(b, loc, vec, e.at(from, b.getI8Type(), from_index(q)), 16);
    mlir::LLVM::StoreOp::create(b, loc, v, e.at(to, b.getI8Type(), to_index(q)), 16);
  }
  {
    b.setInsertionPointToStart(&branch.getElseRegion().front());
    for (int64_t k = 0; k < 16; ++k) {
      mlir::Value p = e.add(q, e.c64(k));
      e.if_then(e.band(e.cmp(P::sge, p, lo), e.cmp(P::slt, p, hi)), [&] {
        mlir::Value byte = e.load(b.getI8Type(), from, from_index(p));
        mlir::LLVM::StoreOp::create(b, loc, byte, e.at(to, b.getI8Type(), to_index(p)));
      });
    }
  }
}

class StageStringRowsPass : public impl::StageStringRowsBase<StageStringRowsPass> {
 public:
  using StageStringRowsBase::StageStringRowsBase;

  void runOnOperation() override {
    llvm::SmallVector<mlir::gpu::GPUFuncOp> kernels;
    getOperation().walk([&](mlir::gpu::GPUFuncOp fn) { kernels.push_back(fn); });
    for (mlir::gpu::GPUFuncOp fn : kernels)
      if (mlir::failed(stage(fn))) return signalPassFailure();
  }

 private:
  mlir::LogicalResult stage(mlir::gpu::GPUFuncOp fn) {
    std::string error;
    mlir::FailureOr<llvm::SmallVector<StringColumnParams>> params = string_columns(fn, error);
    if (mlir::failed(params)) return fn.emitError(error);
    if (params->empty()) return mlir::success();
    if (auto u = fn->getAttrOfType<mlir::IntegerAttr>("tessera.rows_per_thread"); u && u.getInt() != 1)
      return mlir::success();  // coarsened kernels keep their own mapping
    if (fn->hasAttr("tessera.byte_mapped")) return mlir::success();  // its block already works on packed bytes

    OneRowPerThread shape;
    if (!find_one_row_per_thread(fn, shape))
      return fn.emitError("tessera-stage-string-rows: expected the one-row-per-thread kernel of "
                          "tessera-map-rows-to-gpu (scf.if row < end, gpu.thread_id x, gpu.block_dim x)");
    mlir::scf::IfOp guard = shape.guard;

    llvm::SmallVector<StringColumn> columns;
    for (const StringColumnParams& p : *params) columns.push_back(StringColumn{p});
    // The row body must reach each byte buffer only as `&bytes[offset]` (an i8 GEP with one index), so that
    // staging can redirect exactly those addresses; anything else keeps the kernel as it is.
    for (const StringColumn& c : columns)
      for (mlir::OpOperand& use : c.bytes.getUses()) {
        if (!guard->isProperAncestor(use.getOwner())) continue;
        auto gep = mlir::dyn_cast<mlir::LLVM::GEPOp>(use.getOwner());
        if (!gep || gep.getBase() != c.bytes || !gep.getElemType().isInteger(8) || gep.getDynamicIndices().size() != 1 ||
            gep.getRawConstantIndices().size() != 1)
          return mlir::success();
      }
    const int64_t capacity = (int64_t(stageBytes) / int64_t(columns.size())) & ~int64_t{15};
    if (capacity < 16) return mlir::success();  // too little shared memory for so many columns

    mlir::MLIRContext* ctx = fn.getContext();
    mlir::OpBuilder b(ctx);
    const mlir::Location loc = fn.getLoc();
    auto gpu_module = fn->getParentOfType<mlir::gpu::GPUModuleOp>();
    mlir::SymbolTable symbols(gpu_module);
    auto make_shared = [&](mlir::Type type, const std::string& name) {
      return add_shared_buffer(b, gpu_module, symbols, type, name);
    };
    for (size_t k = 0; k < columns.size(); ++k)
      columns[k].stage = make_shared(mlir::LLVM::LLVMArrayType::get(b.getI8Type(), capacity),
                                     (fn.getName() + "__stage" + std::to_string(k)).str());
    mlir::LLVM::GlobalOp flag_global = make_shared(b.getI32Type(), (fn.getName() + "__stage_fallback").str());

    b.setInsertionPoint(guard);
    Emit e(b, loc);
    auto generic = [&](mlir::LLVM::GlobalOp g) { return generic_address(e, g); };
    const BlockRows rows = block_rows(e, shape);
    mlir::Value thread = rows.thread, threads = rows.threads, row = rows.row, end = rows.end, first = rows.first;
    mlir::Value count = mlir::arith::MinSIOp::create(b, loc, threads, e.sub(end, first));
    mlir::Value any = e.cmp(P::sgt, count, e.c64(0));
    mlir::Value last = e.sub(e.add(first, count), e.c64(1));
    mlir::Value active = e.cmp(P::slt, row, end);
    mlir::Value is_last = e.cmp(P::eq, row, last);

    // Thread 0 clears the block's fallback flag; every thread that finds its row outside the staged range
    // (or a range too large, or a buffer not 16-byte aligned) sets it. After the barrier the whole block
    // agrees: staged, or every row reads and writes global memory as before.
    mlir::Value flag = generic(flag_global);
    e.if_then(e.cmp(P::eq, thread, e.c64(0)), [&] {
      mlir::LLVM::StoreOp::create(b, loc, mlir::arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0)), flag);
    });
    mlir::gpu::BarrierOp::create(b, loc);
    mlir::Value bad = e.bnot(any);
    for (StringColumn& c : columns) {
      auto range = e.if_values({e.i64(), e.i64()}, any,
                               [&]() -> llvm::SmallVector<mlir::Value> {
                                 mlir::Value lo = e.offset(c.offsets, first);
                                 mlir::Value last_offset = e.offset(c.offsets, last);
                                 // An output's last row writes global memory directly: its slot's end is
                                 // not known here. The staged range ends where that slot starts.
                                 mlir::Value hi = c.output ? last_offset : e.add(last_offset, e.length(c.lengths, last));
                                 return {lo, hi};
                               },
                               [&]() -> llvm::SmallVector<mlir::Value> { return {e.c64(0), e.c64(0)}; });
      c.lo = range[0];
      c.hi = range[1];
      c.base = e.band(c.lo, e.c64(~int64_t{15}));
      mlir::Value address = mlir::LLVM::PtrToIntOp::create(b, loc, e.i64(), c.bytes);
      mlir::Value aligned = e.cmp(P::eq, e.band(address, e.c64(15)), e.c64(0));
      mlir::Value fits = e.band(e.cmp(P::sge, c.hi, c.lo), e.cmp(P::sle, e.sub(c.hi, c.base), e.c64(capacity)));
      mlir::Value row_ok = e.if_values(
          {b.getI1Type()}, active,
          [&]() -> llvm::SmallVector<mlir::Value> {
            mlir::Value off = e.offset(c.offsets, row);
            mlir::Value from_lo = e.cmp(P::sge, off, c.lo);
            if (!c.output) return {e.band(from_lo, e.cmp(P::sle, e.add(off, e.length(c.lengths, row)), c.hi))};
            // An output row's slot is [offset[row], offset[row + 1]): inside the range when offsets do not
            // decrease (the last row's slot is not staged).
            return {e.if_values(
                {b.getI1Type()}, is_last, [&]() -> llvm::SmallVector<mlir::Value> { return {e.c1(true)}; },
                [&]() -> llvm::SmallVector<mlir::Value> {
                  mlir::Value next = e.offset(c.offsets, e.add(row, e.c64(1)));
                  return {e.band(from_lo, e.cmp(P::sge, next, off))};
                })[0]};
          },
          [&]() -> llvm::SmallVector<mlir::Value> { return {e.c1(true)}; })[0];
      bad = e.bor(bad, e.bnot(e.band(e.band(aligned, fits), row_ok)));
    }
    e.if_then(bad, [&] {
      mlir::Value one = mlir::arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(1));
      mlir::LLVM::AtomicRMWOp::create(b, loc, mlir::LLVM::AtomicBinOp::_or, flag, one,
                                      mlir::LLVM::AtomicOrdering::monotonic);
    });
    mlir::gpu::BarrierOp::create(b, loc);
    mlir::Value staged =
        e.cmp(P::eq, mlir::LLVM::LoadOp::create(b, loc, b.getI32Type(), flag), mlir::arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0)));
    mlir::Value zero = e.c64(0);
    for (StringColumn& c : columns) {
      // Unstaged blocks copy nothing.
      c.lo = e.select(staged, c.lo, zero);
      c.hi = e.select(staged, c.hi, zero);
      c.base = e.select(staged, c.base, zero);
    }

    // Inputs: the block's bytes into shared memory; rows then read them there.
    for (StringColumn& c : columns) {
      c.shared = generic(c.stage);
      mlir::Value shared = c.shared;
      if (!c.output) copy_range(e, c.bytes, shared, c.lo, c.hi, c.base, thread, threads, /*to_shared=*/true);
      // Each `&bytes[offset]` of the row body becomes `&shared[offset - base]` when the block is staged. The
      // shared address is formed from the in-range index itself, never as `shared - base` plus an offset: an
      // address outside the shared window does not survive the conversion to a generic pointer.
      mlir::Value use_shared = c.output ? e.band(staged, e.bnot(is_last)) : staged;
      llvm::SmallVector<mlir::LLVM::GEPOp> geps;
      for (mlir::Operation* user : c.bytes.getUsers())
        if (guard->isProperAncestor(user)) geps.push_back(mlir::cast<mlir::LLVM::GEPOp>(user));
      for (mlir::LLVM::GEPOp gep : geps) {
        mlir::OpBuilder::InsertionGuard at_gep(b);
        b.setInsertionPointAfter(gep);
        mlir::Value index = gep.getDynamicIndices()[0];
        if (index.getType() != e.i64()) index = mlir::arith::ExtSIOp::create(b, loc, e.i64(), index);
        mlir::Value in_shared = e.at(shared, b.getI8Type(), e.sub(index, c.base));
        mlir::Value address = e.select(use_shared, in_shared, gep.getResult());
        gep.getResult().replaceAllUsesExcept(address, address.getDefiningOp());
      }
    }
    mlir::gpu::BarrierOp::create(b, loc);  // the staged inputs are in place

    // Outputs: after every row has written its result, the block's slots leave in 16-byte stores.
    b.setInsertionPointAfter(guard);
    bool barrier_placed = false;
    for (StringColumn& c : columns) {
      if (!c.output) continue;
      if (!barrier_placed) mlir::gpu::BarrierOp::create(b, loc);
      barrier_placed = true;
      copy_range(e, c.bytes, c.shared, c.lo, c.hi, c.base, thread, threads, /*to_shared=*/false);
    }
    fn->setAttr("tessera.staged_bytes", b.getI64IntegerAttr(capacity * int64_t(columns.size()) + 4));
    // Barriers surround the row body. A function it calls that LLVM left as a call was miscompiled there
    // (CONVERT(float, style) on the H200, 2026-12-04: valid rows lost their staged bytes, and rows that skip
    // the call wrote through uninitialised pointers). Every function the staged body reaches is inlined.
    llvm::SmallVector<mlir::Operation*> work{guard};
    llvm::DenseSet<mlir::Operation*> seen;
    while (!work.empty()) {
      mlir::Operation* op = work.pop_back_val();
      op->walk([&](mlir::LLVM::CallOp call) {
        auto callee = call.getCallee();
        if (!callee) return;
        auto f = symbols.lookup<mlir::LLVM::LLVMFuncOp>(*callee);
        if (!f || f.isExternal() || !seen.insert(f).second) return;
        f.setAlwaysInline(true);
        work.push_back(f);
      });
    }
    return mlir::success();
  }
};

}  // namespace
}  // namespace tessera::compiler
