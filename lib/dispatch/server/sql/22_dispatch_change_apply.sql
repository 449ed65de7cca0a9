-- The one writer of a change to a dispatch after its create: in one UPDATE of the row, the
-- change's own columns (`columns`: a JSON object keyed by column name, absent keys unchanged),
-- `modified_at` (the change's time), `event_seq` counting its events, its entry appended to the
-- status history when it records a status (`status`, or null: a dispatch_status_entry of the
-- change's time and actor, under the row lock; entries are never rewritten); then its events
-- through the one writer of events, dispatch_events_append, from the changed row. Answers the
-- changed row (its `record` rendered by the trigger dispatches_render_record). applyChange
-- (lib/dispatch/server/apply-change.ts) calls it for every command, driver_positions_apply for the
-- positions' geofence entries and ETAs; the create shares the parts that apply to an insert
-- (dispatch_status_entry, dispatch_events_append).
--
-- One row version per change, as before it was shared: the change's columns go in the same UPDATE,
-- each taken from `columns` only when the key is there (a JSON null is SQL NULL; a `json` column
-- keeps the bytes the caller sent: json, not jsonb, which would reorder keys). A key outside the
-- list below is refused, never dropped silently: a change does not rewrite a dispatch's identity,
-- its creation or what only this function writes. PL/pgSQL, so its statements are planned once
-- per session (see 10_dispatch_record.sql). The keys are tested on jsonb and each value read only
-- when given: json_populate_record over the whole row, with the keys listed by json_object_keys,
-- cost about twice the database time over the UPDATE each writer had inline (the commit that
-- made this function gives the figures).
CREATE OR REPLACE FUNCTION dispatch_change_apply(dispatch_id text, columns json, changed_at timestamptz, status text,
                                                 event_ids text[], event_types text[], actor_type text, actor_id text)
RETURNS dispatches LANGUAGE plpgsql AS $$
DECLARE
  -- What a change may write besides what every change writes (ChangeColumns in apply-change.ts types it).
  writable CONSTANT text[] := ARRAY['state', 'assigned_driver_id', 'eta_minutes', 'eta_stop', 'eta_updated_at', 'destination',
                                    'pricing', 'cancel_reason', 'cancel_reason_text', 'failure_reason', 'failure_note', 'media_url',
                                    'ready_at', 'ready_by', 'dropoff_instructions', 'contactless', 'tip_minor', 'pin_checked_at',
                                    'cash_collected'];
  given jsonb := columns::jsonb;
  entry text := dispatch_status_entry(status, changed_at, actor_type, actor_id)::text;
  changed dispatches;
BEGIN
  IF given - writable <> '{}'::jsonb THEN
    RAISE EXCEPTION 'dispatch_change_apply: a change cannot write %', (SELECT string_agg(k, ', ') FROM jsonb_object_keys(given - writable) k);
  END IF;
  UPDATE dispatches d
  SET state = CASE WHEN given ? 'state' THEN (columns ->> 'state')::text ELSE d.state END,
      assigned_driver_id = CASE WHEN given ? 'assigned_driver_id' THEN (columns ->> 'assigned_driver_id')::text ELSE d.assigned_driver_id END,
      eta_minutes = CASE WHEN given ? 'eta_minutes' THEN (columns ->> 'eta_minutes')::integer ELSE d.eta_minutes END,
      eta_stop = CASE WHEN given ? 'eta_stop' THEN (columns ->> 'eta_stop')::text ELSE d.eta_stop END,
      eta_updated_at = CASE WHEN given ? 'eta_updated_at' THEN (columns ->> 'eta_updated_at')::timestamptz ELSE d.eta_updated_at END,
      destination = CASE WHEN given ? 'destination' THEN nullif((columns -> 'destination')::text, 'null')::json ELSE d.destination END,
      pricing = CASE WHEN given ? 'pricing' THEN nullif((columns -> 'pricing')::text, 'null')::json ELSE d.pricing END,
      cancel_reason = CASE WHEN given ? 'cancel_reason' THEN (columns ->> 'cancel_reason')::text ELSE d.cancel_reason END,
      cancel_reason_text = CASE WHEN given ? 'cancel_reason_text' THEN (columns ->> 'cancel_reason_text')::text ELSE d.cancel_reason_text END,
      failure_reason = CASE WHEN given ? 'failure_reason' THEN (columns ->> 'failure_reason')::text ELSE d.failure_reason END,
      failure_note = CASE WHEN given ? 'failure_note' THEN (columns ->> 'failure_note')::text ELSE d.failure_note END,
      media_url = CASE WHEN given ? 'media_url' THEN nullif((columns -> 'media_url')::text, 'null')::json ELSE d.media_url END,
      ready_at = CASE WHEN given ? 'ready_at' THEN (columns ->> 'ready_at')::timestamptz ELSE d.ready_at END,
      ready_by = CASE WHEN given ? 'ready_by' THEN (columns ->> 'ready_by')::text ELSE d.ready_by END,
      dropoff_instructions = CASE WHEN given ? 'dropoff_instructions' THEN (columns ->> 'dropoff_instructions')::text ELSE d.dropoff_instructions END,
      contactless = CASE WHEN given ? 'contactless' THEN (columns ->> 'contactless')::boolean ELSE d.contactless END,
      tip_minor = CASE WHEN given ? 'tip_minor' THEN (columns ->> 'tip_minor')::integer ELSE d.tip_minor END,
      pin_checked_at = CASE WHEN given ? 'pin_checked_at' THEN (columns ->> 'pin_checked_at')::timestamptz ELSE d.pin_checked_at END,
      cash_collected = CASE WHEN given ? 'cash_collected' THEN (columns ->> 'cash_collected')::numeric ELSE d.cash_collected END,
      modified_at = changed_at,
      event_seq = d.event_seq + cardinality(event_types),
      -- Appended as text: the entries already written keep their bytes (jsonb would reorder keys),
      -- and the history is not parsed (only a row written by hand has an empty one).
      status_history = CASE
        WHEN entry IS NULL THEN d.status_history
        WHEN left(ltrim(d.status_history::text, E'[ \t\r\n'), 1) = ']' THEN ('[' || entry || ']')::json
        ELSE (left(rtrim(d.status_history::text, E' \t\r\n'), -1) || ',' || entry || ']')::json END
  WHERE d.id = dispatch_change_apply.dispatch_id
  RETURNING d.* INTO STRICT changed;
  PERFORM dispatch_events_append(changed, event_ids, event_types, actor_type, actor_id);
  RETURN changed;
END;
$$;
