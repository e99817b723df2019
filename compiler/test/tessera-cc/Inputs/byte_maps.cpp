// Row functions with one string argument and a string result: some map ASCII text byte by byte, some do
// not (byte-map.test).
#include <cstdint>

// ROT13 of ASCII letters: a byte map.
extern "C" int32_t udf_rot13(char* out, int32_t* out_len, const char* s, int32_t n) {
  for (int32_t i = 0; i < n; ++i) {
    const char c = s[i];
    if (c >= 'a' && c <= 'z') out[i] = static_cast<char>('a' + (c - 'a' + 13) % 26);
    else if (c >= 'A' && c <= 'Z') out[i] = static_cast<char>('A' + (c - 'A' + 13) % 26);
    else out[i] = c;
  }
  *out_len = n;
  return 0;
}

// Reads the next byte too: not position-local.
extern "C" int32_t udf_neighbour(char* out, int32_t* out_len, const char* s, int32_t n) {
  for (int32_t i = 0; i < n; ++i) out[i] = i + 1 < n && s[i + 1] == ' ' ? '_' : s[i];
  *out_len = n;
  return 0;
}

// Depends on the position: not a byte map.
extern "C" int32_t udf_alternate(char* out, int32_t* out_len, const char* s, int32_t n) {
  for (int32_t i = 0; i < n; ++i) out[i] = i % 2 ? s[i] : '*';
  *out_len = n;
  return 0;
}

// Drops the last byte: the length changes.
extern "C" int32_t udf_chop(char* out, int32_t* out_len, const char* s, int32_t n) {
  for (int32_t i = 0; i + 1 < n; ++i) out[i] = s[i];
  *out_len = n > 0 ? n - 1 : 0;
  return 0;
}

// Fails on '!': the status depends on the bytes.
extern "C" int32_t udf_strict(char* out, int32_t* out_len, const char* s, int32_t n) {
  for (int32_t i = 0; i < n; ++i) {
    if (s[i] == '!') return 1;
    out[i] = s[i];
  }
  *out_len = n;
  return 0;
}

// Doubles every byte: not length-preserving.
extern "C" int32_t udf_double(char* out, int32_t* out_len, const char* s, int32_t n) {
  for (int32_t i = 0; i < n; ++i) out[2 * i] = out[2 * i + 1] = s[i];
  *out_len = 2 * n;
  return 0;
}
