-- ClickBench Q02: rows with an ad engine
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT COUNT(*) FROM hits WHERE AdvEngineID <> 0;
