-- One entry of a dispatch's status history, as the record shows it (`status` in dispatch_record):
-- compact JSON in the spec's key order, its time in the spec's shape (`YYYY-MM-DD HH:MM:SS.mmm`,
-- UTC), who recorded it. The one definition of an entry: the create writes its first one with it,
-- and dispatch_change_apply every later one, so the history is written by the database alone.
--
-- Built as text, not with json_build_object (which respaces) or jsonb (which reorders keys), so an
-- entry is the same bytes JSON.stringify wrote before it moved here. LANGUAGE sql with a single
-- expression and STABLE, so the planner inlines it: inside the create's prepared statement it is
-- an expression of the generic plan, with no function call and no per-transaction planning (the
-- cost that made dispatch_record PL/pgSQL; see that file).
CREATE OR REPLACE FUNCTION dispatch_status_entry(status text, captured_at timestamptz, ref_type text, ref_id text)
RETURNS json LANGUAGE sql STABLE AS $$
  SELECT ('{"status":' || to_json(status)::text
          || ',"status_captured_time":' || to_json(to_char(captured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'))::text
          || ',"ref_id":' || to_json(ref_id)::text
          || ',"ref_type":' || to_json(ref_type)::text || '}')::json
$$;
