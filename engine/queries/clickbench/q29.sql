-- ClickBench Q29: referer domains with their average referer length
-- tie-break added: k
-- ClickBench's REGEXP_REPLACE(Referer, '^https?://(?:www\.)?([^/]+)/.*$', '\1') without regular expressions:
-- r is the Referer after 'http://' or 'https://' (NULL without either), h is r without a leading 'www.' when
-- a host follows it, k is h's host: the characters before its first '/', or the whole Referer where the
-- pattern does not match (no scheme, no '/' after the host, an empty host), as REGEXP_REPLACE returns it.
-- Tessera's LEFT and SUBSTRING take constant lengths, so the host's length picks one of 40 branches: hosts of
-- up to 40 characters (the generator's have at most 17). LEN for length; AVG(CAST(x AS FLOAT)) for the double
-- average. HAVING COUNT(*) > 100000 is ClickBench's, for 10 million rows; the tests scale it to their rows.
SELECT TOP 25 k, AVG(CAST(LEN(Referer) AS FLOAT)) AS l, COUNT(*) AS c, MIN(Referer)
FROM (SELECT Referer,
             CASE CHARINDEX('/', h)
               WHEN 2 THEN LEFT(h, 1)
               WHEN 3 THEN LEFT(h, 2)
               WHEN 4 THEN LEFT(h, 3)
               WHEN 5 THEN LEFT(h, 4)
               WHEN 6 THEN LEFT(h, 5)
               WHEN 7 THEN LEFT(h, 6)
               WHEN 8 THEN LEFT(h, 7)
               WHEN 9 THEN LEFT(h, 8)
               WHEN 10 THEN LEFT(h, 9)
               WHEN 11 THEN LEFT(h, 10)
               WHEN 12 THEN LEFT(h, 11)
               WHEN 13 THEN LEFT(h, 12)
               WHEN 14 THEN LEFT(h, 13)
               WHEN 15 THEN LEFT(h, 14)
               WHEN 16 THEN LEFT(h, 15)
               WHEN 17 THEN LEFT(h, 16)
               WHEN 18 THEN LEFT(h, 17)
               WHEN 19 THEN LEFT(h, 18)
               WHEN 20 THEN LEFT(h, 19)
               WHEN 21 THEN LEFT(h, 20)
               WHEN 22 THEN LEFT(h, 21)
               WHEN 23 THEN LEFT(h, 22)
               WHEN 24 THEN LEFT(h, 23)
               WHEN 25 THEN LEFT(h, 24)
               WHEN 26 THEN LEFT(h, 25)
               WHEN 27 THEN LEFT(h, 26)
               WHEN 28 THEN LEFT(h, 27)
               WHEN 29 THEN LEFT(h, 28)
               WHEN 30 THEN LEFT(h, 29)
               WHEN 31 THEN LEFT(h, 30)
               WHEN 32 THEN LEFT(h, 31)
               WHEN 33 THEN LEFT(h, 32)
               WHEN 34 THEN LEFT(h, 33)
               WHEN 35 THEN LEFT(h, 34)
               WHEN 36 THEN LEFT(h, 35)
               WHEN 37 THEN LEFT(h, 36)
               WHEN 38 THEN LEFT(h, 37)
               WHEN 39 THEN LEFT(h, 38)
               WHEN 40 THEN LEFT(h, 39)
               WHEN 41 THEN LEFT(h, 40)
             ELSE Referer END AS k
      FROM (SELECT Referer,
                   CASE WHEN r LIKE 'www.%' AND CHARINDEX('/', r) > 5 THEN SUBSTRING(r, 5, 1000000) ELSE r END AS h
            FROM (SELECT Referer,
                         CASE WHEN Referer LIKE 'http://%' THEN SUBSTRING(Referer, 8, 1000000)
                              WHEN Referer LIKE 'https://%' THEN SUBSTRING(Referer, 9, 1000000) END AS r
                  FROM hits WHERE Referer <> '') AS s) AS w) AS t
GROUP BY k HAVING COUNT(*) > 100000 ORDER BY l DESC, k;
