-- ClickBench Q32: watch and client IP pairs of searches
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT WatchID, ClientIP, COUNT(*) AS c, SUM(IsRefresh), AVG(ResolutionWidth) FROM hits
WHERE SearchPhrase <> '' GROUP BY WatchID, ClientIP ORDER BY c DESC, WatchID, ClientIP LIMIT 10;
