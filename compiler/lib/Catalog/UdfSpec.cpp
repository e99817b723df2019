#include "tessera/compiler/UdfSpec.h"

#include <cctype>
#include <utility>

#include <nlohmann/json.hpp>

#include "llvm/Support/MemoryBuffer.h"

namespace tessera::compiler {

namespace {
bool string_field(const nlohmann::json& j, const char* key, std::string& out) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string()) return false;
  out = it->get<std::string>();
  return true;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}
}  // namespace

bool load_udf_spec(const std::string& path, std::deque<OwnedSpec>& out, std::string& error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = path + ": cannot read: " + buffer.getError().message();
    return false;
  }
  nlohmann::json doc = nlohmann::json::parse((*buffer)->getBuffer().begin(), (*buffer)->getBuffer().end(), nullptr,
                                             /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("functions") || !doc["functions"].is_array()) {
    error = path + ": expected a JSON object with a \"functions\" array";
    return false;
  }
  int index = 0;
  for (const nlohmann::json& f : doc["functions"]) {
    const std::string where = path + ": functions[" + std::to_string(index++) + "]";
    OwnedSpec& o = out.emplace_back();
    std::string result;
    if (!f.is_object() || !string_field(f, "sql_name", o.sql_name) || !string_field(f, "symbol", o.symbol) ||
        !string_field(f, "result", result)) {
      error = where + ": needs string fields \"sql_name\", \"symbol\" and \"result\"";
      return false;
    }
    if (!string_field(f, "kernel", o.kernel)) o.kernel = o.symbol;
    // The kernel id becomes part of the kernel's symbol (tk_<id>) and the symbol is a C name: both must be
    // identifiers (a '-' or a space aborted the LLVM back end; issue 12). SQL names are identifiers too.
    for (const auto& [field, value] : {std::pair<const char*, const std::string*>{"kernel", &o.kernel},
                                       {"symbol", &o.symbol}, {"sql_name", &o.sql_name}})
      if (!is_identifier(*value)) {
        error = where + ": \"" + field + "\" is '" + *value +
                "'; it must be an identifier (letters, digits and '_', not starting with a digit)";
        return false;
      }
    for (size_t k = 0; k + 1 < out.size(); ++k)
      if (out[k].kernel == o.kernel) {
        error = where + ": kernel id '" + o.kernel + "' is used twice (give one a \"kernel\" of its own)";
        return false;
      }
    string_field(f, "summary", o.summary);
    fn::SqlType result_type;
    if (!fn::parse_type_name(result, result_type)) {
      error = where + ": unknown result type '" + result + "' (bool, int32, int64, float64, date, decimal, money, string)";
      return false;
    }
    const nlohmann::json args = f.value("args", nlohmann::json::array());
    if (!args.is_array() || args.size() > size_t(fn::kMaxArgs)) {
      error = where + ": \"args\" must be an array of at most " + std::to_string(fn::kMaxArgs) + " arguments";
      return false;
    }
    o.arg_names.reserve(args.size());
    for (const nlohmann::json& a : args) {
      std::string name, type;
      fn::SqlType t;
      if (!a.is_object() || !string_field(a, "name", name) || !string_field(a, "type", type) ||
          !fn::parse_type_name(type, t)) {
        error = where + ": each argument needs a \"name\" and a known \"type\"";
        return false;
      }
      o.arg_names.push_back(name);
      std::vector<int64_t>& values = o.specialize.emplace_back();
      for (const nlohmann::json& v : a.value("specialize", nlohmann::json::array())) {
        if (!v.is_number_integer() || !a.value("constant", false)) {
          error = where + ": \"specialize\" takes integer values of a constant argument";
          return false;
        }
        values.push_back(v.get<int64_t>());
      }
      o.args.push_back({{}, t, a.value("constant", false), values});
    }
    for (size_t i = 0; i < o.args.size(); ++i) o.args[i].name = o.arg_names[i];
    const std::string nulls = f.value("nulls", std::string("propagate"));
    if (nulls != "propagate" && nulls != "custom") {
      error = where + ": \"nulls\" must be \"propagate\" or \"custom\"";
      return false;
    }
    if (result_type == fn::SqlType::String) {
      const nlohmann::json rule = f.value("max_length", nlohmann::json());
      if (!rule.is_object()) {
        error = where + ": a string result needs \"max_length\": {\"constant\": N, \"plus_arg_lengths\": [i...]}";
        return false;
      }
      o.length.constant = rule.value("constant", int64_t(0));
      for (const nlohmann::json& i : rule.value("plus_arg_lengths", nlohmann::json::array())) {
        if (!i.is_number_integer() || i.get<int>() < 0 || i.get<size_t>() >= o.args.size() ||
            o.args[i.get<int>()].type != fn::SqlType::String) {
          error = where + ": \"plus_arg_lengths\" must name string arguments by index";
          return false;
        }
        o.length.plus_arg_lengths.push_back(i.get<int>());
      }
    }
    o.spec = fn::FunctionSpec{.sql_name = o.sql_name,
                              .kernel = o.kernel,
                              .result = result_type,
                              .args = o.args,
                              .nulls = nulls == "custom" ? fn::NullRule::Custom : fn::NullRule::Propagate,
                              .uses_context = f.value("uses_context", false),
                              .summary = o.summary,
                              .symbol = o.symbol};
  }
  return true;
}

}  // namespace tessera::compiler
