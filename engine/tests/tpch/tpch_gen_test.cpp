#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "tessera/tpch/dists.hpp"
#include "tessera/tpch/generator.hpp"

using namespace tessera;
using namespace tessera::tpch;

namespace {

const std::vector<storage::Table>& sf001() {  // all eight tables at SF 0.01, generated once
  static const std::vector<storage::Table> t = [] {
    GenOptions o;
    o.sf = 0.01;
    o.threads = 2;
    return generate_tables(o);
  }();
  return t;
}
const storage::Table& table(TableId id) { return sf001()[static_cast<int>(id)]; }

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

int32_t day(int y, unsigned m, unsigned d) { return storage::days_from_civil(y, m, d); }

}  // namespace

TEST(TpchGen, ScaleInfo) {
  const ScaleInfo s = scale_info(0.01);
  EXPECT_EQ(s.parts, 2000);
  EXPECT_EQ(s.suppliers, 100);
  EXPECT_EQ(s.customers, 1500);
  EXPECT_EQ(s.orders, 15000);
  EXPECT_EQ(scale_info(1).orders, 1500000);
  EXPECT_EQ(scale_info(10).parts, 2000000);
  EXPECT_THROW(scale_info(0), std::invalid_argument);
  EXPECT_THROW(scale_info(1.5), std::invalid_argument);
}

TEST(TpchGen, RowCountsSf001) {
  const std::map<TableId, int64_t> want = {{TableId::Part, 2000},     {TableId::PartSupp, 8000},
                                           {TableId::Supplier, 100},  {TableId::Customer, 1500},
                                           {TableId::Orders, 15000},  {TableId::LineItem, 60175},
                                           {TableId::Nation, 25},     {TableId::Region, 5}};
  for (auto [id, n] : want) {
    table(id).validate();
    EXPECT_EQ(table(id).num_rows(), n) << table_name(id);
  }
}

// First rows of dbgen 3.0.1's SF1 output (well known from published data sets).
TEST(TpchGen, MatchesDbgenFirstRows) {
  EXPECT_EQ(first_line(generate_tbl_text(TableId::Nation, 1, 1, 1)),
            "0|ALGERIA|0| haggle. carefully final deposits detect slyly agai|");
  EXPECT_EQ(first_line(generate_tbl_text(TableId::Region, 1, 1, 1)),
            "0|AFRICA|lar deposits. blithely final packages cajole. regular waters are final requests. regular "
            "accounts are according to |");
  EXPECT_EQ(first_line(generate_tbl_text(TableId::Supplier, 1, 1, 1)),
            "1|Supplier#000000001| N kD4on9OM Ipw3,gf0JBoQDd7tgrzrddZ|17|27-918-335-1736|5755.94|each slyly above "
            "the careful|");
  EXPECT_EQ(first_line(generate_tbl_text(TableId::Customer, 1, 1, 1)),
            "1|Customer#000000001|IVhzIApeRb ot,c,E|15|25-989-741-2988|711.56|BUILDING|to the even, regular "
            "platelets. regular, ironic epitaphs nag e|");
  EXPECT_EQ(first_line(generate_tbl_text(TableId::Part, 1, 1, 1)),
            "1|goldenrod lavender spring chocolate lace|Manufacturer#1|Brand#13|PROMO BURNISHED COPPER|7|JUMBO "
            "PKG|901.00|ly. slyly ironi|");
  EXPECT_EQ(first_line(generate_tbl_text(TableId::Orders, 1, 1, 1)),
            "1|36901|O|173665.47|1996-01-02|5-LOW|Clerk#000000951|0|nstructions sleep furiously among |");
  EXPECT_EQ(first_line(generate_tbl_text(TableId::LineItem, 1, 1, 1)),
            "1|155190|7706|1|17|21168.23|0.04|0.02|N|O|1996-03-13|1996-02-12|1996-03-22|DELIVER IN "
            "PERSON|TRUCK|egular courts above the|");
}

TEST(TpchGen, ChunksAreIndependent) {
  for (TableId t : {TableId::Supplier, TableId::Customer, TableId::PartSupp, TableId::LineItem, TableId::Nation}) {
    const int64_t n = t == TableId::Nation ? 25 : 60;
    EXPECT_EQ(generate_tbl_text(t, 0.01, 1, n),
              generate_tbl_text(t, 0.01, 1, 17) + generate_tbl_text(t, 0.01, 18, n))
        << table_name(t);
  }
}

TEST(TpchGen, SameFilesForAnyThreadCount) {
  const auto base = std::filesystem::temp_directory_path() / ("tessera_gen_" + std::to_string(::getpid()));
  std::filesystem::create_directories(base / "t1");
  std::filesystem::create_directories(base / "t3");
  GenOptions o;
  o.sf = 0.01;
  o.tables = {TableId::Orders, TableId::LineItem, TableId::Supplier, TableId::PartSupp};
  o.threads = 1;
  const GenStats s1 = write_tbl_files(o, (base / "t1").string());
  o.threads = 3;
  const GenStats s3 = write_tbl_files(o, (base / "t3").string());
  EXPECT_EQ(s1.rows, s3.rows);
  EXPECT_EQ(s1.rows[1], 60175);
  for (const char* f : {"orders.tbl", "lineitem.tbl", "supplier.tbl", "partsupp.tbl"}) {
    const std::string a = slurp(base / "t1" / f), b = slurp(base / "t3" / f);
    EXPECT_FALSE(a.empty()) << f;
    EXPECT_TRUE(a == b) << f;
  }
  EXPECT_FALSE(std::filesystem::exists(base / "t1" / "part.tbl"));  // only the requested tables
  // the in-memory tables are the same data: compare lineitem's .tbl text with its cells
  const std::string text = slurp(base / "t1" / "lineitem.tbl");
  const storage::Table& li = table(TableId::LineItem);
  std::istringstream in(text);
  std::string line;
  for (int64_t r = 0; r < 200 && std::getline(in, line); ++r) {
    std::string want;
    for (size_t c = 0; c < li.num_columns(); ++c) {
      std::string v = li.cell_text(r, c);
      if (c == 4) v = v.substr(0, v.size() - 3);  // quantity is printed as an integer
      want += v + "|";
    }
    ASSERT_EQ(line, want);
  }
  std::filesystem::remove_all(base);
}

TEST(TpchGen, Domains) {
  const storage::Table& part = table(TableId::Part);
  std::set<std::string_view> colors;
  const Distribution& cd = dist(DistId::colors);
  for (size_t i = 0; i < cd.size(); ++i) colors.insert(cd.value(i));
  for (int64_t r = 0; r < part.num_rows(); ++r) {
    const int64_t key = part.column(0).value<int64_t>(r);
    ASSERT_EQ(key, r + 1);
    const int64_t price = 90000 + (key / 10) % 20001 + 100 * (key % 1000);
    ASSERT_EQ(part.column(7).value<int64_t>(r), price);
    std::istringstream words{std::string(part.column(1).string(r))};
    std::string w;
    int n = 0;
    while (words >> w) {
      ASSERT_TRUE(colors.count(w)) << w;
      ++n;
    }
    ASSERT_EQ(n, 5);
    const std::string_view mfgr = part.column(2).string(r), brand = part.column(3).string(r);
    ASSERT_EQ(mfgr.substr(0, 13), "Manufacturer#");
    ASSERT_EQ(brand.substr(0, 6), "Brand#");
    ASSERT_EQ(brand[6], mfgr[13]);  // Brand#MN with M the manufacturer
    const int32_t size = part.column(5).value<int32_t>(r);
    ASSERT_TRUE(size >= 1 && size <= 50);
    const size_t clen = part.column(8).string(r).size();
    ASSERT_TRUE(clen >= 5 && clen <= 22);
  }

  const storage::Table& ps = table(TableId::PartSupp);
  for (int64_t r = 0; r < ps.num_rows(); ++r) {
    const int64_t s = ps.column(1).value<int64_t>(r);
    ASSERT_TRUE(s >= 1 && s <= 100);
    const int64_t cost = ps.column(3).value<int64_t>(r);
    ASSERT_TRUE(cost >= 100 && cost <= 100000);
    const int32_t q = ps.column(2).value<int32_t>(r);
    ASSERT_TRUE(q >= 1 && q <= 9999);
  }

  for (TableId t : {TableId::Supplier, TableId::Customer}) {
    const storage::Table& x = table(t);
    for (int64_t r = 0; r < x.num_rows(); ++r) {
      const int32_t nation = x.column(3).value<int32_t>(r);
      ASSERT_TRUE(nation >= 0 && nation <= 24);
      const std::string_view phone = x.column(4).string(r);
      ASSERT_EQ(phone.size(), 15u);
      ASSERT_EQ(std::stoi(std::string(phone.substr(0, 2))), 10 + nation);
      const int64_t bal = x.column(5).value<int64_t>(r);
      ASSERT_TRUE(bal >= -99999 && bal <= 999999);
      const size_t alen = x.column(2).string(r).size();
      ASSERT_TRUE(alen >= 10 && alen <= 40);
    }
  }

  const storage::Table& orders = table(TableId::Orders);
  const storage::Table& li = table(TableId::LineItem);
  const int32_t current = day(1995, 6, 17);
  int64_t l = 0;
  for (int64_t r = 0; r < orders.num_rows(); ++r) {
    const int64_t okey = orders.column(0).value<int64_t>(r);
    ASSERT_EQ((okey >> 3) & 3, 0) << okey;  // sparse keys: 8 of each 32
    const int64_t cust = orders.column(1).value<int64_t>(r);
    ASSERT_TRUE(cust >= 1 && cust <= 1500 && cust % 3 != 0);
    const int32_t odate = orders.column(4).value<int32_t>(r);
    ASSERT_TRUE(odate >= day(1992, 1, 1) && odate <= day(1998, 8, 2));
    int64_t total = 0, shipped = 0, lines = 0;
    for (; l < li.num_rows() && li.column(0).value<int64_t>(l) == okey; ++l, ++lines) {
      ASSERT_EQ(li.column(3).value<int32_t>(l), lines + 1);
      const int64_t qty = li.column(4).value<int64_t>(l) / 100;
      const int64_t part_key = li.column(1).value<int64_t>(l);
      const int64_t price = 90000 + (part_key / 10) % 20001 + 100 * (part_key % 1000);
      ASSERT_TRUE(qty >= 1 && qty <= 50);
      ASSERT_EQ(li.column(5).value<int64_t>(l), price * qty);
      const int64_t disc = li.column(6).value<int64_t>(l), tax = li.column(7).value<int64_t>(l);
      ASSERT_TRUE(disc >= 0 && disc <= 10 && tax >= 0 && tax <= 8);
      total += ((price * qty * (100 - disc)) / 100) * (100 + tax) / 100;
      const int32_t sd = li.column(10).value<int32_t>(l), cd = li.column(11).value<int32_t>(l),
                    rd = li.column(12).value<int32_t>(l);
      ASSERT_TRUE(sd - odate >= 1 && sd - odate <= 121);
      ASSERT_TRUE(cd - odate >= 30 && cd - odate <= 90);
      ASSERT_TRUE(rd - sd >= 1 && rd - sd <= 30);
      const char flag = li.column(8).string(l)[0], status = li.column(9).string(l)[0];
      if (rd <= current) ASSERT_TRUE(flag == 'R' || flag == 'A');
      else ASSERT_EQ(flag, 'N');
      ASSERT_EQ(status, sd <= current ? 'F' : 'O');
      shipped += status == 'F';
      // l_suppkey is one of the part's four suppliers
      const int64_t s = li.column(2).value<int64_t>(l);
      bool ok = false;
      for (int64_t k = 0; k < 4; ++k) ok |= s == (part_key + k * (100 / 4 + (part_key - 1) / 100)) % 100 + 1;
      ASSERT_TRUE(ok);
    }
    ASSERT_TRUE(lines >= 1 && lines <= 7);
    ASSERT_EQ(orders.column(3).value<int64_t>(r), total);
    const char st = orders.column(2).string(r)[0];
    ASSERT_EQ(st, shipped == lines ? 'F' : shipped == 0 ? 'O' : 'P');
    const std::string_view clerk = orders.column(6).string(r);
    ASSERT_EQ(clerk.substr(0, 6), "Clerk#");
    const int c = std::stoi(std::string(clerk.substr(6)));
    ASSERT_TRUE(c >= 1 && c <= 1000);
  }
  EXPECT_EQ(l, li.num_rows());

  const storage::Table& nation = table(TableId::Nation);
  EXPECT_EQ(nation.cell_text(24, 1), "UNITED STATES");
  EXPECT_EQ(nation.cell_text(24, 2), "1");
  EXPECT_EQ(table(TableId::Region).cell_text(4, 1), "MIDDLE EAST");
}

TEST(TpchGen, TextPoolFollowsGrammar) {
  const std::string_view pool = text_pool();
  ASSERT_EQ(pool.size(), 300u * 1024 * 1024);
  // only words ("Tiresias" is capitalised) and punctuation
  for (size_t i = 0; i < 100000; ++i) {
    const char c = pool[i];
    ASSERT_TRUE((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ' ' || c == ',' || c == '.' || c == ';' || c == ':' || c == '?' ||
                c == '!' || c == '-')
        << i;
  }
}
