-- ClickBench Q01: all rows
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT COUNT(*) FROM hits;
