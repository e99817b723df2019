-- ClickBench Q16: most active users
-- tie-break added: UserID
SELECT TOP 10 UserID, COUNT(*) FROM hits GROUP BY UserID ORDER BY COUNT(*) DESC, UserID;
