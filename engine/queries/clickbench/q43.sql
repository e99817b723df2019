-- ClickBench Q43: CounterID 62's page views per minute on two days
-- DATETRUNC(minute, x) for DATE_TRUNC('minute', x).
SELECT DATETRUNC(minute, EventTime) AS M, COUNT(*) AS PageViews FROM hits
WHERE CounterID = 62 AND EventDate >= '2013-07-14' AND EventDate <= '2013-07-15' AND IsRefresh = 0 AND DontCountHits = 0
GROUP BY DATETRUNC(minute, EventTime) ORDER BY DATETRUNC(minute, EventTime) OFFSET 1000 ROWS FETCH NEXT 10 ROWS ONLY;
