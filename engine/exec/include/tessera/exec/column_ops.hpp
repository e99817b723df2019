// Whole-column primitives the operators share: gathering rows, selections, hashing and comparing keys.
#pragma once

#include "tessera/exec/hash_mix.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "tessera/exec/batch.hpp"

namespace tessera::exec {

// Rows `rows` of c (-1 gives a NULL), as a new column.
ColumnPtr gather(const rt::Column& c, const std::vector<int64_t>& rows, int threads);
// Rows of a batch.
Batch gather(const Batch& b, const std::vector<int64_t>& rows, int threads);
// The rows where a BOOL column is true (NULL counts as false), in order.
std::vector<int64_t> selected_rows(const rt::Column& mask, int threads);

// SQL Server compares strings ignoring trailing blanks.
inline std::string_view rtrim_blanks(std::string_view s) {
  size_t n = s.size();
  while (n > 0 && s[n - 1] == ' ') --n;
  return s.substr(0, n);
}

// Hashes of the key tuple of every row; `null_key[row]` set where a key is NULL.
void hash_keys(const std::vector<const rt::Column*>& keys, int64_t rows, std::vector<uint64_t>& hashes,
               std::vector<uint8_t>& null_key, int threads);
// 1 where any key column is NULL.
std::vector<uint8_t> null_flags(const std::vector<const rt::Column*>& keys, int64_t rows);
// Key tuple of row a (in keys_a) equals that of row b (in keys_b): same physical types.
bool keys_equal(const std::vector<const rt::Column*>& keys_a, int64_t a, const std::vector<const rt::Column*>& keys_b,
                int64_t b);
// Narrow keys packed into one 64-bit word per row, so hashing and comparing a key is one integer
// operation: integers, dates and booleans by value, short strings (after trailing blanks are
// dropped) by length and bytes, plus a NULL bit for columns that have NULLs when `with_nulls`.
struct KeyLayout {
  struct Part {
    int shift, bits;
    bool string;
    int max_len;
    bool null_bit;
  };
  std::vector<Part> parts;
};
// A layout that fits every given key set (the two sides of a join use the same); nullopt if wider.
std::optional<KeyLayout> key_layout(const std::vector<std::vector<const rt::Column*>>& sides, bool with_nulls);
void pack_keys(const KeyLayout& layout, const std::vector<const rt::Column*>& keys, int64_t rows,
               std::vector<uint64_t>& packed, int threads);

// Three-way comparison of one value (NULLs first), for sorting.
int compare_values(const rt::Column& c, int64_t a, int64_t b);

}  // namespace tessera::exec
