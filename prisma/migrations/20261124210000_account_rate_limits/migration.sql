-- Issue 19, rate limits: an account's own API rate limit (null: the server's default), and the
-- token bucket every server process on one PostgreSQL takes from (account_rate_take()).
ALTER TABLE "accounts" ADD COLUMN "rate_limit_per_second" INTEGER,
                       ADD COLUMN "rate_limit_burst" INTEGER;

-- UNLOGGED: a bucket is seconds of state; after a crash (or on a replica promoted by failover)
-- every account starts again with a full bucket, and no request pays for a WAL record.
CREATE UNLOGGED TABLE "account_rate_buckets" (
    "account_id" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "granted" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "account_rate_buckets_pkey" PRIMARY KEY ("account_id")
);

ALTER TABLE "account_rate_buckets" ADD CONSTRAINT "account_rate_buckets_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
