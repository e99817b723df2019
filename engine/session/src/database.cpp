// Database, the public face of a session: opening it (the kernel catalog, the devices, the database on disk), running
// statements under their watch (time limit, cancel) with every failure an Error, and what it reports. The session's
// steps are in the files database_impl.hpp lists.
#include "tessera/engine/database.hpp"

#include <cstdlib>
#include <filesystem>
#include <new>
#include <optional>

#include "database_impl.hpp"
#include "statement_watch.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/memory_resource.hpp"
#include "tessera/sql/parser.hpp"
#ifdef TESSERA_HAVE_GPU_ENGINE
#include "tessera/exec/gpu/gpu_column_cache.hpp"
#endif

#ifndef TESSERA_DEFAULT_CATALOG
#define TESSERA_DEFAULT_CATALOG "build/catalog"
#endif

namespace tessera::engine {

namespace {

// "EXPLAIN [ANALYZE] <rest>": returns the text with those words blanked (so positions in messages are the
// statement's own), and whether ANALYZE; nullopt when it does not start with EXPLAIN.
std::optional<std::string> strip_explain(std::string_view sql, bool& analyze) {
  auto word = [&](size_t& i, std::string_view w) {
    while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i]))) ++i;
    if (sql.size() - i <= w.size() || lower(sql.substr(i, w.size())) != w ||
        !std::isspace(static_cast<unsigned char>(sql[i + w.size()])))
      return false;
    i += w.size();
    return true;
  };
  size_t i = 0;
  if (!word(i, "explain")) return std::nullopt;
  size_t j = i;
  analyze = word(j, "analyze");
  std::string rest(sql);
  for (size_t k = 0; k < (analyze ? j : i); ++k)
    if (rest[k] != '\n') rest[k] = ' ';
  return rest;
}

}  // namespace

// Sets the cancellation flags of the user code the statement may be running (on the watch's thread).
void Database::Impl::set_cancel_flags(bool on) {
  catalog->set_cancel_flags(on);
  if (rt::CudaDevice* d = stop_device.load()) {
    std::string error;  // nothing more can be done from the watch's thread: the engine's own checks still stop it
    d->set_cancel_flags(on, error);
  }
}

// Runs a statement under its watch (time limit, cancel()), with every failure an Error.
template <typename F>
auto Database::Impl::guarded(F&& f) {
  std::optional<StatementWatch> watch;
  if (guard_depth == 0) watch.emplace(stop, opts.statement_timeout_ms, [this](bool on) { set_cancel_flags(on); });
  ++guard_depth;
  struct Leave {
    int& depth;
    ~Leave() { --depth; }
  } leave{guard_depth};
  try {
    return f();
  } catch (const Error&) {
    throw;
  } catch (const tessera::Error& e) {  // the parser's "line:column: message", the binder's, the executor's, ...
    throw Error(e);  // its text, kind and message number
  } catch (const rt::OutOfDeviceMemory& e) {  // before bad_alloc, which it derives from
    throw Error(std::string("out of GPU memory: ") + e.what() +
                    " (the statement's intermediate results were freed; tables and views are unchanged)",
                ErrorKind::Resource);
  } catch (const std::bad_alloc&) {
    throw Error("out of memory: the statement needs more host memory than this machine can give it "
                "(its intermediate results were freed; tables and views are unchanged)",
                ErrorKind::Resource);
  } catch (const std::filesystem::filesystem_error& e) {
    throw Error(e.what(), ErrorKind::Io);
  } catch (const std::exception& e) {  // anything else (the libraries': their input's fault, as far as is known)
    throw Error(e.what());
  }
}

Database::Database(Options opts) : impl_(std::make_unique<Impl>()) {
  impl_->opts = std::move(opts);
  std::string dir = impl_->opts.catalog_dir;
  if (dir.empty()) {
    const char* env = std::getenv("TESSERA_CATALOG");
    dir = env && *env ? env : TESSERA_DEFAULT_CATALOG;
  }
  std::string error;
  auto t = std::chrono::steady_clock::now();
  auto lap = [&t](double& into) {
    into = ms_since(t);
    t = std::chrono::steady_clock::now();
  };
  impl_->catalog = rt::Catalog::load(dir, error);
  if (!impl_->catalog)
    throw Error("cannot load the kernel catalog from '" + dir + "': " + error +
                " (build it with ninja -C build, or set TESSERA_CATALOG / --catalog)");
  for (const std::string& udf_dir : impl_->opts.udf_catalogs) {
    std::unique_ptr<rt::Catalog> udfs = rt::Catalog::load(udf_dir, error);
    if (!udfs) throw Error("cannot load the function catalog '" + udf_dir + "': " + error);
    if (!impl_->catalog->merge(std::move(udfs), error)) throw Error("cannot add the function catalog: " + error);
  }
  lap(impl_->open_timing.catalog_ms);
  if (impl_->opts.functions == FunctionDevice::Cpu) {
    impl_->device.off("--device cpu");
  } else {
    impl_->device.start(*impl_->catalog, impl_->opts.gpu_cache_bytes);
    if (impl_->opts.functions == FunctionDevice::Cuda) {
      // --device cuda insists: a machine without a usable GPU is an error now, not at the first statement.
      if (!impl_->device.kernels())
        throw Error("scalar functions on the GPU were asked for, but the GPU cannot be used: " + impl_->device.gpu_error());
      if (!impl_->device.engine().usable)
        throw Error("operators on the GPU were asked for (--device cuda), but " + impl_->device.engine().why_not);
    }
  }
  t = std::chrono::steady_clock::now();
  if (!impl_->opts.database_path.empty()) impl_->open_database();
  lap(impl_->open_timing.database_ms);
}

Database::OpenTiming Database::open_timing() const {
  OpenTiming t = impl_->open_timing;
  const DeviceSession::Timing d = impl_->device.timing();
  t.device_ms = d.device_ms;
  t.gpu_engine_ms = d.gpu_engine_ms;
  t.device_wait_ms = d.wait_ms;
  return t;
}

bool parse_function_device(std::string_view text, FunctionDevice& out) {
  if (text == "auto") out = FunctionDevice::Auto;
  else if (text == "cpu") out = FunctionDevice::Cpu;
  else if (text == "cuda" || text == "gpu") out = FunctionDevice::Cuda;
  else return false;
  return true;
}

std::string Database::function_device() const { return impl_->device.function_device(); }
bool Database::gpu_engine() const { return impl_->device.engine().usable; }
std::string Database::gpu_engine_status() const {
  const physical::GpuAvailability& e = impl_->device.engine();
  return e.usable ? "GPU operators on " + impl_->device.function_device() : "CPU operators (" + e.why_not + ")";
}
int64_t Database::gpu_resident_bytes() const {
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (auto* cache = impl_->device.cache()) return cache->resident_bytes();
#endif
  return 0;
}
int64_t Database::gpu_uploaded_bytes() const {
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (auto* cache = impl_->device.cache()) return cache->uploaded_bytes();
#endif
  return 0;
}
int64_t Database::gpu_decoded_bytes() const {
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (auto* cache = impl_->device.cache()) return cache->decoded_on_device_bytes();
#endif
  return 0;
}
bool Database::functions_on_gpu() const { return impl_->device.kernels() != nullptr; }

Database::~Database() = default;

void Database::add_table(storage::Table t) {
  const std::string name = t.name();
  impl_->add_table(std::move(t));
  impl_->save_table(name);
}

void Database::write_tables(const std::vector<std::pair<std::string, storage::Schema>>& tables,
                            const std::function<void(const TablePartSink& emit)>& produce) {
  Impl& im = *impl_;
  if (!im.disk) throw Error("write_tables writes into a database on disk; this session has none (give a .tdb path)");
  std::vector<std::unique_ptr<storage::DatabaseDir::TableWriter>> writers;
  try {
    for (const auto& [name, schema] : tables) writers.push_back(im.disk->write_table(name, schema, im.threads()));
    produce([&](size_t i, storage::Table&& part) { writers.at(i)->add(std::move(part)); });
    for (auto& w : writers) w->finish();
    im.disk->commit();
  } catch (const std::exception& e) {
    writers.clear();  // their background writes stop before the staged files are removed
    im.disk->rollback();
    throw Error(std::string("cannot write the tables into the database '") + im.disk->path() + "': " + e.what());
  }
  for (storage::Table& t : im.disk->open_tables(im.threads()))
    for (const auto& [name, schema] : tables)
      if (lower(t.name()) == lower(name)) im.add_table(std::move(t));
}

bool Database::drop_table(std::string_view name) {
  if (!impl_->drop_table(name)) return false;
  impl_->save_table(std::string(name));
  return true;
}

std::string Database::database_path() const { return impl_->disk ? impl_->disk->path() : ""; }
bool Database::database_created() const { return impl_->disk && impl_->disk->created(); }
int64_t Database::database_bytes() const { return impl_->disk ? impl_->disk->bytes_on_disk() : 0; }
std::vector<std::string> Database::warnings() const { return impl_->warnings; }

const storage::Table* Database::find_table(std::string_view name) const {
  auto it = impl_->tables.find(lower(name));
  return it == impl_->tables.end() ? nullptr : it->second.get();
}

std::vector<std::string> Database::table_names() const {
  std::vector<std::string> out;
  for (const auto& [k, t] : impl_->tables) out.push_back(t->name());
  return out;
}

void Database::set_statement_timeout_ms(int64_t ms) { impl_->opts.statement_timeout_ms = std::max<int64_t>(ms, 0); }

void Database::cancel() { impl_->stop.request(rt::StatementStop::Reason::Cancelled); }

QueryResult Database::execute(std::string_view sql) {
  bool analyze = false;
  if (auto rest = strip_explain(sql, analyze)) {
    std::string plan;
    if (analyze) impl_->guarded([&] { return impl_->run(*rest, true, &plan, true); });
    else plan = explain(*rest);
    QueryResult r;
    r.names = {"plan"};
    r.types = {storage::DataType::varchar(0)};
    rt::Column c;
    c.type = fn::SqlType::String;
    size_t start = 0;
    while (start < plan.size()) {
      size_t end = plan.find('\n', start);
      if (end == std::string::npos) end = plan.size();
      c.append_string(std::string_view(plan).substr(start, end - start));
      start = end + 1;
    }
    r.rows = c.rows;
    r.columns.push_back(std::move(c));
    return r;
  }
  return impl_->guarded([&] { return impl_->run(sql, false, nullptr); });
}

std::vector<std::string> Database::gpu_gaps(std::string_view sql) {
  std::vector<std::string> gaps;
  std::string unused;
  impl_->gpu_gaps = &gaps;
  try {
    impl_->guarded([&] { return impl_->run(sql, true, &unused); });
  } catch (...) {
    impl_->gpu_gaps = nullptr;
    throw;
  }
  impl_->gpu_gaps = nullptr;
  return gaps;
}

std::string Database::explain(std::string_view sql) {
  std::string text;
  impl_->guarded([&] { return impl_->run(sql, true, &text); });
  if (text.empty()) {
    const sql::Script parsed = sql::parse_script(sql);
    const std::string at = parsed.statements.empty() ? "1:1" : sql::to_string(parsed.statements.front()->loc);
    throw Error(at + ": EXPLAIN shows the plan of a SELECT; this has none (nothing was changed)");
  }
  return text;
}

const rt::Catalog& Database::catalog() const { return *impl_->catalog; }
int Database::threads() const { return impl_->threads(); }

}  // namespace tessera::engine
