-- ClickBench Q34: most frequent URLs
-- tie-break added: URL
SELECT TOP 10 URL, COUNT(*) AS c FROM hits GROUP BY URL ORDER BY c DESC, URL;
