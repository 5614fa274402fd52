-- orders_created_at_idx (created_at) repeats the leading column of orders_created_idx
-- (created_at DESC, id DESC), which serves every query that filters or sorts orders by when they
-- were made (a range scan reads a descending index either way). Every draft Get Quotes stores paid
-- for both; the one left is enough (`npm run explain:hot-paths` shows the plans).
DROP INDEX IF EXISTS orders_created_at_idx;
