// tessera-map-packed-bytes: see Passes.td.
#include "GpuKernelBody.h"
#include <algorithm>
#include <functional>

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "tessera/compiler/Passes.h"
#include "tessera/functions/kernel_abi.hpp"

namespace tessera::compiler {
#define GEN_PASS_DEF_MAPPACKEDBYTES
#include "tessera/compiler/Passes.h.inc"

namespace {

using P = mlir::arith::CmpIPredicate;

// One bit per 16-byte chunk of the block's byte range: 512 words cover 256 KiB, so a block of up to 1024
// rows averaging 256 bytes maps packed; a longer range falls back to the row function.
constexpr int64_t kBitmapWords = 512;
constexpr int64_t kMaxRangeBytes = kBitmapWords * 32 * 16;

// `gep base[index]` over i8 with one dynamic index, or null.
mlir::LLVM::GEPOp byte_gep(mlir::Value v, mlir::Value base) {
  auto gep = v.getDefiningOp<mlir::LLVM::GEPOp>();
  if (!gep || gep.getBase() != base || !gep.getElemType().isInteger(8) || gep.getDynamicIndices().size() != 1 ||
      gep.getRawConstantIndices().size() != 1)
    return nullptr;
  return gep;
}

// The row index `r` of `load base[r]` (a GEP with one dynamic index), or null.
mlir::Value loaded_row(mlir::Value v, mlir::Value base) {
  auto load = v.getDefiningOp<mlir::LLVM::LoadOp>();
  if (!load) return {};
  auto gep = load.getAddr().getDefiningOp<mlir::LLVM::GEPOp>();
  if (!gep || gep.getBase() != base || gep.getDynamicIndices().size() != 1) return {};
  return gep.getDynamicIndices()[0];
}

class MapPackedBytesPass : public impl::MapPackedBytesBase<MapPackedBytesPass> {
 public:
  using MapPackedBytesBase::MapPackedBytesBase;

  void runOnOperation() override {
    llvm::SmallVector<mlir::gpu::GPUFuncOp> kernels;
    getOperation().walk([&](mlir::gpu::GPUFuncOp fn) { kernels.push_back(fn); });
    for (mlir::gpu::GPUFuncOp fn : kernels) {
      // The twin that trusts the row order is built first, from the kernel as it still is; it is dropped
      // again where the kernel does not qualify.
      mlir::gpu::GPUFuncOp in_order = fn.clone();
      in_order.setName((fn.getName() + fn::kInOrderEntrySuffix).str());
      mlir::SymbolTable(fn->getParentOfType<mlir::gpu::GPUModuleOp>()).insert(in_order, std::next(fn->getIterator()));
      if (!rewrite(fn, /*rows_in_order=*/false)) {
        in_order.erase();
        continue;
      }
      if (!rewrite(in_order, /*rows_in_order=*/true)) in_order.erase();
    }
  }

 private:
  // The kernel's string argument and result (`tessera.string_columns` with exactly one of each).
  static bool one_string_in_and_out(mlir::gpu::GPUFuncOp fn, StringColumnParams& in, StringColumnParams& out) {
    std::string error;
    mlir::FailureOr<llvm::SmallVector<StringColumnParams>> columns = string_columns(fn, error);
    if (mlir::failed(columns) || columns->size() != 2 || (*columns)[0].output == (*columns)[1].output) return false;
    in = (*columns)[(*columns)[0].output ? 1 : 0];
    out = (*columns)[(*columns)[0].output ? 0 : 1];
    return true;
  }

  // The row body's one call of a byte-map function, with the output row `out_bytes[out_offsets[r]]`,
  // `&out_lengths[r]`, the input row `in_bytes[in_offsets[r]]` and its length `in_lengths[r]`, all of the
  // same row r; null (and the kernel stays as it is) otherwise.
  static mlir::LLVM::CallOp byte_map_call(mlir::scf::IfOp guard, mlir::SymbolTable& symbols, const StringColumnParams& in,
                                          const StringColumnParams& out, mlir::DenseI8ArrayAttr& table, mlir::Value& row) {
    mlir::LLVM::CallOp found;
    int calls = 0;
    guard.walk([&](mlir::LLVM::CallOp call) {
      auto callee = call.getCallee();
      if (!callee) return;
      auto f = symbols.lookup<mlir::LLVM::LLVMFuncOp>(*callee);
      if (!f) return;
      auto map = f->getAttrOfType<mlir::DenseI8ArrayAttr>("tessera.byte_map");
      if (!map || map.size() != 128) return;
      ++calls;
      found = call;
      table = map;
    });
    if (calls != 1 || found.getNumOperands() != 4) return nullptr;
    mlir::LLVM::GEPOp out_row = byte_gep(found.getOperand(0), out.bytes);
    mlir::LLVM::GEPOp in_row = byte_gep(found.getOperand(2), in.bytes);
    auto out_length = found.getOperand(1).getDefiningOp<mlir::LLVM::GEPOp>();
    if (!out_row || !in_row || !out_length || out_length.getBase() != out.lengths ||
        out_length.getDynamicIndices().size() != 1)
      return nullptr;
    mlir::Value r = loaded_row(in_row.getDynamicIndices()[0], in.offsets);
    if (!r || loaded_row(out_row.getDynamicIndices()[0], out.offsets) != r ||
        loaded_row(found.getOperand(3), in.lengths) != r || out_length.getDynamicIndices()[0] != r)
      return nullptr;
    row = r;
    return found;
  }

  // Adds the packed-bytes block path to `fn`; false (and `fn` untouched) where it does not qualify. With
  // `rows_in_order` the block trusts that its rows are in order instead of checking every row's offset.
  bool rewrite(mlir::gpu::GPUFuncOp fn, bool rows_in_order) {
    if (auto u = fn->getAttrOfType<mlir::IntegerAttr>("tessera.rows_per_thread"); u && u.getInt() != 1) return false;
    StringColumnParams in, out;
    OneRowPerThread shape;
    if (!one_string_in_and_out(fn, in, out) || !find_one_row_per_thread(fn, shape)) return false;
    auto gpu_module = fn->getParentOfType<mlir::gpu::GPUModuleOp>();
    mlir::SymbolTable symbols(gpu_module);
    mlir::DenseI8ArrayAttr map;
    mlir::Value body_row;
    mlir::LLVM::CallOp call = byte_map_call(shape.guard, symbols, in, out, map, body_row);
    if (!call) return false;
    // The in-order twin's block may take K times its threads in rows (in-order-rows): the row body then runs
    // in a loop over a thread's K rows, so the row must reach it only through the guard's `row < end`.
    const int64_t rows_a_thread = rows_in_order ? std::max<int64_t>(1, inOrderRows) : 1;
    mlir::gpu::BlockIdOp block_id;
    if (rows_a_thread > 1) {
      fn.walk([&](mlir::gpu::BlockIdOp op) {
        if (op.getDimension() == mlir::gpu::Dimension::x) block_id = op;
      });
      mlir::Value row_index = shape.in_range.getLhs();
      for (mlir::OpOperand& use : row_index.getUses())
        if (use.getOwner() != shape.in_range && !shape.guard->isProperAncestor(use.getOwner())) return false;
      if (!block_id || !shape.in_range->hasOneUse()) return false;
    }

    mlir::MLIRContext* ctx = fn.getContext();
    mlir::OpBuilder b(ctx);
    const mlir::Location loc = fn.getLoc();
    mlir::Type i8 = b.getI8Type(), i32 = b.getI32Type();
    auto bytes_type = [&](int64_t n) { return mlir::LLVM::LLVMArrayType::get(i8, n); };
    const std::string stem = fn.getName().str();
    mlir::LLVM::GlobalOp bits_global =
        add_shared_buffer(b, gpu_module, symbols, mlir::LLVM::LLVMArrayType::get(i32, kBitmapWords), stem + "__chunk_bits");
    mlir::LLVM::GlobalOp table_global = add_shared_buffer(b, gpu_module, symbols, bytes_type(128), stem + "__byte_table");
    // The block's byte range [lo, hi), as its first warp found it.
    mlir::LLVM::GlobalOp range_global =
        add_shared_buffer(b, gpu_module, symbols, mlir::LLVM::LLVMArrayType::get(b.getI64Type(), 2), stem + "__range");
    mlir::LLVM::GlobalOp map_global;
    {
      mlir::OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(gpu_module.getBody());
      auto values = mlir::DenseElementsAttr::get(mlir::RankedTensorType::get({128}, i8), map.asArrayRef());
      map_global = mlir::LLVM::GlobalOp::create(b, loc, bytes_type(128), /*isConstant=*/true,
                                                mlir::LLVM::Linkage::Internal, stem + "__byte_map", values,
                                                /*alignment=*/16);
      symbols.insert(map_global);
    }

    b.setInsertionPoint(shape.guard);
    Emit e(b, loc);
    auto i32c = [&](int64_t v) { return mlir::arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v)).getResult(); };
    const BlockRows rows = block_rows(e, shape);
    mlir::Value thread = rows.thread, threads = rows.threads, row = rows.row, end = rows.end, first = rows.first;
    // The block's rows: [block_first, block_first + block_span), K times its threads for the in-order twin
    // with K rows a thread (its grid is K times smaller, so block b starts at b * threads * K).
    mlir::Value block_first = first, block_span = threads;
    if (rows_a_thread > 1) {  // (one op a statement: the IR's order does not hang on argument evaluation)
      mlir::Value block_start = e.mul(e.to_i64(block_id), threads);
      mlir::Value rows_before = e.c64(rows_a_thread - 1);
      block_first = e.add(first, e.mul(block_start, rows_before));
      mlir::Value rows_each = e.c64(rows_a_thread);
      block_span = e.mul(threads, rows_each);
    }
    // (Only the entry that checks its rows asks whether its own row is in range.)
    mlir::Value active = rows_in_order ? mlir::Value() : e.cmp(P::slt, row, end);
    // Whether this thread marked a chunk: a private slot (promoted to a register by LLVM).
    mlir::Value marked_here = mlir::LLVM::AllocaOp::create(b, loc, e.ptr(), i32, i32c(1), 4);
    mlir::LLVM::StoreOp::create(b, loc, i32c(0), marked_here);
    // __syncthreads_or: a barrier that also tells every thread whether any thread's predicate holds.
    auto barrier_or = [&](mlir::Value predicate) {
      mlir::Value p32 = mlir::arith::ExtUIOp::create(b, loc, i32, predicate);
      mlir::Value any = mlir::NVVM::BarrierOp::create(
          b, loc, mlir::TypeRange{i32}, mlir::Value{}, mlir::Value{},
          mlir::NVVM::BarrierReductionAttr::get(ctx, mlir::NVVM::BarrierReduction::OR), p32).getRes();
      return mlir::arith::CmpIOp::create(b, loc, P::ne, any, i32c(0)).getResult();
    };
    mlir::Value bits = generic_address(e, bits_global);
    mlir::Value table = generic_address(e, table_global);
    mlir::Value map_table = generic_address(e, map_global);
    mlir::Value range_slots = generic_address(e, range_global);
    auto vec4 = mlir::VectorType::get({4}, i32);

    // The block maps packed only when its rows are back to back, each output row where its input row is
    // (the same offsets buffer, or equal values). The in-order entry is called only with the same buffer
    // and rows in order (fn::kInOrderEntrySuffix): it reads no row's offset for this.
    mlir::Value same_offsets = e.cmp(P::eq, mlir::LLVM::PtrToIntOp::create(b, loc, e.i64(), in.offsets),
                                     mlir::LLVM::PtrToIntOp::create(b, loc, e.i64(), out.offsets));
    mlir::Value row_ok = rows_in_order ? mlir::Value() : e.if_values(
        {b.getI1Type()}, active,
        [&]() -> llvm::SmallVector<mlir::Value> {
          mlir::Value off = e.offset(in.offsets, row);
          mlir::Value same = e.if_values(
              {b.getI1Type()}, same_offsets, [&]() -> llvm::SmallVector<mlir::Value> { return {e.c1(true)}; },
              [&]() -> llvm::SmallVector<mlir::Value> { return {e.cmp(P::eq, e.offset(out.offsets, row), off)}; })[0];
          mlir::Value length_ok = mlir::arith::CmpIOp::create(b, loc, P::sge, e.load(i32, in.lengths, row), i32c(0));
          mlir::Value after_previous = e.if_values(
              {b.getI1Type()}, e.cmp(P::eq, row, first),
              [&]() -> llvm::SmallVector<mlir::Value> { return {e.c1(true)}; },
              [&]() -> llvm::SmallVector<mlir::Value> {
                mlir::Value previous = e.sub(row, e.c64(1));
                return {e.cmp(P::eq, off, e.add(e.offset(in.offsets, previous), e.length(in.lengths, previous)))};
              })[0];
          return {e.band(e.band(same, length_ok), after_previous)};
        },
        [&]() -> llvm::SmallVector<mlir::Value> { return {e.c1(true)}; })[0];

    // What is the same for the whole block is done once, by its first warp: the byte range [lo, hi) of its
    // rows and whether it may map them packed; meanwhile (the range's loads in flight) it clears the bitmap
    // and brings g into shared memory, in 16-byte stores. The other warps only wait at the barrier, so a
    // block's fixed cost does not grow with its warps. (A block of fewer than 32 threads could not spread the
    // range's two end chunks over its first warp: it maps row by row.)
    mlir::Value first_warp = e.cmp(P::slt, thread, e.c64(32));
    mlir::Value block_bad = e.if_values(
        {b.getI1Type()}, first_warp,
        [&]() -> llvm::SmallVector<mlir::Value> {
          mlir::Value count = mlir::arith::MinSIOp::create(b, loc, block_span, e.sub(end, block_first));
          mlir::Value any = e.cmp(P::sgt, count, e.c64(0));
          mlir::Value last = e.sub(e.add(block_first, count), e.c64(1));
          auto range = e.if_values({e.i64(), e.i64()}, any,
                                   [&]() -> llvm::SmallVector<mlir::Value> {
                                     return {e.offset(in.offsets, block_first),
                                             e.add(e.offset(in.offsets, last), e.length(in.lengths, last))};
                                   },
                                   [&]() -> llvm::SmallVector<mlir::Value> { return {e.c64(0), e.c64(0)}; });
          mlir::Value lo = range[0], hi = range[1];
          mlir::Value base = e.band(lo, e.c64(~int64_t{15}));
          static_assert(kBitmapWords == 32 * 4 * 4, "the first warp clears the bitmap in four 16-byte stores a lane");
          mlir::Value zero = mlir::arith::ConstantOp::create(b, loc, mlir::DenseElementsAttr::get(vec4, b.getI32IntegerAttr(0)));
          for (int64_t k = 0; k < 4; ++k)
            mlir::LLVM::StoreOp::create(b, loc, zero, e.at(bits, i32, e.mul(e.add(thread, e.c64(32 * k)), e.c64(4))), 16);
          e.if_then(e.cmp(P::slt, thread, e.c64(128 / 16)), [&] {
            mlir::Value at = e.mul(thread, e.c64(16));
            mlir::Value v = mlir::LLVM::LoadOp::create(b, loc, vec4, e.at(map_table, i8, at), 16);
            mlir::LLVM::StoreOp::create(b, loc, v, e.at(table, i8, at), 16);
          });
          e.if_then(e.cmp(P::eq, thread, e.c64(0)), [&] {
            mlir::LLVM::StoreOp::create(b, loc, lo, e.at(range_slots, e.i64(), e.c64(0)), 8);
            mlir::LLVM::StoreOp::create(b, loc, hi, e.at(range_slots, e.i64(), e.c64(1)), 8);
          });
          mlir::Value addresses = e.bor(mlir::LLVM::PtrToIntOp::create(b, loc, e.i64(), in.bytes),
                                        mlir::LLVM::PtrToIntOp::create(b, loc, e.i64(), out.bytes));
          mlir::Value aligned = e.cmp(P::eq, e.band(addresses, e.c64(15)), e.c64(0));
          mlir::Value fits = e.band(e.cmp(P::sge, hi, lo), e.cmp(P::sle, e.sub(hi, base), e.c64(kMaxRangeBytes)));
          mlir::Value warp_or_more = e.cmp(P::sge, threads, e.c64(32));
          mlir::Value ok = e.band(e.band(any, aligned), e.band(fits, warp_or_more));
          if (rows_in_order) ok = e.band(ok, same_offsets);
          return {e.bnot(ok)};
        },
        [&]() -> llvm::SmallVector<mlir::Value> { return {e.c1(false)}; })[0];
    // One barrier: the shared buffers are ready, and the block agrees on its path.
    mlir::Value packed = e.bnot(barrier_or(rows_in_order ? block_bad : e.bor(block_bad, e.bnot(row_ok))));
    mlir::Value lo = e.select(packed, mlir::LLVM::LoadOp::create(b, loc, e.i64(), e.at(range_slots, e.i64(), e.c64(0)), 8),
                              e.c64(0));
    mlir::Value hi = e.select(packed, mlir::LLVM::LoadOp::create(b, loc, e.i64(), e.at(range_slots, e.i64(), e.c64(1)), 8),
                              e.c64(0));
    mlir::Value base = e.band(lo, e.c64(~int64_t{15}));

    // A chunk with a byte >= 0x80 is left to the rows that overlap it: its bit in the bitmap.
    auto mark = [&](mlir::Value q) {
      mlir::Value chunk = mlir::arith::ShRSIOp::create(b, loc, e.sub(q, base), e.c64(4));
      mlir::Value word = mlir::arith::ShRSIOp::create(b, loc, chunk, e.c64(5));
      mlir::Value bit = mlir::arith::ShLIOp::create(
          b, loc, i32c(1), mlir::arith::TruncIOp::create(b, loc, i32, e.band(chunk, e.c64(31))));
      mlir::LLVM::AtomicRMWOp::create(b, loc, mlir::LLVM::AtomicBinOp::_or, e.at(bits, i32, word), bit,
                                      mlir::LLVM::AtomicOrdering::monotonic);
      mlir::LLVM::StoreOp::create(b, loc, i32c(1), marked_here);
    };
    auto through_table = [&](mlir::Value byte) {
      return e.load(i8, table, mlir::arith::ExtUIOp::create(b, loc, e.i64(), byte));
    };
    // The 16-byte chunk at q lies wholly in [lo, hi): one vector load and store; only the range's two end
    // chunks may not.
    auto whole_chunk = [&](mlir::Value q) {
      return e.band(e.cmp(P::sge, q, lo), e.cmp(P::sle, e.add(q, e.c64(16)), hi));
    };
    // The loop takes the whole chunks, from lo rounded up to hi rounded down, so it checks none.
    mlir::Value whole_from = e.band(e.add(lo, e.c64(15)), e.c64(~int64_t{15}));
    mlir::Value whole_to = e.band(hi, e.c64(~int64_t{15}));
    auto chunks =
        mlir::scf::ForOp::create(b, loc, e.add(whole_from, e.mul(thread, e.c64(16))), whole_to, e.mul(threads, e.c64(16)));
    {
      mlir::OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(chunks.getBody());
      mlir::Value q = chunks.getInductionVar();
      {
        // 16 bytes in one load; ASCII when no byte has its top bit.
        mlir::Value v = mlir::LLVM::LoadOp::create(b, loc, vec4, e.at(in.bytes, i8, q), 16);
        llvm::SmallVector<mlir::Value, 4> words;
        for (int k = 0; k < 4; ++k) words.push_back(mlir::LLVM::ExtractElementOp::create(b, loc, v, i32c(k)));
        mlir::Value any_high = mlir::arith::AndIOp::create(
            b, loc,
            mlir::arith::OrIOp::create(b, loc, mlir::arith::OrIOp::create(b, loc, words[0], words[1]),
                                       mlir::arith::OrIOp::create(b, loc, words[2], words[3])),
            i32c(static_cast<int32_t>(0x80808080u)));
        auto ascii = mlir::scf::IfOp::create(b, loc, mlir::arith::CmpIOp::create(b, loc, P::eq, any_high, i32c(0)),
                                             /*withElse=*/true);
        b.setInsertionPointToStart(&ascii.getThenRegion().front());
        mlir::Value mapped = mlir::LLVM::PoisonOp::create(b, loc, vec4);
        for (int k = 0; k < 4; ++k) {
          mlir::Value w = i32c(0);
          for (int j = 0; j < 4; ++j) {
            mlir::Value byte = mlir::arith::TruncIOp::create(
                b, loc, i8, mlir::arith::ShRUIOp::create(b, loc, words[k], i32c(8 * j)));
            mlir::Value g = mlir::arith::ExtUIOp::create(b, loc, i32, through_table(byte));
            w = mlir::arith::OrIOp::create(b, loc, w, mlir::arith::ShLIOp::create(b, loc, g, i32c(8 * j)));
          }
          mapped = mlir::LLVM::InsertElementOp::create(b, loc, vec4, mapped, w, i32c(k));
        }
        mlir::LLVM::StoreOp::create(b, loc, mapped, e.at(out.bytes, i8, q), 16);
        b.setInsertionPointToStart(&ascii.getElseRegion().front());
        mark(q);
      }
    }
    // The range's end chunks (where not whole) by the first warp, one byte a thread: lanes 0-15 the first
    // chunk, lanes 16-31 the last (if another), each byte in [lo, hi) loaded, mapped and stored. An ASCII
    // byte's image is final; a byte >= 0x80 gets a placeholder and marks the chunk, whose rows then rewrite
    // themselves whole after the barrier (outputs never alias inputs, so the row function still reads the
    // original bytes). Spread over a warp, the ends no longer hold the block at its barrier.
    e.if_then(first_warp, [&] {
      mlir::Value last_chunk = e.band(e.sub(hi, e.c64(1)), e.c64(~int64_t{15}));
      mlir::Value second = e.cmp(P::sge, thread, e.c64(16));
      mlir::Value q = e.select(second, last_chunk, base);
      mlir::Value p = e.add(q, e.band(thread, e.c64(15)));
      mlir::Value partial = e.bnot(whole_chunk(q));
      mlir::Value own_chunk = e.bor(e.bnot(second), e.cmp(P::ne, last_chunk, base));
      mlir::Value in_range = e.band(e.cmp(P::sge, p, lo), e.cmp(P::slt, p, hi));
      mlir::Value mine = e.band(e.band(partial, own_chunk), in_range);
      e.if_then(mine, [&] {
        mlir::Value byte = e.load(i8, in.bytes, p);
        mlir::Value low7 =
            mlir::arith::AndIOp::create(b, loc, byte, mlir::arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(0x7f)));
        mlir::LLVM::StoreOp::create(b, loc, through_table(low7), e.at(out.bytes, i8, p));
        e.if_then(mlir::arith::CmpIOp::create(b, loc, P::slt, byte,
                                              mlir::arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(0))),
                  [&] { mark(q); });
      });
    });
    // The chunks are written and the bitmap complete; rows look for their chunks only in a block that
    // marked any (ASCII text marks none).
    mlir::Value look = e.band(
        packed, barrier_or(mlir::arith::CmpIOp::create(b, loc, P::ne, mlir::LLVM::LoadOp::create(b, loc, i32, marked_here), i32c(0))));

    // The row: length n and status 0 unless a chunk of its bytes is marked (or the block is not packed).
    b.setInsertionPoint(call);
    mlir::Value n = call.getOperand(3);
    mlir::Value flagged = e.if_values(
        {b.getI1Type()}, look,
        [&]() -> llvm::SmallVector<mlir::Value> {
          mlir::Value start = e.offset(in.offsets, body_row);
          mlir::Value from = e.sub(start, base);
          mlir::Value to = e.add(from, mlir::arith::ExtSIOp::create(b, loc, e.i64(), n));
          mlir::Value c_first = mlir::arith::ShRSIOp::create(b, loc, from, e.c64(4));
          mlir::Value c_end = e.add(mlir::arith::ShRSIOp::create(b, loc, e.sub(to, e.c64(1)), e.c64(4)), e.c64(1));
          auto scan = mlir::scf::ForOp::create(
              b, loc, c_first, c_end, e.c64(1), mlir::ValueRange{e.c1(false)},
              [&](mlir::OpBuilder&, mlir::Location, mlir::Value c, mlir::ValueRange acc) {
                mlir::Value word = e.load(i32, bits, mlir::arith::ShRSIOp::create(b, loc, c, e.c64(5)));
                mlir::Value shift = mlir::arith::TruncIOp::create(b, loc, i32, e.band(c, e.c64(31)));
                mlir::Value bit = mlir::arith::AndIOp::create(b, loc, mlir::arith::ShRUIOp::create(b, loc, word, shift), i32c(1));
                mlir::scf::YieldOp::create(b, loc, mlir::ValueRange{e.bor(acc[0], mlir::arith::CmpIOp::create(b, loc, P::ne, bit, i32c(0)))});
              });
          return {scan.getResult(0)};
        },
        [&]() -> llvm::SmallVector<mlir::Value> { return {e.bnot(packed)}; })[0];
    auto choice = mlir::scf::IfOp::create(b, loc, mlir::TypeRange{i32}, flagged, /*withElse=*/true);
    call->moveBefore(&choice.getThenRegion().front(), choice.getThenRegion().front().end());
    // The row addresses (offset loads and GEPs) only the call uses go with it: unflagged rows skip them.
    std::function<void(mlir::Operation*, llvm::ArrayRef<unsigned>)> sink_operands = [&](mlir::Operation* user,
                                                                                      llvm::ArrayRef<unsigned> which) {
      for (unsigned i : which) {
        mlir::Value v = user->getOperand(i);
        mlir::Operation* def = v.getDefiningOp();
        if (!def || !def->hasOneUse() || !mlir::isa<mlir::LLVM::GEPOp, mlir::LLVM::LoadOp>(def) ||
            !shape.guard->isProperAncestor(def) || def->getBlock() != choice->getBlock())
          continue;
        def->moveBefore(user);
        llvm::SmallVector<unsigned> all;
        for (unsigned k = 0; k < def->getNumOperands(); ++k) all.push_back(k);
        sink_operands(def, all);
      }
    };
    sink_operands(call, {0u, 2u});  // the output and input row addresses (not out_len, which the else uses)
    {
      mlir::OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToEnd(&choice.getThenRegion().front());
      auto yield = mlir::scf::YieldOp::create(b, loc, call.getResult());
      call.getResult().replaceAllUsesExcept(choice.getResult(0), yield);
      b.setInsertionPointToStart(&choice.getElseRegion().front());
      mlir::LLVM::StoreOp::create(b, loc, n, call.getOperand(1));
      mlir::scf::YieldOp::create(b, loc, mlir::ValueRange{i32c(0)});
    }
    if (rows_a_thread > 1) {
      // The row body once per row of the thread: rows block_first + k * threads + thread, k < K.
      b.setInsertionPoint(shape.guard);
      mlir::Value from = e.c64(0);
      mlir::Value to = e.c64(rows_a_thread);
      mlir::Value step = e.c64(1);
      auto loop = mlir::scf::ForOp::create(b, loc, from, to, step);
      b.setInsertionPointToStart(loop.getBody());
      mlir::Value row_k = mlir::arith::IndexCastOp::create(
          b, loc, b.getIndexType(), e.add(e.add(block_first, e.mul(loop.getInductionVar(), threads)), thread));
      mlir::Value in_range = mlir::arith::CmpIOp::create(b, loc, P::slt, row_k, shape.in_range.getRhs());
      shape.guard->moveBefore(loop.getBody()->getTerminator());
      shape.guard.getConditionMutable().assign(in_range);
      shape.in_range.getLhs().replaceUsesWithIf(
          row_k, [&](mlir::OpOperand& use) { return shape.guard->isProperAncestor(use.getOwner()); });
      shape.in_range.erase();
      fn->setAttr("tessera.in_order_rows", b.getI32IntegerAttr(static_cast<int32_t>(rows_a_thread)));
    }
    fn->setAttr("tessera.byte_mapped", b.getUnitAttr());
    return true;
  }
};

}  // namespace
}  // namespace tessera::compiler
