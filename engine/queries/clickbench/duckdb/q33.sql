-- ClickBench Q33: watch and client IP pairs
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT WatchID, ClientIP, COUNT(*) AS c, SUM(IsRefresh), AVG(ResolutionWidth) FROM hits
GROUP BY WatchID, ClientIP ORDER BY c DESC, WatchID, ClientIP LIMIT 10;
