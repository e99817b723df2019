// The hits generator: rows in fixed ranges of kRangeRows, each range drawn from its own random stream
// seeded by (seed, range index) and generated in parallel (fixed-width values in place, strings
// concatenated in order), so the table depends on (rows, seed) only. Each row picks a counter (CounterID
// 62 for 30% of rows: its site is the one Q37-Q43 look at), a user from a Zipf-like pool (the user fixes
// the region, IP, browser, screen, phone), a traffic source (which decides the Referer, the search phrase
// and the search and ad engines) and a page of the counter's site (home page, a popular page, or an
// article with its own id).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <malloc.h>
#include <stdexcept>
#include <string>
#include <vector>

#include "tessera/clickbench/hits.hpp"
#include "tessera/functions/clock.hpp"
#include "tessera/storage/parallel.hpp"

namespace tessera::clickbench {

namespace {

constexpr int64_t kRangeRows = 16384;
constexpr size_t kUrlColumn = 13;  // its strings are the longest: reserve more
constexpr int kCounters = 5000;
constexpr int kRegions = 300;
constexpr int kPopularPaths = 2000;
constexpr int kPhrases = 3000;
constexpr int32_t kFirstDay = 15887;  // 2013-07-01 as days since 1970-01-01
constexpr int kDays = 31;

uint64_t mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
uint64_t mix(uint64_t a, uint64_t b) { return mix(mix(a) ^ (b * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL)); }

class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t next() { return mix(s_++); }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  int64_t range(int64_t lo, int64_t hi) {  // [lo, hi]
    return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
  }
  bool chance(double p) { return unit() < p; }

 private:
  uint64_t s_;
};

// P(rank k) proportional to 1 / (k + 1)^s, k in [0, n).
class Zipf {
 public:
  Zipf(int n, double s) : cdf_(static_cast<size_t>(n)) {
    double sum = 0;
    for (int k = 0; k < n; ++k) cdf_[k] = (sum += std::pow(k + 1.0, -s));
    for (double& c : cdf_) c /= sum;
  }
  int pick(double u) const {
    const auto it = std::lower_bound(cdf_.begin(), cdf_.end(), u);
    return it == cdf_.end() ? static_cast<int>(cdf_.size()) - 1 : static_cast<int>(it - cdf_.begin());
  }

 private:
  std::vector<double> cdf_;
};

template <size_t N>
const char* pick(const std::array<const char*, N>& list, uint64_t h) {
  return list[h % N];
}

// ---------------------------------------------------------------------------------------------
// word lists

constexpr std::array<const char*, 24> kSitePrefix = {
    "city", "auto", "moscow", "sport", "kino", "market", "travel", "real", "best", "home",
    "smart", "mega", "euro", "fast", "free", "top", "my", "super", "photo", "music",
    "game", "job", "stroy", "med"};
constexpr std::array<const char*, 20> kSiteSuffix = {
    "news", "portal", "info", "forum", "shop", "club", "online", "world", "land", "zone",
    "mail", "life", "press", "media", "market", "park", "time", "base", "list", "star"};
constexpr std::array<const char*, 8> kTld = {"ru", "ru", "ru", "com", "net", "ua", "org", "by"};
constexpr std::array<const char*, 16> kSections = {
    "news", "sport", "auto", "politics", "economy", "culture", "tech", "video",
    "photo", "travel", "health", "weather", "games", "films", "music", "forum"};
constexpr std::array<const char*, 60> kTopics = {
    "moscow", "football", "hockey", "election", "ruble", "oil", "weather", "summer", "festival",
    "concert", "iphone", "android", "google", "yandex", "windows", "apple", "samsung", "olympics",
    "tennis", "formula", "cars", "lada", "toyota", "bmw", "metro", "traffic", "school", "exam",
    "prices", "bank", "credit", "mortgage", "apartment", "rent", "vacation", "turkey", "egypt",
    "crimea", "sochi", "beach", "recipe", "salad", "cake", "diet", "fitness", "doctor", "flu",
    "cinema", "series", "actor", "singer", "album", "video", "games", "minecraft", "tanks",
    "fishing", "garden", "dacha", "kids"};
constexpr std::array<const char*, 24> kAdjectives = {
    "new", "cheap", "best", "free", "used", "online", "russian", "big", "small", "fast",
    "good", "latest", "official", "top", "how to", "buy", "download", "watch", "real", "red",
    "white", "black", "old", "2013"};
constexpr std::array<const char*, 16> kCities = {
    "moscow", "spb", "kiev", "minsk", "kazan", "sochi", "omsk", "samara",
    "ufa", "perm", "tula", "kursk", "tver", "orel", "riga", "novosibirsk"};
constexpr std::array<const char*, 12> kPhoneModels = {
    "iPad", "iPhone", "GT-I9300", "GT-I9100", "Lumia 920", "HTC One", "Nexus 4", "GT-S5830",
    "Xperia Z", "Galaxy Tab", "N8000", "MB526"};
struct Resolution {
  int32_t w, h;
};
constexpr std::array<Resolution, 12> kResolutions = {{{1366, 768}, {1920, 1080}, {1280, 1024}, {1280, 800},
                                                      {1440, 900}, {1600, 900}, {1024, 768}, {1680, 1050},
                                                      {1920, 1200}, {2560, 1440}, {1360, 768}, {1536, 864}}};
constexpr std::array<const char*, 6> kLanguages = {"ru", "ru", "ru", "en", "uk", "be"};
constexpr std::array<const char*, 8> kCountries = {"ru", "ru", "ru", "ua", "by", "kz", "de", "us"};
// Referers of the other traffic sources; two do not match Q29's pattern (no path, another scheme).
constexpr std::array<const char*, 8> kOtherReferers = {
    "http://vk.com/feed", "http://vk.com", "https://www.facebook.com/", "http://t.co/a1b2c3",
    "android-app://com.google.android.googlequicksearchbox", "http://ok.ru/", "http://news.yandex.ru/",
    "http://mail.ru/"};

std::string capitalised(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

// The shared vocabulary: sites (one per counter rank), popular paths with their titles, search phrases.
struct Vocabulary {
  std::vector<std::string> site;        // "http://www.citynews.ru"
  std::vector<std::string> site_title;  // "City News"
  std::vector<std::string> path;        // "/sport/football-moscow-tennis"
  std::vector<std::string> path_title;  // "Football moscow tennis"
  std::vector<std::string> phrase;      // "cheap iphone moscow"
  std::vector<std::string> phrase_query;  // the phrase in a search engine's URL ('+' for spaces)
  std::vector<int32_t> counter_id;
  std::vector<int32_t> region_id;

  Vocabulary() {
    for (int r = 0; r < kCounters; ++r) {
      const uint64_t h = mix(0x517e, static_cast<uint64_t>(r));
      std::string prefix = pick(kSitePrefix, h), suffix = pick(kSiteSuffix, h >> 8);
      std::string host = prefix + suffix + "." + pick(kTld, h >> 16);
      if (r % 97 == 13) host = prefix + ".google." + pick(kTld, h >> 16);  // a few sites on Google's hosts
      const bool www = (h >> 24) % 2 == 0, https = (h >> 32) % 10 < 3;
      if (r == 0) {
        site.push_back("http://www.citynews.ru");  // CounterID 62 (kCounter62HomePage)
        site_title.push_back("City News");
      } else {
        site.push_back(std::string(https ? "https://" : "http://") + (www ? "www." : "") + host);
        site_title.push_back(capitalised(prefix) + " " + capitalised(suffix));
      }
      // CounterID 62 first, then distinct ids from 100 on
      counter_id.push_back(r == 0 ? 62 : 100 + 37 * r + static_cast<int32_t>(h % 37));
    }
    for (int k = 0; k < kPopularPaths; ++k) {
      const uint64_t h = mix(0x9a7, static_cast<uint64_t>(k));
      const std::string a = pick(kTopics, h), b = pick(kTopics, h >> 12), c = pick(kTopics, h >> 24);
      path.push_back(std::string("/") + pick(kSections, h >> 36) + "/" + a + "-" + b + "-" + c);
      path_title.push_back(capitalised(a) + " " + b + " " + c);
    }
    for (int k = 0; k < kPhrases; ++k) {
      const uint64_t h = mix(0x5ea, static_cast<uint64_t>(k));
      std::string p;
      switch (h % 4) {
        case 0: p = std::string(pick(kAdjectives, h >> 8)) + " " + pick(kTopics, h >> 16); break;
        case 1: p = std::string(pick(kTopics, h >> 8)) + " " + pick(kCities, h >> 16); break;
        case 2:
          p = std::string(pick(kAdjectives, h >> 8)) + " " + pick(kTopics, h >> 16) + " " + pick(kCities, h >> 24);
          break;
        default: p = std::string(pick(kTopics, h >> 8)) + " " + pick(kTopics, h >> 16) + " " + pick(kAdjectives, h >> 24);
      }
      phrase.push_back(p);
      std::string q = p;
      std::replace(q.begin(), q.end(), ' ', '+');
      phrase_query.push_back(q);
    }
    for (int r = 0; r < kRegions; ++r) region_id.push_back(r == 0 ? 229 : 1 + 3 * r + static_cast<int32_t>(mix(0x4e9, r) % 3));
  }
};

const Vocabulary& vocabulary() {
  static const Vocabulary v;
  return v;
}

// A user's fixed attributes (derived from its pool index).
struct User {
  int64_t id;
  int32_t region, client_ip, ip_network, os, user_agent, ua_major, res_w, res_h, depth, is_mobile, phone,
      age, sex, income, interests, time_zone, flash_major, flash_minor, java, cookie, javascript;
  const char* phone_model;
  const char* language;
  const char* country;
  int64_t funiq;
};

class Generator {
 public:
  Generator(const HitsOptions& o)
      : o_(o), users_(std::max<int64_t>(1000, o.rows / 5)), counter_zipf_(kCounters - 1, 1.0),
        user_zipf_(static_cast<int>(users_), 0.7), region_zipf_(kRegions, 1.1), path_zipf_(kPopularPaths, 0.9),
        phrase_zipf_(kPhrases, 1.0), resolution_zipf_(static_cast<int>(kResolutions.size()), 1.0) {}

  // Rows [k * kRangeRows, ...) of the table: fixed-width values straight into `fixed` (the columns of the part
  // that starts at row `base`, sized for its rows), strings appended to `strings` (this range's own columns,
  // concatenated later); both indexed like the schema.
  void range(int64_t k, int64_t base, std::vector<rt::Column>& fixed, std::vector<rt::Column>& strings) const {
    const int64_t first = k * kRangeRows, last = std::min(o_.rows, first + kRangeRows);
    const size_t n = static_cast<size_t>(std::max<int64_t>(0, last - first));
    for (size_t c = 0; c < strings.size(); ++c) {
      if (fixed[c].type != fn::SqlType::String) continue;
      strings[c].type = fn::SqlType::String;
      strings[c].data.reserve(n * (c == kUrlColumn ? 64 : 16));
      strings[c].offsets.reserve(n);
      strings[c].lengths.reserve(n);
    }
    Rng rng(mix(o_.seed, static_cast<uint64_t>(k)));
    for (int64_t row = first; row < last; ++row) make_row(row, row - base, rng, fixed, strings);
  }

 private:
  User user(int rank) const {
    Rng r(mix(o_.seed ^ 0x05e4, static_cast<uint64_t>(rank)));
    User u;
    u.id = rank == 10 ? kQ20UserID : static_cast<int64_t>(r.next() >> 1);
    u.region = vocabulary().region_id[region_zipf_.pick(r.unit())];
    u.client_ip = static_cast<int32_t>(r.range(-2147483000LL, 2147483000LL));
    u.ip_network = static_cast<int32_t>(r.range(1, 400000));
    u.os = static_cast<int32_t>(std::array<int, 8>{2, 2, 2, 44, 56, 106, 3, 126}[r.next() % 8]);
    u.user_agent = static_cast<int32_t>(std::array<int, 8>{7, 7, 2, 3, 4, 6, 12, 1}[r.next() % 8]);
    u.ua_major = static_cast<int32_t>(r.range(1, 30));
    const Resolution res = kResolutions[resolution_zipf_.pick(r.unit())];
    u.res_w = res.w;
    u.res_h = res.h;
    u.depth = r.chance(0.8) ? 24 : 32;
    u.is_mobile = r.chance(0.12) ? 1 : 0;
    const uint64_t model = r.next();
    u.phone = u.is_mobile ? static_cast<int32_t>(1 + model % kPhoneModels.size()) : 0;
    u.phone_model = u.is_mobile ? kPhoneModels[model % kPhoneModels.size()] : "";
    if (u.is_mobile) {
      u.res_w = u.res_w * 3 / 4;
      u.res_h = u.res_h * 3 / 4;
    }
    u.age = r.chance(0.4) ? 0 : static_cast<int32_t>(r.range(1, 6) * 10 + r.range(0, 9));
    u.sex = static_cast<int32_t>(r.range(0, 2));
    u.income = static_cast<int32_t>(r.range(0, 4));
    u.interests = static_cast<int32_t>(r.range(0, 32767));
    u.time_zone = r.chance(0.6) ? 4 : static_cast<int32_t>(r.range(-2, 11));
    u.flash_major = r.chance(0.15) ? 0 : static_cast<int32_t>(r.range(10, 11));
    u.flash_minor = u.flash_major ? static_cast<int32_t>(r.range(0, 8)) : 0;
    u.java = r.chance(0.3) ? 1 : 0;
    u.cookie = r.chance(0.98) ? 1 : 0;
    u.javascript = r.chance(0.97) ? 1 : 0;
    u.language = pick(kLanguages, r.next());
    u.country = pick(kCountries, r.next());
    u.funiq = r.chance(0.5) ? 0 : static_cast<int64_t>(r.next() >> 1);
    return u;
  }

  // A page of site `site` (0: CounterID 62's): its path and title; the home page is "/".
  struct Page {
    std::string path, title;
  };
  Page page(int site, Rng& rng, double home_share) const {
    const Vocabulary& v = vocabulary();
    if (rng.chance(home_share)) return {"/", v.site_title[site] + " - main page"};
    const int p = (path_zipf_.pick(rng.unit()) + site * 7) % kPopularPaths;
    if (rng.chance(0.6)) {  // an article with its own id
      const int64_t id = rng.range(100000, 99999999);
      return {v.path[p] + "-" + std::to_string(id) + ".html", v.path_title[p] + " - " + v.site_title[site]};
    }
    return {v.path[p], v.path_title[p] + " - " + v.site_title[site]};
  }

  // Row `row` of the table, at `at` in `fixed`.
  void make_row(int64_t row, int64_t at, Rng& rng, std::vector<rt::Column>& fixed, std::vector<rt::Column>& strings) const {
    const Vocabulary& v = vocabulary();
    const int site = rng.chance(0.3) ? 0 : 1 + counter_zipf_.pick(rng.unit());
    const User u = user(user_zipf_.pick(rng.unit()));
    const int32_t day = kFirstDay + static_cast<int32_t>(rng.range(0, kDays - 1));
    const int64_t second = rng.range(0, 86399);
    const int64_t event_time = fn::Clock::at(day, second * fn::kTicksPerSecond);

    // traffic source: -1 internal, 0 direct, 1 link, 2 search, 3 ad, 4..10 others
    const double ts = rng.unit();
    const int32_t trafic = ts < 0.35 ? -1 : ts < 0.55 ? 0 : ts < 0.62 ? 1 : ts < 0.82 ? 2 : ts < 0.87 ? 3
                                                                              : static_cast<int32_t>(rng.range(4, 10));
    int32_t search_engine = 0, adv_engine = 0;
    std::string phrase, referer;
    if (trafic == 2) {
      const int p = phrase_zipf_.pick(rng.unit());
      phrase = v.phrase[p];
      const double e = rng.unit();
      search_engine = e < 0.6 ? 2 : e < 0.85 ? 3 : static_cast<int32_t>(rng.range(4, 20));
      referer = search_engine == 2   ? "http://yandex.ru/yandsearch?text=" + v.phrase_query[p]
                : search_engine == 3 ? "https://www.google.ru/search?q=" + v.phrase_query[p]
                                     : "http://go.mail.ru/search?q=" + v.phrase_query[p];
    } else if (trafic == -1) {
      const Page from = page(site, rng, 0.5);
      referer = v.site[site] + from.path;
    } else if (trafic == 1) {
      const int other = 1 + counter_zipf_.pick(rng.unit());
      referer = v.site[other] + page(other, rng, 0.3).path;
    } else if (trafic == 3) {
      adv_engine = rng.chance(0.5) ? 2 : static_cast<int32_t>(rng.range(1, 30));
      referer = "http://an.yandex.ru/count/" + std::to_string(rng.range(1000000, 9999999));
    } else if (trafic >= 4) {
      referer = pick(kOtherReferers, rng.next());
    }

    const Page to = page(site, rng, site == 0 ? 0.5 : 0.15);
    const bool google_utm = rng.chance(0.02);
    std::string url = v.site[site] + to.path + (google_utm ? "?utm_source=google&utm_medium=cpc" : "");
    if (rng.chance(0.005)) url.clear();
    std::string title = to.title;
    if (rng.chance(0.02)) title.clear();
    else if (v.site[site].find(".google.") != std::string::npos) title += " - Google";

    const int32_t is_refresh = rng.chance(0.06) ? 1 : 0;
    const int32_t dont_count = rng.chance(0.03) ? 1 : 0;
    const int32_t is_link = rng.chance(0.2) ? 1 : 0;
    const int32_t is_download = rng.chance(0.02) ? 1 : 0;
    const int32_t window_w = std::max(0, u.res_w - static_cast<int32_t>(rng.range(0, 499)));
    const int32_t window_h = std::max(0, u.res_h - static_cast<int32_t>(rng.range(60, 459)));
    const int32_t client_ip = rng.chance(0.9) ? u.client_ip : static_cast<int32_t>(rng.range(-2147483000LL, 2147483000LL));
    const bool send = rng.chance(0.7);

    size_t c = 0;
    auto i32 = [&](int64_t x) {
      const int32_t v = static_cast<int32_t>(x);
      std::memcpy(fixed[c++].data.data() + at * 4, &v, 4);
    };
    auto i64 = [&](int64_t x) { std::memcpy(fixed[c++].data.data() + at * 8, &x, 8); };
    auto str = [&](std::string_view s) { strings[c++].append_string(s); };
    i64(static_cast<int64_t>(mix(o_.seed ^ 0xa7c4, static_cast<uint64_t>(row)) >> 1));  // WatchID
    i32(u.java);                                                               // JavaEnable
    str(title);                                                                // Title
    i32(1);                                                                    // GoodEvent
    i64(event_time);                                                           // EventTime
    i32(day);                                                                  // EventDate
    i32(v.counter_id[site]);                                                   // CounterID
    i32(client_ip);                                                            // ClientIP
    i32(u.region);                                                             // RegionID
    i64(u.id);                                                                 // UserID
    i32(site % 4 == 0 ? 0 : 1);                                                // CounterClass
    i32(u.os);                                                                 // OS
    i32(u.user_agent);                                                         // UserAgent
    str(url);                                                                  // URL
    str(referer);                                                              // Referer
    i32(is_refresh);                                                           // IsRefresh
    i32(referer.empty() ? 0 : static_cast<int32_t>(1 + rng.range(0, 14)));     // RefererCategoryID
    i32(referer.empty() ? 0 : u.region);                                       // RefererRegionID
    i32(url.empty() ? 0 : static_cast<int32_t>(1 + site % 20));                // URLCategoryID
    i32(url.empty() ? 0 : u.region);                                           // URLRegionID
    i32(u.res_w);                                                              // ResolutionWidth
    i32(u.res_h);                                                              // ResolutionHeight
    i32(u.depth);                                                              // ResolutionDepth
    i32(u.flash_major);                                                        // FlashMajor
    i32(u.flash_minor);                                                        // FlashMinor
    str(u.flash_major ? "0" : "");                                             // FlashMinor2
    i32(u.ua_major % 4);                                                       // NetMajor
    i32(u.ua_major % 3);                                                       // NetMinor
    i32(u.ua_major);                                                           // UserAgentMajor
    str(u.ua_major % 5 == 0 ? "" : std::to_string(u.ua_major % 7));            // UserAgentMinor
    i32(u.cookie);                                                             // CookieEnable
    i32(u.javascript);                                                         // JavascriptEnable
    i32(u.is_mobile);                                                          // IsMobile
    i32(u.phone);                                                              // MobilePhone
    str(u.phone_model);                                                        // MobilePhoneModel
    str("");                                                                   // Params
    i32(u.ip_network);                                                         // IPNetworkID
    i32(trafic);                                                               // TraficSourceID
    i32(search_engine);                                                        // SearchEngineID
    str(phrase);                                                               // SearchPhrase
    i32(adv_engine);                                                           // AdvEngineID
    i32(0);                                                                    // IsArtifical
    i32(window_w);                                                             // WindowClientWidth
    i32(window_h);                                                             // WindowClientHeight
    i32(u.time_zone);                                                          // ClientTimeZone
    i64(event_time + int64_t(u.time_zone - 4) * fn::kTicksPerHour);            // ClientEventTime
    i32(u.java ? 5 : 0);                                                       // SilverlightVersion1
    i32(u.java ? 1 : 0);                                                       // SilverlightVersion2
    i32(u.java ? 50918 : 0);                                                   // SilverlightVersion3
    i32(0);                                                                    // SilverlightVersion4
    str(site % 3 == 0 ? "utf-8" : "windows-1251");                             // PageCharset
    i32(500 + site % 300);                                                     // CodeVersion
    i32(is_link);                                                              // IsLink
    i32(is_download);                                                          // IsDownload
    i32(rng.chance(0.3) ? 1 : 0);                                              // IsNotBounce
    i64(u.funiq);                                                              // FUniqID
    str("");                                                                   // OriginalURL
    i32(static_cast<int32_t>(rng.next() >> 33));                               // HID
    i32(0);                                                                    // IsOldCounter
    i32(rng.chance(0.02) ? 1 : 0);                                             // IsEvent
    i32(rng.chance(0.01) ? 1 : 0);                                             // IsParameter
    i32(dont_count);                                                           // DontCountHits
    i32(0);                                                                    // WithHash
    const char color = "DDDFE5"[rng.next() % 6];
    str(std::string_view(&color, 1));                                          // HitColor
    i64(event_time);                                                           // LocalEventTime
    i32(u.age);                                                                // Age
    i32(u.sex);                                                                // Sex
    i32(u.income);                                                             // Income
    i32(u.interests);                                                          // Interests
    i32(rng.chance(0.05) ? 1 : 0);                                             // Robotness
    i32(client_ip);                                                            // RemoteIP
    i32(static_cast<int32_t>(rng.range(-1, 1000000)));                         // WindowName
    i32(rng.chance(0.9) ? -1 : static_cast<int32_t>(rng.range(0, 1000000)));   // OpenerName
    i32(static_cast<int32_t>(rng.range(0, 20)));                               // HistoryLength
    str(u.language);                                                           // BrowserLanguage
    str(u.country);                                                            // BrowserCountry
    str("");                                                                   // SocialNetwork
    str("");                                                                   // SocialAction
    i32(rng.chance(0.01) ? 404 : 0);                                           // HTTPError
    i32(send ? rng.range(1, 2000) : 0);                                        // SendTiming
    i32(send ? rng.range(0, 300) : 0);                                         // DNSTiming
    i32(send ? rng.range(0, 500) : 0);                                         // ConnectTiming
    i32(send ? rng.range(10, 3000) : 0);                                       // ResponseStartTiming
    i32(send ? rng.range(10, 5000) : 0);                                       // ResponseEndTiming
    i32(send ? rng.range(10, 6000) : 0);                                       // FetchTiming
    i32(trafic == 8 ? 1 + static_cast<int32_t>(rng.range(0, 5)) : 0);          // SocialSourceNetworkID
    str("");                                                                   // SocialSourcePage
    const bool order = rng.chance(0.005);
    i64(order ? rng.range(100, 100000) : 0);                                   // ParamPrice
    str(order ? std::to_string(rng.range(1, 999999)) : std::string());         // ParamOrderID
    str(order ? "RUB" : "");                                                   // ParamCurrency
    i32(order ? 643 : 0);                                                      // ParamCurrencyID
    str("");                                                                   // OpenstatServiceName
    str("");                                                                   // OpenstatCampaignID
    str("");                                                                   // OpenstatAdID
    str("");                                                                   // OpenstatSourceID
    str(google_utm ? "google" : "");                                           // UTMSource
    str(google_utm ? "cpc" : "");                                              // UTMMedium
    str("");                                                                   // UTMCampaign
    str("");                                                                   // UTMContent
    str("");                                                                   // UTMTerm
    str("");                                                                   // FromTag
    i32(google_utm ? 1 : 0);                                                   // HasGCLID
    i64(url_hash(referer));                                                    // RefererHash
    i64(url_hash(url));                                                        // URLHash
    i32(0);                                                                    // CLID
  }

  HitsOptions o_;
  int64_t users_;
  Zipf counter_zipf_, user_zipf_, region_zipf_, path_zipf_, phrase_zipf_, resolution_zipf_;
};

}  // namespace

int64_t url_hash(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char ch : s) {
    h ^= static_cast<uint8_t>(ch);
    h *= 0x100000001b3ULL;
  }
  return static_cast<int64_t>(h);
}

namespace {

// Ranges [first, last) of the table (rows first * kRangeRows ... up to o.rows) as one table, generated in parallel.
storage::Table generate_ranges(const Generator& gen, const HitsOptions& o, int64_t first, int64_t last) {
  const int64_t base = first * kRangeRows, rows = std::max<int64_t>(0, std::min(o.rows, last * kRangeRows) - base);
  storage::Table t("hits", hits_schema());
  std::vector<rt::Column>& columns = t.columns();
  for (rt::Column& c : columns)
    if (c.type != fn::SqlType::String) c = rt::Column::fixed(c.type, rows);
  // Fixed-width columns are written in place; each range's strings are concatenated column by column
  // (freeing the ranges' copies as it goes), so the peak is about the table plus one string column.
  std::vector<std::vector<rt::Column>> strings(static_cast<size_t>(last - first), std::vector<rt::Column>(columns.size()));
  storage::parallel_for(strings.size(), o.threads,
                        [&](size_t k) { gen.range(first + static_cast<int64_t>(k), base, columns, strings[k]); });
  if (strings.empty()) return t;
  for (size_t c = 0; c < columns.size(); ++c) {
    if (columns[c].type != fn::SqlType::String) continue;
    std::vector<const rt::Column*> parts;
    for (const auto& r : strings) parts.push_back(&r[c]);
    columns[c] = storage::concat_columns(parts, fn::SqlType::String, o.threads);
    for (auto& r : strings) r[c] = rt::Column();
    ::malloc_trim(0);  // the ranges' small buffers went back to the heap: hand their pages to the system
  }
  return t;
}

int64_t range_count(int64_t rows) { return (rows + kRangeRows - 1) / kRangeRows; }

}  // namespace

storage::Table generate_hits(const HitsOptions& o) {
  if (o.rows < 0) throw std::invalid_argument("generate_hits: rows must not be negative");
  vocabulary();  // built once, before the threads
  const Generator gen(o);
  return generate_ranges(gen, o, 0, range_count(o.rows));
}

void generate_hits_parts(const HitsOptions& o, int64_t part_rows, const std::function<void(storage::Table&&)>& consume) {
  if (o.rows < 0) throw std::invalid_argument("generate_hits: rows must not be negative");
  if (part_rows <= 0) throw std::invalid_argument("generate_hits_parts: part_rows must be positive");
  vocabulary();
  const Generator gen(o);
  const int64_t ranges = range_count(o.rows), per_part = std::max<int64_t>(1, part_rows / kRangeRows);
  for (int64_t first = 0; first < ranges; first += per_part)
    consume(generate_ranges(gen, o, first, std::min(ranges, first + per_part)));
}

}  // namespace tessera::clickbench
