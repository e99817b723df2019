-- ClickBench Q42: window sizes of CounterID 62's home page views
-- tie-break added: WindowClientWidth, WindowClientHeight
-- RefererHash/URLHash constant: ClickBench's 2868770270353813622 names a value of the real data set; here it is the
-- FNV-1a hash of CounterID 62's home page 'http://www.citynews.ru/' (engine/clickbench: url_hash,
-- kCounter62HomePage), which is >= 1% of CounterID 62's URLs.
SELECT WindowClientWidth, WindowClientHeight, COUNT(*) AS PageViews FROM hits
WHERE CounterID = 62 AND EventDate >= '2013-07-01' AND EventDate <= '2013-07-31' AND IsRefresh = 0 AND DontCountHits = 0
  AND URLHash = -2468413273641233208
GROUP BY WindowClientWidth, WindowClientHeight
ORDER BY PageViews DESC, WindowClientWidth, WindowClientHeight OFFSET 10000 ROWS FETCH NEXT 10 ROWS ONLY;
