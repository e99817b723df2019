// tessera-function-reference: writes the function reference (docs/FUNCTION_REFERENCE.md) from the registry.
//   tessera-function-reference              the markdown on stdout
//   tessera-function-reference -o FILE      into FILE
//   tessera-function-reference --check FILE exit 1, saying how to regenerate it, if FILE differs
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "function_reference.hpp"

namespace {
int usage() {
  std::cerr << "usage: tessera-function-reference [-o FILE | --check FILE]\n";
  return 2;
}
}  // namespace

int main(int argc, char** argv) {
  const std::string md = tessera::fn::function_reference_markdown();
  if (argc == 1) {
    std::cout << md;
    return 0;
  }
  if (argc != 3) return usage();
  const std::string flag = argv[1], path = argv[2];
  if (flag == "-o") {
    std::ofstream out(path, std::ios::binary);
    out << md;
    if (!out) {
      std::cerr << "cannot write " << path << "\n";
      return 1;
    }
    return 0;
  }
  if (flag != "--check") return usage();
  std::ifstream in(path, std::ios::binary);
  std::stringstream have;
  have << in.rdbuf();
  if (in && have.str() == md) return 0;
  // The first line that differs, so that the failure says what changed.
  std::istringstream a(have.str()), b(md);
  std::string la, lb;
  int line = 0;
  for (;;) {
    ++line;
    const bool ga = static_cast<bool>(std::getline(a, la)), gb = static_cast<bool>(std::getline(b, lb));
    if (!ga && !gb) break;
    if (!ga || !gb || la != lb) {
      std::cerr << path << ":" << line << ": committed: " << (ga ? la : "(end of file)") << "\n"
                << path << ":" << line << ": generated: " << (gb ? lb : "(end of file)") << "\n";
      break;
    }
  }
  std::cerr << path << " is out of date with the function registry; regenerate it from the repository root with\n  "
            << tessera::fn::kFunctionReferenceCommand << "\n";
  return 1;
}
