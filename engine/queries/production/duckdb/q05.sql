-- Business partners per nation: supplier and customer names united (UNION removes repeats).
SELECT n_name, COUNT(*) AS partners
FROM (SELECT s_nationkey AS nk, s_name AS name FROM supplier
      UNION
      SELECT c_nationkey, c_name FROM customer) AS p
JOIN nation ON nk = n_nationkey
GROUP BY n_name
ORDER BY n_name;
