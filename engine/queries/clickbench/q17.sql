-- ClickBench Q17: most frequent user and phrase pairs
-- tie-break added: UserID, SearchPhrase
SELECT TOP 10 UserID, SearchPhrase, COUNT(*) FROM hits GROUP BY UserID, SearchPhrase ORDER BY COUNT(*) DESC, UserID, SearchPhrase;
