-- Issue 19, rate limits: a server process leases a few tokens ahead and gives back what it did not
-- use, so account_rate_take() gains a `returned` argument. CREATE OR REPLACE cannot change a
-- function's arguments: the old one is dropped here, and prisma/sql/70_account_rate_take.sql
-- (applied after the migrations) defines the new one.
DROP FUNCTION IF EXISTS account_rate_take(text, integer, integer, integer);
