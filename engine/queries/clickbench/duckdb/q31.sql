-- ClickBench Q31: search engine and client IP pairs of searches
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT SearchEngineID, ClientIP, COUNT(*) AS c, SUM(IsRefresh), AVG(ResolutionWidth) FROM hits
WHERE SearchPhrase <> '' GROUP BY SearchEngineID, ClientIP ORDER BY c DESC, SearchEngineID, ClientIP LIMIT 10;
