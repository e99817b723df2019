#!/usr/bin/env bash
# Value distributions of a ClickBench `hits` table in a Tessera database, as a markdown table
# (docs/results/clickbench-data-distributions.md compares them with the real data set's published figures).
#
#   scripts/hits_statistics.sh DATABASE.tdb [TESSERA]
#
# DATABASE.tdb: made by `tessera DATABASE.tdb --hits N -e "SELECT COUNT(*) FROM hits"`.
# TESSERA: the CLI (default build/engine/cli/tessera; its kernel catalog as the CLI finds it: --catalog's
# default, or $TESSERA_CATALOG). Every statistic is one SQL statement returning one
# value; all of them run in one tessera process (--format csv), so the database is opened once.
# Shares are percentages of all rows unless the label says otherwise; lengths are LEN (characters; the
# generator writes ASCII only, so also bytes).
set -euo pipefail

db=${1:?usage: scripts/hits_statistics.sh DATABASE.tdb [TESSERA]}
tessera=${2:-build/engine/cli/tessera}
[ -e "$db" ] || { echo "no database $db" >&2; exit 1; }

N="(SELECT CAST(COUNT(*) AS FLOAT) FROM hits)"
PCT="100.0 * CAST(COUNT(*) AS FLOAT) / $N"

# label | SQL returning one value. The labels name the ClickBench query (1-based, as engine/queries/clickbench)
# that the statistic matters for.
stats=(
"rows|SELECT COUNT(*) FROM hits"
"**UserID** distinct (Q5)|SELECT COUNT(DISTINCT UserID) FROM hits"
"UserID distinct per row|SELECT CAST(COUNT(DISTINCT UserID) AS FLOAT) / COUNT(*) FROM hits"
"AVG(UserID) (Q4)|SELECT AVG(CAST(UserID AS FLOAT)) FROM hits"
"hits of the most frequent user (Q16)|SELECT TOP 1 COUNT(*) AS c FROM hits GROUP BY UserID ORDER BY c DESC"
"hits of the 10 most frequent users, % of rows|SELECT 100.0 * CAST(SUM(c) AS FLOAT) / $N FROM (SELECT TOP 10 COUNT(*) AS c FROM hits GROUP BY UserID ORDER BY c DESC) t"
"hits of UserID 435090932899640449 (Q20)|SELECT COUNT(*) FROM hits WHERE UserID = 435090932899640449"
"distinct (UserID, SearchPhrase) (Q17-Q18)|SELECT COUNT(*) FROM (SELECT UserID, SearchPhrase FROM hits GROUP BY UserID, SearchPhrase) t"
"**ClientIP** distinct|SELECT COUNT(DISTINCT ClientIP) FROM hits"
"hits of the most frequent ClientIP (Q36)|SELECT TOP 1 COUNT(*) AS c FROM hits GROUP BY ClientIP ORDER BY c DESC"
"**RegionID** distinct|SELECT COUNT(DISTINCT RegionID) FROM hits"
"rows of the most frequent region, % (Q10)|SELECT TOP 1 $PCT AS p FROM hits GROUP BY RegionID ORDER BY p DESC"
"distinct users of the top region, % of distinct users (Q9)|SELECT TOP 1 100.0 * CAST(COUNT(DISTINCT UserID) AS FLOAT) / (SELECT COUNT(DISTINCT UserID) FROM hits) AS p FROM hits GROUP BY RegionID ORDER BY p DESC"
"**AdvEngineID** <> 0, % (Q2, Q8)|SELECT $PCT FROM hits WHERE AdvEngineID <> 0"
"SUM(AdvEngineID) per row (Q3)|SELECT CAST(SUM(CAST(AdvEngineID AS BIGINT)) AS FLOAT) / COUNT(*) FROM hits"
"distinct AdvEngineID <> 0 (Q8)|SELECT COUNT(DISTINCT AdvEngineID) FROM hits WHERE AdvEngineID <> 0"
"AVG(ResolutionWidth) (Q3)|SELECT AVG(CAST(ResolutionWidth AS FLOAT)) FROM hits"
"**SearchPhrase** distinct (Q6)|SELECT COUNT(DISTINCT SearchPhrase) FROM hits"
"SearchPhrase <> '', % (Q13-Q15, Q22, Q23, Q25-Q27, Q31, Q32)|SELECT $PCT FROM hits WHERE SearchPhrase <> ''"
"SearchPhrase average length, non-empty|SELECT AVG(CAST(LEN(SearchPhrase) AS FLOAT)) FROM hits WHERE SearchPhrase <> ''"
"SearchPhrase maximum length|SELECT MAX(LEN(SearchPhrase)) FROM hits"
"rows of the most frequent non-empty phrase, % (Q13)|SELECT TOP 1 $PCT AS p FROM hits WHERE SearchPhrase <> '' GROUP BY SearchPhrase ORDER BY p DESC"
"distinct (SearchEngineID, SearchPhrase), non-empty (Q15)|SELECT COUNT(*) FROM (SELECT SearchEngineID, SearchPhrase FROM hits WHERE SearchPhrase <> '' GROUP BY SearchEngineID, SearchPhrase) t"
"distinct (SearchEngineID, ClientIP), non-empty phrase (Q31)|SELECT COUNT(*) FROM (SELECT SearchEngineID, ClientIP FROM hits WHERE SearchPhrase <> '' GROUP BY SearchEngineID, ClientIP) t"
"**MobilePhoneModel** <> '', % (Q11, Q12)|SELECT $PCT FROM hits WHERE MobilePhoneModel <> ''"
"MobilePhoneModel distinct|SELECT COUNT(DISTINCT MobilePhoneModel) FROM hits"
"distinct users of the top model, % of distinct users (Q11)|SELECT TOP 1 100.0 * CAST(COUNT(DISTINCT UserID) AS FLOAT) / (SELECT COUNT(DISTINCT UserID) FROM hits) AS p FROM hits WHERE MobilePhoneModel <> '' GROUP BY MobilePhoneModel ORDER BY p DESC"
"**URL** distinct (Q34, Q35)|SELECT COUNT(DISTINCT URL) FROM hits"
"URL distinct per row|SELECT CAST(COUNT(DISTINCT URL) AS FLOAT) / COUNT(*) FROM hits"
"URL average length|SELECT AVG(CAST(LEN(URL) AS FLOAT)) FROM hits"
"URL maximum length|SELECT MAX(LEN(URL)) FROM hits"
"URL empty, %|SELECT $PCT FROM hits WHERE URL = ''"
"rows of the most frequent URL, % (Q34)|SELECT TOP 1 $PCT AS p FROM hits GROUP BY URL ORDER BY p DESC"
"rows of the 10 most frequent URLs, %|SELECT 100.0 * CAST(SUM(c) AS FLOAT) / $N FROM (SELECT TOP 10 COUNT(*) AS c FROM hits GROUP BY URL ORDER BY c DESC) t"
"URL LIKE '%google%', % (Q21-Q24)|SELECT $PCT FROM hits WHERE URL LIKE '%google%'"
"counters with > 0.1% of the rows, URL <> '' (Q28)|SELECT COUNT(*) FROM (SELECT CounterID FROM hits WHERE URL <> '' GROUP BY CounterID HAVING COUNT(*) > $N / 1000) t"
"largest average URL length of those counters (Q28)|SELECT MAX(l) FROM (SELECT AVG(CAST(LEN(URL) AS FLOAT)) AS l FROM hits WHERE URL <> '' GROUP BY CounterID HAVING COUNT(*) > $N / 1000) t"
"**Referer** distinct|SELECT COUNT(DISTINCT Referer) FROM hits"
"Referer average length|SELECT AVG(CAST(LEN(Referer) AS FLOAT)) FROM hits"
"Referer maximum length|SELECT MAX(LEN(Referer)) FROM hits"
"Referer empty, %|SELECT $PCT FROM hits WHERE Referer = ''"
"rows of the most frequent non-empty Referer, %|SELECT TOP 1 $PCT AS p FROM hits WHERE Referer <> '' GROUP BY Referer ORDER BY p DESC"
"Referer domains (Q29's key) distinct|SELECT COUNT(DISTINCT REGEXP_REPLACE(Referer, '^https?://(?:www\\.)?([^/]+)/.*\$', '\\1')) FROM hits WHERE Referer <> ''"
"Referer domains with > 0.1% of the rows (Q29)|SELECT COUNT(*) FROM (SELECT REGEXP_REPLACE(Referer, '^https?://(?:www\\.)?([^/]+)/.*\$', '\\1') AS k FROM hits WHERE Referer <> '' GROUP BY REGEXP_REPLACE(Referer, '^https?://(?:www\\.)?([^/]+)/.*\$', '\\1') HAVING COUNT(*) > $N / 1000) t"
"largest average Referer length of those domains (Q29)|SELECT MAX(l) FROM (SELECT AVG(CAST(LEN(Referer) AS FLOAT)) AS l FROM hits WHERE Referer <> '' GROUP BY REGEXP_REPLACE(Referer, '^https?://(?:www\\.)?([^/]+)/.*\$', '\\1') HAVING COUNT(*) > $N / 1000) t"
"**Title** distinct (Q38)|SELECT COUNT(DISTINCT Title) FROM hits"
"Title average length|SELECT AVG(CAST(LEN(Title) AS FLOAT)) FROM hits"
"Title empty, %|SELECT $PCT FROM hits WHERE Title = ''"
"Title LIKE '%Google%', % (Q23)|SELECT $PCT FROM hits WHERE Title LIKE '%Google%'"
"**CounterID** distinct|SELECT COUNT(DISTINCT CounterID) FROM hits"
"CounterID = 62, % (Q37-Q43)|SELECT $PCT FROM hits WHERE CounterID = 62"
"page views of CounterID 62's top URL, % of rows (Q37)|SELECT TOP 1 $PCT AS p FROM hits WHERE CounterID = 62 AND EventDate >= '2013-07-01' AND EventDate <= '2013-07-31' AND DontCountHits = 0 AND IsRefresh = 0 AND URL <> '' GROUP BY URL ORDER BY p DESC"
"**EventDate** first|SELECT MIN(EventDate) FROM hits"
"EventDate last|SELECT MAX(EventDate) FROM hits"
"**WatchID** distinct per row (Q32, Q33)|SELECT CAST(COUNT(DISTINCT WatchID) AS FLOAT) / COUNT(*) FROM hits"
)

args=()
for s in "${stats[@]}"; do args+=(-e "${s#*|}"); done
out=$("$tessera" "$db" --format csv "${args[@]}")

# One header line and one value line per statement, a blank line between statements.
mapfile -t lines < <(grep -v '^$' <<<"$out")
values=()
for ((i = 1; i < ${#lines[@]}; i += 2)); do values+=("${lines[i]}"); done
if [ "${#values[@]}" -ne "${#stats[@]}" ]; then
	echo "expected ${#stats[@]} values, got ${#values[@]}:" >&2
	printf '%s\n' "$out" >&2
	exit 1
fi

echo "| statistic ($(basename "$db")) | value |"
echo "|---|---:|"
for i in "${!stats[@]}"; do
	v=${values[i]}
	# Floats to 4 significant decimals (awk), integers and dates as they are.
	if [[ $v =~ ^-?[0-9]+\.[0-9]+([eE][-+]?[0-9]+)?$ || $v =~ ^-?[0-9]+[eE][-+]?[0-9]+$ ]]; then
		v=$(awk -v x="$v" 'BEGIN { if (x > 1e9 || x < -1e9) printf "%.4e", x; else printf "%.4f", x }')
	fi
	echo "| ${stats[i]%%|*} | $v |"
done
