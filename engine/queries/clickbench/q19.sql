-- ClickBench Q19: most frequent user, minute and phrase triples
-- tie-break added: UserID, m, SearchPhrase
-- GROUP BY the expression: SQL Server does not group by a select-list alias.
SELECT TOP 10 UserID, EXTRACT(minute FROM EventTime) AS m, SearchPhrase, COUNT(*) FROM hits
GROUP BY UserID, EXTRACT(minute FROM EventTime), SearchPhrase ORDER BY COUNT(*) DESC, UserID, m, SearchPhrase;
