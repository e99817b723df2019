-- ClickBench Q31: search engine and client IP pairs of searches
-- tie-break added: SearchEngineID, ClientIP
-- AVG(CAST(x AS FLOAT)): SQL Server's AVG of an INT is an INT; ClickBench means the double average.
SELECT TOP 10 SearchEngineID, ClientIP, COUNT(*) AS c, SUM(IsRefresh), AVG(CAST(ResolutionWidth AS FLOAT)) FROM hits
WHERE SearchPhrase <> '' GROUP BY SearchEngineID, ClientIP ORDER BY c DESC, SearchEngineID, ClientIP;
