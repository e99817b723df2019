-- ClickBench Q03: sum, count and average over the whole table
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT SUM(AdvEngineID), COUNT(*), AVG(ResolutionWidth) FROM hits;
