-- ClickBench Q18: user and phrase pairs, any ten
-- tie-break added: ORDER BY UserID, SearchPhrase (ClickBench's text has no ORDER BY: any ten groups)
SELECT TOP 10 UserID, SearchPhrase, COUNT(*) FROM hits GROUP BY UserID, SearchPhrase ORDER BY UserID, SearchPhrase;
