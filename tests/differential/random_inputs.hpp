// Random and edge-case inputs for the differential test, per SQL type.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/sql_types.hpp"
#include "tessera/runtime/column.hpp"

namespace tessera::test {

// How random strings are made: mixed pieces (ASCII, multi-byte UTF-8, invalid bytes), ASCII only, ASCII
// with one row in a hundred mixed, or ASCII with one row in fifty long (100 to 600 bytes, some with a
// multi-byte character). The ASCII profiles reach the packed-bytes path of byte-map kernels
// (tessera-map-packed-bytes), which only runs the row function where a 16-byte chunk is not ASCII.
enum class TextProfile { Mixed, Ascii, MostlyAscii, LongRows };

class RandomInputs {
 public:
  explicit RandomInputs(uint64_t seed) : rng_(seed) {}
  void set_text_profile(TextProfile p) { profile_ = p; }

  // A column of `rows` random values (about 3% NULL) followed by every edge case of the type.
  rt::Column column(fn::SqlType type, int64_t rows);
  // The same for an argument by name: an integer whose useful values are few (GET_BIT's and SET_BIT's bit_offset
  // and bit_value, the shifts' shift_amount) takes mostly those, so that most rows are not errors; the JSON
  // functions' json_expression and json_path are mostly JSON text and paths.
  rt::Column column(fn::SqlType type, int64_t rows, std::string_view name);
  // A value for a constant argument, chosen by the argument's name.
  // Appends random rows until the column has `rows` rows.
  void extend(rt::Column& c, int64_t rows) {
    while (c.rows < rows) append_random(c);
  }
  int64_t constant_int(std::string_view name, fn::SqlType type);
  double constant_float();
  std::string constant_string();
  std::string random_string();

 private:
  int64_t uniform(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }
  int32_t random_date();
  int64_t random_datetime();
  int64_t random_time();
  int64_t random_int(int bits);
  double random_double();
  void append_random(rt::Column& c);
  void append_edges(rt::Column& c);

  std::string mixed_string();
  std::string ascii_string(int64_t min_pieces, int64_t max_pieces);
  // JSON text (mostly valid, nested, with escapes) and JSON paths for the JSON functions' arguments.
  std::string json_text(int depth = 0);
  std::string json_path();

  std::mt19937_64 rng_;
  TextProfile profile_ = TextProfile::Mixed;
};

}  // namespace tessera::test
