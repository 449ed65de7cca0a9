-- The sign-in throttle counts failures per bucket (an email, or `device:<id>` for a known device)
-- and per address key (an IPv4 address, or an IPv6 /64): the columns say so.
ALTER TABLE "login_failures" RENAME COLUMN "email" TO "bucket";
ALTER TABLE "login_failures" RENAME COLUMN "ip" TO "address";
ALTER INDEX "login_failures_email_created_at_idx" RENAME TO "login_failures_bucket_created_at_idx";
ALTER INDEX "login_failures_ip_created_at_idx" RENAME TO "login_failures_address_created_at_idx";
