-- ClickBench Q37: CounterID 62's most viewed URLs in July
-- tie-break added: URL
SELECT TOP 10 URL, COUNT(*) AS PageViews FROM hits
WHERE CounterID = 62 AND EventDate >= '2013-07-01' AND EventDate <= '2013-07-31' AND DontCountHits = 0 AND IsRefresh = 0 AND URL <> ''
GROUP BY URL ORDER BY PageViews DESC, URL;
