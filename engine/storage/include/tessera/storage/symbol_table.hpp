// String compression with a table of short symbols, after FSST (Boncz, Neumann, Leis: "FSST: Fast Random
// Access String Compression", PVLDB 13(11), 2020): up to 255 symbols of 1 to 8 bytes, learnt from a sample of
// the strings; a string becomes one code byte per symbol, and a byte no symbol covers becomes the escape code
// (255) followed by the byte itself. Each string is compressed alone, so any row decodes without its
// neighbours: a GPU thread per row expands them (engine/exec/src/gpu/decode_segments.cu).
// Free text such as TPC-H's comments, which repeat a small vocabulary, shrinks to a third or so; column_chunk
// uses it for a string column when it beats plain and dictionary storage.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::storage {

inline constexpr int kMaxSymbols = 255;
inline constexpr uint8_t kEscapeCode = 255;

class SymbolTable {
 public:
  SymbolTable() { index(); }
  // A table of the given symbols: bytes little-endian in each word (byte i of the symbol in bits 8i..8i+7, the
  // rest zero), lengths 1..8. At most kMaxSymbols.
  SymbolTable(std::vector<uint64_t> symbols, std::vector<uint8_t> lengths);

  // Learns a table from `sample`: a few rounds of compressing the sample with the table so far and keeping the
  // kMaxSymbols symbols (those used, and each pair of adjacent ones joined) that save the most bytes.
  static SymbolTable train(const std::vector<std::string_view>& sample);

  // Appends the codes of `s`: at each position the longest symbol that matches, else an escaped byte.
  void encode(std::string_view s, std::string& out) const;

  size_t size() const { return symbols_.size(); }
  const std::vector<uint64_t>& symbols() const { return symbols_; }
  const std::vector<uint8_t>& lengths() const { return lengths_; }

 private:
  void index();
  // The code of the longest symbol that matches `word` (the next up to 8 bytes, zero-padded; `left` of them
  // real), or -1; `length` gets its length.
  int longest_match(uint64_t word, size_t left, int& length) const;

  std::vector<uint64_t> symbols_;
  std::vector<uint8_t> lengths_;
  // Codes of the symbols that start with each byte, longest first.
  std::array<std::vector<uint8_t>, 256> by_first_;
};

// The up to 8 bytes of `s` from `at` as a little-endian word, zero-padded past the end.
uint64_t load_word(std::string_view s, size_t at);

}  // namespace tessera::storage
