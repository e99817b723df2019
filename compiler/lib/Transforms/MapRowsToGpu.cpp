// tessera-map-rows-to-gpu: see Passes.td.
#include "llvm/ADT/SetVector.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_MAPROWSTOGPU
#include "tessera/compiler/Passes.h.inc"

namespace {

constexpr llvm::StringLiteral kGpuModuleName = "tessera_kernels";

// Clones every symbol `root` refers to (transitively) from `from` into `into`.
void clone_referenced_symbols(mlir::Operation* root, mlir::ModuleOp from, mlir::gpu::GPUModuleOp into) {
  mlir::SymbolTable into_table(into);
  llvm::SmallVector<mlir::Operation*> work = {root};
  while (!work.empty()) {
    mlir::Operation* op = work.pop_back_val();
    op->walk([&](mlir::Operation* inner) {
      for (mlir::NamedAttribute attr : inner->getAttrs()) {
        auto ref = mlir::dyn_cast<mlir::FlatSymbolRefAttr>(attr.getValue());
        if (!ref || into_table.lookup(ref.getValue())) continue;
        mlir::Operation* def = from.lookupSymbol(ref.getValue());
        if (!def) continue;
        mlir::Operation* copy = def->clone();
        if (auto fn = mlir::dyn_cast<mlir::LLVM::LLVMFuncOp>(copy); fn && !fn.isExternal())
          fn.setLinkage(mlir::LLVM::Linkage::Internal);
        if (auto global = mlir::dyn_cast<mlir::LLVM::GlobalOp>(copy))
          global.setLinkage(mlir::LLVM::Linkage::Internal);
        into_table.insert(copy);
        work.push_back(copy);
      }
    });
  }
}

// A buffer the row body indexes by the row: `gep %param[%row]`.
struct RowBuffer {
  mlir::Value param;
  mlir::Type element;
  bool read = false;
  bool written = false;
  llvm::SmallVector<mlir::LLVM::GEPOp> geps;
};

unsigned byte_size(mlir::Type t) {
  if (mlir::isa<mlir::LLVM::LLVMPointerType>(t)) return 8;
  return std::max(1u, t.getIntOrFloatBitWidth() / 8);
}

// Whether every use of `ptr` (the address of a row's output) only writes through it: stores to it or to
// a GEP of it, memsets of it, and calls that pass it to a parameter of a function defined in the module
// that itself only writes through that parameter. Then the kernel never needs the buffer's old contents,
// and a coarsened tile of it starts from zeros instead of a load. Anything else (a load, the address
// stored or compared, an external or indirect callee) may read.
bool only_written_through(mlir::Value ptr, mlir::ModuleOp module, unsigned depth = 0) {
  if (depth > 8) return false;  // deep or recursive call chains: assume a read
  for (mlir::OpOperand& use : ptr.getUses()) {
    mlir::Operation* user = use.getOwner();
    if (auto store = mlir::dyn_cast<mlir::LLVM::StoreOp>(user)) {
      if (store.getValue() == ptr) return false;  // the address itself escapes
      continue;
    }
    if (auto gep = mlir::dyn_cast<mlir::LLVM::GEPOp>(user)) {
      if (gep.getBase() != ptr || !only_written_through(gep.getResult(), module, depth)) return false;
      continue;
    }
    if (auto memset = mlir::dyn_cast<mlir::LLVM::MemsetOp>(user)) {
      if (memset.getDst() != ptr) return false;
      continue;
    }
    if (auto call = mlir::dyn_cast<mlir::LLVM::CallOp>(user)) {
      auto callee_name = call.getCallee();
      if (!callee_name) return false;
      auto callee = module.lookupSymbol<mlir::LLVM::LLVMFuncOp>(*callee_name);
      if (!callee || callee.isExternal() || callee.isVarArg()) return false;
      const unsigned first = call.getArgOperands().getBeginOperandIndex();
      const unsigned index = use.getOperandNumber() - first;
      if (use.getOperandNumber() < first || index >= callee.getNumArguments()) return false;
      if (!only_written_through(callee.getArgument(index), module, depth + 1)) return false;
      continue;
    }
    return false;
  }
  return true;
}

// Finds the row-indexed buffers of a kernel body (row = index_cast(iv)).
llvm::SmallVector<RowBuffer> find_row_buffers(mlir::scf::ParallelOp loop, mlir::func::FuncOp kernel) {
  llvm::SmallVector<RowBuffer> buffers;
  auto module = kernel->getParentOfType<mlir::ModuleOp>();
  mlir::Value iv = loop.getInductionVars()[0];
  loop.getBody()->walk([&](mlir::LLVM::GEPOp gep) {
    auto base = mlir::dyn_cast<mlir::BlockArgument>(gep.getBase());
    if (!base || base.getOwner() != &kernel.getBody().front()) return;
    auto indices = gep.getDynamicIndices();
    if (indices.size() != 1 || gep.getRawConstantIndices().size() != 1) return;
    auto cast = indices[0].getDefiningOp<mlir::arith::IndexCastOp>();
    if (!cast || cast.getIn() != iv) return;
    mlir::Type elem = gep.getElemType();
    if (!elem.isIntOrFloat() && !mlir::isa<mlir::LLVM::LLVMPointerType>(elem)) return;
    RowBuffer* buffer = nullptr;
    for (RowBuffer& b : buffers)
      if (b.param == gep.getBase() && b.element == elem) buffer = &b;
    if (!buffer) {
      buffers.push_back(RowBuffer{gep.getBase(), elem, false, false, {}});
      buffer = &buffers.back();
    }
    buffer->geps.push_back(gep);
    for (mlir::Operation* user : gep->getUsers()) {
      if (auto load = mlir::dyn_cast<mlir::LLVM::LoadOp>(user)) {
        buffer->read = true;
      } else if (auto store = mlir::dyn_cast<mlir::LLVM::StoreOp>(user)) {
        buffer->written = true;
        if (store.getValue() == gep.getResult()) buffer->read = true;  // the address escapes
      } else if (mlir::isa<mlir::LLVM::CallOp>(user) && only_written_through(gep.getResult(), module)) {
        buffer->written = true;  // e.g. the row function's `out` parameter, which it only stores to
      } else {
        buffer->read = buffer->written = true;  // passed on: may be read and written
      }
    }
  });
  return buffers;
}

class MapRowsToGpuPass : public impl::MapRowsToGpuBase<MapRowsToGpuPass> {
 public:
  using MapRowsToGpuBase::MapRowsToGpuBase;

  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    llvm::SmallVector<mlir::func::FuncOp> kernels;
    module.walk([&](mlir::func::FuncOp fn) {
      if (fn->hasAttr("tessera.kernel")) kernels.push_back(fn);
    });
    if (kernels.empty()) return;

    mlir::OpBuilder b(module.getContext());
    auto gpu_module = module.lookupSymbol<mlir::gpu::GPUModuleOp>(kGpuModuleName);
    if (!gpu_module) {
      b.setInsertionPointToEnd(module.getBody());
      gpu_module = mlir::gpu::GPUModuleOp::create(b, module.getLoc(), kGpuModuleName);
      module->setAttr(mlir::gpu::GPUDialect::getContainerModuleAttrName(), b.getUnitAttr());
    }
    for (mlir::func::FuncOp kernel : kernels)
      if (mlir::failed(outline(kernel, module, gpu_module, std::max(1u, unsigned(rowsPerThread)))))
        return signalPassFailure();
  }

 private:
  template <typename CloneRow, typename GuardedRow>
  static void emit_coarsened(mlir::OpBuilder& b, mlir::Location loc, mlir::func::FuncOp kernel,
                             mlir::gpu::GPUFuncOp gpu_fn, mlir::scf::ParallelOp loop, mlir::IRMapping& map,
                             mlir::Value lb, mlir::Value ub, mlir::Value thread_index, unsigned u,
                             CloneRow clone_row, GuardedRow guarded_row) {
    mlir::MLIRContext* ctx = b.getContext();
    mlir::Type ptr = mlir::LLVM::LLVMPointerType::get(ctx);
    mlir::Value u_index = mlir::arith::ConstantIndexOp::create(b, loc, u);
    mlir::Value base = mlir::arith::AddIOp::create(b, loc, lb, mlir::arith::MulIOp::create(b, loc, thread_index, u_index));
    mlir::Value tile_end = mlir::arith::AddIOp::create(b, loc, base, u_index);
    mlir::Value full = mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::sle, tile_end, ub);
    auto branch = mlir::scf::IfOp::create(b, loc, full, /*withElseRegion=*/true);

    // Full tile: stage every row-indexed buffer through a U-element stack tile.
    {
      mlir::OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&branch.getThenRegion().front());
      mlir::Value base64 = mlir::arith::IndexCastOp::create(b, loc, b.getI64Type(), base);
      mlir::Value null = mlir::LLVM::ZeroOp::create(b, loc, ptr);
      llvm::SmallVector<RowBuffer> buffers = find_row_buffers(loop, kernel);
      llvm::SmallVector<mlir::Value> tiles;
      auto for_present = [&](const RowBuffer& rb, auto body) {
        mlir::Value param = map.lookup(rb.param);
        mlir::Value present = mlir::LLVM::ICmpOp::create(b, loc, mlir::LLVM::ICmpPredicate::ne, param, null);
        auto when = mlir::scf::IfOp::create(b, loc, present, /*withElseRegion=*/false);
        mlir::OpBuilder::InsertionGuard g2(b);
        b.setInsertionPointToStart(&when.getThenRegion().front());
        body(param);
      };
      for (const RowBuffer& rb : buffers) {
        auto vec = mlir::VectorType::get({static_cast<int64_t>(u)}, rb.element);
        const unsigned align = std::min(16u, u * byte_size(rb.element));
        mlir::Value tile;
        {
          // Stack tiles live in the kernel's entry block (static allocas).
          mlir::OpBuilder::InsertionGuard g2(b);
          b.setInsertionPointToStart(&gpu_fn.getBody().front());
          mlir::Value one = mlir::LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(1));
          tile = mlir::LLVM::AllocaOp::create(b, loc, ptr, vec, one, align);
        }
        tiles.push_back(tile);
        if (rb.read) {
          for_present(rb, [&](mlir::Value param) {
            mlir::Value src = mlir::LLVM::GEPOp::create(b, loc, ptr, rb.element, param, mlir::ValueRange{base64});
            mlir::Value v = mlir::LLVM::LoadOp::create(b, loc, vec, src, align);
            mlir::LLVM::StoreOp::create(b, loc, v, tile, align);
          });
        } else {
          mlir::Value zero = mlir::LLVM::ZeroOp::create(b, loc, vec);
          mlir::LLVM::StoreOp::create(b, loc, zero, tile, align);
        }
      }
      for (unsigned j = 0; j < u; ++j) {
        mlir::Value row = mlir::arith::AddIOp::create(b, loc, base, mlir::arith::ConstantIndexOp::create(b, loc, j));
        // Element j of each tile, created before the row so it dominates every use.
        llvm::SmallVector<mlir::Value> slots;
        for (size_t k = 0; k < buffers.size(); ++k) {
          mlir::Value jj = mlir::LLVM::ConstantOp::create(b, loc, b.getI64Type(), b.getI64IntegerAttr(j));
          slots.push_back(mlir::LLVM::GEPOp::create(b, loc, ptr, buffers[k].element, tiles[k], mlir::ValueRange{jj}));
        }
        clone_row(row);
        // The row's accesses to staged buffers (also inside nested regions) go to the tile.
        for (size_t k = 0; k < buffers.size(); ++k)
          for (mlir::LLVM::GEPOp gep : buffers[k].geps)
            if (mlir::Value cloned = map.lookupOrNull(gep.getResult())) {
              cloned.replaceAllUsesWith(slots[k]);
              cloned.getDefiningOp()->erase();
              map.erase(gep.getResult());
            }
      }
      for (size_t k = 0; k < buffers.size(); ++k) {
        const RowBuffer& rb = buffers[k];
        if (!rb.written) continue;
        auto vec = mlir::VectorType::get({static_cast<int64_t>(u)}, rb.element);
        const unsigned align = std::min(16u, u * byte_size(rb.element));
        for_present(rb, [&](mlir::Value param) {
          mlir::Value v = mlir::LLVM::LoadOp::create(b, loc, vec, tiles[k], align);
          mlir::Value dst = mlir::LLVM::GEPOp::create(b, loc, ptr, rb.element, param, mlir::ValueRange{base64});
          mlir::LLVM::StoreOp::create(b, loc, v, dst, align);
        });
      }
    }
    // Partial tile at the end of the column: row by row, each row guarded.
    // (Unrolled rather than an scf.for: in MLIR 22, scf-to-cf of an scf.for
    // nested in this scf.if inside a gpu.func produced an invalid branch.)
    {
      mlir::OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&branch.getElseRegion().front());
      for (unsigned j = 0; j < u; ++j)
        guarded_row(mlir::arith::AddIOp::create(b, loc, base, mlir::arith::ConstantIndexOp::create(b, loc, j)));
    }
  }

  static mlir::LogicalResult outline(mlir::func::FuncOp kernel, mlir::ModuleOp module,
                                     mlir::gpu::GPUModuleOp gpu_module, unsigned rows_per_thread) {
    mlir::Block& entry = kernel.getBody().front();
    mlir::scf::ParallelOp loop;
    for (mlir::Operation& op : entry)
      if (auto p = mlir::dyn_cast<mlir::scf::ParallelOp>(op)) loop = p;
    if (!loop || loop.getNumLoops() != 1)
      return kernel.emitError("tessera-map-rows-to-gpu: kernel needs one 1-d scf.parallel row loop in its entry block");

    mlir::OpBuilder b(kernel.getContext());
    b.setInsertionPointToEnd(gpu_module.getBody());
    auto gpu_fn = mlir::gpu::GPUFuncOp::create(b, kernel.getLoc(), kernel.getSymName(), kernel.getFunctionType());
    gpu_fn->setAttr(mlir::gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
    for (llvm::StringRef name : {"tessera.spec", "tessera.string_columns"})
      if (auto attr = kernel->getAttr(name)) gpu_fn->setAttr(name, attr);

    mlir::IRMapping map;
    for (auto [from, to] : llvm::zip(kernel.getArguments(), gpu_fn.getArguments())) map.map(from, to);
    b.setInsertionPointToStart(&gpu_fn.getBody().front());
    // Per-thread set-up (constants, the session-context struct): cloned, so
    // constants are sunk into the kernel rather than passed.
    for (mlir::Operation& op : entry) {
      if (&op == loop.getOperation()) break;
      b.clone(op, map);
    }
    const mlir::Location loc = loop.getLoc();
    mlir::Value block = mlir::gpu::BlockIdOp::create(b, loc, mlir::gpu::Dimension::x);
    mlir::Value threads = mlir::gpu::BlockDimOp::create(b, loc, mlir::gpu::Dimension::x);
    mlir::Value thread = mlir::gpu::ThreadIdOp::create(b, loc, mlir::gpu::Dimension::x);
    mlir::Value thread_index = mlir::arith::AddIOp::create(
        b, loc, mlir::arith::MulIOp::create(b, loc, block, threads), thread);
    mlir::Value lb = map.lookupOrDefault(loop.getLowerBound()[0]);
    mlir::Value ub = map.lookupOrDefault(loop.getUpperBound()[0]);
    mlir::Value iv = loop.getInductionVars()[0];
    auto clone_row = [&](mlir::Value row) {
      map.map(iv, row);
      for (mlir::Operation& op : loop.getBody()->without_terminator()) b.clone(op, map);
    };
    auto guarded_row = [&](mlir::Value row) {
      mlir::Value in_range = mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::slt, row, ub);
      auto guard = mlir::scf::IfOp::create(b, loc, in_range, /*withElseRegion=*/false);
      mlir::OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&guard.getThenRegion().front());
      clone_row(row);
    };

    if (rows_per_thread == 1) {
      guarded_row(mlir::arith::AddIOp::create(b, loc, lb, thread_index));
    } else {
      emit_coarsened(b, loc, kernel, gpu_fn, loop, map, lb, ub, thread_index, rows_per_thread, clone_row, guarded_row);
    }
    b.setInsertionPointToEnd(&gpu_fn.getBody().front());
    mlir::gpu::ReturnOp::create(b, kernel.getLoc());
    gpu_fn->setAttr("tessera.rows_per_thread", b.getI32IntegerAttr(rows_per_thread));

    clone_referenced_symbols(gpu_fn, module, gpu_module);
    return mlir::success();
  }
};

}  // namespace
}  // namespace tessera::compiler
