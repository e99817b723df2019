// SOUNDEX and DIFFERENCE: American Soundex codes (letter + three digits).
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::kOk;

namespace {
// Soundex digit of each letter A..Z; 0 for vowels and Y (they separate equal
// codes), 9 for H and W (they do not).
constexpr char kCodes[26] = {0, 1, 2, 3, 0, 1, 2, 9, 0, 2, 2, 4, 5, 5, 0, 1, 2, 6, 2, 3, 0, 1, 9, 2, 0, 2};

constexpr int upper_letter(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return c - 'A';
  return -1;
}

// Writes the 4-character code of s. Leading characters that are not ASCII
// letters are skipped; the code ends at the next non-letter. No letter at
// all gives "0000".
void soundex(const char* s, int32_t s_len, char code[4]) {
  code[0] = '0';
  code[1] = code[2] = code[3] = '0';
  int32_t pos = 0;
  while (pos < s_len && upper_letter(s[pos]) < 0) ++pos;
  if (pos == s_len) return;
  const int first = upper_letter(s[pos]);
  code[0] = static_cast<char>('A' + first);
  int last = kCodes[first];
  int n = 1;
  for (++pos; pos < s_len && n < 4; ++pos) {
    const int l = upper_letter(s[pos]);
    if (l < 0) break;
    const int d = kCodes[l];
    if (d == 9) continue;  // H, W: transparent
    if (d != 0 && d != last) code[n++] = static_cast<char>('0' + d);
    last = d;
  }
}
}  // namespace

TESSERA_ROW_FN int32_t tsf_soundex(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  soundex(s, s_len, out);
  *out_len = 4;
  return kOk;
}

// DIFFERENCE(a, b): how many of the four SOUNDEX characters agree (0..4).
TESSERA_ROW_FN int32_t tsf_difference(int32_t* out, const char* a, int32_t a_len, const char* b, int32_t b_len) {
  char x[4], y[4];
  soundex(a, a_len, x);
  soundex(b, b_len, y);
  int32_t same = 0;
  for (int i = 0; i < 4; ++i) same += x[i] == y[i] ? 1 : 0;
  *out = same;
  return kOk;
}
