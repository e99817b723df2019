-- ClickBench Q33: watch and client IP pairs
-- tie-break added: WatchID, ClientIP
-- AVG(CAST(x AS FLOAT)): SQL Server's AVG of an INT is an INT; ClickBench means the double average.
SELECT TOP 10 WatchID, ClientIP, COUNT(*) AS c, SUM(IsRefresh), AVG(CAST(ResolutionWidth AS FLOAT)) FROM hits
GROUP BY WatchID, ClientIP ORDER BY c DESC, WatchID, ClientIP;
