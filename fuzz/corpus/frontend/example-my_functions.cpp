// spec: {"functions":[{"sql_name":"NET_PRICE","kernel":"net_price","symbol":"udf_net_price","result":"float64","args":[{"name":"price","type":"float64"},{"name":"discount","type":"float64"}]},{"sql_name":"MASK_DIGITS","kernel":"mask_digits","symbol":"udf_mask_digits","result":"string","args":[{"name":"s","type":"string"}],"max_length":{"constant":0,"plus_arg_lengths":[0]}}]}
// Two user functions, written as plain C++ row functions (docs/UDF.md): Tessera compiles them for the CPU
// and the GPU and SQL calls them like the library's functions.
//   tessera --udf examples/udf/my_functions.json examples/udf/my_functions.cpp --sf 0.01 \
//           -e "SELECT NET_PRICE(l_extendedprice, l_discount), MASK_DIGITS(c_phone) FROM ..."
#include <cstdint>

// The price after a discount: price * (1 - discount). NULL in, NULL out (the spec's default rule).
extern "C" int32_t udf_net_price(double* out, double price, double discount) {
  *out = price * (1.0 - discount);
  return 0;
}

// The string with every digit replaced by '#', e.g. a phone number for a report.
extern "C" int32_t udf_mask_digits(char* out, int32_t* out_len, const char* s, int32_t len) {
  for (int32_t i = 0; i < len; ++i) out[i] = s[i] >= '0' && s[i] <= '9' ? '#' : s[i];
  *out_len = len;
  return 0;
}
