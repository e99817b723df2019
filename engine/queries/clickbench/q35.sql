-- ClickBench Q35: most frequent URLs beside a constant
-- tie-break added: URL
-- GROUP BY URL for ClickBench's GROUP BY 1, URL: SQL Server refuses ordinals (Msg 164), and grouping by
-- the constant 1 changes nothing.
SELECT TOP 10 1, URL, COUNT(*) AS c FROM hits GROUP BY URL ORDER BY c DESC, URL;
