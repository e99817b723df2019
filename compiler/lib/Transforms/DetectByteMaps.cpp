// tessera-detect-byte-maps: see Passes.td. The proof runs in LLVM IR, where LLVM's simplification,
// LoopInfo and ScalarEvolution exist; the MLIR function only receives the result.
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_DETECTBYTEMAPS
#include "tessera/compiler/Passes.h.inc"

namespace {

constexpr const char* kAsciiSuffix = ".tessera.ascii";

// (ptr out, ptr out_len, ptr s, i32 n) -> i32: the row function of a one-string, string-result function.
bool has_string_map_signature(mlir::LLVM::LLVMFuncOp fn) {
  mlir::LLVM::LLVMFunctionType t = fn.getFunctionType();
  if (t.isVarArg() || t.getNumParams() != 4 || !t.getReturnType().isInteger(32)) return false;
  for (unsigned i = 0; i < 3; ++i)
    if (!mlir::isa<mlir::LLVM::LLVMPointerType>(t.getParamType(i))) return false;
  return t.getParamType(3).isInteger(32);
}

// The copy of `f` under the ASCII assumption: every byte loaded through s is below 0x80.
llvm::Function* ascii_version(llvm::Function& f) {
  llvm::ValueToValueMapTy map;
  llvm::Function* g = llvm::CloneFunction(&f, map);
  g->setName(f.getName() + kAsciiSuffix);
  g->setLinkage(llvm::GlobalValue::ExternalLinkage);  // kept by the module passes
  for (unsigned a = 0; a < 3; ++a) g->addParamAttr(a, llvm::Attribute::NoAlias);
  llvm::Argument* s = g->getArg(2);
  llvm::SmallVector<llvm::LoadInst*> loads;
  for (llvm::BasicBlock& bb : *g)
    for (llvm::Instruction& i : bb)
      if (auto* l = llvm::dyn_cast<llvm::LoadInst>(&i))
        if (l->getType()->isIntegerTy(8) && llvm::getUnderlyingObject(l->getPointerOperand()) == s) loads.push_back(l);
  for (llvm::LoadInst* l : loads) {
    llvm::IRBuilder<> b(l->getNextNode());
    b.CreateAssumption(b.CreateICmpULT(l, b.getInt8(0x80)));
  }
  return g;
}

// LLVM's simplification (inlining, SROA, instcombine, loop canonicalisation, IndVarSimplify) without the
// transformations that would hide the loop's shape (vectorisation, unrolling).
void simplify(llvm::Module& m) {
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = false;
  tuning.SLPVectorization = false;
  tuning.LoopUnrolling = false;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(nullptr, tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cam, mam);
  pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2).run(m, mam);
}

// The proof of Passes.td on the simplified ASCII version `g`; the byte table, or nothing.
std::optional<llvm::SmallVector<int8_t>> byte_table(llvm::Function& g) {
  const llvm::DataLayout& dl = g.getDataLayout();
  llvm::FunctionAnalysisManager fam;
  llvm::PassBuilder pb;
  pb.registerFunctionAnalyses(fam);
  llvm::LoopInfo& li = fam.getResult<llvm::LoopAnalysis>(g);
  llvm::ScalarEvolution& se = fam.getResult<llvm::ScalarEvolutionAnalysis>(g);
  llvm::DominatorTree& dt = fam.getResult<llvm::DominatorTreeAnalysis>(g);
  llvm::Argument *out = g.getArg(0), *out_len = g.getArg(1), *s = g.getArg(2), *n = g.getArg(3);

  if (li.getTopLevelLoops().size() != 1) return std::nullopt;
  llvm::Loop* loop = li.getTopLevelLoops().front();
  llvm::BasicBlock* latch = loop->getLoopLatch();
  if (!loop->getSubLoops().empty() || !latch || !loop->getExitingBlock()) return std::nullopt;

  // Memory: one byte load and one byte store in the loop; one store to out_len outside; nothing else.
  llvm::LoadInst* load = nullptr;
  llvm::StoreInst *store = nullptr, *length_store = nullptr;
  for (llvm::BasicBlock& bb : g)
    for (llvm::Instruction& i : bb) {
      if (auto* r = llvm::dyn_cast<llvm::ReturnInst>(&i)) {
        auto* v = llvm::dyn_cast_or_null<llvm::ConstantInt>(r->getReturnValue());
        if (!v || !v->isZero()) return std::nullopt;
        continue;
      }
      if (llvm::isa<llvm::AssumeInst>(&i) || !i.mayReadOrWriteMemory()) continue;
      const bool in_loop = loop->contains(&bb);
      if (auto* l = llvm::dyn_cast<llvm::LoadInst>(&i); l && in_loop && !load && l->isSimple()) {
        load = l;
      } else if (auto* st = llvm::dyn_cast<llvm::StoreInst>(&i); st && st->isSimple() && in_loop && !store) {
        store = st;
      } else if (st && st->isSimple() && !in_loop && !length_store) {
        length_store = st;
      } else {
        return std::nullopt;
      }
    }
  if (!load || !store || !length_store || !load->getType()->isIntegerTy(8) ||
      !store->getValueOperand()->getType()->isIntegerTy(8) || length_store->getPointerOperand() != out_len)
    return std::nullopt;
  // Both on every iteration.
  if (!dt.dominates(load->getParent(), latch) || !dt.dominates(store->getParent(), latch)) return std::nullopt;

  // Addresses s + i and out + i, i = {0,+,1} of this loop.
  const llvm::SCEV* at_s = se.getMinusSCEV(se.getSCEV(load->getPointerOperand()), se.getSCEV(s));
  const llvm::SCEV* at_out = se.getMinusSCEV(se.getSCEV(store->getPointerOperand()), se.getSCEV(out));
  auto* rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(at_s);
  if (at_s != at_out || !rec || rec->getLoop() != loop || !rec->getStart()->isZero() || !rec->getStepRecurrence(se)->isOne())
    return std::nullopt;

  // Entered only when n > 0, and then n times.
  const llvm::SCEV* n_scev = se.getSCEV(n);
  const llvm::SCEV* zero = se.getZero(n->getType());
  if (!se.isLoopEntryGuardedByCond(loop, llvm::ICmpInst::ICMP_SGT, n_scev, zero)) return std::nullopt;
  const llvm::SCEV* taken = se.getBackedgeTakenCount(loop);
  if (llvm::isa<llvm::SCEVCouldNotCompute>(taken)) return std::nullopt;
  const llvm::SCEV* trips = se.getAddExpr(taken, se.getOne(taken->getType()));
  if (trips != se.getZeroExtendExpr(n_scev, taken->getType()) && trips != se.getSignExtendExpr(n_scev, taken->getType()) &&
      trips != se.getTruncateOrZeroExtend(n_scev, taken->getType()))
    return std::nullopt;

  // *out_len = n (max(n, 0): the same for a length), on every path to a return.
  const llvm::SCEV* length = se.getSCEV(length_store->getValueOperand());
  if (length != n_scev && length != se.getSMaxExpr(zero, n_scev)) return std::nullopt;
  for (llvm::BasicBlock& bb : g)
    if (llvm::isa<llvm::ReturnInst>(bb.getTerminator()) && !dt.dominates(length_store->getParent(), &bb))
      return std::nullopt;

  // The stored value as a function of the loaded byte alone, for each ASCII byte: walk one iteration from
  // the header to the store, taking the branches the byte takes; every value on the way must follow from
  // the byte and constants (no induction variable, argument or memory).
  llvm::SmallVector<int8_t> table;
  for (unsigned byte = 0; byte < 128; ++byte) {
    llvm::DenseMap<llvm::Value*, llvm::Constant*> known;
    llvm::DenseMap<llvm::BasicBlock*, llvm::BasicBlock*> came_from;
    known[load] = llvm::ConstantInt::get(load->getType(), byte);
    std::function<llvm::Constant*(llvm::Value*)> eval = [&](llvm::Value* v) -> llvm::Constant* {
      if (auto* c = llvm::dyn_cast<llvm::Constant>(v)) return c;
      if (llvm::Constant* c = known.lookup(v)) return c;
      auto* i = llvm::dyn_cast<llvm::Instruction>(v);
      if (!i || !loop->contains(i) || i->mayReadOrWriteMemory() || (i->getParent() == loop->getHeader() && llvm::isa<llvm::PHINode>(i)))
        return nullptr;
      llvm::Constant* r = nullptr;
      if (auto* phi = llvm::dyn_cast<llvm::PHINode>(i)) {
        llvm::BasicBlock* from = came_from.lookup(phi->getParent());
        r = from ? eval(phi->getIncomingValueForBlock(from)) : nullptr;
      } else {
        llvm::SmallVector<llvm::Constant*> ops;
        for (llvm::Value* op : i->operands()) {
          ops.push_back(eval(op));
          if (!ops.back()) return nullptr;
        }
        r = llvm::ConstantFoldInstOperands(i, ops, dl);
      }
      if (r) known[v] = r;
      return r;
    };
    llvm::BasicBlock* block = loop->getHeader();
    for (unsigned steps = 0; block != store->getParent(); ++steps) {
      llvm::BasicBlock* next = nullptr;
      if (auto* br = llvm::dyn_cast<llvm::BranchInst>(block->getTerminator())) {
        if (br->isUnconditional()) {
          next = br->getSuccessor(0);
        } else if (auto* c = llvm::dyn_cast_or_null<llvm::ConstantInt>(eval(br->getCondition()))) {
          next = br->getSuccessor(c->isZero() ? 1 : 0);
        }
      } else if (auto* sw = llvm::dyn_cast<llvm::SwitchInst>(block->getTerminator())) {
        if (auto* c = llvm::dyn_cast_or_null<llvm::ConstantInt>(eval(sw->getCondition())))
          next = sw->findCaseValue(c)->getCaseSuccessor();
      }
      if (!next || !loop->contains(next) || next == loop->getHeader() || steps > loop->getNumBlocks()) return std::nullopt;
      came_from[next] = block;
      block = next;
    }
    auto* result = llvm::dyn_cast_or_null<llvm::ConstantInt>(eval(store->getValueOperand()));
    if (!result) return std::nullopt;
    table.push_back(static_cast<int8_t>(result->getSExtValue()));
  }
  return table;
}

class DetectByteMapsPass : public impl::DetectByteMapsBase<DetectByteMapsPass> {
 public:
  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    llvm::SmallVector<mlir::LLVM::LLVMFuncOp> candidates;
    module.walk([&](mlir::LLVM::LLVMFuncOp fn) {
      if (!fn.isExternal() && has_string_map_signature(fn)) candidates.push_back(fn);
    });
    if (candidates.empty()) return;
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> ir = mlir::translateModuleToLLVMIR(module, context);
    if (!ir) return;  // nothing is proven; the functions run row by row
    llvm::SmallVector<std::pair<mlir::LLVM::LLVMFuncOp, std::string>> versions;
    for (mlir::LLVM::LLVMFuncOp fn : candidates)
      if (llvm::Function* f = ir->getFunction(fn.getSymName())) versions.push_back({fn, ascii_version(*f)->getName().str()});
    // Only the ASCII versions are read: every other definition becomes internal, so LLVM's global optimisation
    // deletes those the versions do not call before the O2 pipeline spends time on them (the whole library's
    // module took about 25 s to simplify; the versions and their callees are a small part of it).
    for (llvm::Function& f : *ir)
      if (!f.isDeclaration() && !f.getName().ends_with(kAsciiSuffix)) {
        f.setLinkage(llvm::GlobalValue::InternalLinkage);
        f.setComdat(nullptr);
      }
    simplify(*ir);
    for (auto& [fn, name] : versions) {
      llvm::Function* g = ir->getFunction(name);
      if (!g || g->isDeclaration()) continue;
      if (std::optional<llvm::SmallVector<int8_t>> table = byte_table(*g))
        fn->setAttr("tessera.byte_map", mlir::DenseI8ArrayAttr::get(&getContext(), *table));
    }
  }
};

}  // namespace
}  // namespace tessera::compiler
