// User functions that never return on some inputs, for the cancellation tests (engine/tests/session/statement_stop_test.cpp,
// compiler/test/tessera-cc/cancellation-checks.test):
// a statement calling them must still stop on a time limit or a cancel (tessera-cc checks a flag on every loop
// back edge of user code).
#include <cstdint>

// Steps of the Collatz sequence from x to 1; x <= 0 never reaches 1 (0 stays 0; -1, -2, -1, ... cycles).
extern "C" int32_t udf_collatz_steps(int32_t* out, int64_t x) {
  int32_t steps = 0;
  while (x != 1) {
    x = (x % 2 != 0) ? 3 * x + 1 : x / 2;
    ++steps;
  }
  *out = steps;
  return 0;
}

// A loop inside a loop: the inner one never ends when n is negative (i goes down from n, never up to n * n).
extern "C" int32_t udf_nested_spin(int64_t* out, int64_t n) {
  int64_t total = 0;
  for (int64_t k = 0; k < 3; ++k) {
    int64_t i = n;
    while (i != n * n + 1) {
      i = n < 0 ? i - 1 : i + 1;
      total += i & 7;
    }
  }
  *out = total;
  return 0;
}
