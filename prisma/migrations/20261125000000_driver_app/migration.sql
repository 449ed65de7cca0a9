-- Issue 20: the driver app. Driver sign-ins, duty, offers, proof of delivery, failed deliveries,
-- and the driver's own idempotency keys (offline replays).

-- A driver signs in with a phone number and a PIN; staff and admins keep their email. A driver's
-- user is tied to one driver (the driver scope: lib/tenancy/scope.ts).
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL,
                    ADD COLUMN "phone" TEXT,
                    ADD COLUMN "driver_id" TEXT,
                    ADD CONSTRAINT "users_sign_in_name" CHECK ("email" IS NOT NULL OR "phone" IS NOT NULL),
                    ADD CONSTRAINT "users_driver_role" CHECK (("role" = 'driver') = ("driver_id" IS NOT NULL));
CREATE UNIQUE INDEX "users_phone_key" ON "users"("phone");
CREATE UNIQUE INDEX "users_driver_id_key" ON "users"("driver_id");
ALTER TABLE "users" ADD CONSTRAINT "users_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A one-time sign-in link (shown to the driver as a QR code): only the token's SHA-256 is kept.
CREATE TABLE "sign_in_links" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "sign_in_links_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "sign_in_links_user_id_idx" ON "sign_in_links"("user_id");
CREATE INDEX "sign_in_links_expires_at_idx" ON "sign_in_links"("expires_at");
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- On duty: only on-duty drivers with a fresh position are offered work. Sandbox drivers are
-- always on duty; drivers that existed before the app keep working as they did.
ALTER TABLE "drivers" ADD COLUMN "on_duty" BOOLEAN NOT NULL DEFAULT false,
                      ADD COLUMN "duty_changed_at" TIMESTAMPTZ(3);
UPDATE "drivers" SET "on_duty" = true;
CREATE INDEX "drivers_on_duty_last_position_at_idx" ON "drivers"("on_duty", "last_position_at");

-- What a delivery must be proven with (none | photo | signature | pin).
ALTER TABLE "accounts" ADD COLUMN "proof_of_delivery" TEXT NOT NULL DEFAULT 'none';

-- The customer's delivery PIN (shown on their tracking page) and why a delivery failed.
ALTER TABLE "dispatches" ADD COLUMN "delivery_pin" TEXT,
                         ADD COLUMN "failure_reason" TEXT,
                         ADD COLUMN "failure_note" TEXT;

-- An offer of a dispatch to one driver, open until `expires_at`: at most one open offer per
-- dispatch and per driver (the partial unique indexes decide a race).
CREATE TABLE "dispatch_offers" (
    "id" TEXT NOT NULL,
    "dispatch_id" TEXT NOT NULL,
    "driver_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    -- pending | accepted | declined | expired | withdrawn
    "state" TEXT NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "responded_at" TIMESTAMPTZ(3),

    CONSTRAINT "dispatch_offers_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "dispatch_offers_open_per_dispatch" ON "dispatch_offers"("dispatch_id") WHERE "state" = 'pending';
CREATE UNIQUE INDEX "dispatch_offers_open_per_driver" ON "dispatch_offers"("driver_id") WHERE "state" = 'pending';
CREATE INDEX "dispatch_offers_dispatch_id_driver_id_idx" ON "dispatch_offers"("dispatch_id", "driver_id");
CREATE INDEX "dispatch_offers_driver_id_created_at_idx" ON "dispatch_offers"("driver_id", "created_at" DESC);
CREATE INDEX "dispatch_offers_account_id_idx" ON "dispatch_offers"("account_id");
ALTER TABLE "dispatch_offers" ADD CONSTRAINT "dispatch_offers_dispatch_id_fkey" FOREIGN KEY ("dispatch_id") REFERENCES "dispatches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dispatch_offers" ADD CONSTRAINT "dispatch_offers_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dispatch_offers" ADD CONSTRAINT "dispatch_offers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A photo or signature a driver took for a dispatch (proof of delivery, or of a failed one).
CREATE TABLE "dispatch_media" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "dispatch_id" TEXT NOT NULL,
    "driver_id" TEXT,
    -- photo | signature | failure_photo
    "kind" TEXT NOT NULL,
    -- fs | s3: where the bytes are, under `key`
    "storage" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dispatch_media_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "dispatch_media_dispatch_id_created_at_idx" ON "dispatch_media"("dispatch_id", "created_at");
CREATE INDEX "dispatch_media_account_id_created_at_id_idx" ON "dispatch_media"("account_id", "created_at" DESC, "id" DESC);
CREATE INDEX "dispatch_media_created_at_id_idx" ON "dispatch_media"("created_at" DESC, "id" DESC);
ALTER TABLE "dispatch_media" ADD CONSTRAINT "dispatch_media_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dispatch_media" ADD CONSTRAINT "dispatch_media_dispatch_id_fkey" FOREIGN KEY ("dispatch_id") REFERENCES "dispatches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dispatch_media" ADD CONSTRAINT "dispatch_media_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A driver app request sent with an `Idempotency-Key` (replayed after being offline): kept 24 h.
CREATE TABLE "driver_idempotency_keys" (
    "driver_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status_code" INTEGER,
    "response_body" JSONB,
    "response_headers" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "driver_idempotency_keys_pkey" PRIMARY KEY ("driver_id", "key")
);
CREATE INDEX "driver_idempotency_keys_created_at_idx" ON "driver_idempotency_keys"("created_at");
ALTER TABLE "driver_idempotency_keys" ADD CONSTRAINT "driver_idempotency_keys_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
