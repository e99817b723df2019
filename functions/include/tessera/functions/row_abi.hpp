// Conventions for row functions: the entry points the registry names.
//
// A row function is `extern "C"`, returns a Status, takes its output first
// (`T* out`, or `char* out, int32_t* out_len` for strings), then its arguments
// in SQL order (strings as `const char* data, int32_t length`), then, for
// functions with custom NULL handling, one `uint8_t is_null` after each column
// argument, and finally `const SessionContext*` if it depends on the session.
// Only scalars and pointers cross this boundary, so the C ABI is the same on
// every target the compiler emits (x86-64, NVPTX, AMDGPU). Inside, functions
// use classes, templates and helpers freely.
#pragma once

#include <cstdint>

#include "tessera/functions/session_context.hpp"
#include "tessera/functions/status.hpp"

#define TESSERA_ROW_FN extern "C"
