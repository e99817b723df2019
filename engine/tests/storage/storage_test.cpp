#include <gtest/gtest.h>

#include "tessera/storage/table.hpp"

using namespace tessera::storage;

TEST(Storage, DatesRoundTrip) {
  EXPECT_EQ(days_from_civil(1970, 1, 1), 0);
  EXPECT_EQ(days_from_civil(1992, 1, 1), 8035);
  EXPECT_EQ(format_date(days_from_civil(1998, 12, 31)), "1998-12-31");
  int32_t d = 0;
  ASSERT_TRUE(parse_date("1996-02-29", d));
  EXPECT_EQ(format_date(d), "1996-02-29");
  EXPECT_FALSE(parse_date("1995-02-29", d));
  EXPECT_FALSE(parse_date("1995-13-01", d));
  EXPECT_FALSE(parse_date("1995-1-01", d));
  for (int32_t z = -1000; z < 40000; z += 7) {
    ASSERT_TRUE(parse_date(format_date(z), d));
    ASSERT_EQ(d, z);
  }
}

TEST(Storage, Decimals) {
  __int128 v = 0;
  ASSERT_TRUE(parse_decimal("901.00", 15, 2, v));
  EXPECT_EQ(v, 90100);
  ASSERT_TRUE(parse_decimal("17", 15, 2, v));
  EXPECT_EQ(v, 1700);
  ASSERT_TRUE(parse_decimal("-0.5", 15, 2, v));
  EXPECT_EQ(v, -50);
  EXPECT_FALSE(parse_decimal("1.234", 15, 2, v));
  EXPECT_FALSE(parse_decimal("1.2.3", 15, 2, v));
  EXPECT_FALSE(parse_decimal("", 15, 2, v));
  EXPECT_FALSE(parse_decimal("12a", 15, 2, v));
  EXPECT_FALSE(parse_decimal("1234567890123456", 15, 2, v));  // 18 digits > precision 15
  EXPECT_EQ(format_decimal(-50, 2), "-0.50");
  EXPECT_EQ(format_decimal(90100, 2), "901.00");
  EXPECT_EQ(format_decimal(7, 0), "7");
}

TEST(Storage, WideDecimals) {
  __int128 v = 0;
  ASSERT_TRUE(parse_decimal("-12345678901234567890123456789012345.678", 38, 3, v));
  EXPECT_EQ(format_decimal(v, 3), "-12345678901234567890123456789012345.678");
  ASSERT_TRUE(parse_decimal("99999999999999999999999999999999999999", 38, 0, v));  // 10^38 - 1
  EXPECT_FALSE(parse_decimal("100000000000000000000000000000000000000", 38, 0, v));
  EXPECT_FALSE(parse_decimal("1234567890123456789", 18, 0, v));  // 19 digits > precision 18
  // 38 digits and a scale of 4 (a MONEY field): refused before scaling, not an int128 overflow (the loader
  // fuzzer's first find).
  EXPECT_FALSE(parse_decimal("22222222222222222222222222222222222213", 19, 4, v));
  EXPECT_FALSE(parse_decimal("22222222222222222222222222222222222213", 0, 4, v));
  ASSERT_TRUE(parse_decimal("1234567890123456.5", 0, 4, v));
  EXPECT_EQ(format_decimal(v, 4), "1234567890123456.5000");
  EXPECT_TRUE(DataType::decimal(19, 2).is_wide_decimal());
  EXPECT_FALSE(DataType::decimal(18, 2).is_wide_decimal());
  EXPECT_EQ(DataType::decimal(19, 2).physical(), tessera::fn::SqlType::Decimal128);
  EXPECT_EQ(tessera::fn::type_width(tessera::fn::SqlType::Decimal128), 16);
}

TEST(Storage, LargeColumnBuffersAreHugePageAligned) {
  // Buffers of 4 MiB and more come from rt::ColumnAllocator's huge-page path (2 MiB-aligned).
  tessera::rt::Column big = tessera::rt::Column::fixed(tessera::fn::SqlType::Int64, 1 << 20);  // 8 MiB
  EXPECT_EQ(reinterpret_cast<uintptr_t>(big.data.data()) % tessera::rt::kHugePage, 0u);
  big.data[big.data.size() - 1] = 7;
  tessera::rt::Column copy = big;  // copies keep the allocator
  EXPECT_EQ(copy.data.back(), 7);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(copy.data.data()) % tessera::rt::kHugePage, 0u);
  copy.data.resize(16);
  copy.data.shrink_to_fit();  // back to the ordinary heap
  EXPECT_EQ(copy.data.size(), 16u);
}

TEST(Storage, TableAppendAndNulls) {
  Schema s({{"k", DataType::int64(), false}, {"name", DataType::varchar(10), true}, {"d", DataType::date(), true}});
  Table a("t", s), b("t", s);
  a.column(0).append<int64_t>(1);
  a.column(1).append_string("one");
  a.column(2).append<int32_t>(0);
  b.column(0).append<int64_t>(2);
  append_null(b.column(1));
  b.column(2).append<int32_t>(8035);
  a.append(std::move(b));
  a.validate();
  ASSERT_EQ(a.num_rows(), 2);
  EXPECT_EQ(a.cell_text(1, 0), "2");
  EXPECT_EQ(a.cell_text(0, 1), "one");
  EXPECT_EQ(a.cell_text(1, 1), "NULL");
  EXPECT_EQ(a.cell_text(1, 2), "1992-01-01");
  EXPECT_EQ(a.schema().index_of("NAME"), 1);
  EXPECT_EQ(a.schema().field(1).type.to_string(), "VARCHAR(10)");
  EXPECT_THROW(a.column("missing"), std::out_of_range);
  Table c("t", s);  // a NULL in the first row
  append_null(c.column(2));
  c.column(2).append<int32_t>(5);
  EXPECT_EQ(c.cell_text(0, 2), "NULL");
  EXPECT_EQ(c.cell_text(1, 2), "1970-01-06");
}

// Appending many chunks grows every buffer geometrically: a few dozen reallocations for thousands of chunks,
// not one per chunk (reserving the exact new size on every append made generating SF 10 quadratic).
TEST(Storage, AppendingManyChunksReallocatesLogarithmically) {
  Schema schema({{"s", DataType::varchar(8), false}, {"k", DataType::int32(), false}});
  Table all("t", schema);
  int grew = 0;
  size_t offsets_capacity = 0, data_capacity = 0;
  for (int chunk = 0; chunk < 4000; ++chunk) {
    Table part("t", schema);
    for (int r = 0; r < 3; ++r) {
      part.column(0).append_string("abc");
      part.column(1).append<int32_t>(chunk);
    }
    all.append(std::move(part));
    if (all.column(0).offsets.capacity() != offsets_capacity) ++grew;
    if (all.column(1).data.capacity() != data_capacity) ++grew;
    offsets_capacity = all.column(0).offsets.capacity();
    data_capacity = all.column(1).data.capacity();
  }
  EXPECT_EQ(all.num_rows(), 12000);
  EXPECT_EQ(all.column(0).string(11999), "abc");
  EXPECT_EQ(all.column(0).offsets[11999], 11999 * 3);
  EXPECT_LT(grew, 80) << "buffers reallocated on " << grew << " of 8000 appends";
}
