-- ClickBench Q39: CounterID 62's link targets, a page past the first thousand
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT URL, COUNT(*) AS PageViews FROM hits
WHERE CounterID = 62 AND EventDate >= '2013-07-01' AND EventDate <= '2013-07-31' AND IsRefresh = 0 AND IsLink <> 0 AND IsDownload = 0
GROUP BY URL ORDER BY PageViews DESC, URL LIMIT 10 OFFSET 1000;
