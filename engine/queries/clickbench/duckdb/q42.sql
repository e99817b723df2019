-- ClickBench Q42: window sizes of CounterID 62's home page views
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT WindowClientWidth, WindowClientHeight, COUNT(*) AS PageViews FROM hits
WHERE CounterID = 62 AND EventDate >= '2013-07-01' AND EventDate <= '2013-07-31' AND IsRefresh = 0 AND DontCountHits = 0
  AND URLHash = -2468413273641233208
GROUP BY WindowClientWidth, WindowClientHeight
ORDER BY PageViews DESC, WindowClientWidth, WindowClientHeight LIMIT 10 OFFSET 10000;
