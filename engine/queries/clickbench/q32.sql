-- ClickBench Q32: watch and client IP pairs of searches
-- tie-break added: WatchID, ClientIP
-- AVG(CAST(x AS FLOAT)): SQL Server's AVG of an INT is an INT; ClickBench means the double average.
SELECT TOP 10 WatchID, ClientIP, COUNT(*) AS c, SUM(IsRefresh), AVG(CAST(ResolutionWidth AS FLOAT)) FROM hits
WHERE SearchPhrase <> '' GROUP BY WatchID, ClientIP ORDER BY c DESC, WatchID, ClientIP;
