-- ClickBench Q04: average of a BIGINT
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT AVG(UserID) FROM hits;
