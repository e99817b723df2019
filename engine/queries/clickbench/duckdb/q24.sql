-- ClickBench Q24: first whole rows with a URL containing 'google'
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT * FROM hits WHERE URL LIKE '%google%' ORDER BY EventTime, WatchID LIMIT 10;
