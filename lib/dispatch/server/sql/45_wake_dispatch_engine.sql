-- The live dispatch engine (lib/engine/server) runs a round at once when something makes one
-- worthwhile that writes no dispatch event: a trip declined or closed, a driver coming on duty.
-- The leader LISTENs on `dispatch_engine` (DISPATCH_ENGINE_CHANNEL); the payload says why. Sent
-- at commit, like every NOTIFY, so the round sees what the transaction wrote.
CREATE OR REPLACE FUNCTION wake_dispatch_engine(reason text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('dispatch_engine', reason);
$$;
