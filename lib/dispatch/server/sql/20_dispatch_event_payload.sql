-- The `payload` of a dispatch event (and of its webhook): the record as it was at the moment of
-- the event, plus `fleet_id` (of the assigned driver), the driver for `dispatch.driver_assigned`
-- and the ETA for `dispatch.eta_updated`. Built as text: the record's bytes are kept as stored
-- (json_build_object would respace them, jsonb would reorder its keys), and the additions are
-- compact JSON like the record.
CREATE OR REPLACE FUNCTION dispatch_event_payload(d dispatches, type text) RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  driver record;
  additions text := ',"fleet_id":null';
BEGIN
  IF d.assigned_driver_id IS NOT NULL THEN
    SELECT dr.id, dr.name, dr.phone, dr.fleet_id INTO driver FROM drivers dr WHERE dr.id = d.assigned_driver_id;
    additions := ',"fleet_id":' || coalesce(to_json(driver.fleet_id)::text, 'null');
    IF type = 'dispatch.driver_assigned' AND driver.id IS NOT NULL THEN
      additions := additions || ',"driver":' || row_to_json(driver)::text;
    END IF;
  END IF;
  IF type = 'dispatch.eta_updated' AND d.eta_minutes IS NOT NULL AND d.eta_updated_at IS NOT NULL
     AND d.eta_stop IN ('pickup', 'destination') THEN
    additions := additions || ',"eta":' || (SELECT row_to_json(eta)::text FROM (SELECT
                                              d.eta_stop AS stop,
                                              d.eta_minutes AS minutes,
                                              to_char(d.eta_updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at) eta);
  END IF;
  RETURN (left(d.record::text, -1) || additions || '}')::json;
END;
$$;
