-- ClickBench Q10: regions with the most hits, with several aggregates
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT RegionID, SUM(AdvEngineID), COUNT(*) AS c, AVG(ResolutionWidth), COUNT(DISTINCT UserID)
FROM hits GROUP BY RegionID ORDER BY c DESC, RegionID LIMIT 10;
