#include "tessera/compiler/UdfSpec.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <utility>

#include <nlohmann/json.hpp>

namespace tessera::compiler {

namespace {

using nlohmann::json;

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

std::string identifier_error(const char* field, const std::string& value) {
  return std::string("\"") + field + "\" is '" + value +
         "'; it must be an identifier (letters, digits and '_', not starting with a digit)";
}

// Field readers. tessera-cc is built without exceptions, so nlohmann's accessors that throw on a value of the
// wrong type (value(), get<T>()) would abort it: every value's type is checked before it is read. A reader
// leaves `out` as it is when the field is absent and returns false when the field has the wrong type.
const json* member(const json& object, const char* key) {
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

bool read_string(const json& object, const char* key, std::string& out) {
  const json* v = member(object, key);
  if (v && !v->is_string()) return false;
  if (v) out = v->get_ref<const std::string&>();
  return true;
}

bool read_bool(const json& object, const char* key, bool& out) {
  const json* v = member(object, key);
  if (v && !v->is_boolean()) return false;
  if (v) out = v->get<bool>();
  return true;
}

// An integer (no fraction, no exponent) in [lo, hi]. nlohmann keeps non-negative integers unsigned.
bool integer_in(const json& v, int64_t lo, int64_t hi, int64_t& out) {
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return false;
    out = static_cast<int64_t>(u);
  } else if (v.is_number_integer()) {
    out = v.get<int64_t>();
  } else {
    return false;
  }
  return out >= lo && out <= hi;
}

// The values an integer-typed argument's C parameter holds (what a specialised kernel sinks into it);
// false for types that are not integers in the kernel ABI (float64, string).
bool integer_range(fn::SqlType t, int64_t& lo, int64_t& hi) {
  switch (fn::abi_char(t)) {
    case 'b': lo = 0, hi = 1; return true;
    case 'i': lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max(); return true;
    case 'l': lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max(); return true;
    default: return false;
  }
}

// One element of "args" into o (its name, ArgSpec and specialize values); false with the rule in `error`.
bool parse_arg(const json& a, OwnedSpec& o, std::string& error) {
  std::string name, type;
  fn::SqlType t;
  if (!a.is_object() || !read_string(a, "name", name) || !read_string(a, "type", type) || name.empty() ||
      !fn::parse_type_name(type, t)) {
    error = "each argument needs a \"name\" and a known \"type\"";
    return false;
  }
  // Names become part of specialised kernels' symbols (tk_<kernel>__<name>_<value>), so they are identifiers
  // and distinct, like the kernel id.
  if (!is_identifier(name)) {
    error = identifier_error("name", name);
    return false;
  }
  for (const std::string& other : o.arg_names)
    if (other == name) {
      error = "argument name '" + name + "' is used twice";
      return false;
    }
  bool constant = false;
  if (!read_bool(a, "constant", constant)) {
    error = "argument '" + name + "': \"constant\" must be true or false";
    return false;
  }
  std::vector<int64_t>& values = o.specialize.emplace_back();
  if (const json* list = member(a, "specialize")) {
    int64_t lo = 0, hi = 0;
    if (!list->is_array() || !constant || !integer_range(t, lo, hi)) {
      error = "argument '" + name +
              "': \"specialize\" is a list of values of a constant argument of an integer type (not float64 or string)";
      return false;
    }
    for (const json& v : *list) {
      int64_t value = 0;
      if (!integer_in(v, lo, hi, value)) {
        error = "argument '" + name + "': \"specialize\" value " + v.dump() + " is not an integer its type " + type +
                " holds";
        return false;
      }
      for (int64_t seen : values)
        if (seen == value) {
          error = "argument '" + name + "': \"specialize\" lists " + std::to_string(value) + " twice";
          return false;
        }
      values.push_back(value);
    }
  }
  o.arg_names.push_back(name);
  o.args.push_back({{}, t, constant, values});
  return true;
}

// A string result's "max_length": {"constant": N, "plus_arg_lengths": [i, ...]}. The constant is bounded so
// that the runtime's sum (constant plus up to kMaxArgs lengths, per row) cannot overflow.
bool parse_length_rule(const json& f, OwnedSpec& o, std::string& error) {
  const std::string form = "a string result needs \"max_length\": {\"constant\": N, \"plus_arg_lengths\": [i...]}";
  const json* rule = member(f, "max_length");
  if (!rule || !rule->is_object()) {
    error = form;
    return false;
  }
  if (const json* c = member(*rule, "constant"))
    if (!integer_in(*c, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), o.length.constant)) {
      error = "\"max_length\": \"constant\" must be an integer from -2147483648 to 2147483647";
      return false;
    }
  const json* lengths = member(*rule, "plus_arg_lengths");
  if (!lengths) return true;
  if (!lengths->is_array()) {
    error = form;
    return false;
  }
  for (const json& i : *lengths) {
    int64_t index = 0;
    if (!integer_in(i, 0, static_cast<int64_t>(o.args.size()) - 1, index) || o.args[index].type != fn::SqlType::String) {
      error = "\"plus_arg_lengths\" must name string arguments by index";
      return false;
    }
    o.length.plus_arg_lengths.push_back(static_cast<int32_t>(index));
  }
  return true;
}

// One element of "functions" into o, the last of `all`; false with the rule in `error`.
bool parse_function(const json& f, const std::deque<OwnedSpec>& all, OwnedSpec& o, std::string& error) {
  std::string result;
  if (!f.is_object() || !member(f, "sql_name") || !member(f, "symbol") || !member(f, "result") ||
      !read_string(f, "sql_name", o.sql_name) || !read_string(f, "symbol", o.symbol) || !read_string(f, "result", result)) {
    error = "needs string fields \"sql_name\", \"symbol\" and \"result\"";
    return false;
  }
  o.kernel = o.symbol;
  if (!read_string(f, "kernel", o.kernel) || !read_string(f, "summary", o.summary)) {
    error = "\"kernel\" and \"summary\" are strings";
    return false;
  }
  // The kernel id becomes part of the kernel's symbol (tk_<id>) and the symbol is a C name: both must be
  // identifiers (a '-' or a space aborted the LLVM back end; issue 12). SQL names are identifiers too.
  for (const auto& [field, value] : {std::pair<const char*, const std::string*>{"kernel", &o.kernel},
                                     {"symbol", &o.symbol}, {"sql_name", &o.sql_name}})
    if (!is_identifier(*value)) {
      error = identifier_error(field, *value);
      return false;
    }
  for (const OwnedSpec& e : all)
    if (&e != &o && e.kernel == o.kernel) {
      error = "kernel id '" + o.kernel + "' is used twice (give one a \"kernel\" of its own)";
      return false;
    }
  fn::SqlType result_type;
  if (!fn::parse_type_name(result, result_type)) {
    error = "unknown result type '" + result + "' (bool, int32, int64, float64, date, decimal, money, string)";
    return false;
  }
  const json* args = member(f, "args");
  if (args && (!args->is_array() || args->size() > size_t(fn::kMaxArgs))) {
    error = "\"args\" must be an array of at most " + std::to_string(fn::kMaxArgs) + " arguments";
    return false;
  }
  if (args)
    for (const json& a : *args)
      if (!parse_arg(a, o, error)) return false;
  for (size_t i = 0; i < o.args.size(); ++i) o.args[i].name = o.arg_names[i];  // arg_names no longer grows
  std::string nulls = "propagate";
  if (!read_string(f, "nulls", nulls) || (nulls != "propagate" && nulls != "custom")) {
    error = "\"nulls\" must be \"propagate\" or \"custom\"";
    return false;
  }
  bool uses_context = false;
  if (!read_bool(f, "uses_context", uses_context)) {
    error = "\"uses_context\" must be true or false";
    return false;
  }
  if (result_type == fn::SqlType::String && !parse_length_rule(f, o, error)) return false;
  o.spec = fn::FunctionSpec{.sql_name = o.sql_name,
                            .kernel = o.kernel,
                            .result = result_type,
                            .args = o.args,
                            .nulls = nulls == "custom" ? fn::NullRule::Custom : fn::NullRule::Propagate,
                            .uses_context = uses_context,
                            .max_length = nullptr,
                            .summary = o.summary,
                            .symbol = o.symbol,
                            .invoke = nullptr,
                            .c_signature = {}};
  if (result_type == fn::SqlType::String) {
    o.sum_length = {o.length.constant, o.length.plus_arg_lengths};
    o.spec.sum_length = &o.sum_length;
  }
  return true;
}

}  // namespace

bool load_udf_spec(const std::string& path, std::deque<OwnedSpec>& out, std::string& error) {
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!in.is_open() || in.bad()) {
    error = path + ": cannot read" + (errno ? std::string(": ") + std::strerror(errno) : std::string());
    return false;
  }
  return parse_udf_spec(text, path, out, error);
}

bool parse_udf_spec(std::string_view text, const std::string& path, std::deque<OwnedSpec>& out,
                    std::string& error) {
  const json doc = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  const json* functions = doc.is_object() ? member(doc, "functions") : nullptr;
  if (!functions || !functions->is_array()) {
    error = path + ": expected a JSON object with a \"functions\" array";
    return false;
  }
  for (size_t i = 0; i < functions->size(); ++i) {
    OwnedSpec& o = out.emplace_back();  // in place: the spec's views point into o's strings
    std::string what;
    if (!parse_function((*functions)[i], out, o, what)) {
      error = path + ": functions[" + std::to_string(i) + "]: " + what;
      return false;
    }
  }
  return true;
}

}  // namespace tessera::compiler
