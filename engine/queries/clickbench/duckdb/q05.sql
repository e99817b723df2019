-- ClickBench Q05: distinct users
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT COUNT(DISTINCT UserID) FROM hits;
