// The catalog manifest reader (Catalog::parse / Catalog::load). A manifest may be a user's (--udf-catalog,
// CREATE FUNCTION ... EXTERNAL NAME), so every defect is "<dir>/manifest.json: what is wrong", never an
// exception or undefined behaviour. The regression cases are also seeds of fuzz/corpus/manifest/regress-*.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "tessera/functions/predicate.hpp"
#include "tessera/runtime/catalog.hpp"

using tessera::rt::Catalog;
using nlohmann::json;
namespace fn = tessera::fn;

namespace {

// A user's catalog as tessera-cc writes it (examples/udf): a float64 function and a string one.
json udf_manifest() {
  return json::parse(R"({
    "format": "tessera-catalog/1", "cpu_library": "cpu/libtessera_kernels.so",
    "nvptx": {"sm": "sm_90", "modules": [{"rows_per_thread": 1, "ptx": "nvptx/u1.ptx", "cubin": "nvptx/u1.cubin"}]},
    "kernels": [
      {"kernel": "net_price", "sql_name": "net_price", "row_symbol": "udf_net_price", "result": "float64",
       "args": [{"name": "price", "type": "float64", "constant": false},
                {"name": "discount", "type": "float64", "constant": false}],
       "nulls": "propagate", "uses_context": false, "udf": true, "status": "ok",
       "params": ["arg_data:0", "arg_valid:0", "arg_data:1", "arg_valid:1", "out_data", "out_valid", "error_slot",
                  "begin", "end"],
       "cpu": {"library": "cpu/libtessera_kernels.so", "entry": "tk_net_price_cpu"},
       "gpu": {"entry": "tk_net_price", "block_size": 256, "rows_per_thread": 1, "autotuned": false, "variants": [1]},
       "specializations": []},
      {"kernel": "mask_digits", "sql_name": "MASK_DIGITS", "row_symbol": "udf_mask_digits", "result": "string",
       "args": [{"name": "s", "type": "string", "constant": false}],
       "max_length": {"constant": 0, "plus_arg_lengths": [0]},
       "nulls": "propagate", "uses_context": false, "udf": true, "status": "ok",
       "params": ["arg_bytes:0", "arg_offsets:0", "arg_lengths:0", "arg_valid:0", "out_bytes", "out_offsets",
                  "out_lengths", "out_valid", "error_slot", "begin", "end"],
       "cpu": {"library": "cpu/libtessera_kernels.so", "entry": "tk_mask_digits_cpu"},
       "specializations": []}
    ],
    "failed": []})");
}

// A library kernel with GPU variants that sink a constant (DATEPART's part) and the session.
json library_manifest() {
  return json::parse(R"({
    "format": "tessera-catalog/1",
    "kernels": [
      {"kernel": "datepart", "udf": false, "status": "ok",
       "params": ["const_value:0", "arg_data:1", "arg_valid:1", "out_data", "out_valid", "error_slot",
                  "context_field:0", "context_field:1", "context_field:2", "context_field:3", "begin", "end"],
       "gpu": {"entry": "tk_datepart", "block_size": 128, "rows_per_thread": 8, "autotuned": true},
       "specializations": [
         {"entry": "tk_datepart__ctx", "constants": {}, "default_context": true,
          "params": ["const_value:0", "arg_data:1", "arg_valid:1", "out_data", "out_valid", "error_slot", "begin", "end"]},
         {"entry": "tk_datepart__part_1__ctx", "constants": {"0": 1}, "default_context": true,
          "params": ["arg_data:1", "arg_valid:1", "out_data", "out_valid", "error_slot", "begin", "end"]}]},
      {"kernel": "no_such_kernel", "status": "failed", "reason": "did not compile"}
    ]})");
}

std::string text_error(const std::string& text) {
  std::string error;
  std::unique_ptr<Catalog> c = Catalog::parse(text, "cat", error);
  EXPECT_EQ(c, nullptr) << "accepted: " << text;
  EXPECT_EQ(error.rfind("cat/manifest.json: ", 0), 0u) << error;
  return error;
}

std::string parse_error(const json& m) { return text_error(m.dump()); }

}  // namespace

TEST(Catalog, ParsesAUserCatalog) {
  std::string error;
  std::unique_ptr<Catalog> c = Catalog::parse(udf_manifest().dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  EXPECT_EQ(c->kernel_names(), (std::vector<std::string>{"net_price", "mask_digits"}));
  ASSERT_EQ(c->udf_specs().size(), 2u);
  const tessera::rt::KernelEntry* net = c->find("net_price");
  ASSERT_NE(net, nullptr);
  EXPECT_EQ(net->spec->sql_name, "NET_PRICE");  // upper-cased for the binder
  EXPECT_EQ(net->spec->symbol, "udf_net_price");
  ASSERT_EQ(net->spec->args.size(), 2u);
  EXPECT_EQ(net->spec->args[1].name, "discount");
  EXPECT_EQ(net->cpu_entry, "tk_net_price_cpu");
  EXPECT_EQ(net->cpu, nullptr);  // parse loads no library
  EXPECT_EQ(net->gpu_entry, "tk_net_price");
  const tessera::rt::KernelEntry* mask = c->find("mask_digits");
  ASSERT_NE(mask, nullptr);
  ASSERT_NE(mask->spec->sum_length, nullptr);
  EXPECT_EQ(mask->spec->sum_length->constant, 0);
  EXPECT_EQ(std::vector<int32_t>(mask->spec->sum_length->plus_arg_lengths.begin(), mask->spec->sum_length->plus_arg_lengths.end()),
            (std::vector<int32_t>{0}));
  EXPECT_EQ(mask->gpu_entry, "");
  ASSERT_EQ(c->gpu_modules().size(), 1u);
  EXPECT_EQ(c->gpu_modules()[0].cubin, "cat/nvptx/u1.cubin");
}

TEST(Catalog, ParsesLibraryKernelsSpecialisationsAndFailures) {
  std::string error;
  std::unique_ptr<Catalog> c = Catalog::parse(library_manifest().dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  const tessera::rt::KernelEntry* e = c->find("datepart");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->spec, fn::find_kernel("datepart"));
  EXPECT_EQ(e->gpu_launch.block_size, 128);
  EXPECT_EQ(e->gpu_launch.rows_per_thread, 8);
  EXPECT_EQ(e->gpu_launch.mapping, tessera::rt::RowMapping::PerThread);
  ASSERT_EQ(e->gpu_specializations.size(), 2u);
  EXPECT_EQ(e->gpu_specializations[1].what.constants, (std::vector<std::pair<int32_t, int64_t>>{{0, 1}}));
  EXPECT_EQ(c->failed().at("no_such_kernel"), "did not compile");
  EXPECT_TRUE(c->udf_specs().empty());
}

// The row mapping of a kernel's launch and of a module: absent = per-thread (older catalogs), block-staged
// chooses the module built by tessera-stage-string-rows, anything else is refused by name.
TEST(Catalog, ReadsRowMappings) {
  json m = library_manifest();
  m["kernels"][0]["gpu"]["mapping"] = "block-staged";
  m["nvptx"] = {{"sm", "sm_90"},
                {"modules", {{{"rows_per_thread", 1}, {"ptx", "nvptx/kernels_u1.ptx"}, {"cubin", ""}},
                             {{"rows_per_thread", 1}, {"mapping", "block-staged"}, {"ptx", "nvptx/kernels_staged.ptx"},
                              {"cubin", ""}}}}};
  std::string error;
  std::unique_ptr<Catalog> c = Catalog::parse(m.dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  EXPECT_EQ(c->find("datepart")->gpu_launch.mapping, tessera::rt::RowMapping::BlockStaged);
  ASSERT_EQ(c->gpu_modules().size(), 2u);
  EXPECT_EQ(c->gpu_modules()[0].mapping, tessera::rt::RowMapping::PerThread);
  EXPECT_EQ(c->gpu_modules()[1].mapping, tessera::rt::RowMapping::BlockStaged);
  EXPECT_EQ(c->gpu_modules()[1].ptx, "cat/nvptx/kernels_staged.ptx");

  m["kernels"][0]["gpu"]["mapping"] = "warp";
  EXPECT_EQ(parse_error(m), "cat/manifest.json: kernels[0] 'datepart': \"gpu\": \"mapping\": unknown row mapping "
                            "'warp' (per-thread, block-staged)");
}

// A byte-map kernel (tessera-map-packed-bytes) is marked in its "gpu" object; others are not.
TEST(Catalog, ReadsWhichKernelsMapPackedBytes) {
  json m = udf_manifest();
  m["kernels"][1]["gpu"] = {{"entry", "tk_mask_digits"}, {"block_size", 256}, {"rows_per_thread", 1},
                            {"autotuned", false}, {"byte_map", true}};
  std::string error;
  std::unique_ptr<Catalog> c = Catalog::parse(m.dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  EXPECT_TRUE(c->find("mask_digits")->gpu_byte_map);
  EXPECT_FALSE(c->find("net_price")->gpu_byte_map);
}

// The in-order twin is launched only for the kernel's own entry, in a one-row-per-thread module, and only for
// rows known to be in order; a catalog without one launches the entry that checks the rows.
TEST(Catalog, ChoosesTheInOrderEntryOnlyWhereItApplies) {
  json m = udf_manifest();
  m["kernels"][1]["gpu"] = {{"entry", "tk_mask_digits"}, {"block_size", 256}, {"rows_per_thread", 1},
                            {"autotuned", false}, {"byte_map", true}, {"in_order_entry", "tk_mask_digits__in_order"}};
  std::string error;
  std::unique_ptr<Catalog> c = Catalog::parse(m.dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  const tessera::rt::KernelEntry& k = *c->find("mask_digits");
  const tessera::rt::GpuLaunch one{1, 256, tessera::rt::RowMapping::PerThread};
  const tessera::rt::GpuLaunch staged{1, 256, tessera::rt::RowMapping::BlockStaged};
  const tessera::rt::GpuLaunch coarse{4, 256, tessera::rt::RowMapping::PerThread};
  EXPECT_EQ(k.entry_for("tk_mask_digits", one, true), "tk_mask_digits__in_order");
  EXPECT_EQ(k.entry_for("tk_mask_digits", staged, true), "tk_mask_digits__in_order");
  EXPECT_EQ(k.entry_for("tk_mask_digits", one, false), "tk_mask_digits");
  EXPECT_EQ(k.entry_for("tk_mask_digits", coarse, true), "tk_mask_digits");
  EXPECT_EQ(k.entry_for("tk_mask_digits__s_1", one, true), "tk_mask_digits__s_1");
  EXPECT_EQ(c->find("net_price")->entry_for("tk_net_price", one, true), "tk_net_price");
  // Without "in_order_rows" a thread of the twin finishes one row, as any entry at U = 1.
  EXPECT_EQ(k.rows_per_thread_of("tk_mask_digits__in_order", one), 1);
  EXPECT_EQ(k.rows_per_thread_of("tk_mask_digits", coarse), 4);

  // With it, the twin's grid is that many times smaller; the checking entry's is not.
  m["kernels"][1]["gpu"]["in_order_rows"] = 4;
  c = Catalog::parse(m.dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  const tessera::rt::KernelEntry& k4 = *c->find("mask_digits");
  EXPECT_EQ(k4.rows_per_thread_of("tk_mask_digits__in_order", one), 4);
  EXPECT_EQ(k4.rows_per_thread_of("tk_mask_digits__in_order", staged), 4);
  EXPECT_EQ(k4.rows_per_thread_of("tk_mask_digits", one), 1);
  EXPECT_EQ(k4.rows_per_thread_of("tk_mask_digits", coarse), 4);
  m["kernels"][1]["gpu"]["in_order_rows"] = 0;
  EXPECT_EQ(parse_error(m),
            "cat/manifest.json: kernels[1] 'mask_digits': \"gpu\": \"in_order_rows\" must be an integer from 1 to 1024");
  m["kernels"][1]["gpu"].erase("in_order_rows");

  m["kernels"][1]["gpu"]["in_order_entry"] = 7;
  EXPECT_EQ(parse_error(m), "cat/manifest.json: kernels[1] 'mask_digits': \"gpu\": \"in_order_entry\" must be a string");
}

// A user function's fused predicate, as tessera-cc writes it: after its function, naming it in "compares".
json mask_predicate_entry() {
  return json::parse(R"({"kernel": "mask_digits__cmp", "sql_name": "MASK_DIGITS", "row_symbol": "udf_mask_digits",
    "result": "bool", "compares": "mask_digits", "nulls": "propagate", "uses_context": false, "udf": true, "status": "ok",
    "args": [{"name": "s", "type": "string", "constant": false}, {"name": "op", "type": "int32", "constant": true},
             {"name": "operand", "type": "string", "constant": true}],
    "params": ["arg_bytes:0", "arg_offsets:0", "arg_lengths:0", "arg_valid:0", "const_value:1", "const_bytes:2",
               "const_length:2", "out_data", "out_valid", "error_slot", "begin", "end"],
    "cpu": {"library": "cpu/libtessera_kernels.so", "entry": "tk_mask_digits__cmp_cpu"}})");
}

TEST(Catalog, ReadsAUserFunctionsFusedPredicate) {
  json m = udf_manifest();
  m["kernels"].push_back(mask_predicate_entry());
  std::string error;
  std::unique_ptr<Catalog> c = Catalog::parse(m.dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  const tessera::rt::KernelEntry* mask = c->find("mask_digits");
  const tessera::rt::KernelEntry* cmp = c->find("mask_digits__cmp");
  ASSERT_NE(cmp, nullptr);
  EXPECT_EQ(cmp->spec->compared, mask->spec);
  EXPECT_EQ(cmp->spec->result, fn::SqlType::Bool);
  EXPECT_EQ(cmp->spec->sql_name, "MASK_DIGITS");
  EXPECT_EQ(cmp->spec->symbol, "udf_mask_digits");
  EXPECT_EQ(cmp->spec->args.size(), 3u);
  // The binder sees the function once; the predicate is found by kernel id.
  EXPECT_EQ(c->udf_specs().size(), 2u);
  std::string why;
  EXPECT_EQ(c->find_function("udf_mask_digits", why), "mask_digits");
  // Its buffer bound comes from the function's length rule (plus_arg_lengths [0]).
  fn::LengthInputs in;
  in.exact(0, 256);
  EXPECT_EQ(fn::check_predicate_length(*cmp->spec, in), "");
  in.exact(0, 257);
  EXPECT_NE(fn::check_predicate_length(*cmp->spec, in).find("MASK_DIGITS can return 257 bytes"), std::string::npos);
}

TEST(Catalog, RefusesAFusedPredicateWithoutItsFunction) {
  json m = udf_manifest();
  m["kernels"].push_back(mask_predicate_entry());
  m["kernels"][2]["compares"] = "no_such";
  EXPECT_EQ(parse_error(m), "cat/manifest.json: kernels[2] 'mask_digits__cmp': compares 'no_such', which is not a "
                            "user function listed before it");
  m = udf_manifest();
  m["kernels"].insert(m["kernels"].begin(), mask_predicate_entry());
  EXPECT_NE(parse_error(m).find("kernels[0] 'mask_digits__cmp': compares 'mask_digits', which is not a user function "
                                "listed before it"), std::string::npos);
  m = udf_manifest();
  m["kernels"].push_back(mask_predicate_entry());
  m["kernels"][2]["kernel"] = "other";
  EXPECT_NE(parse_error(m).find("a fused predicate of 'mask_digits' must be named 'mask_digits__cmp'"), std::string::npos);
  m = udf_manifest();
  m["kernels"].push_back(mask_predicate_entry());
  m["kernels"][2]["params"].erase(4);
  EXPECT_NE(parse_error(m).find("compiled for a different kernel ABI"), std::string::npos);
}

// Regressions (issue 12): each escaped the reader before it checked types.
// A UDF kernel without "args" failed nlohmann's assertion (operator[] on a missing key: undefined behaviour
// in a release build).
TEST(Catalog, RegressUdfWithoutArgs) {
  json m = udf_manifest();
  m["kernels"][0].erase("args");
  EXPECT_EQ(parse_error(m), "cat/manifest.json: kernels[0] 'net_price': \"args\" is missing");
}

// "udf": "yes" escaped as nlohmann's type_error from value("udf", false).
TEST(Catalog, RegressUdfFlagNotABoolean) {
  json m = udf_manifest();
  m["kernels"][0]["udf"] = "yes";
  EXPECT_EQ(parse_error(m), "cat/manifest.json: kernels[0] 'net_price': \"udf\" must be true or false");
}

// A manifest that is a JSON array escaped as nlohmann's type_error from value("format", "").
TEST(Catalog, RegressManifestIsAnArray) {
  EXPECT_NE(text_error("[1, 2]").find("not a tessera-catalog/1 manifest"), std::string::npos);
  EXPECT_NE(text_error("").find("not a tessera-catalog/1 manifest"), std::string::npos);
  EXPECT_NE(text_error(R"({"format": 1})").find("not a tessera-catalog/1 manifest"), std::string::npos);
  EXPECT_NE(text_error("{\"format\": \"tessera-catalog/1\", \"kernels\": [").find("not a tessera-catalog/1"),
            std::string::npos);
}

// Every other value the reader reads, of the wrong type or out of the range the runtime relies on.
TEST(Catalog, RefusesValuesOfTheWrongTypeOrRange) {
  struct Case {
    const char* what;
    std::function<void(json&)> edit;
    const char* error;  // the end of the message
  };
  const Case cases[] = {
      {"kernels missing", [](json& m) { m.erase("kernels"); }, ": \"kernels\" is missing"},
      {"kernels an object", [](json& m) { m["kernels"] = json::object(); }, ": \"kernels\" must be an array"},
      {"cpu_library a number", [](json& m) { m["cpu_library"] = 3; }, ": \"cpu_library\" must be a string"},
      {"nvptx a string", [](json& m) { m["nvptx"] = "x"; }, ": \"nvptx\" must be an object"},
      {"modules not an array", [](json& m) { m["nvptx"]["modules"] = 1; }, "\"nvptx\": \"modules\" must be an array"},
      {"module rows 0", [](json& m) { m["nvptx"]["modules"][0]["rows_per_thread"] = 0; },
       "modules[0]: \"rows_per_thread\" must be an integer from 1 to 1024"},
      {"module ptx a bool", [](json& m) { m["nvptx"]["modules"][0]["ptx"] = true; }, "\"ptx\" must be a string"},
      {"kernel a number", [](json& m) { m["kernels"][0] = 5; }, "kernels[0]: must be an object"},
      {"kernel id missing", [](json& m) { m["kernels"][0].erase("kernel"); }, "kernels[0]: \"kernel\" is missing"},
      {"kernel id twice", [](json& m) { m["kernels"][1]["kernel"] = "net_price"; },
       "kernels[1] 'net_price': kernel id 'net_price' is listed twice"},
      {"status missing", [](json& m) { m["kernels"][0].erase("status"); }, "\"status\" is missing"},
      {"reason a list", [](json& m) { m["kernels"][0]["status"] = "failed", m["kernels"][0]["reason"] = json::array(); },
       "\"reason\" must be a string"},
      {"result unknown", [](json& m) { m["kernels"][0]["result"] = "int128"; }, "unknown result type 'int128'"},
      {"sql_name missing", [](json& m) { m["kernels"][0].erase("sql_name"); }, "\"sql_name\" is missing"},
      {"args an object", [](json& m) { m["kernels"][0]["args"] = json::object(); }, "\"args\" must be an array"},
      {"eleven args", [](json& m) { m["kernels"][0]["args"] = json::array({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}); },
       "\"args\" has more than 10 arguments"},
      {"arg without type", [](json& m) { m["kernels"][0]["args"][1].erase("type"); }, "argument 1 needs a string"},
      {"arg constant a string", [](json& m) { m["kernels"][0]["args"][0]["constant"] = "no"; }, "argument 0 needs"},
      {"nulls unknown", [](json& m) { m["kernels"][0]["nulls"] = "skip"; }, "\"nulls\" must be \"propagate\" or \"custom\""},
      {"uses_context a number", [](json& m) { m["kernels"][0]["uses_context"] = 1; },
       "\"uses_context\" must be true or false"},
      {"params missing", [](json& m) { m["kernels"][0].erase("params"); }, "\"params\" is missing"},
      {"params of numbers", [](json& m) { m["kernels"][0]["params"][0] = 1; }, "\"params\" must be an array of strings"},
      {"params of another ABI", [](json& m) { m["kernels"][0]["params"].erase(0); },
       "compiled for a different kernel ABI; rebuild the catalog"},
      {"cpu entry missing", [](json& m) { m["kernels"][0]["cpu"].erase("entry"); }, "\"cpu\": \"entry\" is missing"},
      {"gpu a list", [](json& m) { m["kernels"][0]["gpu"] = json::array(); }, "\"gpu\" must be an object"},
      {"block size 0", [](json& m) { m["kernels"][0]["gpu"]["block_size"] = 0; },
       "\"gpu\": \"block_size\" must be an integer from 1 to 1024"},
      {"rows per thread 1e300", [](json& m) { m["kernels"][0]["gpu"]["rows_per_thread"] = 1e300; },
       "\"gpu\": \"rows_per_thread\" must be an integer from 1 to 1024"},
      {"autotuned a string", [](json& m) { m["kernels"][0]["gpu"]["autotuned"] = "no"; }, "\"autotuned\" must be true or false"},
      {"byte_map a number", [](json& m) { m["kernels"][0]["gpu"]["byte_map"] = 1; }, "\"gpu\": \"byte_map\" must be true or false"},
      {"variant a string", [](json& m) { m["kernels"][0]["gpu"]["variants"] = {"u1"}; },
       "\"gpu\": variants[0]: must be an object"},
      {"launch outside its variants", [](json& m) {
         m["kernels"][0]["gpu"]["variants"] = json::parse(R"([{"rows_per_thread": 1, "mapping": "block-staged"}])");
       }, "\"gpu\": launches a module its \"variants\" do not list"},
      {"string result without max_length", [](json& m) { m["kernels"][1].erase("max_length"); },
       "kernels[1] 'mask_digits': a string result needs \"max_length\""},
      {"max_length constant 2^40", [](json& m) { m["kernels"][1]["max_length"]["constant"] = int64_t(1) << 40; },
       "\"constant\" must be an integer from -2147483648 to 2147483647"},
      {"plus_arg_lengths past the args", [](json& m) { m["kernels"][1]["max_length"]["plus_arg_lengths"] = {1}; },
       "\"plus_arg_lengths\" must name string arguments by index"},
      {"plus_arg_lengths a string", [](json& m) { m["kernels"][1]["max_length"]["plus_arg_lengths"] = {"0"}; },
       "\"plus_arg_lengths\" must name string arguments by index"},
      {"plus_arg_lengths not a list", [](json& m) { m["kernels"][1]["max_length"]["plus_arg_lengths"] = 0; },
       "\"plus_arg_lengths\" must be an array"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    json m = udf_manifest();
    c.edit(m);
    const std::string error = parse_error(m);
    const std::string end = c.error;
    EXPECT_NE(error.find(end), std::string::npos) << error;
  }
}

// A library kernel's specialisations: "constants" name constant integer arguments by index (the runtime
// reads the call's argument at that index); std::stoi threw on a key that is not a number.
TEST(Catalog, RefusesSpecialisationsTheRuntimeCannotMatch) {
  struct Case {
    json constants;
    const char* error;
  };
  const Case cases[] = {
      {json{{"x", 1}}, "specializations[1]: \"constants\": 'x' is not the index of a constant integer argument"},
      {json{{"99999999999", 1}}, "'99999999999' is not the index of a constant integer argument"},
      {json{{"1", 1}}, "'1' is not the index of a constant integer argument"},  // not a constant
      {json{{"00", 1}}, "'00' is not the index"},
      {json{{"0", "1"}}, "the value of argument 0 is not an integer its type holds"},
      {json{{"0", int64_t(1) << 40}}, "the value of argument 0 is not an integer its type holds"},  // int32
      {json{{"0", 1.5}}, "the value of argument 0 is not an integer its type holds"},
      {json::array(), "\"constants\" must be an object"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.constants.dump());
    json m = library_manifest();
    m["kernels"][0]["specializations"][1]["constants"] = c.constants;
    EXPECT_NE(parse_error(m).find(c.error), std::string::npos) << parse_error(m);
  }
  json m = library_manifest();
  m["kernels"][0]["specializations"][0]["params"].erase(0);
  EXPECT_NE(parse_error(m).find("specializations[0]: has a parameter list this runtime does not expect"),
            std::string::npos);
  m = library_manifest();
  m["kernels"][0]["kernel"] = "no_such_kernel_either";
  EXPECT_NE(parse_error(m).find("not in this build's function registry"), std::string::npos);
}

// load: the file, then the CPU library and each kernel's entry in it, with the manifest's path in errors.
TEST(Catalog, LoadNamesTheManifestInItsErrors) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tessera_catalog_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string error;
  EXPECT_EQ(Catalog::load(dir.string(), error), nullptr);
  EXPECT_NE(error.find("cannot open the kernel catalog " + dir.string() + "/manifest.json"), std::string::npos) << error;
  std::ofstream(dir / "manifest.json") << udf_manifest().dump();
  EXPECT_EQ(Catalog::load(dir.string(), error), nullptr);
  EXPECT_EQ(error.rfind(dir.string() + "/manifest.json: cannot load its CPU library", 0), 0u) << error;
  std::ofstream(dir / "manifest.json") << "{\"format\": \"tessera-catalog/1\", \"kernels\": [{\"udf\": \"yes\"}]}";
  EXPECT_EQ(Catalog::load(dir.string(), error), nullptr);
  EXPECT_EQ(error, dir.string() + "/manifest.json: kernels[0]: \"kernel\" is missing");
  std::filesystem::remove_all(dir);
}

// The catalog this build made (the compiler's manifest, CPU library and entries).
TEST(Catalog, LoadsTheBuildsCatalog) {
  if (!std::filesystem::exists(TESSERA_TEST_CATALOG "/manifest.json")) GTEST_SKIP() << "no catalog built";
  std::string error;
  std::unique_ptr<Catalog> c = Catalog::load(TESSERA_TEST_CATALOG, error);
  ASSERT_NE(c, nullptr) << error;
  EXPECT_FALSE(c->kernel_names().empty());
  for (const std::string& name : c->kernel_names()) {
    const tessera::rt::KernelEntry* e = c->find(name);
    ASSERT_NE(e, nullptr);
    EXPECT_TRUE(e->cpu_entry.empty() || e->cpu != nullptr) << name;
  }
}

// A specialisation's own tuned launch ("launch"): used for calls that select it; one without it launches
// as its kernel. Bad values are refused with the specialisation's place.
TEST(Catalog, ReadsSpecialisationLaunches) {
  json m = library_manifest();
  m["kernels"][0]["specializations"][1]["launch"] = {{"rows_per_thread", 2}, {"block_size", 512},
                                                     {"mapping", "block-staged"}};
  std::string error;
  std::unique_ptr<Catalog> c = Catalog::parse(m.dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  const tessera::rt::KernelEntry* e = c->find("datepart");
  ASSERT_EQ(e->gpu_specializations.size(), 2u);
  EXPECT_FALSE(e->gpu_specializations[0].autotuned);
  EXPECT_TRUE(e->gpu_specializations[1].autotuned);
  const tessera::rt::GpuLaunch& own = e->launch_for(&e->gpu_specializations[1]);
  EXPECT_EQ(own.rows_per_thread, 2);
  EXPECT_EQ(own.block_size, 512);
  EXPECT_EQ(own.mapping, tessera::rt::RowMapping::BlockStaged);
  EXPECT_EQ(&e->launch_for(&e->gpu_specializations[0]), &e->gpu_launch);
  EXPECT_EQ(&e->launch_for(nullptr), &e->gpu_launch);

  m["kernels"][0]["specializations"][1]["launch"]["block_size"] = 4096;
  EXPECT_EQ(parse_error(m), "cat/manifest.json: kernels[0] 'datepart': specializations[1]: \"launch\": "
                            "\"block_size\" must be an integer from 1 to 1024");
}

// A kernel compiled into some modules only (fused predicates): the manifest's "variants" say which.
TEST(Catalog, KnowsWhichModulesHoldAKernel) {
  json m = udf_manifest();
  m["kernels"][0]["gpu"]["variants"] =
      json::parse(R"([{"rows_per_thread": 1, "mapping": "per-thread"}, {"rows_per_thread": 1, "mapping": "block-staged"}])");
  std::string error;
  auto c = Catalog::parse(m.dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  const tessera::rt::KernelEntry* k = c->find("net_price");
  EXPECT_TRUE(k->in_module(1, tessera::rt::RowMapping::PerThread));
  EXPECT_TRUE(k->in_module(1, tessera::rt::RowMapping::BlockStaged));
  EXPECT_FALSE(k->in_module(4, tessera::rt::RowMapping::PerThread));
  // Integers: rows per thread of the per-thread mapping (catalogs written before row mappings).
  m["kernels"][0]["gpu"]["variants"] = {1, 2};
  c = Catalog::parse(m.dump(), "cat", error);
  ASSERT_NE(c, nullptr) << error;
  EXPECT_TRUE(c->find("net_price")->in_module(2, tessera::rt::RowMapping::PerThread));
  EXPECT_FALSE(c->find("net_price")->in_module(1, tessera::rt::RowMapping::BlockStaged));
}
