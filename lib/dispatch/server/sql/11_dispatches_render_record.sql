-- Records are rendered when a dispatch is written, not when it is read: a list of 50 then only
-- concatenates stored JSON. Every insert and update stores `dispatch_record` of the new row.
CREATE OR REPLACE FUNCTION dispatches_render_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.record := dispatch_record(NEW);
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER dispatches_render_record BEFORE INSERT OR UPDATE ON "dispatches"
  FOR EACH ROW EXECUTE FUNCTION dispatches_render_record();
