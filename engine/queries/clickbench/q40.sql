-- ClickBench Q40: CounterID 62's traffic sources and targets, a page past the first thousand
-- tie-break added: TraficSourceID, SearchEngineID, AdvEngineID, Src, Dst
-- GROUP BY the expressions: SQL Server does not group by select-list aliases.
SELECT TraficSourceID, SearchEngineID, AdvEngineID, CASE WHEN (SearchEngineID = 0 AND AdvEngineID = 0) THEN Referer ELSE '' END AS Src, URL AS Dst,
       COUNT(*) AS PageViews FROM hits
WHERE CounterID = 62 AND EventDate >= '2013-07-01' AND EventDate <= '2013-07-31' AND IsRefresh = 0
GROUP BY TraficSourceID, SearchEngineID, AdvEngineID, CASE WHEN (SearchEngineID = 0 AND AdvEngineID = 0) THEN Referer ELSE '' END, URL
ORDER BY PageViews DESC, TraficSourceID, SearchEngineID, AdvEngineID, Src, Dst OFFSET 1000 ROWS FETCH NEXT 10 ROWS ONLY;
