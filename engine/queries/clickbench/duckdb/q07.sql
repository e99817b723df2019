-- ClickBench Q07: date range
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT MIN(EventDate), MAX(EventDate) FROM hits;
