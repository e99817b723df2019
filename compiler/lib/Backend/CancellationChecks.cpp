// Cancellation checks in user functions (issue 36): a user's C++ can loop forever on some input, and a statement
// must still stop on Ctrl-C, a time limit or a client's cancel. Every loop back edge of the compiled user code
// reads a flag, `__tessera_cancel` (an i32 the module defines; the runtime finds it with dlsym on the CPU and
// cuModuleGetGlobal on the GPU and sets it while a statement is being stopped), and when it is set the function
// returns at once. What it returns then is not a result: the engine knows the statement was stopped and throws
// before anything reads the output. Only functions returning nothing, an integer or a floating-point value are
// checked (a pointer returned early could be dereferenced by its caller); after O3 a user's row function is
// inlined into its kernel, whose loops are then checked.
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/ADT/SetVector.h"
#include "tessera/compiler/Backend.h"

namespace tessera::compiler {

void insert_cancellation_checks(llvm::Module& module, unsigned flag_address_space) {
  llvm::LLVMContext& ctx = module.getContext();
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  auto* flag = new llvm::GlobalVariable(module, i32, /*isConstant=*/false, llvm::GlobalValue::ExternalLinkage,
                                        llvm::ConstantInt::get(i32, 0), kCancelFlagSymbol, nullptr,
                                        llvm::GlobalValue::NotThreadLocal, flag_address_space);
  flag->setAlignment(llvm::Align(4));
  llvm::MDNode* unlikely = llvm::MDBuilder(ctx).createBranchWeights(1, 1u << 20);
  for (llvm::Function& f : module) {
    if (f.isDeclaration()) continue;
    llvm::Type* result = f.getReturnType();
    if (!result->isVoidTy() && !result->isIntegerTy() && !result->isFloatingPointTy()) continue;
    llvm::DominatorTree dt(f);
    llvm::LoopInfo loops(dt);
    llvm::SmallSetVector<llvm::BasicBlock*, 8> latches;
    for (llvm::Loop* l : loops.getLoopsInPreorder()) {
      llvm::SmallVector<llvm::BasicBlock*, 4> ls;
      l->getLoopLatches(ls);
      latches.insert(ls.begin(), ls.end());
    }
    if (latches.empty()) continue;
    llvm::BasicBlock* stopped = llvm::BasicBlock::Create(ctx, "tessera.cancelled", &f);
    llvm::IRBuilder<> eb(stopped);
    if (result->isVoidTy()) eb.CreateRetVoid();
    else eb.CreateRet(llvm::Constant::getNullValue(result));
    for (llvm::BasicBlock* latch : latches) {
      // latch: ...; check the flag; go on to the original back edge (now in `rest`) or return.
      llvm::BasicBlock* rest = latch->splitBasicBlock(latch->getTerminator(), "tessera.continue");
      latch->getTerminator()->eraseFromParent();
      llvm::IRBuilder<> b(latch);
      llvm::Value* set = b.CreateICmpNE(b.CreateLoad(i32, flag, /*isVolatile=*/true, "cancel"), b.getInt32(0));
      b.CreateCondBr(set, stopped, rest, unlikely);
    }
  }
}

}  // namespace tessera::compiler
