// The hits table's columns, in ClickBench's order (create.sql): SMALLINT/INTEGER -> INT, BIGINT -> BIGINT,
// TEXT/VARCHAR -> VARCHAR, CHAR -> CHAR(1), DATE -> DATE, TIMESTAMP -> DATETIME2(0); all NOT NULL.
#include "tessera/clickbench/hits.hpp"

namespace tessera::clickbench {

namespace {

using storage::DataType;

struct ColumnDef {
  const char* name;
  char type;  // i INT (SMALLINT, INTEGER), b BIGINT, s VARCHAR (TEXT), c CHAR(1), d DATE, t DATETIME2(0)
};

constexpr ColumnDef kColumns[] = {
    {"WatchID", 'b'},          {"JavaEnable", 'i'},          {"Title", 's'},
    {"GoodEvent", 'i'},        {"EventTime", 't'},           {"EventDate", 'd'},
    {"CounterID", 'i'},        {"ClientIP", 'i'},            {"RegionID", 'i'},
    {"UserID", 'b'},           {"CounterClass", 'i'},        {"OS", 'i'},
    {"UserAgent", 'i'},        {"URL", 's'},                 {"Referer", 's'},
    {"IsRefresh", 'i'},        {"RefererCategoryID", 'i'},   {"RefererRegionID", 'i'},
    {"URLCategoryID", 'i'},    {"URLRegionID", 'i'},         {"ResolutionWidth", 'i'},
    {"ResolutionHeight", 'i'}, {"ResolutionDepth", 'i'},     {"FlashMajor", 'i'},
    {"FlashMinor", 'i'},       {"FlashMinor2", 's'},         {"NetMajor", 'i'},
    {"NetMinor", 'i'},         {"UserAgentMajor", 'i'},      {"UserAgentMinor", 's'},
    {"CookieEnable", 'i'},     {"JavascriptEnable", 'i'},    {"IsMobile", 'i'},
    {"MobilePhone", 'i'},      {"MobilePhoneModel", 's'},    {"Params", 's'},
    {"IPNetworkID", 'i'},      {"TraficSourceID", 'i'},      {"SearchEngineID", 'i'},
    {"SearchPhrase", 's'},     {"AdvEngineID", 'i'},         {"IsArtifical", 'i'},
    {"WindowClientWidth", 'i'}, {"WindowClientHeight", 'i'}, {"ClientTimeZone", 'i'},
    {"ClientEventTime", 't'},  {"SilverlightVersion1", 'i'}, {"SilverlightVersion2", 'i'},
    {"SilverlightVersion3", 'i'}, {"SilverlightVersion4", 'i'}, {"PageCharset", 's'},
    {"CodeVersion", 'i'},      {"IsLink", 'i'},              {"IsDownload", 'i'},
    {"IsNotBounce", 'i'},      {"FUniqID", 'b'},             {"OriginalURL", 's'},
    {"HID", 'i'},              {"IsOldCounter", 'i'},        {"IsEvent", 'i'},
    {"IsParameter", 'i'},      {"DontCountHits", 'i'},       {"WithHash", 'i'},
    {"HitColor", 'c'},         {"LocalEventTime", 't'},      {"Age", 'i'},
    {"Sex", 'i'},              {"Income", 'i'},              {"Interests", 'i'},
    {"Robotness", 'i'},        {"RemoteIP", 'i'},            {"WindowName", 'i'},
    {"OpenerName", 'i'},       {"HistoryLength", 'i'},       {"BrowserLanguage", 's'},
    {"BrowserCountry", 's'},   {"SocialNetwork", 's'},       {"SocialAction", 's'},
    {"HTTPError", 'i'},        {"SendTiming", 'i'},          {"DNSTiming", 'i'},
    {"ConnectTiming", 'i'},    {"ResponseStartTiming", 'i'}, {"ResponseEndTiming", 'i'},
    {"FetchTiming", 'i'},      {"SocialSourceNetworkID", 'i'}, {"SocialSourcePage", 's'},
    {"ParamPrice", 'b'},       {"ParamOrderID", 's'},        {"ParamCurrency", 's'},
    {"ParamCurrencyID", 'i'},  {"OpenstatServiceName", 's'}, {"OpenstatCampaignID", 's'},
    {"OpenstatAdID", 's'},     {"OpenstatSourceID", 's'},    {"UTMSource", 's'},
    {"UTMMedium", 's'},        {"UTMCampaign", 's'},         {"UTMContent", 's'},
    {"UTMTerm", 's'},          {"FromTag", 's'},             {"HasGCLID", 'i'},
    {"RefererHash", 'b'},      {"URLHash", 'b'},             {"CLID", 'i'},
};
static_assert(sizeof kColumns / sizeof kColumns[0] == 105, "ClickBench's hits table has 105 columns");

DataType type_of(char t) {
  switch (t) {
    case 'b': return DataType::int64();
    case 's': return DataType::varchar(0);
    case 'c': return DataType::fixed_char(1);
    case 'd': return DataType::date();
    case 't': return DataType::datetime2(0);
    default: return DataType::int32();
  }
}

}  // namespace

storage::Schema hits_schema() {
  storage::Schema s;
  for (const ColumnDef& c : kColumns) s.add(storage::Field(c.name, type_of(c.type), /*null_ok=*/false));
  return s;
}

}  // namespace tessera::clickbench
