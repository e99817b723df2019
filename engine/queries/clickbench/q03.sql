-- ClickBench Q03: sum, count and average over the whole table
-- AVG(CAST(x AS FLOAT)): SQL Server's AVG of an INT is an INT; ClickBench means the double average.
SELECT SUM(AdvEngineID), COUNT(*), AVG(CAST(ResolutionWidth AS FLOAT)) FROM hits;
