-- Wakes the delivery workers when the caller's transaction commits. The workers LISTEN on this
-- channel: DELIVERY_CHANNEL in lib/webhooks/server/internal/wake-workers.ts (lib/platform/server/db/notify-channels.test.ts
-- holds the two names together).
CREATE OR REPLACE FUNCTION webhook_wake_workers() RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('webhook_deliveries', '')
$$;
