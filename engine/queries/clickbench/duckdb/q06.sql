-- ClickBench Q06: distinct search phrases
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT COUNT(DISTINCT SearchPhrase) FROM hits;
