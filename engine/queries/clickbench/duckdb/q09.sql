-- ClickBench Q09: regions with the most users
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT RegionID, COUNT(DISTINCT UserID) AS u FROM hits GROUP BY RegionID ORDER BY u DESC, RegionID LIMIT 10;
