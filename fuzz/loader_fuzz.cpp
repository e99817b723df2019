// libFuzzer target: the .tbl / CSV parser (Tessera's own, parallel: two threads, so the cuts between pieces
// are exercised) on text against a schema of every stored type. The first byte picks the format, the
// header, the delimiter and the lines to skip. tpch::LoadError is a rejected input; anything else is a bug.
#include <cstdint>
#include <string>

#include "tessera/tpch/loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using tessera::storage::DataType;
  if (size == 0) return 0;
  static const tessera::storage::Schema schema({{"i", DataType::int32(), true},
                                                {"b", DataType::int64(), false},
                                                {"s", DataType::varchar(8), true},
                                                {"c", DataType::fixed_char(3), true},
                                                {"d", DataType::date(), true},
                                                {"n", DataType::decimal(12, 2), true},
                                                {"w", DataType::decimal(30, 4), true},
                                                {"f", DataType::float64(), true},
                                                {"m", DataType::money(), true},
                                                {"t", DataType::boolean(), true}});
  const uint8_t mode = data[0];
  tessera::tpch::LoadOptions opts = (mode & 1) ? tessera::tpch::LoadOptions::csv((mode & 2) != 0, (mode & 4) ? ';' : ',')
                                               : tessera::tpch::LoadOptions::tbl();
  opts.threads = 2;
  opts.skip_lines = (mode >> 3) & 3;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    tessera::tpch::parse_table(text, "fuzz.csv", "f", schema, opts);
  } catch (const tessera::tpch::LoadError&) {
  }
  return 0;
}
