-- Bench data: one account with :rows dispatches spread over 2,000 drivers, each with its two
-- history entries (the trigger renders each record as the API would store it). Loaded with SQL because a million API calls would take an hour; the API
-- itself is measured separately.
INSERT INTO accounts (id, name, webhook_secret) VALUES ('acc_bulk', 'Bulk Kitchen', 'whsec_YmVuY2hiZW5jaGJlbmNoYmVuY2hiZW5jaGJlbmNo');
INSERT INTO api_keys (id, account_id, name, prefix, hash) VALUES ('key_bulk', 'acc_bulk', 'bench', 'dsp_live_bench', :'key_hash');
INSERT INTO fleets (id, name) SELECT 'fleet-' || g, 'Fleet ' || g FROM generate_series(0, 9) g;
INSERT INTO drivers (id, name, fleet_id)
  SELECT 'drv_bulk_' || g, 'Driver ' || g, 'fleet-' || (g % 10) FROM generate_series(1, 2000) g;
INSERT INTO dispatches (id, r_id, account_id, state, assigned_driver_id, pickup, destination, user_metadata,
                        vendor_id, vendor_name, vendor_oid, vendor_bid, customer_phone, event_seq, status_history,
                        tracking_token, tracking_url, created_at, modified_at)
  SELECT 'dsp_bulk_' || lpad(g::text, 9, '0'), 'Z' || lpad(upper(to_hex(g)), 7, '0'), 'acc_bulk', 'assigned',
         'drv_bulk_' || (g % 2000 + 1),
         '{"lat":24.6953,"lng":46.6851,"address_line":"Olaya St"}', '{"lat":24.7743,"lng":46.7386}',
         '{"id":"c","email":"c@example.com","phone":"+966500000000"}', 'bulk', '{"en-us":"Bulk Kitchen"}',
         'bulk-' || g, 'branch-' || (g % 20), '+966500000000', 2,
         -- compact, as the API writes it (lib/dispatch/server/apply-change.ts statusEntry)
         format('[{"status":"new","status_captured_time":"%1$s","ref_id":"bulk","ref_type":"vendor"},'
                '{"status":"assigned","status_captured_time":"%1$s","ref_id":"ops","ref_type":"admin"}]',
                to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'))::json,
         -- a 24-character token and the link as PUBLIC_URL would make it, so records are full size
         token, 'http://localhost:3000/t/' || token,
         t, t
  FROM generate_series(1, :rows) g, LATERAL (SELECT date_trunc('milliseconds', now() - make_interval(secs => :rows - g)) AS t) time,
       LATERAL (SELECT 'bench' || lpad(g::text, 19, '0') AS token) tok;
