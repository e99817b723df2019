-- ClickBench Q41: CounterID 62's pages reached from its home page, by day
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT URLHash, EventDate, COUNT(*) AS PageViews FROM hits
WHERE CounterID = 62 AND EventDate >= '2013-07-01' AND EventDate <= '2013-07-31' AND IsRefresh = 0 AND TraficSourceID IN (-1, 6)
  AND RefererHash = -2468413273641233208
GROUP BY URLHash, EventDate ORDER BY PageViews DESC, URLHash, EventDate LIMIT 10 OFFSET 100;
