// rt::Column's host checks.
#include <gtest/gtest.h>

#include "tessera/runtime/column.hpp"

using tessera::rt::Column;

namespace {
Column strings(std::initializer_list<const char*> rows) {
  Column c;
  c.type = tessera::fn::SqlType::String;
  for (const char* s : rows) c.append_string(s);
  return c;
}
}  // namespace

// Rows in order: each row ends at or before the next one starts (gaps allowed), no negative length.
TEST(Column, RowsInOrder) {
  Column packed = strings({"abc", "", "de", "f"});
  EXPECT_TRUE(packed.rows_in_order());
  EXPECT_TRUE(strings({}).rows_in_order());

  Column gaps = packed;
  gaps.data.resize(20);
  gaps.offsets = {0, 5, 5, 12};
  EXPECT_TRUE(gaps.rows_in_order());

  Column overlap = packed;
  overlap.offsets[2] = 2;  // "de" starts inside "abc"
  EXPECT_FALSE(overlap.rows_in_order());

  Column reversed = packed;
  reversed.offsets = {3, 3, 0, 5};
  EXPECT_FALSE(reversed.rows_in_order());

  Column repeated = packed;
  repeated.offsets[1] = 0;
  repeated.lengths[1] = 3;  // a gather that repeated row 0
  EXPECT_FALSE(repeated.rows_in_order());

  Column negative = packed;
  negative.lengths[3] = -1;
  EXPECT_FALSE(negative.rows_in_order());

  Column fixed = Column::fixed(tessera::fn::SqlType::Int32, 4);
  EXPECT_FALSE(fixed.rows_in_order());  // not a string column
}
