-- ClickBench Q18: user and phrase pairs, any ten
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT UserID, SearchPhrase, COUNT(*) FROM hits GROUP BY UserID, SearchPhrase ORDER BY UserID, SearchPhrase LIMIT 10;
