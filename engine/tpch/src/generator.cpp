// TPC-H row generation (clause 4.2.3) with per-column random streams (see rng.hpp), chunked over
// threads and written in order.
#include "tessera/tpch/generator.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "rng.hpp"
#include "tessera/tpch/dists.hpp"
#include "tessera/runtime/error.hpp"

namespace tessera::tpch {

namespace {

using detail::Stream;

// ---------------------------------------------------------------------------------------------
// constants of clause 4.2.3

constexpr int32_t kStartDay = 8035;       // 1992-01-01 as days since 1970-01-01
constexpr int32_t kCurrentOffset = 1263;  // 1995-06-17 - 1992-01-01
constexpr int32_t kOrderDateMax = 2557 - (121 + 30) - 1;  // offset of the last order date
constexpr int32_t kDateTableSize = 2557 + 200;

int text_min(double avg) { return static_cast<int>(avg * 0.4); }
int text_max(double avg) { return static_cast<int>(avg * 1.6); }

constexpr char kAlphaNum[65] = "0123456789abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ,";

struct Dates {
  char text[kDateTableSize][10];
  Dates() {
    for (int k = 0; k < kDateTableSize; ++k) {
      const std::string s = storage::format_date(kStartDay + k);
      std::memcpy(text[k], s.data(), 10);
    }
  }
};
const Dates& dates() {
  static const Dates d;
  return d;
}

int64_t retail_price(int64_t partkey) {  // cents
  return 90000 + (partkey / 10) % 20001 + (partkey % 1000) * 100;
}

int64_t sparse_key(int64_t i) {  // 8 of each 32 keys used
  const int64_t low = i & 7;
  return (((i >> 3) << 2) << 3) + low;
}

// ---------------------------------------------------------------------------------------------
// sinks: the row generators call these per value

class TextSink {
 public:
  std::string buf;

  void key(int64_t v) {
    char tmp[24];
    char* e = tmp + sizeof tmp;
    char* p = e;
    const bool neg = v < 0;
    uint64_t u = neg ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    do {
      *--p = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u);
    if (neg) *--p = '-';
    buf.append(p, e - p);
    buf.push_back('|');
  }
  void i32(int64_t v) { key(v); }
  void qty(int64_t v) { key(v); }
  void money(int64_t cents) {  // dbgen's "%d.%02d"
    char tmp[32];
    char* e = tmp + sizeof tmp;
    char* p = e;
    const bool neg = cents < 0;
    uint64_t u = neg ? 0 - static_cast<uint64_t>(cents) : static_cast<uint64_t>(cents);
    *--p = '|';
    *--p = static_cast<char>('0' + u % 10);
    u /= 10;
    *--p = static_cast<char>('0' + u % 10);
    u /= 10;
    *--p = '.';
    do {
      *--p = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u);
    if (neg) *--p = '-';
    buf.append(p, e - p);
  }
  void str(std::string_view s) {
    buf.append(s.data(), s.size());
    buf.push_back('|');
  }
  void chr(char c) {
    buf.push_back(c);
    buf.push_back('|');
  }
  void date(int32_t offset) {
    buf.append(dates().text[offset], 10);
    buf.push_back('|');
  }
  void end_row() { buf.push_back('\n'); }
  void reserve(size_t n) { buf.reserve(n); }
};

struct NullSink {
  void key(int64_t) {}
  void i32(int64_t) {}
  void qty(int64_t) {}
  void money(int64_t) {}
  void str(std::string_view) {}
  void chr(char) {}
  void date(int32_t) {}
  void end_row() {}
  void reserve(size_t) {}
};

class ColumnSink {
 public:
  explicit ColumnSink(TableId t) : table(std::string(table_name(t)), table_schema(t)) {}
  storage::Table table;

  void key(int64_t v) {
    rt::Column& c = next();
    if (c.type == fn::SqlType::Int32) c.append<int32_t>(static_cast<int32_t>(v));
    else c.append<int64_t>(v);
  }
  void i32(int64_t v) { key(v); }
  void qty(int64_t v) { next().append<int64_t>(v * 100); }  // DECIMAL(15,2)
  void money(int64_t cents) { next().append<int64_t>(cents); }
  void str(std::string_view s) { next().append_string(s); }
  void chr(char c) { next().append_string(std::string_view(&c, 1)); }
  void date(int32_t offset) { next().append<int32_t>(kStartDay + offset); }
  void end_row() { col_ = 0; }
  void reserve(size_t) {}

 private:
  rt::Column& next() { return table.column(col_++); }
  size_t col_ = 0;
};

// ---------------------------------------------------------------------------------------------
// the generators, one per table (or master/detail pair), positioned at a first unit

struct Ctx {
  ScaleInfo s;
  std::string_view pool;
};

class TextColumn {  // a comment column: a random substring of the text pool
 public:
  TextColumn(int64_t seed, double avg, int per_row_texts)
      : stream_(seed, 2 * per_row_texts), lo_(text_min(avg)), hi_(text_max(avg)) {}
  void skip_rows(int64_t n) { stream_.skip_rows(n); }
  std::string_view next(std::string_view pool) {
    const int64_t off = stream_.uniform(0, detail::kTextPoolSize - hi_);
    const int64_t len = stream_.uniform(lo_, hi_);
    return pool.substr(static_cast<size_t>(off), static_cast<size_t>(len));
  }
  void row_done() { stream_.row_done(); }

 private:
  Stream stream_;
  int lo_, hi_;
};

class AlnumColumn {  // random address strings (a_rnd): 5 characters from each 31-bit draw
 public:
  AlnumColumn(int64_t seed, double avg) : stream_(seed, 9), lo_(text_min(avg)), hi_(text_max(avg)) {}
  void skip_rows(int64_t n) { stream_.skip_rows(n); }
  std::string_view next() {
    const int64_t len = stream_.uniform(lo_, hi_);
    int64_t bits = 0;
    for (int64_t i = 0; i < len; ++i) {
      if (i % 5 == 0) bits = stream_.uniform_full();
      buf_[i] = kAlphaNum[bits & 63];
      bits >>= 6;
    }
    return std::string_view(buf_, static_cast<size_t>(len));
  }
  void row_done() { stream_.row_done(); }

 private:
  Stream stream_;
  int lo_, hi_;
  char buf_[128];
};

std::string_view pick(const Distribution& d, Stream& s) { return d.value(d.pick(s.pick_offset(d.total()))); }

void digits(char* out, int64_t v, int n) {  // v as exactly n digits
  for (int i = n - 1; i >= 0; --i) {
    out[i] = static_cast<char>('0' + v % 10);
    v /= 10;
  }
}

void phone(char* out, int64_t nation, Stream& s) {  // "CC-AAA-EEE-NNNN", country code 10 + nation
  const int64_t a = s.uniform(100, 999), e = s.uniform(100, 999), n = s.uniform(1000, 9999);
  digits(out, 10 + nation % 90, 2);
  out[2] = '-';
  digits(out + 3, a, 3);
  out[6] = '-';
  digits(out + 7, e, 3);
  out[10] = '-';
  digits(out + 11, n, 4);
  out[15] = 0;
}

void format_key_name(char* out, const char* tag, int64_t v) {  // "Tag#%09d"
  const size_t n = std::strlen(tag);
  std::memcpy(out, tag, n);
  int w = 9;
  for (int64_t x = v; x >= 1000000000; x /= 10) ++w;
  digits(out + n, v, w);
  out[n + w] = 0;
}

class SupplierGen {
 public:
  SupplierGen(const Ctx& c, int64_t first)
      : c_(c), addr_(706178559, 25), comment_(1341315363, 63, 1), nation_(110356601, 1), phone_(884434366, 3),
        bal_(962338209, 1), junk_(263032577, 1), type_(753643799, 1), press_(202794285, 1),
        offset_(715851524, 1) {
    const int64_t n = first - 1;
    addr_.skip_rows(n);
    comment_.skip_rows(n);
    for (Stream* s : {&nation_, &phone_, &bal_, &junk_, &type_, &press_, &offset_}) s->skip_rows(n);
  }
  template <class Sink>
  void row(int64_t i, Sink& out) {
    char name[40], ph[16];
    format_key_name(name, "Supplier#", i);
    const std::string_view address = addr_.next();
    const int64_t nation = nation_.uniform(0, 24);
    phone(ph, nation, phone_);
    const int64_t bal = bal_.uniform(-99999, 999999);
    const std::string_view text = comment_.next(c_.pool);
    std::memcpy(cmt_, text.data(), text.size());
    const int64_t clen = static_cast<int64_t>(text.size());
    const int64_t bad = press_.uniform(1, 10000);
    int64_t type = type_.uniform(0, 100);
    const int64_t noise = junk_.uniform(0, clen - 19);
    const int64_t off = offset_.uniform(0, clen - (19 + noise));
    if (bad <= 10) {  // "Customer ... Complaints" / "Customer ... Recommends" (clause 4.2.3)
      type = type < 50 ? 0 : 1;
      std::memcpy(cmt_ + off, "Customer ", 9);
      std::memcpy(cmt_ + 9 + off + noise, type == 0 ? "Complaints" : "Recommends", 10);
    }
    out.key(i);
    out.str(name);
    out.str(address);
    out.i32(nation);
    out.str(std::string_view(ph, 15));
    out.money(bal);
    out.str(std::string_view(cmt_, static_cast<size_t>(clen)));
    out.end_row();
    addr_.row_done();
    comment_.row_done();
    for (Stream* s : {&nation_, &phone_, &bal_, &junk_, &type_, &press_, &offset_}) s->row_done();
  }

 private:
  const Ctx& c_;
  AlnumColumn addr_;
  TextColumn comment_;
  Stream nation_, phone_, bal_, junk_, type_, press_, offset_;
  char cmt_[256];
};

class CustomerGen {
 public:
  CustomerGen(const Ctx& c, int64_t first)
      : c_(c), addr_(881155353, 25), comment_(1335826707, 73, 1), nation_(1489529863, 1), phone_(1521138112, 3),
        bal_(298370230, 1), seg_(1140279430, 1), segs_(dist(DistId::msegmnt)) {
    const int64_t n = first - 1;
    addr_.skip_rows(n);
    comment_.skip_rows(n);
    for (Stream* s : {&nation_, &phone_, &bal_, &seg_}) s->skip_rows(n);
  }
  template <class Sink>
  void row(int64_t i, Sink& out) {
    char name[40], ph[16];
    format_key_name(name, "Customer#", i);
    const std::string_view address = addr_.next();
    const int64_t nation = nation_.uniform(0, 24);
    phone(ph, nation, phone_);
    const int64_t bal = bal_.uniform(-99999, 999999);
    const std::string_view seg = pick(segs_, seg_);
    const std::string_view text = comment_.next(c_.pool);
    out.key(i);
    out.str(name);
    out.str(address);
    out.i32(nation);
    out.str(std::string_view(ph, 15));
    out.money(bal);
    out.str(seg);
    out.str(text);
    out.end_row();
    addr_.row_done();
    comment_.row_done();
    for (Stream* s : {&nation_, &phone_, &bal_, &seg_}) s->row_done();
  }

 private:
  const Ctx& c_;
  AlnumColumn addr_;
  TextColumn comment_;
  Stream nation_, phone_, bal_, seg_;
  const Distribution& segs_;
};

class PartGen {  // PART with its four PARTSUPP rows
 public:
  PartGen(const Ctx& c, int64_t first)
      : c_(c), comment_(804159733, 14, 1), ps_comment_(1961692154, 124, 4), name_(709314158, 92), mfg_(1, 1),
        brand_(46831694, 1), type_(1841581359, 1), size_(1193163244, 1), cntr_(727633698, 1),
        qty_(1671059989, 4), cost_(1051288424, 4), colors_(dist(DistId::colors)), types_(dist(DistId::p_types)),
        cntrs_(dist(DistId::p_cntr)) {
    const int64_t n = first - 1;
    comment_.skip_rows(n);
    ps_comment_.skip_rows(n);
    for (Stream* s : {&name_, &mfg_, &brand_, &type_, &size_, &cntr_, &qty_, &cost_}) s->skip_rows(n);
  }
  template <class PSink, class SSink>
  void row(int64_t i, PSink& part, SSink& psupp) {
    // p_name: five distinct colours, the first five of a random permutation of the 92
    uint8_t perm[92];
    for (int k = 0; k < 92; ++k) perm[k] = static_cast<uint8_t>(k);
    std::string name;
    for (int k = 0; k < 5; ++k) {
      const int64_t j = name_.uniform(k, 91);
      std::swap(perm[k], perm[j]);
      if (k) name.push_back(' ');
      name.append(colors_.value(perm[k]));
    }
    const int64_t m = mfg_.uniform(1, 5);
    const int64_t b = brand_.uniform(1, 5);
    char mfgr[32], brand[16];
    std::snprintf(mfgr, sizeof mfgr, "Manufacturer#%d", static_cast<int>(m));
    std::snprintf(brand, sizeof brand, "Brand#%02d", static_cast<int>(m * 10 + b));
    const std::string_view type = pick(types_, type_);
    const int64_t size = size_.uniform(1, 50);
    const std::string_view cntr = pick(cntrs_, cntr_);
    const std::string_view text = comment_.next(c_.pool);
    part.key(i);
    part.str(name);
    part.str(mfgr);
    part.str(brand);
    part.str(type);
    part.i32(size);
    part.str(cntr);
    part.money(retail_price(i));
    part.str(text);
    part.end_row();
    const int64_t tot = c_.s.suppliers;
    for (int64_t k = 0; k < 4; ++k) {
      const int64_t supp = (i + k * (tot / 4 + (i - 1) / tot)) % tot + 1;
      const int64_t q = qty_.uniform(1, 9999);
      const int64_t cost = cost_.uniform(100, 100000);
      const std::string_view pc = ps_comment_.next(c_.pool);
      psupp.key(i);
      psupp.key(supp);
      psupp.i32(q);
      psupp.money(cost);
      psupp.str(pc);
      psupp.end_row();
    }
    comment_.row_done();
    ps_comment_.row_done();
    for (Stream* s : {&name_, &mfg_, &brand_, &type_, &size_, &cntr_, &qty_, &cost_}) s->row_done();
  }

 private:
  const Ctx& c_;
  TextColumn comment_, ps_comment_;
  Stream name_, mfg_, brand_, type_, size_, cntr_, qty_, cost_;
  const Distribution &colors_, &types_, &cntrs_;
};

class OrderGen {  // ORDERS with its LINEITEM rows
 public:
  OrderGen(const Ctx& c, int64_t first)
      : c_(c), comment_(276090261, 49, 1), l_comment_(1095462486, 27, 7), clerk_(1171034773, 1),
        odate_(1066728069, 1), prio_(591449447, 1), ckey_(851767375, 1), lcnt_(1434868289, 1),
        qty_(209208115, 7), disc_(554590007, 7), tax_(721958466, 7), instr_(1371272478, 7), mode_(675466456, 7),
        pkey_(1808217256, 7), skey_(2095021727, 7), sdate_(1769349045, 7), cdate_(904914315, 7),
        rdate_(373135028, 7), rflag_(717419739, 7), prios_(dist(DistId::o_oprio)),
        instrs_(dist(DistId::instruct)), modes_(dist(DistId::smode)), rflags_(dist(DistId::rflag)) {
    const int64_t n = first - 1;
    comment_.skip_rows(n);
    l_comment_.skip_rows(n);
    for (Stream* s : streams()) s->skip_rows(n);
  }

  template <class OSink, class LSink>
  void row(int64_t i, OSink& orders, LSink& lines) {
    const int64_t okey = sparse_key(i);
    const int64_t cmax = c_.s.customers;
    int64_t cust = ckey_.uniform(1, cmax);
    int64_t delta = 1;
    while (cust % 3 == 0) {  // a third of the customers place no orders
      cust += delta;
      cust = std::min(cust, cmax);
      delta = -delta;
    }
    const int32_t odate = static_cast<int32_t>(odate_.uniform(0, kOrderDateMax));
    const std::string_view prio = pick(prios_, prio_);
    const int64_t clerk = clerk_.uniform(1, std::max<int64_t>(c_.s.scale * 1000, 1000));
    char clerk_s[40];
    format_key_name(clerk_s, "Clerk#", clerk);
    const std::string_view ocomment = comment_.next(c_.pool);
    const int64_t nlines = lcnt_.uniform(1, 7);
    int64_t total = 0, shipped = 0;
    const int64_t tot_supp = c_.s.suppliers;
    struct Line {
      int64_t part, supp, qty, price, disc, tax;
      int32_t sd, cd, rd;
      char rflag, status;
      std::string_view instr, mode, comment;
    } ln[7];
    for (int64_t k = 0; k < nlines; ++k) {
      Line& l = ln[k];
      l.qty = qty_.uniform(1, 50);
      l.disc = disc_.uniform(0, 10);
      l.tax = tax_.uniform(0, 8);
      l.instr = pick(instrs_, instr_);
      l.mode = pick(modes_, mode_);
      l.comment = l_comment_.next(c_.pool);
      l.part = pkey_.uniform(1, c_.s.parts);
      const int64_t sn = skey_.uniform(0, 3);
      l.supp = (l.part + sn * (tot_supp / 4 + (l.part - 1) / tot_supp)) % tot_supp + 1;
      l.price = retail_price(l.part) * l.qty;
      total += ((l.price * (100 - l.disc)) / 100) * (100 + l.tax) / 100;
      l.sd = odate + static_cast<int32_t>(sdate_.uniform(1, 121));
      l.cd = odate + static_cast<int32_t>(cdate_.uniform(30, 90));
      l.rd = l.sd + static_cast<int32_t>(rdate_.uniform(1, 30));
      l.rflag = l.rd <= kCurrentOffset ? pick(rflags_, rflag_)[0] : 'N';
      if (l.sd <= kCurrentOffset) {
        ++shipped;
        l.status = 'F';
      } else {
        l.status = 'O';
      }
    }
    const char status = shipped == nlines ? 'F' : shipped > 0 ? 'P' : 'O';
    orders.key(okey);
    orders.key(cust);
    orders.chr(status);
    orders.money(total);
    orders.date(odate);
    orders.str(prio);
    orders.str(clerk_s);
    orders.i32(0);
    orders.str(ocomment);
    orders.end_row();
    for (int64_t k = 0; k < nlines; ++k) {
      const Line& l = ln[k];
      lines.key(okey);
      lines.key(l.part);
      lines.key(l.supp);
      lines.i32(k + 1);
      lines.qty(l.qty);
      lines.money(l.price);
      lines.money(l.disc);
      lines.money(l.tax);
      lines.chr(l.rflag);
      lines.chr(l.status);
      lines.date(l.sd);
      lines.date(l.cd);
      lines.date(l.rd);
      lines.str(l.instr);
      lines.str(l.mode);
      lines.str(l.comment);
      lines.end_row();
    }
    comment_.row_done();
    l_comment_.row_done();
    for (Stream* s : streams()) s->row_done();
  }

 private:
  std::array<Stream*, 16> streams() {
    return {&clerk_, &odate_, &prio_, &ckey_, &lcnt_, &qty_,   &disc_,  &tax_,
            &instr_, &mode_,  &pkey_, &skey_, &sdate_, &cdate_, &rdate_, &rflag_};
  }
  const Ctx& c_;
  TextColumn comment_, l_comment_;
  Stream clerk_, odate_, prio_, ckey_, lcnt_, qty_, disc_, tax_, instr_, mode_, pkey_, skey_, sdate_, cdate_,
      rdate_, rflag_;
  const Distribution &prios_, &instrs_, &modes_, &rflags_;
};

class CodeGen {  // NATION and REGION
 public:
  CodeGen(const Ctx& c, bool nation, int64_t first)
      : c_(c), nation_(nation), comment_(nation ? 606179079 : 1500869201, 72, 1),
        d_(dist(nation ? DistId::nations : DistId::regions)) {
    comment_.skip_rows(first - 1);
  }
  template <class Sink>
  void row(int64_t i, Sink& out) {
    out.i32(i - 1);
    out.str(d_.value(static_cast<size_t>(i - 1)));
    if (nation_) out.i32(d_.cumulative(static_cast<size_t>(i - 1)));
    out.str(comment_.next(c_.pool));
    out.end_row();
    comment_.row_done();
  }

 private:
  const Ctx& c_;
  bool nation_;
  TextColumn comment_;
  const Distribution& d_;
};

// ---------------------------------------------------------------------------------------------
// generation groups: a unit loop producing one or two tables

enum class Group { Part, Supplier, Customer, Orders, Nation, Region };

Group group_of(TableId t) {
  switch (t) {
    case TableId::Part:
    case TableId::PartSupp: return Group::Part;
    case TableId::Supplier: return Group::Supplier;
    case TableId::Customer: return Group::Customer;
    case TableId::Orders:
    case TableId::LineItem: return Group::Orders;
    case TableId::Nation: return Group::Nation;
    case TableId::Region: return Group::Region;
  }
  return Group::Nation;
}

int64_t group_units(Group g, const ScaleInfo& s) {
  switch (g) {
    case Group::Part: return s.parts;
    case Group::Supplier: return s.suppliers;
    case Group::Customer: return s.customers;
    case Group::Orders: return s.orders;
    case Group::Nation: return 25;
    case Group::Region: return 5;
  }
  return 0;
}

double unit_bytes(Group g) {  // rough output bytes per unit, for the progress fraction
  switch (g) {
    case Group::Part: return 120 + 4 * 145;
    case Group::Supplier: return 145;
    case Group::Customer: return 165;
    case Group::Orders: return 110 + 4 * 125;
    default: return 100;
  }
}

TableId master_of(Group g) {
  switch (g) {
    case Group::Part: return TableId::Part;
    case Group::Supplier: return TableId::Supplier;
    case Group::Customer: return TableId::Customer;
    case Group::Orders: return TableId::Orders;
    case Group::Nation: return TableId::Nation;
    case Group::Region: return TableId::Region;
  }
  return TableId::Nation;
}
TableId detail_of(Group g) { return g == Group::Part ? TableId::PartSupp : TableId::LineItem; }
bool has_detail(Group g) { return g == Group::Part || g == Group::Orders; }

// Runs the unit loop of group g over [first, last] into sinks m (master) and d (detail).
template <class M, class D>
void run_units(const Ctx& c, Group g, int64_t first, int64_t last, M& m, D& d) {
  switch (g) {
    case Group::Part: {
      PartGen gen(c, first);
      for (int64_t i = first; i <= last; ++i) gen.row(i, m, d);
      break;
    }
    case Group::Orders: {
      OrderGen gen(c, first);
      for (int64_t i = first; i <= last; ++i) gen.row(i, m, d);
      break;
    }
    case Group::Supplier: {
      SupplierGen gen(c, first);
      for (int64_t i = first; i <= last; ++i) gen.row(i, m);
      break;
    }
    case Group::Customer: {
      CustomerGen gen(c, first);
      for (int64_t i = first; i <= last; ++i) gen.row(i, m);
      break;
    }
    case Group::Nation:
    case Group::Region: {
      CodeGen gen(c, g == Group::Nation, first);
      for (int64_t i = first; i <= last; ++i) gen.row(i, m);
      break;
    }
  }
}

// What the caller asked for, per group.
struct GroupJob {
  Group g;
  bool want_master = false, want_detail = false;
};

std::vector<GroupJob> plan(const std::vector<TableId>& tables) {
  std::vector<GroupJob> jobs;
  for (TableId t : tables) {
    const Group g = group_of(t);
    auto it = std::find_if(jobs.begin(), jobs.end(), [&](const GroupJob& j) { return j.g == g; });
    if (it == jobs.end()) {
      jobs.push_back({g});
      it = jobs.end() - 1;
    }
    if (has_detail(g) && t == detail_of(g)) it->want_detail = true;
    else it->want_master = true;
  }
  return jobs;
}

// Generates chunks of units on worker threads; `consume(chunk, result)` is called in chunk order on the
// calling thread. At most `window` chunks are in flight.
template <class Result, class Make, class Consume>
void ordered_parallel(int64_t chunks, int threads, Make make, Consume consume) {
  if (threads <= 1 || chunks <= 1) {
    for (int64_t k = 0; k < chunks; ++k) consume(k, make(k));
    return;
  }
  std::mutex mu;
  std::condition_variable cv_done, cv_room;
  std::map<int64_t, Result> ready;
  std::atomic<int64_t> next_chunk{0};
  int64_t next_consume = 0;  // guarded by mu
  const int64_t window = 4 * threads;
  std::exception_ptr error;
  bool failed = false;
  auto worker = [&] {
    for (;;) {
      const int64_t k = next_chunk.fetch_add(1);
      if (k >= chunks) return;
      {
        std::unique_lock<std::mutex> lock(mu);
        cv_room.wait(lock, [&] { return failed || k < next_consume + window; });
        if (failed) return;
      }
      try {
        Result r = make(k);
        std::lock_guard<std::mutex> lock(mu);
        ready.emplace(k, std::move(r));
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (!error) error = std::current_exception();
        failed = true;
        cv_room.notify_all();
      }
      cv_done.notify_one();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  try {
    for (int64_t k = 0; k < chunks; ++k) {
      Result r;
      {
        std::unique_lock<std::mutex> lock(mu);
        cv_done.wait(lock, [&] { return failed || ready.count(k) != 0; });
        if (failed) break;
        r = std::move(ready.at(k));
        ready.erase(k);
        next_consume = k + 1;
      }
      cv_room.notify_all();
      consume(k, std::move(r));
    }
  } catch (...) {
    std::lock_guard<std::mutex> lock(mu);
    if (!error) error = std::current_exception();
    failed = true;
  }
  cv_room.notify_all();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

int resolve_threads(int t) {
  if (t > 0) return t;
  const unsigned h = std::thread::hardware_concurrency();
  return h == 0 ? 1 : static_cast<int>(h);
}

int64_t chunk_units(Group g, int64_t units, int threads) {
  const int64_t target = g == Group::Orders ? 4000 : g == Group::Part ? 2000 : 5000;
  return std::max<int64_t>(1, std::min(target, (units + threads - 1) / threads));
}

class ProgressTracker {
 public:
  ProgressTracker(const GenOptions& o, const std::vector<GroupJob>& jobs, const ScaleInfo& s) : cb_(o.on_progress) {
    for (const GroupJob& j : jobs) total_ += unit_bytes(j.g) * static_cast<double>(group_units(j.g, s));
  }
  void advance(TableId t, Group g, int64_t units, int64_t rows_done) {
    done_ += unit_bytes(g) * static_cast<double>(units);
    if (cb_) cb_(GenProgress{t, total_ > 0 ? std::min(1.0, done_ / total_) : 1.0, rows_done});
  }

 private:
  std::function<void(const GenProgress&)> cb_;
  double total_ = 0, done_ = 0;
};

std::vector<TableId> requested(const GenOptions& o) { return o.tables.empty() ? all_tables() : o.tables; }

}  // namespace

// ---------------------------------------------------------------------------------------------

ScaleInfo scale_info(double sf) {
  if (!(sf > 0) || !std::isfinite(sf)) throw std::invalid_argument("scale factor must be positive");
  ScaleInfo s;
  s.sf = sf;
  if (sf < 1) {
    const int64_t per_mille = static_cast<int64_t>(1000 * sf);
    if (per_mille < 1) throw std::invalid_argument("scale factor below 0.001 is not supported");
    auto scaled = [&](int64_t base) { return std::max<int64_t>(1, per_mille * base / 1000); };
    s.scale = 1;
    s.parts = scaled(200000);
    s.suppliers = scaled(10000);
    s.customers = scaled(150000);
    s.orders = scaled(1500000);
  } else {
    if (sf != std::floor(sf)) throw std::invalid_argument("a scale factor above 1 must be a whole number");
    s.scale = static_cast<int64_t>(sf);
    s.parts = 200000 * s.scale;
    s.suppliers = 10000 * s.scale;
    s.customers = 150000 * s.scale;
    s.orders = 1500000 * s.scale;
  }
  if (s.scale >= 30000) throw std::invalid_argument("scale factors of 30000 and above are not supported");
  return s;
}

int64_t expected_rows(TableId t, const ScaleInfo& s) {
  switch (t) {
    case TableId::Part: return s.parts;
    case TableId::PartSupp: return 4 * s.parts;
    case TableId::Supplier: return s.suppliers;
    case TableId::Customer: return s.customers;
    case TableId::Orders: return s.orders;
    case TableId::LineItem: return -1;
    case TableId::Nation: return 25;
    case TableId::Region: return 5;
  }
  return 0;
}

std::string generate_tbl_text(TableId t, double sf, int64_t first, int64_t last) {
  const Ctx ctx{scale_info(sf), text_pool()};
  const Group g = group_of(t);
  TextSink out;
  NullSink none;
  if (has_detail(g) && t == detail_of(g)) run_units(ctx, g, first, last, none, out);
  else run_units(ctx, g, first, last, out, none);
  return std::move(out.buf);
}

GenStats write_tbl_files(const GenOptions& opts, const std::string& dir) {
  const std::vector<TableId> tables = requested(opts);
  const ScaleInfo s = scale_info(opts.sf);
  const int threads = resolve_threads(opts.threads);
  const std::vector<GroupJob> jobs = plan(tables);
  const Ctx ctx{s, text_pool()};
  ProgressTracker progress(opts, jobs, s);

  GenStats stats;
  stats.tables = tables;
  stats.rows.assign(tables.size(), 0);
  stats.bytes.assign(tables.size(), 0);
  auto slot = [&](TableId t) { return std::find(tables.begin(), tables.end(), t) - tables.begin(); };

  for (const GroupJob& job : jobs) {
    const TableId mt = master_of(job.g);
    const TableId dt = detail_of(job.g);
    auto open = [&](TableId t) {
      const std::string path = dir + "/" + std::string(table_name(t)) + ".tbl";
      FILE* f = std::fopen(path.c_str(), "wb");
      if (!f) throw tessera::Error("cannot create " + path + " (" + std::strerror(errno) + ")", ErrorKind::Io);
      std::setvbuf(f, nullptr, _IOFBF, 1 << 20);
      return f;
    };
    FILE* fm = job.want_master ? open(mt) : nullptr;
    FILE* fd = job.want_detail ? open(dt) : nullptr;
    const int64_t units = group_units(job.g, s);
    const int64_t per = chunk_units(job.g, units, threads);
    const int64_t chunks = (units + per - 1) / per;
    struct Out {
      std::string m, d;
      int64_t mrows = 0, drows = 0;
    };
    int64_t mrows = 0, drows = 0;
    try {
      ordered_parallel<Out>(
          chunks, threads,
          [&](int64_t k) {
            const int64_t first = k * per + 1, last = std::min(units, (k + 1) * per);
            TextSink m, d;
            NullSink n;
            if (job.want_master) m.reserve(static_cast<size_t>((last - first + 1) * 170));
            if (job.want_detail) d.reserve(static_cast<size_t>((last - first + 1) * 4 * 150));
            if (job.want_master && job.want_detail) run_units(ctx, job.g, first, last, m, d);
            else if (job.want_master) run_units(ctx, job.g, first, last, m, n);
            else run_units(ctx, job.g, first, last, n, d);
            Out o;
            o.mrows = last - first + 1;
            o.drows = static_cast<int64_t>(std::count(d.buf.begin(), d.buf.end(), '\n'));
            o.m = std::move(m.buf);
            o.d = std::move(d.buf);
            return o;
          },
          [&](int64_t k, Out o) {
            if (fm && std::fwrite(o.m.data(), 1, o.m.size(), fm) != o.m.size())
              throw tessera::Error("write failed for " + std::string(table_name(mt)) + ".tbl", ErrorKind::Io);
            if (fd && std::fwrite(o.d.data(), 1, o.d.size(), fd) != o.d.size())
              throw tessera::Error("write failed for " + std::string(table_name(dt)) + ".tbl", ErrorKind::Io);
            if (fm) stats.bytes[slot(mt)] += static_cast<int64_t>(o.m.size());
            if (fd) stats.bytes[slot(dt)] += static_cast<int64_t>(o.d.size());
            mrows += o.mrows;
            drows += o.drows;
            progress.advance(job.want_master ? mt : dt, job.g, o.mrows, job.want_master ? mrows : drows);
          });
    } catch (...) {
      if (fm) std::fclose(fm);
      if (fd) std::fclose(fd);
      throw;
    }
    if (fm && std::fclose(fm) != 0) throw tessera::Error("close failed for " + std::string(table_name(mt)), ErrorKind::Io);
    if (fd && std::fclose(fd) != 0) throw tessera::Error("close failed for " + std::string(table_name(dt)), ErrorKind::Io);
    if (fm) stats.rows[slot(mt)] = mrows;
    if (fd) stats.rows[slot(dt)] = drows;
  }
  return stats;
}

void generate_parts(const GenOptions& opts, const std::function<void(TableId, storage::Table&&)>& consume) {
  const std::vector<TableId> tables = requested(opts);
  const ScaleInfo s = scale_info(opts.sf);
  const int threads = resolve_threads(opts.threads);
  const std::vector<GroupJob> jobs = plan(tables);
  const Ctx ctx{s, text_pool()};
  ProgressTracker progress(opts, jobs, s);
  std::map<TableId, int64_t> done_rows;

  for (const GroupJob& job : jobs) {
    const TableId mt = master_of(job.g);
    const TableId dt = detail_of(job.g);
    const int64_t units = group_units(job.g, s);
    const int64_t per = chunk_units(job.g, units, threads);
    const int64_t chunks = (units + per - 1) / per;
    struct Out {
      std::unique_ptr<ColumnSink> m, d;
    };
    ordered_parallel<Out>(
        chunks, threads,
        [&](int64_t k) {
          const int64_t first = k * per + 1, last = std::min(units, (k + 1) * per);
          Out o;
          NullSink n;
          if (job.want_master) o.m = std::make_unique<ColumnSink>(mt);
          if (job.want_detail) o.d = std::make_unique<ColumnSink>(dt);
          if (o.m && o.d) run_units(ctx, job.g, first, last, *o.m, *o.d);
          else if (o.m) run_units(ctx, job.g, first, last, *o.m, n);
          else run_units(ctx, job.g, first, last, n, *o.d);
          return o;
        },
        [&](int64_t k, Out o) {
          if (o.m) {
            done_rows[mt] += o.m->table.num_rows();
            consume(mt, std::move(o.m->table));
          }
          if (o.d) {
            done_rows[dt] += o.d->table.num_rows();
            consume(dt, std::move(o.d->table));
          }
          const int64_t done = std::min(units, (k + 1) * per) - k * per;
          progress.advance(job.want_master ? mt : dt, job.g, done, done_rows[job.want_master ? mt : dt]);
        });
  }
}

std::vector<storage::Table> generate_tables(const GenOptions& opts) {
  const std::vector<TableId> tables = requested(opts);
  std::vector<storage::Table> out;
  for (TableId t : tables) out.emplace_back(std::string(table_name(t)), table_schema(t));
  generate_parts(opts, [&](TableId t, storage::Table&& part) {
    out[std::find(tables.begin(), tables.end(), t) - tables.begin()].append(std::move(part));
  });
  return out;
}

}  // namespace tessera::tpch
