#include "GpuKernelBody.h"

namespace tessera::compiler {

bool find_one_row_per_thread(mlir::gpu::GPUFuncOp fn, OneRowPerThread& out) {
  out = {};
  mlir::Block& entry = fn.getBody().front();
  for (mlir::Operation& op : entry)
    if (auto i = mlir::dyn_cast<mlir::scf::IfOp>(op))
      if (auto c = i.getCondition().getDefiningOp<mlir::arith::CmpIOp>();
          c && c.getPredicate() == mlir::arith::CmpIPredicate::slt) {
        out.guard = i;
        out.in_range = c;
      }
  entry.walk([&](mlir::gpu::ThreadIdOp t) {
    if (t.getDimension() == mlir::gpu::Dimension::x) out.thread_id = t;
  });
  entry.walk([&](mlir::gpu::BlockDimOp d) {
    if (d.getDimension() == mlir::gpu::Dimension::x) out.block_dim = d;
  });
  return out.guard && out.thread_id && out.block_dim && !out.guard.elseBlock();
}

BlockRows block_rows(const Emit& e, OneRowPerThread shape) {
  BlockRows r;
  r.thread = e.to_i64(shape.thread_id);
  r.threads = e.to_i64(shape.block_dim);
  r.row = e.to_i64(shape.in_range.getLhs());
  r.end = e.to_i64(shape.in_range.getRhs());
  r.first = e.sub(r.row, r.thread);
  return r;
}

mlir::FailureOr<llvm::SmallVector<StringColumnParams>> string_columns(mlir::gpu::GPUFuncOp fn, std::string& error) {
  llvm::SmallVector<StringColumnParams> columns;
  auto attr = fn->getAttrOfType<mlir::ArrayAttr>("tessera.string_columns");
  if (!attr) return columns;
  for (mlir::Attribute a : attr) {
    auto entry = mlir::dyn_cast<mlir::DenseI64ArrayAttr>(a);
    if (!entry || entry.size() != 4) {
      error = "tessera.string_columns: each entry is [bytes, offsets, lengths, is_output]";
      return mlir::failure();
    }
    for (int k = 0; k < 3; ++k)
      if (entry[k] < 0 || entry[k] >= static_cast<int64_t>(fn.getNumArguments()) ||
          !mlir::isa<mlir::LLVM::LLVMPointerType>(fn.getArgument(entry[k]).getType())) {
        error = "tessera.string_columns: parameter " + std::to_string(entry[k]) + " is not a pointer parameter";
        return mlir::failure();
      }
    columns.push_back({fn.getArgument(entry[0]), fn.getArgument(entry[1]), fn.getArgument(entry[2]), entry[3] != 0});
  }
  return columns;
}

mlir::LLVM::GlobalOp add_shared_buffer(mlir::OpBuilder& b, mlir::gpu::GPUModuleOp gpu_module, mlir::SymbolTable& symbols,
                                       mlir::Type type, const std::string& name) {
  mlir::OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(gpu_module.getBody());
  auto global = mlir::LLVM::GlobalOp::create(b, gpu_module.getLoc(), type, /*isConstant=*/false,
                                             mlir::LLVM::Linkage::Internal, name, mlir::Attribute(),
                                             /*alignment=*/16, /*addrSpace=*/3);
  symbols.insert(global);  // renamed if taken
  return global;
}

mlir::Value generic_address(const Emit& e, mlir::LLVM::GlobalOp global) {
  auto space = mlir::LLVM::LLVMPointerType::get(e.b.getContext(), global.getAddrSpace());
  mlir::Value p = mlir::LLVM::AddressOfOp::create(e.b, e.loc, space, global.getSymName());
  if (global.getAddrSpace() == 0) return p;
  return mlir::LLVM::AddrSpaceCastOp::create(e.b, e.loc, e.ptr(), p).getResult();
}

}  // namespace tessera::compiler
