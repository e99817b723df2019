-- ClickBench Q29: referer domains with their average referer length
-- tie-break added: k
-- ClickBench's REGEXP_REPLACE(Referer, '^https?://(?:www\.)?([^/]+)/.*$', '\1') without regular expressions:
-- r is the Referer after 'http://' or 'https://' (NULL without either), h is r without a leading 'www.' when a
-- host follows it, n the length of h's host (the characters before its first '/'; -1 without a '/'). Tessera's
-- LEFT and SUBSTRING take constant lengths, so the host is cut in binary: each step moves the next 32, 16, 8, 4,
-- 2 or 1 characters of rest to host when n has that bit (hosts of up to 63 characters; the generator's have at
-- most 17). k is the host, or the whole Referer where the pattern does not match (no scheme, no '/' after the
-- host, an empty host), as REGEXP_REPLACE returns it. LEN for length; AVG(CAST(x AS FLOAT)) for the double
-- average. HAVING COUNT(*) > 100000 is ClickBench's, for 10 million rows; the tests scale it to their rows.
WITH schemed AS (SELECT Referer, CASE WHEN Referer LIKE 'http://%' THEN SUBSTRING(Referer, 8, 1000000)
                                     WHEN Referer LIKE 'https://%' THEN SUBSTRING(Referer, 9, 1000000) END AS r
                 FROM hits WHERE Referer <> ''),
     unwww AS (SELECT Referer, CASE WHEN r LIKE 'www.%' AND CHARINDEX('/', r) > 5 THEN SUBSTRING(r, 5, 1000000) ELSE r END AS h
               FROM schemed),
     cut0 AS (SELECT Referer, CHARINDEX('/', h) - 1 AS n, h AS rest, '' AS host FROM unwww),
     cut32 AS (SELECT Referer, n, CASE WHEN n / 32 % 2 = 1 THEN SUBSTRING(rest, 33, 1000000) ELSE rest END AS rest,
                    host + CASE WHEN n / 32 % 2 = 1 THEN LEFT(rest, 32) ELSE '' END AS host FROM cut0),
     cut16 AS (SELECT Referer, n, CASE WHEN n / 16 % 2 = 1 THEN SUBSTRING(rest, 17, 1000000) ELSE rest END AS rest,
                    host + CASE WHEN n / 16 % 2 = 1 THEN LEFT(rest, 16) ELSE '' END AS host FROM cut32),
     cut8 AS (SELECT Referer, n, CASE WHEN n / 8 % 2 = 1 THEN SUBSTRING(rest, 9, 1000000) ELSE rest END AS rest,
                    host + CASE WHEN n / 8 % 2 = 1 THEN LEFT(rest, 8) ELSE '' END AS host FROM cut16),
     cut4 AS (SELECT Referer, n, CASE WHEN n / 4 % 2 = 1 THEN SUBSTRING(rest, 5, 1000000) ELSE rest END AS rest,
                    host + CASE WHEN n / 4 % 2 = 1 THEN LEFT(rest, 4) ELSE '' END AS host FROM cut8),
     cut2 AS (SELECT Referer, n, CASE WHEN n / 2 % 2 = 1 THEN SUBSTRING(rest, 3, 1000000) ELSE rest END AS rest,
                    host + CASE WHEN n / 2 % 2 = 1 THEN LEFT(rest, 2) ELSE '' END AS host FROM cut4),
     cut1 AS (SELECT Referer, n, CASE WHEN n / 1 % 2 = 1 THEN SUBSTRING(rest, 2, 1000000) ELSE rest END AS rest,
                    host + CASE WHEN n / 1 % 2 = 1 THEN LEFT(rest, 1) ELSE '' END AS host FROM cut2),
     keyed AS (SELECT Referer, CASE WHEN n > 0 THEN host ELSE Referer END AS k FROM cut1)
SELECT TOP 25 k, AVG(CAST(LEN(Referer) AS FLOAT)) AS l, COUNT(*) AS c, MIN(Referer)
FROM keyed GROUP BY k HAVING COUNT(*) > 100000 ORDER BY l DESC, k;
