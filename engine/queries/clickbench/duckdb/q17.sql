-- ClickBench Q17: most frequent user and phrase pairs
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT UserID, SearchPhrase, COUNT(*) FROM hits GROUP BY UserID, SearchPhrase ORDER BY COUNT(*) DESC, UserID, SearchPhrase LIMIT 10;
