-- ClickBench Q09: regions with the most users
-- tie-break added: RegionID
SELECT TOP 10 RegionID, COUNT(DISTINCT UserID) AS u FROM hits GROUP BY RegionID ORDER BY u DESC, RegionID;
