-- The trail of every driver on a job: each accepted position of a driver with an on-duty dispatch,
-- one row per dispatch it served (lib/drivers/trail.ts). Partitioned by day (UTC) on recorded_at
-- so that retention (POSITION_RETENTION_DAYS) drops whole days instead of deleting rows.
CREATE TABLE "driver_trail" (
    "dispatch_id" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "driver_id" TEXT NOT NULL,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,
    "state" TEXT NOT NULL
) PARTITION BY RANGE ("recorded_at");

CREATE INDEX "driver_trail_dispatch_id_recorded_at_idx" ON "driver_trail" ("dispatch_id", "recorded_at");

CREATE TABLE "driver_trail_default" PARTITION OF "driver_trail" DEFAULT;

DROP FUNCTION IF EXISTS driver_positions_apply(text, text, text[], double precision, double precision, timestamptz, boolean, json, text);
