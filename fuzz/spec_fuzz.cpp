// libFuzzer target: tessera-cc's UDF spec reader (docs/UDF.md), the JSON a user writes to declare row
// functions. The bytes go to parse_udf_spec, what load_udf_spec runs on a file's text; the reader is built
// as tessera-cc builds it (no exceptions: a nlohmann::json exception is an abort there, and so here).
// false with "path: what is wrong" is a rejected spec. A crash, a sanitizer report, any exception, an empty
// or unnamed error, or an accepted spec that breaks a rule the compiler relies on (checked below: what it
// turns into symbols, what the runtime sizes buffers from) is a bug.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <limits>
#include <set>
#include <string>
#include <string_view>

#include "tessera/compiler/UdfSpec.h"

namespace {

using tessera::compiler::OwnedSpec;
namespace fn = tessera::fn;

[[noreturn]] void bug(const std::string& what) {
  std::fprintf(stderr, "spec_fuzz: %s\n", what.c_str());
  std::abort();
}

bool is_identifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s)
    if (!(c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  return true;
}

// The view points at the owned string (OwnedSpec's deque keeps it in place), not at a copy that is gone.
void check_view(std::string_view view, const std::string& owned, const char* what) {
  if (view.data() != owned.data() || view.size() != owned.size()) bug(std::string(what) + " does not view its owned string");
}

// The rules of docs/UDF.md an accepted function satisfies.
void check_accepted(const OwnedSpec& o, std::set<std::string>& kernels) {
  const fn::FunctionSpec& s = o.spec;
  check_view(s.sql_name, o.sql_name, "sql_name");
  check_view(s.kernel, o.kernel, "kernel");
  check_view(s.symbol, o.symbol, "symbol");
  check_view(s.summary, o.summary, "summary");
  for (const std::string* name : {&o.sql_name, &o.kernel, &o.symbol})
    if (!is_identifier(*name)) bug("accepted a name that is not an identifier: '" + *name + "'");
  if (!kernels.insert(o.kernel).second) bug("accepted kernel id '" + o.kernel + "' twice");
  if (s.args.data() != o.args.data() || s.args.size() != o.args.size() || o.arg_names.size() != o.args.size() ||
      o.specialize.size() != o.args.size())
    bug("the spec's arguments are not its owned ones");
  if (o.args.size() > size_t(fn::kMaxArgs)) bug("accepted more than kMaxArgs arguments");
  if (s.max_length || s.invoke) bug("a UDF with a library-only callback");
  std::set<std::string_view> names;
  for (size_t i = 0; i < o.args.size(); ++i) {
    const fn::ArgSpec& a = o.args[i];
    check_view(a.name, o.arg_names[i], "an argument's name");
    // Argument names become part of specialised kernels' symbols (tk_<kernel>__<name>_<value>).
    if (!is_identifier(a.name)) bug("accepted an argument name that is not an identifier: '" + o.arg_names[i] + "'");
    if (!names.insert(a.name).second) bug("accepted argument name '" + o.arg_names[i] + "' twice");
    if (a.specialize.data() != o.specialize[i].data() || a.specialize.size() != o.specialize[i].size())
      bug("specialize does not view its owned values");
    if (a.specialize.empty()) continue;
    // A specialisation sinks the value into the kernel as an integer parameter of the argument's C type.
    const char abi = fn::abi_char(a.type);
    if (!a.constant || (abi != 'b' && abi != 'i' && abi != 'l'))
      bug("accepted specialize on argument '" + o.arg_names[i] + "', not an integer constant");
    const int64_t lo = abi == 'b' ? 0 : abi == 'i' ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int64_t>::min();
    const int64_t hi = abi == 'b' ? 1 : abi == 'i' ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int64_t>::max();
    std::set<int64_t> values;
    for (int64_t v : a.specialize) {
      if (v < lo || v > hi) bug("accepted a specialize value outside its argument's type: " + std::to_string(v));
      if (!values.insert(v).second) bug("accepted specialize value " + std::to_string(v) + " twice");
    }
  }
  if (s.result != fn::SqlType::String) {
    if (o.length.constant != 0 || !o.length.plus_arg_lengths.empty()) bug("a length rule on a non-string result");
    return;
  }
  // The runtime adds the constant and the named lengths in int64 for every row.
  if (o.length.constant < std::numeric_limits<int32_t>::min() || o.length.constant > std::numeric_limits<int32_t>::max())
    bug("accepted a max_length constant outside int32: " + std::to_string(o.length.constant));
  for (int32_t i : o.length.plus_arg_lengths)
    if (i < 0 || size_t(i) >= o.args.size() || o.args[i].type != fn::SqlType::String)
      bug("accepted plus_arg_lengths index " + std::to_string(i) + ", not a string argument");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = "fuzz.json";
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::deque<OwnedSpec> specs;
  std::string error;
  try {
    if (!tessera::compiler::parse_udf_spec(text, path, specs, error)) {
      if (error.size() <= path.size() + 2 || error.compare(0, path.size() + 2, path + ": ") != 0)
        bug("a rejected spec without a 'path: what' error: '" + error + "'");
      return 0;
    }
    std::set<std::string> kernels;
    for (const OwnedSpec& o : specs) check_accepted(o, kernels);
  } catch (const std::exception& e) {
    bug(std::string("an exception escaped the reader: ") + e.what());
  } catch (...) {
    bug("an exception of unknown type escaped the reader");
  }
  return 0;
}
