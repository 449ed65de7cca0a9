-- The address book of the address search (lib/dispatch/server/internal/geocoding/address-book.ts) learns a destination
-- when a dispatch is delivered to it, in the transaction that delivers it: one row per search key
-- and account, the newest label and pin win, `deliveries` counts the uses (the search ranks by
-- it). Delivered, not created: an address nobody reached (a typo, a cancelled order) is not
-- offered again, and the create, the API's hottest statement, writes nothing more. A destination
-- without an address line has nothing to search by and is left out.
CREATE OR REPLACE FUNCTION address_book_remember() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line text := btrim(coalesce(NEW.destination ->> 'address_line', ''));
BEGIN
  IF line <> '' THEN
    INSERT INTO address_book AS a (account_id, label, lat, lng, deliveries, last_delivered_at)
    VALUES (NEW.account_id, line, (NEW.destination ->> 'lat')::float8, (NEW.destination ->> 'lng')::float8, 1, NEW.modified_at)
    ON CONFLICT (account_id, search_key) DO UPDATE
      SET label = EXCLUDED.label, lat = EXCLUDED.lat, lng = EXCLUDED.lng,
          deliveries = a.deliveries + 1, last_delivered_at = greatest(a.last_delivered_at, EXCLUDED.last_delivered_at);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER dispatches_address_book AFTER UPDATE OF state ON "dispatches"
  FOR EACH ROW WHEN (NEW.state = 'delivered' AND OLD.state IS DISTINCT FROM 'delivered')
  EXECUTE FUNCTION address_book_remember();
