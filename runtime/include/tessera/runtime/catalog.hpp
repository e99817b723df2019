// The kernel catalog as the runtime sees it: manifest + loaded CPU library.
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/functions/kernel_abi.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::rt {

// Calls a CPU kernel: one 64-bit slot per kernel parameter except the row range.
using CpuEntry = void (*)(const uint64_t* params, int64_t begin, int64_t end);

// How a GPU kernel's rows map to threads; tessera-cc builds one module per variant (--mappings).
enum class RowMapping : uint8_t {
  PerThread,    // each thread its rows (rows_per_thread of them: thread coarsening)
  BlockStaged,  // one row per thread, the block's string bytes through shared memory (tessera-stage-string-rows)
};
// "per-thread" / "block-staged", as in the manifest.
const char* row_mapping_name(RowMapping m);

// One way to launch a kernel: which compiled module (rows per thread, row mapping) and threads per block.
struct GpuLaunch {
  int rows_per_thread = 1;
  int block_size = 256;
  RowMapping mapping = RowMapping::PerThread;
};

// A GPU variant with constants sunk (manifest "specializations").
struct GpuSpecialization {
  std::string entry;
  fn::Specialization what;
  GpuLaunch launch;        // its own autotuned launch ("launch" in the manifest), else the kernel's
  bool autotuned = false;
};

struct KernelEntry {
  const fn::FunctionSpec* spec = nullptr;
  CpuEntry cpu = nullptr;
  std::string cpu_entry;   // its symbol in the catalog's CPU library, "" if not built
  std::string gpu_entry;   // PTX/cubin symbol, "" if not built
  GpuLaunch gpu_launch;            // chosen by the autotuner, or the default
  // The modules (rows per thread, row mapping; block_size unused) compiled with this entry (manifest "gpu":
  // "variants"); every module when the manifest lists none. Fused predicates are in some only.
  std::vector<GpuLaunch> gpu_variants;
  bool in_module(int rows_per_thread, RowMapping mapping) const {
    if (gpu_variants.empty()) return true;
    for (const GpuLaunch& v : gpu_variants)
      if (v.rows_per_thread == rows_per_thread && v.mapping == mapping) return true;
    return false;
  }
  bool gpu_autotuned = false;
  // Manifest "gpu": "byte_map": the row function maps ASCII text byte by byte, and its one-row-per-thread
  // kernels (per-thread U = 1, block-staged) map a block's packed bytes 16 at a time when the output's
  // offsets equal the input's and the rows lie back to back; elsewhere they run row by row.
  bool gpu_byte_map = false;
  // A byte map whose result never outgrows its first argument: its output may take that argument's offsets
  // (and its kernels then map the packed bytes).
  bool maps_bytes_in_place() const { return gpu_byte_map && fn::result_fits_first_argument(*spec); }
  // Manifest "gpu": "in_order_entry": the byte-map kernel's twin in every one-row-per-thread module
  // (fn::kInOrderEntrySuffix), which trusts that the first argument's rows are in order; "" if none.
  std::string gpu_in_order_entry;
  // The symbol to launch for `entry` (gpu_entry or a specialisation's) in `launch`'s module: the in-order twin
  // when there is one for it and the first argument's rows are in order, else `entry` itself.
  const std::string& entry_for(const std::string& entry, const GpuLaunch& launch, bool first_rows_in_order) const {
    const bool twin = entry == gpu_entry && !gpu_in_order_entry.empty() && first_rows_in_order &&
                      launch.rows_per_thread == 1;
    return twin ? gpu_in_order_entry : entry;
  }
  // Manifest "gpu": "in_order_rows": rows a thread of the in-order twin finishes (its block maps that many
  // times its threads in rows), so it launches with a grid that many times smaller.
  int gpu_in_order_rows = 1;
  // Rows a thread of `symbol` (entry_for's answer) finishes at `launch`: the grid is rows / (block * this).
  int rows_per_thread_of(const std::string& symbol, const GpuLaunch& launch) const {
    return !gpu_in_order_entry.empty() && symbol == gpu_in_order_entry ? gpu_in_order_rows : launch.rows_per_thread;
  }
  std::vector<GpuSpecialization> gpu_specializations;
  // The launch of the GPU variant a call with these constant arguments runs: a specialisation's own tuning
  // where it has one, else gpu_launch.
  const GpuLaunch& launch_for(const GpuSpecialization* chosen) const {
    return chosen && chosen->autotuned ? chosen->launch : gpu_launch;
  }
  // Which catalog's GPU modules hold gpu_entry: 0 for the catalog itself, 1, 2, ... for catalogs merged
  // into it (Catalog::merge), so the same entry name in two catalogs cannot be confused.
  int gpu_module_group = 0;
  // The most specialised GPU variant whose constants match a call (`int_arg(i)`: the call's integer constant
  // of argument i) and whose session the call has, or nullptr for the generic entry.
  const GpuSpecialization* specialization_for(const fn::SessionContext& session,
                                              const std::function<int64_t(int)>& int_arg) const;
};

class Catalog {
 public:
  // Reads <dir>/manifest.json (parse), then dlopens the CPU library it names and finds each kernel's entry
  // in it. nullptr with "<dir>/manifest.json: what is wrong" in `error` (or, when there is no manifest,
  // "cannot open the kernel catalog ...").
  static std::unique_ptr<Catalog> load(const std::string& dir, std::string& error);
  // Parses the text of a manifest (load after reading the file) without loading any library; `dir` is
  // where the catalog's files are (GPU module paths are made from it) and errors name <dir>/manifest.json.
  // Kernels of the built-in registry are matched to their FunctionSpec; the manifest's parameter list must
  // equal the ABI the runtime was built with. A manifest may be a user's (--udf-catalog), so any text gives
  // either a catalog the runtime can run (argument indices, length rules and launch sizes in range) or
  // nullptr with "<dir>/manifest.json: what is wrong" in `error`, never an exception or an abort.
  static std::unique_ptr<Catalog> parse(std::string_view text, const std::string& dir, std::string& error);
  ~Catalog();

  const KernelEntry* find(std::string_view kernel) const;
  const std::vector<std::string>& kernel_names() const { return names_; }
  const std::string& dir() const { return dir_; }
  // The GPU modules, one per row mapping and thread-coarsening factor (rows per thread).
  struct GpuModule {
    int rows_per_thread;
    RowMapping mapping = RowMapping::PerThread;
    std::string ptx;    // absolute paths; cubin "" if not assembled
    std::string cubin;
    int group = 0;      // KernelEntry::gpu_module_group of its kernels
    bool user_code = false;  // a user's functions: the module has the cancellation flag (statement_stop.hpp)
  };
  const std::vector<GpuModule>& gpu_modules() const { return gpu_modules_; }
  // Kernels the manifest lists as failed, with the compiler's reason.
  const std::map<std::string, std::string>& failed() const { return failed_; }

  // Adds the kernels of another catalog (a user's functions, compiled by tessera-cc --udf-spec) to this
  // one; its CPU library stays loaded and its GPU modules join this catalog's as a new group. False with
  // `error` (and this catalog unchanged) if a kernel id is already here, or a function's SQL name is one
  // of the library's or of a function already added.
  bool merge(std::unique_ptr<Catalog> other, std::string& error);
  // The kernel id of the function whose C symbol or kernel id is `symbol`; "" with `error` naming the
  // functions the catalog has when there is none.
  std::string find_function(std::string_view symbol, std::string& error) const;
  // Adds one user function of another catalog, found by its C symbol or kernel id (find_function), under `sql_name` (SQL
  // Server's CREATE FUNCTION ... AS EXTERNAL NAME). The same checks as merge, for that one function.
  bool merge_function(std::unique_ptr<Catalog> other, std::string_view symbol, const std::string& sql_name,
                      std::string& error);
  // Removes the user function `sql_name` (case-insensitive) and its kernels (its fused predicate's too);
  // false if there is none.
  bool remove_function(std::string_view sql_name);
  // The user's functions (UDFs) among the kernels, for binding by SQL name.
  std::vector<const fn::FunctionSpec*> udf_specs() const;
  // Sets (or clears) the cancellation flag of every loaded CPU library that has one (user code compiled by
  // tessera-cc: its loops return at once while it is set; runtime/statement_stop.hpp). Thread-safe.
  void set_cancel_flags(bool stop) const;

 private:
  struct UdfSpec;  // owns the strings a UDF's FunctionSpec points into
  struct Parser;   // the manifest reader (catalog.cpp)
  std::string dir_;
  std::string cpu_library_;  // the manifest's "cpu_library", relative to dir_
  std::vector<GpuModule> gpu_modules_;
  void* library_ = nullptr;
  std::map<std::string, KernelEntry, std::less<>> kernels_;
  std::vector<std::string> names_;
  std::map<std::string, std::string> failed_;
  std::deque<std::unique_ptr<UdfSpec>> udfs_;
  std::vector<void*> merged_libraries_;  // CPU libraries of merged catalogs
  mutable std::mutex libraries_mutex_;   // merge adds libraries while set_cancel_flags (another thread) reads them
  int module_groups_ = 1;
};

}  // namespace tessera::rt
