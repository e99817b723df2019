// Hand-written CUDA versions of 20 Tessera scalar functions, for the GPU
// benchmark only (bench/gpu_bench.cu). This folder is the ONLY place where
// hand-written GPU versions of scalar functions may exist: the product runs
// kernels compiled from functions/src by tessera-cc.
//
// Every kernel uses the kernel ABI's column layout (kernel_abi.hpp):
//   fixed width: T* data + uint8 validity per row (nullptr = all valid)
//                -> T* out + uint8 out_valid (always written)
//   strings:     char* bytes, int64 offsets, int32 lengths (+ validity)
//                -> preallocated bytes at precomputed int64 out offsets,
//                   int32 out lengths, uint8 out_valid
//   errors:      int64 slot, atomicMin of (row << 8) | status over failing rows
// and, on every input, exactly the result of the library's row function
// (functions/src), which hw_selftest() checks on the host. The first 12 are in
// handwritten_kernels.cu, the other 8 in handwritten_more.cu.
#pragma once

#include <cstdint>
#include <string>

#include <cuda_runtime.h>

namespace tessera::bench::hw {

struct InString {
  const char* bytes;
  const int64_t* offsets;
  const int32_t* lengths;
  const uint8_t* valid;  // may be null
  int64_t total_bytes;   // bytes[0, total_bytes) hold every row
  // Rows lie back to back from offset 0 with no gaps and the output offsets
  // equal the input offsets: enables the whole-buffer path of LOWER/UPPER.
  bool packed_same_layout;
};

struct OutString {
  char* bytes;
  const int64_t* offsets;  // precomputed by the runtime's length rule
  int32_t* lengths;
  uint8_t* valid;
};

// Each launcher enqueues its kernel(s) on `stream` and returns the launch error.
// `n` is the row count; `error` points at an int64 slot preset to INT64_MAX.
cudaError_t year(const int32_t* date, const uint8_t* valid, int32_t* out, uint8_t* out_valid, int64_t n,
                 cudaStream_t stream);
cudaError_t datepart_quarter(const int32_t* date, const uint8_t* valid, int32_t* out, uint8_t* out_valid,
                             int64_t n, cudaStream_t stream);
cudaError_t dateadd_day(const int32_t* number, const uint8_t* number_valid, const int32_t* date,
                        const uint8_t* date_valid, int32_t* out, uint8_t* out_valid, int64_t* error, int64_t n,
                        cudaStream_t stream);
cudaError_t datediff_day(const int32_t* start, const uint8_t* start_valid, const int32_t* end,
                         const uint8_t* end_valid, int32_t* out, uint8_t* out_valid, int64_t* error, int64_t n,
                         cudaStream_t stream);
cudaError_t cast_float_to_money(const double* v, const uint8_t* valid, int64_t* out, uint8_t* out_valid,
                                int64_t* error, int64_t n, cudaStream_t stream);
cudaError_t convert_date_101(const int32_t* date, const uint8_t* valid, OutString out, int64_t n,
                             cudaStream_t stream);
cudaError_t lower(InString s, OutString out, int64_t n, cudaStream_t stream);
cudaError_t upper(InString s, OutString out, int64_t n, cudaStream_t stream);
cudaError_t left(InString s, int64_t count, OutString out, int64_t* error, int64_t n, cudaStream_t stream);
cudaError_t right(InString s, int64_t count, OutString out, int64_t* error, int64_t n, cudaStream_t stream);
cudaError_t substring(InString s, int64_t start, int64_t length, OutString out, int64_t* error, int64_t n,
                      cudaStream_t stream);
cudaError_t isnumeric(InString s, int32_t* out, uint8_t* out_valid, int64_t n, cudaStream_t stream);

// handwritten_more.cu. Arguments that are columns in the kernel ABI (the
// CHARINDEX/REPLACE patterns) are columns here too; `case_insensitive` and
// `language` are the session's (collation & kCaseInsensitive, language).
cudaError_t len(InString s, int32_t* out, uint8_t* out_valid, int64_t n, cudaStream_t stream);
cudaError_t ltrim(InString s, OutString out, int64_t n, cudaStream_t stream);
cudaError_t charindex(InString find, InString s, bool case_insensitive, int32_t* out, uint8_t* out_valid, int64_t n,
                      cudaStream_t stream);
cudaError_t replace(InString s, InString find, InString replacement, bool case_insensitive, OutString out,
                    int64_t n, cudaStream_t stream);
cudaError_t cast_varchar_to_decimal(InString s, int32_t precision, int32_t scale, int64_t* out, uint8_t* out_valid,
                                    int64_t* error, int64_t n, cudaStream_t stream);
cudaError_t convert_varchar_to_date(InString s, int32_t style, int32_t language, int32_t* out, uint8_t* out_valid,
                                    int64_t* error, int64_t n, cudaStream_t stream);
cudaError_t datename_month(const int32_t* date, const uint8_t* valid, int32_t language, OutString out, int64_t n,
                           cudaStream_t stream);
cudaError_t round_float(const double* x, const uint8_t* valid, int32_t length, double* out, uint8_t* out_valid,
                        int64_t* error, int64_t n, cudaStream_t stream);

// Host-side check of the per-row logic the kernels use (compiled __host__
// __device__) against the library's row functions: every day of the DATE
// range, random doubles, edge strings and random byte strings. Needs no GPU.
// Returns the number of mismatches; `report` gets the first few.
// Runs hw_selftest_more() too.
int64_t hw_selftest(std::string& report, uint64_t seed);
// The same for the functions of handwritten_more.cu.
int64_t hw_selftest_more(std::string& report, uint64_t seed);

}  // namespace tessera::bench::hw
