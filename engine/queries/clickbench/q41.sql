-- ClickBench Q41: CounterID 62's pages reached from its home page, by day
-- tie-break added: URLHash, EventDate
-- RefererHash/URLHash constant: ClickBench's 3594120000172545465 names a value of the real data set; here it is the
-- FNV-1a hash of CounterID 62's home page 'http://www.citynews.ru/' (engine/clickbench: url_hash,
-- kCounter62HomePage), which is >= 1% of CounterID 62's Referers.
SELECT URLHash, EventDate, COUNT(*) AS PageViews FROM hits
WHERE CounterID = 62 AND EventDate >= '2013-07-01' AND EventDate <= '2013-07-31' AND IsRefresh = 0 AND TraficSourceID IN (-1, 6)
  AND RefererHash = -2468413273641233208
GROUP BY URLHash, EventDate ORDER BY PageViews DESC, URLHash, EventDate OFFSET 100 ROWS FETCH NEXT 10 ROWS ONLY;
