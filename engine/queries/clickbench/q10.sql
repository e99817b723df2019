-- ClickBench Q10: regions with the most hits, with several aggregates
-- tie-break added: RegionID
-- AVG(CAST(x AS FLOAT)): SQL Server's AVG of an INT is an INT; ClickBench means the double average.
SELECT TOP 10 RegionID, SUM(AdvEngineID), COUNT(*) AS c, AVG(CAST(ResolutionWidth AS FLOAT)), COUNT(DISTINCT UserID)
FROM hits GROUP BY RegionID ORDER BY c DESC, RegionID;
