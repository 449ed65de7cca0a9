-- Bench data: one account with :rows dispatches spread over 2,000 drivers, each with its two
-- history entries. Loaded with SQL because a million API calls would take an hour; the API
-- itself is measured separately.
INSERT INTO accounts (id, name, webhook_secret) VALUES ('acc_bulk', 'Bulk Kitchen', 'whsec_YmVuY2hiZW5jaGJlbmNoYmVuY2hiZW5jaGJlbmNo');
INSERT INTO api_keys (id, account_id, name, prefix, hash) VALUES ('key_bulk', 'acc_bulk', 'bench', 'dsp_live_bench', :'key_hash');
INSERT INTO drivers (id, name, fleet_id)
  SELECT 'drv_bulk_' || g, 'Driver ' || g, 'fleet-' || (g % 10) FROM generate_series(1, 2000) g;
INSERT INTO dispatches (id, r_id, account_id, state, assigned_driver_id, pickup, destination, user_metadata,
                        vendor_id, vendor_name, vendor_oid, vendor_bid, customer_phone, event_seq, created_at, modified_at)
  SELECT 'dsp_bulk_' || lpad(g::text, 9, '0'), 'Z' || lpad(upper(to_hex(g)), 7, '0'), 'acc_bulk', 'assigned',
         'drv_bulk_' || (g % 2000 + 1),
         '{"lat":24.6953,"lng":46.6851,"address_line":"Olaya St"}', '{"lat":24.7743,"lng":46.7386}',
         '{"id":"c","email":"c@example.com","phone":"+966500000000"}', 'bulk', '{"en-us":"Bulk Kitchen"}',
         'bulk-' || g, 'branch-' || (g % 20), '+966500000000', 2,
         now() - make_interval(secs => :rows - g), now() - make_interval(secs => :rows - g)
  FROM generate_series(1, :rows) g;
INSERT INTO dispatch_status_entries (dispatch_id, status, captured_at, ref_id, ref_type)
  SELECT id, s.status, created_at, s.ref_id, s.ref_type
  FROM dispatches CROSS JOIN (VALUES ('new', 'bulk', 'vendor'), ('assigned', 'ops', 'admin')) AS s(status, ref_id, ref_type)
  WHERE account_id = 'acc_bulk';
