-- TPC-H-scalar Q13 (category C2): the comment normalised before matching, LOWER(o_comment) NOT LIKE '%special%requests%'.
-- Validation parameters: WORD1 = special, WORD2 = requests.
-- Equivalent to TPC-H Q13 (the only capital letters in o_comment are in the word "Tiresias").
SELECT
    c_count,
    COUNT(*) AS custdist
FROM (
    SELECT
        c_custkey,
        COUNT(o_orderkey)
    FROM
        customer LEFT OUTER JOIN orders ON
            c_custkey = o_custkey
            AND LOWER(o_comment) NOT LIKE '%special%requests%'
    GROUP BY
        c_custkey
    ) AS c_orders (c_custkey, c_count)
GROUP BY
    c_count
ORDER BY
    custdist DESC,
    c_count DESC;
