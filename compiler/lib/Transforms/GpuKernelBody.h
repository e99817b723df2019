// Helpers shared by the passes that rewrite a one-row-per-thread GPU kernel (tessera-map-rows-to-gpu's
// output) into one whose thread block works together: tessera-stage-string-rows, tessera-map-packed-bytes.
#pragma once

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

namespace tessera::compiler {

// i64 arithmetic and memory helpers at one insertion point.
class Emit {
 public:
  Emit(mlir::OpBuilder& b, mlir::Location loc) : b(b), loc(loc) {}

  mlir::Type i64() const { return b.getI64Type(); }
  mlir::Type ptr() const { return mlir::LLVM::LLVMPointerType::get(b.getContext()); }
  mlir::Value c64(int64_t v) const { return mlir::arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v)); }
  mlir::Value c1(bool v) const { return mlir::arith::ConstantOp::create(b, loc, b.getBoolAttr(v)); }
  mlir::Value add(mlir::Value x, mlir::Value y) const { return mlir::arith::AddIOp::create(b, loc, x, y); }
  mlir::Value sub(mlir::Value x, mlir::Value y) const { return mlir::arith::SubIOp::create(b, loc, x, y); }
  mlir::Value mul(mlir::Value x, mlir::Value y) const { return mlir::arith::MulIOp::create(b, loc, x, y); }
  mlir::Value band(mlir::Value x, mlir::Value y) const { return mlir::arith::AndIOp::create(b, loc, x, y); }
  mlir::Value bor(mlir::Value x, mlir::Value y) const { return mlir::arith::OrIOp::create(b, loc, x, y); }
  mlir::Value bnot(mlir::Value x) const { return mlir::arith::XOrIOp::create(b, loc, x, c1(true)); }
  mlir::Value cmp(mlir::arith::CmpIPredicate p, mlir::Value x, mlir::Value y) const {
    return mlir::arith::CmpIOp::create(b, loc, p, x, y);
  }
  mlir::Value select(mlir::Value c, mlir::Value x, mlir::Value y) const {
    return mlir::arith::SelectOp::create(b, loc, c, x, y);
  }
  mlir::Value to_i64(mlir::Value index) const { return mlir::arith::IndexCastOp::create(b, loc, i64(), index); }
  mlir::Value at(mlir::Value base, mlir::Type elem, mlir::Value index) const {
    return mlir::LLVM::GEPOp::create(b, loc, ptr(), elem, base, mlir::ValueRange{index});
  }
  mlir::Value load(mlir::Type t, mlir::Value base, mlir::Value index, unsigned align = 0) const {
    return mlir::LLVM::LoadOp::create(b, loc, t, at(base, t, index), align);
  }
  // A row's i64 offset and zero-extended i32 length, from a string column's offsets and lengths.
  mlir::Value offset(mlir::Value offsets, mlir::Value row) const { return load(i64(), offsets, row); }
  mlir::Value length(mlir::Value lengths, mlir::Value row) const {
    return mlir::arith::ExtUIOp::create(b, loc, i64(), load(b.getI32Type(), lengths, row));
  }
  // scf.if with results: `then_fn` and `else_fn` return the values to yield.
  template <typename Then, typename Else>
  mlir::ValueRange if_values(mlir::TypeRange types, mlir::Value cond, Then then_fn, Else else_fn) const {
    auto op = mlir::scf::IfOp::create(b, loc, types, cond, /*withElse=*/true);
    mlir::OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&op.getThenRegion().front());
    mlir::scf::YieldOp::create(b, loc, then_fn());
    b.setInsertionPointToStart(&op.getElseRegion().front());
    mlir::scf::YieldOp::create(b, loc, else_fn());
    return op.getResults();
  }
  template <typename Then>
  void if_then(mlir::Value cond, Then then_fn) const {
    auto op = mlir::scf::IfOp::create(b, loc, cond, /*withElse=*/false);
    mlir::OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&op.getThenRegion().front());
    then_fn();
  }

  mlir::OpBuilder& b;
  mlir::Location loc;
};

// The parts of a one-row-per-thread kernel: `scf.if (row < end) { row body }` in the entry block, the row
// being computed from `gpu.thread_id x` and `gpu.block_dim x`.
struct OneRowPerThread {
  mlir::scf::IfOp guard;
  mlir::arith::CmpIOp in_range;  // row < end
  mlir::gpu::ThreadIdOp thread_id;
  mlir::gpu::BlockDimOp block_dim;
};
// False when `fn` does not have that shape.
bool find_one_row_per_thread(mlir::gpu::GPUFuncOp fn, OneRowPerThread& out);

// The rows of the thread's block, as i64: its thread index and block size, its row, the end of the launch's
// rows, and the block's first row (row - thread).
struct BlockRows {
  mlir::Value thread, threads, row, end, first;
};
BlockRows block_rows(const Emit& e, OneRowPerThread shape);

// One string column of a kernel (`tessera.string_columns`, set by the column kernel builder): its byte buffer,
// per-row offsets and lengths (pointer parameters), and whether the kernel writes it.
struct StringColumnParams {
  mlir::Value bytes, offsets, lengths;
  bool output = false;
};
// The kernel's string columns, in the attribute's order; none when it has no attribute. Failure (with `error`
// saying why) when an entry is not [bytes, offsets, lengths, is_output] of pointer parameters.
mlir::FailureOr<llvm::SmallVector<StringColumnParams>> string_columns(mlir::gpu::GPUFuncOp fn, std::string& error);

// A block-shared (address space 3) buffer of `type` in `gpu_module`, named `name` or, if taken, a new name.
mlir::LLVM::GlobalOp add_shared_buffer(mlir::OpBuilder& b, mlir::gpu::GPUModuleOp gpu_module, mlir::SymbolTable& symbols,
                                       mlir::Type type, const std::string& name);
// The generic address of a global, for ordinary loads and stores (LLVM infers the address space back).
mlir::Value generic_address(const Emit& e, mlir::LLVM::GlobalOp global);

}  // namespace tessera::compiler
