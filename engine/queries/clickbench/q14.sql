-- ClickBench Q14: search phrases with the most users
-- tie-break added: SearchPhrase
SELECT TOP 10 SearchPhrase, COUNT(DISTINCT UserID) AS u FROM hits WHERE SearchPhrase <> ''
GROUP BY SearchPhrase ORDER BY u DESC, SearchPhrase;
