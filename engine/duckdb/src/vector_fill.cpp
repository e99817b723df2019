// See vector_fill.hpp.
#include "vector_fill.hpp"

#include <cstring>

namespace tessera::duckdb {

using storage::DataType;
using storage::TypeId;

duckdb_logical_type logical_type(const DataType& t) {
  switch (t.id) {
    case TypeId::Bool: return duckdb_create_logical_type(DUCKDB_TYPE_BOOLEAN);
    case TypeId::Int32: return duckdb_create_logical_type(DUCKDB_TYPE_INTEGER);
    case TypeId::Int64: return duckdb_create_logical_type(DUCKDB_TYPE_BIGINT);
    case TypeId::Double: return duckdb_create_logical_type(DUCKDB_TYPE_DOUBLE);
    case TypeId::Date: return duckdb_create_logical_type(DUCKDB_TYPE_DATE);
    case TypeId::Decimal: return duckdb_create_decimal_type(static_cast<uint8_t>(t.precision), static_cast<uint8_t>(t.scale));
    case TypeId::Money: return duckdb_create_decimal_type(19, 4);
    case TypeId::Char:
    case TypeId::Varchar: return duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime: return duckdb_create_logical_type(DUCKDB_TYPE_TIMESTAMP);
    case TypeId::Time: return duckdb_create_logical_type(DUCKDB_TYPE_TIME);
  }
  return duckdb_create_logical_type(DUCKDB_TYPE_INVALID);
}

void fill_vector(duckdb_vector v, duckdb_type phys, const DataType& t, const rt::Column& col, int64_t from, idx_t n) {
  void* data = duckdb_vector_get_data(v);
  const uint8_t* src = col.data.data();
  switch (t.id) {
    case TypeId::Bool: {
      bool* out = static_cast<bool*>(data);
      for (idx_t r = 0; r < n; ++r) out[r] = src[from + r] != 0;
      break;
    }
    case TypeId::Int32:
    case TypeId::Date: std::memcpy(data, src + from * 4, n * 4); break;
    case TypeId::Int64:
    case TypeId::Double: std::memcpy(data, src + from * 8, n * 8); break;
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime:
    case TypeId::Time: {  // Tessera: 100-ns ticks; DuckDB TIMESTAMP and TIME: microseconds (the last digit is lost)
      const int64_t* in = reinterpret_cast<const int64_t*>(src) + from;
      for (idx_t r = 0; r < n; ++r) {
        const int64_t q = in[r] / 10;
        static_cast<int64_t*>(data)[r] = in[r] % 10 < 0 ? q - 1 : q;
      }
      break;
    }
    case TypeId::Decimal:
    case TypeId::Money: {
      if (t.is_wide_decimal()) {  // Tessera: scaled int128; DuckDB: HUGEINT (precision > 18 both)
        for (idx_t r = 0; r < n; ++r) {
          __int128 v;
          std::memcpy(&v, src + (from + r) * 16, 16);
          duckdb_hugeint h;
          h.lower = static_cast<uint64_t>(v);
          h.upper = static_cast<int64_t>(v >> 64);
          static_cast<duckdb_hugeint*>(data)[r] = h;
        }
        break;
      }
      const int64_t* in = reinterpret_cast<const int64_t*>(src) + from;  // Tessera: scaled int64
      switch (phys) {
        case DUCKDB_TYPE_SMALLINT:
          for (idx_t r = 0; r < n; ++r) static_cast<int16_t*>(data)[r] = static_cast<int16_t>(in[r]);
          break;
        case DUCKDB_TYPE_INTEGER:
          for (idx_t r = 0; r < n; ++r) static_cast<int32_t*>(data)[r] = static_cast<int32_t>(in[r]);
          break;
        case DUCKDB_TYPE_BIGINT: std::memcpy(data, in, n * 8); break;
        default:  // HUGEINT
          for (idx_t r = 0; r < n; ++r) {
            duckdb_hugeint h;
            h.lower = static_cast<uint64_t>(in[r]);
            h.upper = in[r] < 0 ? -1 : 0;
            static_cast<duckdb_hugeint*>(data)[r] = h;
          }
      }
      break;
    }
    case TypeId::Char:
    case TypeId::Varchar: {
      const char* bytes = reinterpret_cast<const char*>(src);
      for (idx_t r = 0; r < n; ++r)
        duckdb_vector_assign_string_element_len(v, r, bytes + col.offsets[from + r],
                                                static_cast<idx_t>(col.lengths[from + r]));
      break;
    }
  }
  if (!col.valid.empty()) {
    bool any_null = false;
    for (idx_t r = 0; r < n && !any_null; ++r) any_null = col.valid[from + r] == 0;
    if (any_null) {
      duckdb_vector_ensure_validity_writable(v);
      uint64_t* validity = duckdb_vector_get_validity(v);
      for (idx_t r = 0; r < n; ++r)
        if (col.valid[from + r] == 0) duckdb_validity_set_row_invalid(validity, r);
    }
  }
}

duckdb_type physical_type(const DataType& t) {
  duckdb_logical_type lt = logical_type(t);
  duckdb_type p = duckdb_get_type_id(lt);
  if (p == DUCKDB_TYPE_DECIMAL) p = duckdb_decimal_internal_type(lt);
  duckdb_destroy_logical_type(&lt);
  return p;
}

}  // namespace tessera::duckdb
