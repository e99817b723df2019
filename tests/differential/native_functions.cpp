#include "native_functions.hpp"

#include <dlfcn.h>
#include <ffi.h>

#include <array>
#include <bit>

namespace tessera::test {

// Each argument is read from its slot in place: on a little-endian machine a slot's first bytes hold an
// int32_t or uint8_t stored in it, and the whole slot a pointer, an int64_t or a double's bits.
static_assert(std::endian::native == std::endian::little, "slots are read in place as narrower integers");

// More parameters than any row function's C signature has (SQL arguments, lengths, outputs, context).
constexpr size_t kMaxParams = 64;

struct NativeFunctions::Call {
  void* function = nullptr;
  ffi_cif cif{};
  std::vector<ffi_type*> types;
};

std::unique_ptr<NativeFunctions> NativeFunctions::open(const std::string& path, std::string& error) {
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char* why = dlerror();
    error = path + ": " + (why ? why : "cannot be loaded");
    return nullptr;
  }
  std::unique_ptr<NativeFunctions> n(new NativeFunctions());
  n->library_ = library;
  n->path_ = path;
  return n;
}

NativeFunctions::~NativeFunctions() {
  if (library_) dlclose(library_);
}

bool NativeFunctions::add(const fn::FunctionSpec& spec, std::string& error) {
  auto call = std::make_unique<Call>();
  const std::string symbol(spec.symbol);
  call->function = dlsym(library_, symbol.c_str());
  if (!call->function) {
    error = path_ + " has no function '" + symbol + "' (" + std::string(spec.sql_name) + ")";
    return false;
  }
  for (const char c : fn::expected_c_signature(spec)) {
    switch (c) {
      case 'p': call->types.push_back(&ffi_type_pointer); break;
      case 'b': call->types.push_back(&ffi_type_uint8); break;
      case 'i': call->types.push_back(&ffi_type_sint32); break;
      case 'l': call->types.push_back(&ffi_type_sint64); break;
      case 'd': call->types.push_back(&ffi_type_double); break;
      default: error = "'" + symbol + "': unknown ABI parameter '" + std::string(1, c) + "'"; return false;
    }
  }
  if (call->types.size() > kMaxParams) {
    error = "'" + symbol + "': more than " + std::to_string(kMaxParams) + " parameters";
    return false;
  }
  if (ffi_prep_cif(&call->cif, FFI_DEFAULT_ABI, static_cast<unsigned>(call->types.size()), &ffi_type_sint32,
                   call->types.data()) != FFI_OK) {
    error = "'" + symbol + "': libffi cannot describe its parameters";
    return false;
  }
  calls_[&spec] = std::move(call);
  return true;
}

int32_t NativeFunctions::call(const fn::FunctionSpec& spec, const uint64_t* slots) const {
  const Call& c = *calls_.at(&spec);
  std::array<void*, kMaxParams> values;  // on the stack: the reference calls it once a row
  for (size_t i = 0; i < c.types.size(); ++i) values[i] = const_cast<uint64_t*>(slots + i);
  ffi_arg status = 0;  // a return value narrower than a register is widened to ffi_arg
  ffi_call(const_cast<ffi_cif*>(&c.cif), reinterpret_cast<void (*)()>(c.function), &status, values.data());
  return static_cast<int32_t>(status);
}

}  // namespace tessera::test
