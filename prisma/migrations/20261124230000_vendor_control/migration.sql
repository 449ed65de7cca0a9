-- Issue 19: the kitchen's "ready", scheduled pickups, locked quotes and prices, drop-off details.

-- When the vendor said the food is ready, and who (the `ready_for_pickup` entry's ref_id when it
-- is recorded later, after the driver accepts).
ALTER TABLE "dispatches" ADD COLUMN "ready_at" TIMESTAMPTZ(3),
                         ADD COLUMN "ready_by" TEXT,
-- A scheduled dispatch: when the food will be ready, and when it must be delivered by.
                         ADD COLUMN "pickup_ready_at" TIMESTAMPTZ(3),
                         ADD COLUMN "dropoff_deadline" TIMESTAMPTZ(3),
                         ADD COLUMN "scheduled" BOOLEAN NOT NULL DEFAULT false,
-- When auto-assign next looks at a scheduled dispatch (null: nothing to do).
                         ADD COLUMN "assign_at" TIMESTAMPTZ(3),
-- What the delivery costs the vendor, as the record shows it (lib/pricing/dispatch-pricing.ts),
-- and the quote it was charged by; a quote is used at most once (the unique index decides).
                         ADD COLUMN "pricing" JSON,
                         ADD COLUMN "quote_id" TEXT,
-- Drop-off details for the driver.
                         ADD COLUMN "dropoff_instructions" TEXT,
                         ADD COLUMN "contactless" BOOLEAN NOT NULL DEFAULT false,
                         ADD COLUMN "tip_minor" INTEGER;

CREATE UNIQUE INDEX "dispatches_quote_id_key" ON "dispatches"("quote_id");
CREATE INDEX "dispatches_assign_at_idx" ON "dispatches"("assign_at");
-- The lists' `scheduled` filter.
CREATE INDEX "dispatches_account_id_scheduled_created_at_id_idx" ON "dispatches"("account_id", "scheduled", "created_at" DESC, "id" DESC);

-- A price given by POST /ext/estimate, kept for QUOTE_TTL (lib/quotes) so a create can be charged it.
CREATE TABLE "quotes" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "pickup" JSON NOT NULL,
    "destination" JSON NOT NULL,
    "pricing" JSON NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "quotes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "quotes_expires_at_idx" ON "quotes"("expires_at");

ALTER TABLE "quotes" ADD CONSTRAINT "quotes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
