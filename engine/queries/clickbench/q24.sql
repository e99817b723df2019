-- ClickBench Q24: first whole rows with a URL containing 'google'
-- tie-break added: WatchID
SELECT TOP 10 * FROM hits WHERE URL LIKE '%google%' ORDER BY EventTime, WatchID;
