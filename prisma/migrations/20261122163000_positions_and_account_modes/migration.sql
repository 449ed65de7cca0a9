-- Issue 5's shared columns, in one migration so the console, the tracking page, the geofence
-- and the simulator build on one schema.

-- Per-account modes: auto-assign to the nearest driver; sandbox (simulated drivers move the
-- account's dispatches and fire its real webhooks) at a given simulated speed.
ALTER TABLE "accounts" ADD COLUMN "auto_assign" BOOLEAN NOT NULL DEFAULT false,
                       ADD COLUMN "sandbox" BOOLEAN NOT NULL DEFAULT false,
                       ADD COLUMN "sandbox_speed_kmh" INTEGER NOT NULL DEFAULT 40;

-- A driver's last reported position.
ALTER TABLE "drivers" ADD COLUMN "last_lat" DOUBLE PRECISION,
                      ADD COLUMN "last_lng" DOUBLE PRECISION,
                      ADD COLUMN "last_position_at" TIMESTAMPTZ(3);
CREATE INDEX "drivers_last_position_at_idx" ON "drivers"("last_position_at");

-- The ETA last announced for a dispatch (minutes to the next stop: pickup or destination).
ALTER TABLE "dispatches" ADD COLUMN "eta_minutes" INTEGER,
                         ADD COLUMN "eta_stop" TEXT,
                         ADD COLUMN "eta_updated_at" TIMESTAMPTZ(3);

-- The console lists accounts newest first.
CREATE INDEX "accounts_created_at_id_idx" ON "accounts"("created_at" DESC, "id" DESC);

-- Fleets: a named group of drivers the console can create, rename and deactivate. Drivers keep
-- referring to a fleet by its id (the ops API's `fleet_id`); fleets already named by drivers
-- are created here, named after their id.
CREATE TABLE "fleets" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "fleets_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "fleets_created_at_id_idx" ON "fleets"("created_at" DESC, "id" DESC);
INSERT INTO "fleets" ("id", "name")
  SELECT DISTINCT "fleet_id", "fleet_id" FROM "drivers" WHERE "fleet_id" IS NOT NULL;
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_fleet_id_fkey" FOREIGN KEY ("fleet_id") REFERENCES "fleets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A simulated driver belongs to one sandbox account and is never offered to another account.
ALTER TABLE "drivers" ADD COLUMN "sandbox_account_id" TEXT;
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_sandbox_account_id_fkey" FOREIGN KEY ("sandbox_account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "drivers_sandbox_account_id_idx" ON "drivers"("sandbox_account_id");
CREATE INDEX "drivers_created_at_id_idx" ON "drivers"("created_at" DESC, "id" DESC);

-- The end customer's tracking page: an unguessable token per dispatch, and the link as the
-- record shows it (absolute, made from PUBLIC_URL when the dispatch is created).
ALTER TABLE "dispatches" ADD COLUMN "tracking_token" TEXT,
                         ADD COLUMN "tracking_url" TEXT;
UPDATE "dispatches" SET "tracking_token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
ALTER TABLE "dispatches" ALTER COLUMN "tracking_token" SET NOT NULL;
CREATE UNIQUE INDEX "dispatches_tracking_token_key" ON "dispatches"("tracking_token");

-- Sandbox: when the simulator next moves this dispatch (null: not simulated, or finished).
ALTER TABLE "dispatches" ADD COLUMN "sim_next_at" TIMESTAMPTZ(3);
CREATE INDEX "dispatches_sim_next_at_idx" ON "dispatches"("sim_next_at");

-- A driver's current work (positions, auto-assign's "is this driver free?"), without reading
-- their whole history.
CREATE INDEX "dispatches_assigned_driver_id_state_idx" ON "dispatches"("assigned_driver_id", "state");

-- The console's views across accounts: by state, by driver, and everything, newest first.
CREATE INDEX "dispatches_state_created_at_id_idx" ON "dispatches"("state", "created_at" DESC, "id" DESC);
CREATE INDEX "dispatches_created_at_id_idx" ON "dispatches"("created_at" DESC, "id" DESC);

-- The audit trail: who caused each domain event.
ALTER TABLE "dispatch_events" ADD COLUMN "actor_type" TEXT,
                              ADD COLUMN "actor_id" TEXT;

-- The record gains `tracking_url` (after the spec's fields, so their order is unchanged).
CREATE OR REPLACE FUNCTION dispatch_record(d dispatches) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT row_to_json(r) FROM (SELECT
    d.id,
    to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS created_at,
    to_char(d.modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS modified_at,
    d.r_id,
    d.assigned_driver_id,
    d.pickup,
    d.destination,
    d.user_metadata,
    d.vendor_logo_url,
    d.vendor_id,
    d.vendor_name,
    d.vendor_oid,
    d.vendor_sid,
    d.vendor_bid,
    d.media_url,
    d.vendor_payload,
    d.status_history AS status,
    d.tracking_url) r
$$;

-- Existing rows: the trigger renders them again.
UPDATE "dispatches" SET "modified_at" = "modified_at";
