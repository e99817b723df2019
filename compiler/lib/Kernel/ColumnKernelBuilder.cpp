#include "tessera/compiler/KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/BitVector.h"
#include "mlir/IR/Builders.h"
#include "tessera/functions/kernel_abi.hpp"
#include "tessera/functions/predicate.hpp"
#include "tessera/functions/status.hpp"

namespace tessera::compiler {

using fn::FunctionSpec;
using fn::ParamKind;
using fn::SqlType;

std::string kernel_symbol(const FunctionSpec& spec) { return "tk_" + std::string(spec.kernel); }
std::string cpu_entry_symbol(const FunctionSpec& spec) { return kernel_symbol(spec) + "_cpu"; }

namespace {

mlir::Type abi_type(mlir::MLIRContext* ctx, char abi) {
  switch (abi) {
    case 'p': return mlir::LLVM::LLVMPointerType::get(ctx);
    case 'b': return mlir::IntegerType::get(ctx, 8);
    case 'i': return mlir::IntegerType::get(ctx, 32);
    case 'l': return mlir::IntegerType::get(ctx, 64);
    default: return mlir::Float64Type::get(ctx);
  }
}

mlir::Type value_type(mlir::MLIRContext* ctx, SqlType t) { return abi_type(ctx, fn::abi_char(t)); }

// Emits the row loop body. Holds the builder state that every helper needs.
class RowEmitter {
 public:
  RowEmitter(mlir::OpBuilder& b, mlir::Location loc, const FunctionSpec& spec,
             const std::vector<fn::KernelParam>& params, mlir::ValueRange args)
      : b_(b), loc_(loc), spec_(spec), row_(spec.compared ? *spec.compared : spec), params_(params), args_(args),
        ctx_(b.getContext()) {}

  // A fused predicate's local result: the row function writes there (a value, or up to
  // kPredicateStringBytes bytes and their length) and the comparison reads it. Allocated once, before the
  // row loop (an alloca in the loop body would grow the stack per row on the CPU).
  void allocate_local_result() {
    if (!spec_.compared) return;
    mlir::Value one = c(i32(), 1);
    if (row_.result == SqlType::String) {
      local_ = mlir::LLVM::AllocaOp::create(b_, loc_, ptr(), mlir::LLVM::LLVMArrayType::get(i8(), fn::kPredicateStringBytes), one, 16);
      local_length_ = mlir::LLVM::AllocaOp::create(b_, loc_, ptr(), i32(), one, 4);
    } else {
      local_ = mlir::LLVM::AllocaOp::create(b_, loc_, ptr(), value_type(ctx_, row_.result), one, 8);
    }
  }

  mlir::Value param(ParamKind kind, int32_t arg = -1) const {
    for (size_t i = 0; i < params_.size(); ++i)
      if (params_[i].kind == kind && params_[i].arg == arg) return args_[i];
    return {};
  }

  mlir::Type ptr() const { return mlir::LLVM::LLVMPointerType::get(ctx_); }
  mlir::Type i8() const { return b_.getI8Type(); }
  mlir::Type i32() const { return b_.getI32Type(); }
  mlir::Type i64() const { return b_.getI64Type(); }

  mlir::Value c(mlir::Type t, int64_t v) const {
    return mlir::LLVM::ConstantOp::create(b_, loc_, t, b_.getIntegerAttr(t, v));
  }
  mlir::Value element(mlir::Value base, mlir::Type elem, mlir::Value index) const {
    return mlir::LLVM::GEPOp::create(b_, loc_, ptr(), elem, base, mlir::ValueRange{index});
  }
  mlir::Value load(mlir::Type t, mlir::Value base, mlir::Value index) const {
    return mlir::LLVM::LoadOp::create(b_, loc_, t, element(base, t, index));
  }
  void store(mlir::Value v, mlir::Value base, mlir::Value index) const {
    mlir::LLVM::StoreOp::create(b_, loc_, v, element(base, v.getType(), index));
  }

  // 1 if the row is valid: the validity buffer is absent or holds a nonzero byte.
  mlir::Value is_valid(mlir::Value valid_ptr, mlir::Value row) const {
    mlir::Value null = mlir::LLVM::ZeroOp::create(b_, loc_, ptr());
    mlir::Value absent = mlir::LLVM::ICmpOp::create(b_, loc_, mlir::LLVM::ICmpPredicate::eq, valid_ptr, null);
    auto branch = mlir::scf::IfOp::create(b_, loc_, b_.getI1Type(), absent, /*withElse=*/true);
    {
      mlir::OpBuilder::InsertionGuard g(b_);
      b_.setInsertionPointToStart(&branch.getThenRegion().front());
      mlir::scf::YieldOp::create(b_, loc_, mlir::ValueRange{mlir::arith::ConstantOp::create(b_, loc_, b_.getBoolAttr(true)).getResult()});
      b_.setInsertionPointToStart(&branch.getElseRegion().front());
      mlir::Value byte = load(i8(), valid_ptr, row);
      mlir::Value set = mlir::LLVM::ICmpOp::create(b_, loc_, mlir::LLVM::ICmpPredicate::ne, byte, c(i8(), 0));
      mlir::scf::YieldOp::create(b_, loc_, mlir::ValueRange{set});
    }
    return branch.getResult(0);
  }

  void store_null_result(mlir::Value row) const {
    store(c(i8(), 0), param(ParamKind::OutValid), row);
    if (spec_.result == SqlType::String) store(c(i32(), 0), param(ParamKind::OutLengths), row);
  }

  // Loads the arguments, calls the row function, stores result and status.
  mlir::LogicalResult emit_call(mlir::LLVM::LLVMFuncOp row_fn, mlir::Value context, mlir::Value row,
                                std::string& error) const {
    llvm::SmallVector<mlir::Value> call_args;
    if (spec_.compared) {
      call_args.push_back(local_);
      if (row_.result == SqlType::String) call_args.push_back(local_length_);
    } else if (spec_.result == SqlType::String) {
      mlir::Value offset = load(i64(), param(ParamKind::OutOffsets), row);
      call_args.push_back(element(param(ParamKind::OutBytes), i8(), offset));
      call_args.push_back(element(param(ParamKind::OutLengths), i32(), row));
    } else {
      call_args.push_back(element(param(ParamKind::OutData), value_type(ctx_, spec_.result), row));
    }
    for (int32_t i = 0; i < static_cast<int32_t>(row_.args.size()); ++i) {
      const fn::ArgSpec& a = row_.args[i];
      if (a.constant) {
        if (a.type == SqlType::String) {
          call_args.push_back(param(ParamKind::ConstBytes, i));
          call_args.push_back(param(ParamKind::ConstLength, i));
        } else {
          call_args.push_back(param(ParamKind::ConstValue, i));
        }
        continue;
      }
      if (a.type == SqlType::String) {
        mlir::Value offset = load(i64(), param(ParamKind::ArgOffsets, i), row);
        call_args.push_back(element(param(ParamKind::ArgBytes, i), i8(), offset));
        call_args.push_back(load(i32(), param(ParamKind::ArgLengths, i), row));
      } else {
        call_args.push_back(load(value_type(ctx_, a.type), param(ParamKind::ArgData, i), row));
      }
      if (row_.nulls == fn::NullRule::Custom) {
        mlir::Value valid = is_valid(param(ParamKind::ArgValid, i), row);
        mlir::Value is_null = mlir::arith::XOrIOp::create(
            b_, loc_, valid, mlir::arith::ConstantOp::create(b_, loc_, b_.getBoolAttr(true)));
        call_args.push_back(mlir::arith::ExtUIOp::create(b_, loc_, i8(), is_null));
      }
    }
    if (row_.uses_context) call_args.push_back(context);

    auto fn_type = row_fn.getFunctionType();
    if (fn_type.getNumParams() != call_args.size()) {
      error = "row function '" + std::string(spec_.symbol) + "' takes " + std::to_string(fn_type.getNumParams()) +
              " parameters but the registry entry implies " + std::to_string(call_args.size());
      return mlir::failure();
    }
    for (unsigned i = 0; i < call_args.size(); ++i)
      if (fn_type.getParamType(i) != call_args[i].getType()) {
        error = "row function '" + std::string(spec_.symbol) + "' parameter " + std::to_string(i) +
                " has a type the registry entry does not imply";
        return mlir::failure();
      }
    if (fn_type.getReturnType() != i32()) {
      error = "row function '" + std::string(spec_.symbol) + "' must return int32_t (a Status)";
      return mlir::failure();
    }

    mlir::Value status = mlir::LLVM::CallOp::create(b_, loc_, row_fn, call_args).getResult();
    mlir::Value ok = mlir::LLVM::ICmpOp::create(b_, loc_, mlir::LLVM::ICmpPredicate::eq, status, c(i32(), 0));
    store(mlir::LLVM::ZExtOp::create(b_, loc_, i8(), ok), param(ParamKind::OutValid), row);
    if (spec_.compared) {
      if (mlir::failed(emit_comparison(ok, row, error))) return mlir::failure();
    } else if (spec_.result == SqlType::String) {
      auto not_ok = mlir::scf::IfOp::create(b_, loc_, mlir::arith::XOrIOp::create(
          b_, loc_, ok, mlir::arith::ConstantOp::create(b_, loc_, b_.getBoolAttr(true))), false);
      mlir::OpBuilder::InsertionGuard g(b_);
      b_.setInsertionPointToStart(&not_ok.getThenRegion().front());
      store(c(i32(), 0), param(ParamKind::OutLengths), row);
    }
    mlir::Value failed = mlir::LLVM::ICmpOp::create(b_, loc_, mlir::LLVM::ICmpPredicate::sge, status,
                                                    c(i32(), fn::kFirstError));
    auto on_error = mlir::scf::IfOp::create(b_, loc_, failed, false);
    mlir::OpBuilder::InsertionGuard g(b_);
    b_.setInsertionPointToStart(&on_error.getThenRegion().front());
    mlir::Value shifted = mlir::LLVM::ShlOp::create(b_, loc_, row, c(i64(), 8));
    mlir::Value packed = mlir::LLVM::OrOp::create(b_, loc_, shifted, mlir::LLVM::ZExtOp::create(b_, loc_, i64(), status));
    // The slot only decreases, so a row whose error is not below its current value cannot be the first: it
    // skips the atomic. Where every row fails, the rows would otherwise queue on one word (12 ms for 2^24 rows
    // on the H200, against 0.1 ms).
    mlir::Value slot = param(ParamKind::ErrorSlot);
    mlir::Value current = mlir::LLVM::LoadOp::create(b_, loc_, i64(), slot, /*alignment=*/8, /*isVolatile=*/false,
                                                     /*isNonTemporal=*/false, /*isInvariant=*/false,
                                                     /*isInvariantGroup=*/false, mlir::LLVM::AtomicOrdering::monotonic);
    mlir::Value lower = mlir::LLVM::ICmpOp::create(b_, loc_, mlir::LLVM::ICmpPredicate::slt, packed, current);
    auto if_lower = mlir::scf::IfOp::create(b_, loc_, lower, false);
    b_.setInsertionPointToStart(&if_lower.getThenRegion().front());
    mlir::LLVM::AtomicRMWOp::create(b_, loc_, mlir::LLVM::AtomicBinOp::min, slot, packed,
                                    mlir::LLVM::AtomicOrdering::monotonic);
    return mlir::success();
  }

  // Where the row function succeeded, compares its local result with the operand (tsf_compare_<abi> of
  // predicate.hpp) and stores the boolean; elsewhere stores 0 (the row is NULL or failed).
  mlir::LogicalResult emit_comparison(mlir::Value ok, mlir::Value row, std::string& error) const {
    const char abi = fn::abi_char(row_.result);
    const std::string name = std::string("tsf_compare_") + (row_.result == SqlType::String ? 's' : abi);
    auto module = b_.getInsertionBlock()->getParentOp()->getParentOfType<mlir::ModuleOp>();
    auto compare = module.lookupSymbol<mlir::LLVM::LLVMFuncOp>(name);
    if (!compare || compare.isExternal()) {
      error = "'" + name + "' (functions/src/predicate/compare.cpp) is not among the compiled sources";
      return mlir::failure();
    }
    const int32_t op_arg = static_cast<int32_t>(row_.args.size());
    auto branch = mlir::scf::IfOp::create(b_, loc_, ok, /*withElse=*/true);
    mlir::OpBuilder::InsertionGuard g(b_);
    b_.setInsertionPointToStart(&branch.getThenRegion().front());
    llvm::SmallVector<mlir::Value> args;
    if (row_.result == SqlType::String) {
      args.push_back(local_);
      args.push_back(mlir::LLVM::LoadOp::create(b_, loc_, i32(), local_length_));
    } else {
      args.push_back(mlir::LLVM::LoadOp::create(b_, loc_, value_type(ctx_, row_.result), local_));
    }
    args.push_back(param(ParamKind::ConstValue, op_arg));
    args.push_back(param(ParamKind::ConstBytes, op_arg + 1));
    args.push_back(param(ParamKind::ConstLength, op_arg + 1));
    mlir::Value holds = mlir::LLVM::CallOp::create(b_, loc_, compare, args).getResult();
    store(holds, param(ParamKind::OutData), row);
    b_.setInsertionPointToStart(&branch.getElseRegion().front());
    store(c(i8(), 0), param(ParamKind::OutData), row);
    return mlir::success();
  }

 private:
  mlir::OpBuilder& b_;
  mlir::Location loc_;
  const FunctionSpec& spec_;
  const FunctionSpec& row_;  // whose row function the kernel calls: spec_, or the function a predicate compares
  mlir::Value local_, local_length_;
  const std::vector<fn::KernelParam>& params_;
  mlir::ValueRange args_;
  mlir::MLIRContext* ctx_;
};

// `tessera.string_columns`: [bytes, offsets, lengths, is_output] parameter indices of every string
// column (arguments, then a string result), for tessera-stage-string-rows. `keep` maps a parameter of
// `params` to its index in the kernel (-1 if a specialisation removed it).
mlir::ArrayAttr string_columns(mlir::OpBuilder& b, const std::vector<fn::KernelParam>& params,
                               const std::vector<int64_t>& keep) {
  auto find = [&](ParamKind kind, int32_t arg) -> int64_t {
    for (size_t i = 0; i < params.size(); ++i)
      if (params[i].kind == kind && params[i].arg == arg) return keep[i];
    return -1;
  };
  llvm::SmallVector<mlir::Attribute> columns;
  auto add = [&](ParamKind bytes, ParamKind offsets, ParamKind lengths, int32_t arg, bool output) {
    const int64_t triple[4] = {find(bytes, arg), find(offsets, arg), find(lengths, arg), output ? 1 : 0};
    if (triple[0] >= 0 && triple[1] >= 0 && triple[2] >= 0) columns.push_back(b.getDenseI64ArrayAttr(triple));
  };
  for (const fn::KernelParam& p : params)
    if (p.kind == ParamKind::ArgBytes) add(ParamKind::ArgBytes, ParamKind::ArgOffsets, ParamKind::ArgLengths, p.arg, false);
  add(ParamKind::OutBytes, ParamKind::OutOffsets, ParamKind::OutLengths, -1, true);
  return b.getArrayAttr(columns);
}

std::vector<int64_t> identity(size_t n) {
  std::vector<int64_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<int64_t>(i);
  return v;
}

}  // namespace

mlir::func::FuncOp build_column_kernel(mlir::ModuleOp module, const FunctionSpec& spec, std::string& error) {
  mlir::MLIRContext* ctx = module.getContext();
  auto row_fn = module.lookupSymbol<mlir::LLVM::LLVMFuncOp>(spec.symbol);
  if (!row_fn || row_fn.isExternal()) {
    error = "row function '" + std::string(spec.symbol) + "' has no definition in the compiled sources";
    return nullptr;
  }
  // The symbols the kernel, its CPU entry and its GPU specialisations will take must be free: a function of
  // the sources named tk_<kernel> (a UDF's symbol may be) would be found in the kernel's place by the later
  // stages (tessera-cc crashed in build_cpu_entry).
  std::vector<std::string> symbols = {kernel_symbol(spec), cpu_entry_symbol(spec)};
  for (const fn::Specialization& s : fn::planned_specializations(spec))
    symbols.push_back(kernel_symbol(spec) + fn::specialization_suffix(spec, s));
  for (const std::string& name : symbols)
    if (module.lookupSymbol(name)) {
      error = "'" + name + "', a symbol of the kernel, is already defined in the sources (rename that function)";
      return nullptr;
    }
  const std::vector<fn::KernelParam> params = fn::kernel_params(spec);
  llvm::SmallVector<mlir::Type> types;
  for (const fn::KernelParam& p : params) types.push_back(abi_type(ctx, p.abi));

  mlir::OpBuilder b(ctx);
  b.setInsertionPointToEnd(module.getBody());
  const mlir::Location loc = mlir::NameLoc::get(b.getStringAttr(kernel_symbol(spec)));
  auto kernel = mlir::func::FuncOp::create(b, loc, kernel_symbol(spec), b.getFunctionType(types, {}));
  kernel->setAttr("tessera.kernel", b.getUnitAttr());
  kernel->setAttr("tessera.spec", b.getStringAttr(spec.kernel));
  if (mlir::ArrayAttr columns = string_columns(b, params, identity(params.size())); !columns.empty())
    kernel->setAttr("tessera.string_columns", columns);
  mlir::Block* entry = kernel.addEntryBlock();
  b.setInsertionPointToStart(entry);
  RowEmitter emit(b, loc, spec, params, entry->getArguments());
  emit.allocate_local_result();
  if (spec.compared) kernel->setAttr("tessera.predicate", b.getUnitAttr());

  // The session context is built once per kernel invocation (per thread on
  // the GPU) from its four scalar parameters.
  mlir::Value context;
  if (spec.uses_context) {
    auto struct_type = mlir::LLVM::LLVMStructType::getLiteral(ctx, {emit.i32(), emit.i32(), emit.i32(), emit.i32()});
    context = mlir::LLVM::AllocaOp::create(b, loc, emit.ptr(), struct_type, emit.c(emit.i32(), 1), 16);
    for (int32_t f = 0; f < 4; ++f) {
      mlir::Value field = mlir::LLVM::GEPOp::create(b, loc, emit.ptr(), struct_type, context,
                                                    llvm::ArrayRef<mlir::LLVM::GEPArg>{0, f});
      mlir::LLVM::StoreOp::create(b, loc, emit.param(ParamKind::ContextField, f), field);
    }
  }
  mlir::Value lb = mlir::arith::IndexCastOp::create(b, loc, b.getIndexType(), emit.param(ParamKind::Begin));
  mlir::Value ub = mlir::arith::IndexCastOp::create(b, loc, b.getIndexType(), emit.param(ParamKind::End));
  mlir::Value one = mlir::arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = mlir::scf::ParallelOp::create(b, loc, mlir::ValueRange{lb}, mlir::ValueRange{ub}, mlir::ValueRange{one});
  b.setInsertionPointToStart(loop.getBody());
  mlir::Value row = mlir::arith::IndexCastOp::create(b, loc, emit.i64(), loop.getInductionVars()[0]);

  mlir::LogicalResult emitted = mlir::success();
  if (spec.nulls == fn::NullRule::Propagate) {
    mlir::Value all_valid = mlir::arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    for (int32_t i = 0; i < static_cast<int32_t>(spec.args.size()); ++i)
      if (!spec.args[i].constant)
        all_valid = mlir::arith::AndIOp::create(b, loc, all_valid, emit.is_valid(emit.param(ParamKind::ArgValid, i), row));
    auto branch = mlir::scf::IfOp::create(b, loc, all_valid, /*withElse=*/true);
    b.setInsertionPointToStart(&branch.getThenRegion().front());
    emitted = emit.emit_call(row_fn, context, row, error);
    b.setInsertionPointToStart(&branch.getElseRegion().front());
    emit.store_null_result(row);
  } else {
    emitted = emit.emit_call(row_fn, context, row, error);
  }
  b.setInsertionPointToEnd(entry);
  mlir::func::ReturnOp::create(b, loc);
  if (mlir::failed(emitted)) {
    kernel.erase();
    return nullptr;
  }
  return kernel;
}

mlir::func::FuncOp build_specialized_kernel(mlir::ModuleOp module, mlir::func::FuncOp kernel,
                                            const FunctionSpec& spec, const fn::Specialization& s) {
  mlir::OpBuilder b(module.getContext());
  b.setInsertionPointAfter(kernel);
  auto variant = mlir::cast<mlir::func::FuncOp>(b.clone(*kernel));
  variant.setSymName(kernel_symbol(spec) + fn::specialization_suffix(spec, s));
  variant->setAttr("tessera.specialization", b.getStringAttr(fn::specialization_suffix(spec, s)));
  mlir::Block& entry = variant.getBody().front();
  b.setInsertionPointToStart(&entry);
  const fn::SessionContext defaults;
  const int64_t context[4] = {defaults.datefirst, defaults.dateformat, defaults.language,
                              static_cast<int64_t>(defaults.collation)};
  const std::vector<fn::KernelParam> params = fn::kernel_params(spec);
  llvm::BitVector erase(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    if (!s.removes(params[i])) continue;
    int64_t value = 0;
    if (params[i].kind == ParamKind::ContextField) {
      value = context[params[i].arg];
    } else {
      for (const auto& [arg, v] : s.constants)
        if (arg == params[i].arg) value = v;
    }
    mlir::Value arg = entry.getArgument(i);
    mlir::Value c = mlir::LLVM::ConstantOp::create(b, variant.getLoc(), arg.getType(),
                                                   b.getIntegerAttr(arg.getType(), value));
    arg.replaceAllUsesWith(c);
    erase.set(i);
  }
  (void)variant.eraseArguments(erase);
  std::vector<int64_t> keep(params.size(), -1);
  for (size_t i = 0, kept = 0; i < params.size(); ++i)
    if (!erase.test(i)) keep[i] = static_cast<int64_t>(kept++);
  if (mlir::ArrayAttr columns = string_columns(b, params, keep); !columns.empty())
    variant->setAttr("tessera.string_columns", columns);
  return variant;
}

void build_cpu_entry(mlir::ModuleOp module, const FunctionSpec& spec, mlir::func::FuncOp kernel) {
  mlir::MLIRContext* ctx = module.getContext();
  mlir::OpBuilder b(ctx);
  b.setInsertionPointToEnd(module.getBody());
  const mlir::Location loc = kernel.getLoc();
  mlir::Type ptr = mlir::LLVM::LLVMPointerType::get(ctx);
  auto entry_fn = mlir::func::FuncOp::create(b, loc, cpu_entry_symbol(spec),
                                             b.getFunctionType({ptr, b.getI64Type(), b.getI64Type()}, {}));
  mlir::Block* entry = entry_fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  const std::vector<fn::KernelParam> params = fn::kernel_params(spec);
  llvm::SmallVector<mlir::Value> args;
  int32_t slot = 0;
  for (const fn::KernelParam& p : params) {
    if (p.kind == ParamKind::Begin) { args.push_back(entry->getArgument(1)); continue; }
    if (p.kind == ParamKind::End) { args.push_back(entry->getArgument(2)); continue; }
    mlir::Value index = mlir::LLVM::ConstantOp::create(b, loc, b.getI64Type(), b.getI64IntegerAttr(slot++));
    mlir::Value addr = mlir::LLVM::GEPOp::create(b, loc, ptr, b.getI64Type(), entry->getArgument(0), mlir::ValueRange{index});
    mlir::Value raw = mlir::LLVM::LoadOp::create(b, loc, b.getI64Type(), addr);
    mlir::Value v;
    switch (p.abi) {
      case 'p': v = mlir::LLVM::IntToPtrOp::create(b, loc, ptr, raw); break;
      case 'b': v = mlir::LLVM::TruncOp::create(b, loc, b.getI8Type(), raw); break;
      case 'i': v = mlir::LLVM::TruncOp::create(b, loc, b.getI32Type(), raw); break;
      case 'l': v = raw; break;
      default: v = mlir::LLVM::BitcastOp::create(b, loc, b.getF64Type(), raw); break;
    }
    args.push_back(v);
  }
  mlir::func::CallOp::create(b, loc, kernel, args);
  mlir::func::ReturnOp::create(b, loc);
}

}  // namespace tessera::compiler
