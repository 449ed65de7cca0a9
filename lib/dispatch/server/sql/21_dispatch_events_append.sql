-- The one writer of dispatch events (the outbox): the create and every later change call it in
-- their own statement or transaction, so no change goes without its events. `d` is the dispatch
-- as the change left it: its `event_seq` already counts these events and its `modified_at` is
-- their time. Each event carries the payload of `dispatch_event_payload`; the triggers on
-- dispatch_events fan it out to webhooks and announce it to live pages.
CREATE OR REPLACE FUNCTION dispatch_events_append(d dispatches, event_ids text[], types text[], actor_type text, actor_id text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dispatch_events (id, account_id, dispatch_id, type, sequence, payload, created_at, actor_type, actor_id)
  SELECT e.id, d.account_id, d.id, e.type, d.event_seq - cardinality(types) + e.n::integer, dispatch_event_payload(d, e.type),
         d.modified_at, dispatch_events_append.actor_type, dispatch_events_append.actor_id
  FROM unnest(event_ids, types) WITH ORDINALITY AS e(id, type, n);
END;
$$;
