-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "webhook_secret" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'SAR',
    "base_fare_minor" INTEGER NOT NULL DEFAULT 1000,
    "per_km_minor" INTEGER NOT NULL DEFAULT 250,
    "min_fare_minor" INTEGER NOT NULL DEFAULT 1500,
    "vat_rate_bps" INTEGER NOT NULL DEFAULT 1500,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "drivers" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT,
    "fleet_id" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "drivers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dispatches" (
    "id" TEXT NOT NULL,
    "r_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "assigned_driver_id" TEXT,
    "pickup" JSONB NOT NULL,
    "destination" JSONB NOT NULL,
    "user_metadata" JSONB NOT NULL,
    "vendor_logo_url" TEXT,
    "vendor_id" TEXT NOT NULL,
    "vendor_name" JSONB NOT NULL,
    "vendor_oid" TEXT NOT NULL,
    "vendor_sid" TEXT,
    "vendor_bid" TEXT NOT NULL,
    "media_url" JSONB,
    "vendor_payload" JSONB,
    "customer_phone" TEXT NOT NULL,
    "event_seq" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "modified_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dispatches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dispatch_status_entries" (
    "id" BIGSERIAL NOT NULL,
    "dispatch_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "captured_at" TIMESTAMPTZ(3) NOT NULL,
    "ref_id" TEXT NOT NULL,
    "ref_type" TEXT NOT NULL,

    CONSTRAINT "dispatch_status_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dispatch_events" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "dispatch_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dispatch_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "disabled_at" TIMESTAMPTZ(3),
    "disabled_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "account_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status_code" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("account_id","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_account_id_created_at_idx" ON "api_keys"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "drivers_fleet_id_idx" ON "drivers"("fleet_id");

-- CreateIndex
CREATE UNIQUE INDEX "dispatches_r_id_key" ON "dispatches"("r_id");

-- CreateIndex
CREATE INDEX "dispatches_account_id_created_at_id_idx" ON "dispatches"("account_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "dispatches_account_id_assigned_driver_id_created_at_id_idx" ON "dispatches"("account_id", "assigned_driver_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "dispatches_account_id_state_created_at_id_idx" ON "dispatches"("account_id", "state", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "dispatches_account_id_vendor_bid_created_at_id_idx" ON "dispatches"("account_id", "vendor_bid", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "dispatches_assigned_driver_id_created_at_id_idx" ON "dispatches"("assigned_driver_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "dispatches_account_id_vendor_oid_key" ON "dispatches"("account_id", "vendor_oid");

-- CreateIndex
CREATE INDEX "dispatch_status_entries_dispatch_id_id_idx" ON "dispatch_status_entries"("dispatch_id", "id");

-- CreateIndex
CREATE INDEX "dispatch_events_account_id_created_at_idx" ON "dispatch_events"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "dispatch_events_dispatch_id_sequence_key" ON "dispatch_events"("dispatch_id", "sequence");

-- CreateIndex
CREATE INDEX "webhook_endpoints_account_id_is_active_idx" ON "webhook_endpoints"("account_id", "is_active");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_endpoints_account_id_url_key" ON "webhook_endpoints"("account_id", "url");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_assigned_driver_id_fkey" FOREIGN KEY ("assigned_driver_id") REFERENCES "drivers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatch_status_entries" ADD CONSTRAINT "dispatch_status_entries_dispatch_id_fkey" FOREIGN KEY ("dispatch_id") REFERENCES "dispatches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_dispatch_id_fkey" FOREIGN KEY ("dispatch_id") REFERENCES "dispatches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
