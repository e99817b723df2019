// tessera-opt: runs any single Tessera or upstream pass, for lit tests.
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "tessera/compiler/Pipeline.h"

int main(int argc, char** argv) {
  mlir::DialectRegistry registry;
  tessera::compiler::register_dialects(registry);
  tessera::compiler::register_passes();
  return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, "Tessera optimizer driver\n", registry));
}
