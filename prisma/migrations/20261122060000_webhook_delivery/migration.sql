-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "previous_secret_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "previous_webhook_secret" TEXT;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "failing_since" TIMESTAMPTZ(3),
ADD COLUMN     "last_failure_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_success_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "dispatch_id" TEXT,
    "sequence" INTEGER,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "held" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "series_start" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "lease_expires_at" TIMESTAMPTZ(3),
    "leased_by" TEXT,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "response_snippet" TEXT NOT NULL,
    "error" TEXT,
    "worker_id" TEXT NOT NULL,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_held_next_attempt_at_idx" ON "webhook_deliveries"("status", "held", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_dispatch_id_status_sequence_idx" ON "webhook_deliveries"("endpoint_id", "dispatch_id", "status", "sequence");

-- CreateIndex
CREATE INDEX "webhook_deliveries_account_id_created_at_id_idx" ON "webhook_deliveries"("account_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_account_id_dispatch_id_created_at_id_idx" ON "webhook_deliveries"("account_id", "dispatch_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_completed_at_idx" ON "webhook_deliveries"("completed_at");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_number_idx" ON "webhook_attempts"("delivery_id", "number");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every delivery is updated two or three times (leased, attempted): room on each page keeps the
-- lease update a HOT update (no index writes).
ALTER TABLE "webhook_deliveries" SET (fillfactor = 70);

-- The body of a webhook, compact JSON: { type, id, timestamp (ISO 8601, UTC), sequence, payload }.
-- The one definition, used by the fan-out below and by "send test event" (lib/webhooks).
CREATE FUNCTION webhook_body(type text, id text, at timestamptz, sequence integer, payload json)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(b)::text FROM (SELECT
    type,
    id,
    to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS timestamp,
    sequence,
    payload) b
$$;

-- Outbox fan-out: every domain event becomes a delivery to the account's current endpoint, in
-- the transaction that wrote the event (no event without its delivery, no delivery without its
-- change), and wakes the workers at commit. A disabled endpoint still receives deliveries:
-- they wait as pending until it is enabled again. A delivery with an earlier pending one of its
-- dispatch is held until that one finishes (webhook_release_next); the advisory lock orders
-- this check against a concurrent release, so that no delivery stays held by mistake.
CREATE FUNCTION webhook_order_lock(endpoint_id text, dispatch_id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(endpoint_id || '/' || dispatch_id, 0))
$$;

CREATE FUNCTION dispatch_events_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  endpoint record;
  delivered boolean := false;
BEGIN
  FOR endpoint IN SELECT e.id FROM webhook_endpoints e WHERE e.account_id = NEW.account_id AND e.is_active LOOP
    PERFORM webhook_order_lock(endpoint.id, NEW.dispatch_id);
    INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, dispatch_id, sequence, body,
                                    held, next_attempt_at, created_at)
    VALUES ('whd_' || replace(gen_random_uuid()::text, '-', ''), NEW.account_id, endpoint.id, NEW.id, NEW.type,
            NEW.dispatch_id, NEW.sequence, webhook_body(NEW.type, NEW.id, NEW.created_at, NEW.sequence, NEW.payload),
            EXISTS (SELECT 1 FROM webhook_deliveries p
                    WHERE p.endpoint_id = endpoint.id AND p.dispatch_id = NEW.dispatch_id AND p.status = 'pending'),
            NEW.created_at, NEW.created_at);
    delivered := true;
  END LOOP;
  IF delivered THEN
    PERFORM pg_notify('webhook_deliveries', '');
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER dispatch_events_fan_out AFTER INSERT ON "dispatch_events"
  FOR EACH ROW EXECUTE FUNCTION dispatch_events_fan_out();

-- Called in the transaction that finishes a delivery (or reopens one): releases the earliest
-- held delivery of the same dispatch and endpoint when nothing before it is pending any more.
CREATE FUNCTION webhook_release_next(endpoint_id text, dispatch_id text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_order_lock(endpoint_id, dispatch_id);
  UPDATE webhook_deliveries d SET held = false, next_attempt_at = now()
  WHERE d.id = (SELECT n.id FROM webhook_deliveries n
                WHERE n.endpoint_id = webhook_release_next.endpoint_id AND n.dispatch_id = webhook_release_next.dispatch_id
                  AND n.status = 'pending'
                ORDER BY n.sequence LIMIT 1)
    AND d.held;
END;
$$;
