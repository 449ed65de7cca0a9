-- The live dispatch engine (lib/dispatching/live) replaces auto-assign and its scheduler: rounds
-- plan trips (one driver, one pickup, drop-offs in order), offered and answered as a whole.
-- `assign_at` (the scheduler's clock) goes; offers open at this moment are closed as expired,
-- and the first round offers their dispatches again, as trips.
UPDATE "dispatch_offers" SET "state" = 'expired', "responded_at" = now() WHERE "state" = 'pending';
-- A driver now has several open offer rows at once: one per dispatch of the one trip offered.
-- The one-trip-per-driver rule is the partial unique index on trips below.
DROP INDEX "dispatch_offers_open_per_driver";

-- DropIndex
DROP INDEX "dispatches_assign_at_idx";

-- AlterTable
ALTER TABLE "dispatch_offers" ADD COLUMN     "trip_id" TEXT;

-- AlterTable
ALTER TABLE "dispatches" DROP COLUMN "assign_at",
ADD COLUMN     "expected_pickup_at" TIMESTAMPTZ(3),
ADD COLUMN     "trip_id" TEXT,
ADD COLUMN     "trip_seq" INTEGER;

-- CreateTable
CREATE TABLE "trips" (
    "id" TEXT NOT NULL,
    "driver_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "order_ids" TEXT[],
    "extends_trip_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "responded_at" TIMESTAMPTZ(3),
    "depart_at" TIMESTAMPTZ(3) NOT NULL,
    "arrive_at" TIMESTAMPTZ(3) NOT NULL,
    "ready_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "trips_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "trips_driver_id_created_at_idx" ON "trips"("driver_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "trips_state_expires_at_idx" ON "trips"("state", "expires_at");

-- CreateIndex
CREATE INDEX "trips_account_id_idx" ON "trips"("account_id");

-- CreateIndex
CREATE INDEX "dispatch_offers_trip_id_idx" ON "dispatch_offers"("trip_id");

-- CreateIndex
CREATE INDEX "dispatches_trip_id_idx" ON "dispatches"("trip_id");

-- AddForeignKey
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatch_offers" ADD CONSTRAINT "dispatch_offers_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- At most one trip offered to a driver at a time (the race between two rounds is decided here).
CREATE UNIQUE INDEX "trips_offered_per_driver" ON "trips"("driver_id") WHERE "state" = 'offered';
-- What a round plans: dispatches still waiting for a driver (a few hundred among millions).
CREATE INDEX "dispatches_waiting_for_driver" ON "dispatches"("account_id")
  WHERE "assigned_driver_id" IS NULL AND "state" IN ('new', 'dispatch_accepted', 'assigned');
