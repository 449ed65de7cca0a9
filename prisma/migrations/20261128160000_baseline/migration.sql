-- The schema as it stood on 2026-11-28, in one migration: it replaces the 24 migrations from
-- 20261122025208_init to 20261128102735_operator_idempotency_keys, whose text (and reasons) is in
-- git history. A new database runs this one; a database that ran all 24 records this one as
-- applied without running it (BASELINE in lib/edge/server/migrate.ts), and one that stopped
-- part-way is refused with what to do. Functions and triggers are not here: lib/<module>/server/sql
-- holds the current definition of each, applied after the migrations. Generated from
-- `pg_dump --schema-only` of a database migrated through the 24 (CONTRIBUTING.md, "Squashing"),
-- grouped by table, with the reasons carried over as comments.

-- A vendor's account: its tariff, webhook secrets (the previous one still signs until it expires),
-- its modes (`auto_assign` hands new dispatches to the dispatch engine; `sandbox` to simulated
-- drivers at `sandbox_speed_kmh`), its own API rate limit (null: the server's default) and what
-- a delivery must be proven with (none | photo | signature | pin). The console lists accounts newest first.
CREATE TABLE accounts (
    id text NOT NULL,
    name text NOT NULL,
    webhook_secret text NOT NULL,
    currency text DEFAULT 'SAR'::text NOT NULL,
    base_fare_minor integer DEFAULT 1000 NOT NULL,
    per_km_minor integer DEFAULT 250 NOT NULL,
    min_fare_minor integer DEFAULT 1500 NOT NULL,
    vat_rate_bps integer DEFAULT 1500 NOT NULL,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    previous_secret_expires_at timestamp(3) with time zone,
    previous_webhook_secret text,
    auto_assign boolean DEFAULT false NOT NULL,
    sandbox boolean DEFAULT false NOT NULL,
    sandbox_speed_kmh integer DEFAULT 40 NOT NULL,
    rate_limit_per_second integer,
    rate_limit_burst integer,
    proof_of_delivery text DEFAULT 'none'::text NOT NULL,
    CONSTRAINT accounts_pkey PRIMARY KEY (id)
);
CREATE INDEX accounts_created_at_id_idx ON accounts (created_at DESC, id DESC);

CREATE TABLE api_keys (
    id text NOT NULL,
    account_id text NOT NULL,
    name text NOT NULL,
    prefix text NOT NULL,
    hash text NOT NULL,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    revoked_at timestamp(3) with time zone,
    CONSTRAINT api_keys_pkey PRIMARY KEY (id)
);
CREATE INDEX api_keys_account_id_created_at_idx ON api_keys (account_id, created_at);
CREATE UNIQUE INDEX api_keys_hash_key ON api_keys (hash);

-- Staff and admins sign in with an email, drivers with a phone number and a PIN; a driver's user
-- is tied to one driver (the driver scope, lib/platform/server/tenancy/scope.ts). `credential_version`
-- is bumped by revoke_sessions when the password or PIN changes, the user is disabled or their
-- driver deactivated; a session is accepted only while its version agrees.
CREATE TABLE users (
    id text NOT NULL,
    email text,
    name text NOT NULL,
    password_hash text NOT NULL,
    role text NOT NULL,
    account_id text,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    disabled_at timestamp(3) with time zone,
    phone text,
    driver_id text,
    credential_version integer DEFAULT 0 NOT NULL,
    CONSTRAINT users_driver_role CHECK (((role = 'driver'::text) = (driver_id IS NOT NULL))),
    CONSTRAINT users_sign_in_name CHECK (((email IS NOT NULL) OR (phone IS NOT NULL))),
    CONSTRAINT users_pkey PRIMARY KEY (id)
);
CREATE INDEX users_account_id_idx ON users (account_id);
CREATE UNIQUE INDEX users_driver_id_key ON users (driver_id);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_phone_key ON users (phone);

-- `credential_version` has no default: a writer that forgets it fails instead of guessing.
CREATE TABLE sessions (
    id text NOT NULL,
    user_id text NOT NULL,
    expires_at timestamp(3) with time zone NOT NULL,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    credential_version integer NOT NULL,
    CONSTRAINT sessions_pkey PRIMARY KEY (id)
);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- A one-time sign-in link (shown to a driver as a QR code): only the token's SHA-256 is kept.
CREATE TABLE sign_in_links (
    id text NOT NULL,
    user_id text NOT NULL,
    created_at timestamp(3) with time zone NOT NULL,
    expires_at timestamp(3) with time zone NOT NULL,
    used_at timestamp(3) with time zone,
    CONSTRAINT sign_in_links_pkey PRIMARY KEY (id)
);
CREATE INDEX sign_in_links_expires_at_idx ON sign_in_links (expires_at);
CREATE INDEX sign_in_links_user_id_idx ON sign_in_links (user_id);

-- The sign-in throttle counts failures per bucket (an email, or `device:<id>` for a known device)
-- and per address (an IPv4 address, or an IPv6 /64).
CREATE TABLE login_failures (
    id bigserial NOT NULL,
    bucket text NOT NULL,
    address text NOT NULL,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    CONSTRAINT login_failures_pkey PRIMARY KEY (id)
);
CREATE INDEX login_failures_address_created_at_idx ON login_failures (address, created_at);
CREATE INDEX login_failures_bucket_created_at_idx ON login_failures (bucket, created_at);
CREATE INDEX login_failures_created_at_idx ON login_failures (created_at);

-- Keys the server generates for itself, such as the one that signs quotes while
-- QUOTE_SIGNING_KEYS is unset (lib/pricing/server/internal/quotes/quote-keys.ts).
CREATE TABLE server_secrets (
    name text NOT NULL,
    secret text NOT NULL,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    CONSTRAINT server_secrets_pkey PRIMARY KEY (name)
);

-- The token bucket every server process on one PostgreSQL takes from (account_rate_take). UNLOGGED:
-- a bucket is seconds of state; after a crash or a failover every account starts again with a
-- full bucket, and no request pays for a WAL record.
CREATE UNLOGGED TABLE account_rate_buckets (
    account_id text NOT NULL,
    tokens double precision NOT NULL,
    granted integer NOT NULL,
    updated_at timestamp(6) with time zone NOT NULL,
    CONSTRAINT account_rate_buckets_pkey PRIMARY KEY (account_id)
);

-- Idempotency-Key replays: the vendor API's per account, the console's and the operator API's per
-- operator (`ops`, or `admin:<user id>`), the driver app's per driver (offline replays). Purged after a day.
CREATE TABLE idempotency_keys (
    account_id text NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status_code integer,
    response_body jsonb,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    response_headers jsonb,
    CONSTRAINT idempotency_keys_pkey PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);

CREATE TABLE operator_idempotency_keys (
    operator text NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status_code integer,
    response_body jsonb,
    response_headers jsonb,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    CONSTRAINT operator_idempotency_keys_pkey PRIMARY KEY (operator, key)
);
CREATE INDEX operator_idempotency_keys_created_at_idx ON operator_idempotency_keys (created_at);

-- Every destination an account has delivered to, once per search key, so the address search finds
-- what staff used last week without a geocoding service (lib/dispatch/server/internal/geocoding/address-book.ts).
-- Kept by the trigger address_book_remember in the transaction that delivers the dispatch. The key is
-- the customer-name key (below); a search reads one account's rows through the primary key and
-- matches `strpos(search_key, key) > 0`: no pg_trgm, which PGlite and managed services do not always offer.
CREATE TABLE address_book (
    account_id text NOT NULL,
    label text NOT NULL,
    search_key text GENERATED ALWAYS AS (btrim(regexp_replace(translate(lower((regexp_replace(label, '[\u064B-\u065F\u0670\u0640]'::text, ''::text, 'g'::text) COLLATE "C")), E'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞأإآٱىة\u00A0'::text, 'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþاااايه '::text), '[ \t\n\r\f\v]+'::text, ' '::text, 'g'::text), ' '::text)) STORED NOT NULL COLLATE pg_catalog."C",
    lat double precision NOT NULL,
    lng double precision NOT NULL,
    deliveries integer DEFAULT 1 NOT NULL,
    last_delivered_at timestamp(3) with time zone NOT NULL,
    CONSTRAINT address_book_pkey PRIMARY KEY (account_id, search_key)
);

CREATE TABLE branches (
    id text NOT NULL,
    account_id text NOT NULL,
    vendor_bid text NOT NULL,
    name text NOT NULL,
    pickup json NOT NULL,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    updated_at timestamp(3) with time zone NOT NULL,
    CONSTRAINT branches_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX branches_account_id_vendor_bid_key ON branches (account_id, vendor_bid);

-- A named group of drivers the console creates, renames and deactivates.
CREATE TABLE fleets (
    id text NOT NULL,
    name text NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    CONSTRAINT fleets_pkey PRIMARY KEY (id)
);
CREATE INDEX fleets_created_at_id_idx ON fleets (created_at DESC, id DESC);

-- A driver's last reported position and duty: only on-duty drivers with a fresh position are
-- offered work. A simulated driver belongs to one sandbox account and is never offered to another.
CREATE TABLE drivers (
    id text NOT NULL,
    name text NOT NULL,
    phone text,
    fleet_id text,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    last_lat double precision,
    last_lng double precision,
    last_position_at timestamp(3) with time zone,
    sandbox_account_id text,
    on_duty boolean DEFAULT false NOT NULL,
    duty_changed_at timestamp(3) with time zone,
    CONSTRAINT drivers_pkey PRIMARY KEY (id)
);
CREATE INDEX drivers_created_at_id_idx ON drivers (created_at DESC, id DESC);
CREATE INDEX drivers_fleet_id_idx ON drivers (fleet_id);
CREATE INDEX drivers_last_position_at_idx ON drivers (last_position_at);
CREATE INDEX drivers_on_duty_last_position_at_idx ON drivers (on_duty, last_position_at);
CREATE INDEX drivers_sandbox_account_id_idx ON drivers (sandbox_account_id);

CREATE TABLE driver_idempotency_keys (
    driver_id text NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status_code integer,
    response_body jsonb,
    response_headers jsonb,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    CONSTRAINT driver_idempotency_keys_pkey PRIMARY KEY (driver_id, key)
);
CREATE INDEX driver_idempotency_keys_created_at_idx ON driver_idempotency_keys (created_at);

-- What the dispatch engine offers a driver: one pickup, drop-offs in order, offered and answered as
-- a whole. At most one trip offered to a driver at a time: the partial unique index decides a race
-- between two rounds.
CREATE TABLE trips (
    id text NOT NULL,
    driver_id text NOT NULL,
    account_id text NOT NULL,
    state text NOT NULL,
    kind text NOT NULL,
    order_ids text[],
    extends_trip_id text,
    created_at timestamp(3) with time zone NOT NULL,
    expires_at timestamp(3) with time zone NOT NULL,
    responded_at timestamp(3) with time zone,
    depart_at timestamp(3) with time zone NOT NULL,
    arrive_at timestamp(3) with time zone NOT NULL,
    ready_at timestamp(3) with time zone NOT NULL,
    CONSTRAINT trips_pkey PRIMARY KEY (id)
);
CREATE INDEX trips_account_id_idx ON trips (account_id);
CREATE INDEX trips_driver_id_created_at_idx ON trips (driver_id, created_at DESC);
CREATE UNIQUE INDEX trips_offered_per_driver ON trips (driver_id) WHERE (state = 'offered'::text);
CREATE INDEX trips_state_expires_at_idx ON trips (state, expires_at);

-- A dispatch, with its record as the API returns it (`record`, rendered by dispatches_render_record
-- on every write) and its status history in the record's shape. json, not jsonb, for what the
-- client sent and what is sent back: the text is kept as written. `customer_name_key` ("first last")
-- and `customer_last_name_key` are the search keys of the customer's name, generated so that no
-- writer can leave a stale one (lib/dispatch/server/internal/customer-search-key.ts computes the same
-- key for the search text): Latin-1 case and Arabic spelling variants folded, COLLATE "C" so a plain
-- b-tree serves `LIKE 'prefix%'` whatever the database's locale. A quote is used at most once
-- (the unique index on quote_id). `dispatches_waiting_for_driver` is what an engine round plans
-- from: a few hundred rows among millions.
CREATE TABLE dispatches (
    id text NOT NULL,
    r_id text NOT NULL,
    account_id text NOT NULL,
    state text NOT NULL,
    assigned_driver_id text,
    pickup json NOT NULL,
    destination json NOT NULL,
    user_metadata json NOT NULL,
    vendor_logo_url text,
    vendor_id text NOT NULL,
    vendor_name json NOT NULL,
    vendor_oid text NOT NULL,
    vendor_sid text,
    vendor_bid text NOT NULL,
    media_url json,
    vendor_payload json,
    customer_phone text NOT NULL,
    event_seq integer DEFAULT 0 NOT NULL,
    created_at timestamp(3) with time zone NOT NULL,
    modified_at timestamp(3) with time zone NOT NULL,
    status_history json DEFAULT '[]'::json NOT NULL,
    record json DEFAULT '{}'::json NOT NULL,
    phone_tail text DEFAULT ''::text NOT NULL,
    eta_minutes integer,
    eta_stop text,
    eta_updated_at timestamp(3) with time zone,
    tracking_token text NOT NULL,
    tracking_url text,
    sim_next_at timestamp(3) with time zone,
    cancel_reason text,
    cancel_reason_text text,
    ready_at timestamp(3) with time zone,
    ready_by text,
    pickup_ready_at timestamp(3) with time zone,
    dropoff_deadline timestamp(3) with time zone,
    scheduled boolean DEFAULT false NOT NULL,
    pricing json,
    quote_id text,
    dropoff_instructions text,
    contactless boolean DEFAULT false NOT NULL,
    tip_minor integer,
    customer_name_key text GENERATED ALWAYS AS (btrim(regexp_replace(translate(lower((regexp_replace(((COALESCE((user_metadata ->> 'firstName'::text), ''::text) || ' '::text) || COALESCE((user_metadata ->> 'lastName'::text), ''::text)), '[\u064B-\u065F\u0670\u0640]'::text, ''::text, 'g'::text) COLLATE "C")), E'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞأإآٱىة\u00A0'::text, 'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþاااايه '::text), '[ \t\n\r\f\v]+'::text, ' '::text, 'g'::text), ' '::text)) STORED COLLATE pg_catalog."C",
    customer_last_name_key text GENERATED ALWAYS AS (btrim(regexp_replace(translate(lower((regexp_replace(COALESCE((user_metadata ->> 'lastName'::text), ''::text), '[\u064B-\u065F\u0670\u0640]'::text, ''::text, 'g'::text) COLLATE "C")), E'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞأإآٱىة\u00A0'::text, 'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþاااايه '::text), '[ \t\n\r\f\v]+'::text, ' '::text, 'g'::text), ' '::text)) STORED COLLATE pg_catalog."C",
    delivery_pin text,
    failure_reason text,
    failure_note text,
    expected_pickup_at timestamp(3) with time zone,
    trip_id text,
    trip_seq integer,
    pin_checked_at timestamp(3) with time zone,
    cash_collected numeric(14,3),
    CONSTRAINT dispatches_pkey PRIMARY KEY (id)
);
CREATE INDEX dispatches_account_id_assigned_driver_id_created_at_id_idx ON dispatches (account_id, assigned_driver_id, created_at DESC, id DESC);
CREATE INDEX dispatches_account_id_created_at_id_idx ON dispatches (account_id, created_at DESC, id DESC);
CREATE INDEX dispatches_account_id_customer_last_name_key_idx ON dispatches (account_id, customer_last_name_key);
CREATE INDEX dispatches_account_id_customer_name_key_idx ON dispatches (account_id, customer_name_key);
CREATE INDEX dispatches_account_id_phone_tail_created_at_id_idx ON dispatches (account_id, phone_tail, created_at DESC, id DESC);
CREATE INDEX dispatches_account_id_scheduled_created_at_id_idx ON dispatches (account_id, scheduled, created_at DESC, id DESC);
CREATE INDEX dispatches_account_id_state_created_at_id_idx ON dispatches (account_id, state, created_at DESC, id DESC);
CREATE INDEX dispatches_account_id_vendor_bid_created_at_id_idx ON dispatches (account_id, vendor_bid, created_at DESC, id DESC);
CREATE UNIQUE INDEX dispatches_account_id_vendor_oid_key ON dispatches (account_id, vendor_oid);
CREATE INDEX dispatches_assigned_driver_id_created_at_id_idx ON dispatches (assigned_driver_id, created_at DESC, id DESC);
CREATE INDEX dispatches_assigned_driver_id_state_idx ON dispatches (assigned_driver_id, state);
CREATE INDEX dispatches_created_at_id_idx ON dispatches (created_at DESC, id DESC);
CREATE INDEX dispatches_customer_last_name_key_idx ON dispatches (customer_last_name_key);
CREATE INDEX dispatches_customer_name_key_idx ON dispatches (customer_name_key);
CREATE INDEX dispatches_phone_tail_created_at_id_idx ON dispatches (phone_tail, created_at DESC, id DESC);
CREATE UNIQUE INDEX dispatches_quote_id_key ON dispatches (quote_id);
CREATE UNIQUE INDEX dispatches_r_id_key ON dispatches (r_id);
CREATE INDEX dispatches_sim_next_at_idx ON dispatches (sim_next_at);
CREATE INDEX dispatches_state_created_at_id_idx ON dispatches (state, created_at DESC, id DESC);
CREATE UNIQUE INDEX dispatches_tracking_token_key ON dispatches (tracking_token);
CREATE INDEX dispatches_trip_id_idx ON dispatches (trip_id);
CREATE INDEX dispatches_vendor_bid_created_at_id_idx ON dispatches (vendor_bid, created_at DESC, id DESC);
CREATE INDEX dispatches_vendor_oid_idx ON dispatches (vendor_oid);
CREATE INDEX dispatches_waiting_for_driver ON dispatches (account_id) WHERE ((assigned_driver_id IS NULL) AND (state = ANY (ARRAY['new'::text, 'dispatch_accepted'::text, 'assigned'::text])));

-- Every domain event of a dispatch, in order (`sequence`); the outbox trigger fans each out to a
-- webhook delivery in the same transaction.
CREATE TABLE dispatch_events (
    id text NOT NULL,
    account_id text NOT NULL,
    dispatch_id text NOT NULL,
    type text NOT NULL,
    sequence integer NOT NULL,
    payload json NOT NULL,
    created_at timestamp(3) with time zone NOT NULL,
    actor_type text,
    actor_id text,
    CONSTRAINT dispatch_events_pkey PRIMARY KEY (id)
);
CREATE INDEX dispatch_events_account_id_created_at_idx ON dispatch_events (account_id, created_at);
CREATE UNIQUE INDEX dispatch_events_dispatch_id_sequence_key ON dispatch_events (dispatch_id, sequence);

-- An offer of a dispatch to a driver, open until `expires_at`: one row per dispatch of the trip
-- offered; at most one open offer per dispatch (the partial unique index decides a race).
CREATE TABLE dispatch_offers (
    id text NOT NULL,
    dispatch_id text NOT NULL,
    driver_id text NOT NULL,
    account_id text NOT NULL,
    state text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp(3) with time zone NOT NULL,
    expires_at timestamp(3) with time zone NOT NULL,
    responded_at timestamp(3) with time zone,
    trip_id text,
    CONSTRAINT dispatch_offers_pkey PRIMARY KEY (id)
);
CREATE INDEX dispatch_offers_account_id_idx ON dispatch_offers (account_id);
CREATE INDEX dispatch_offers_dispatch_id_driver_id_idx ON dispatch_offers (dispatch_id, driver_id);
CREATE INDEX dispatch_offers_driver_id_created_at_idx ON dispatch_offers (driver_id, created_at DESC);
CREATE UNIQUE INDEX dispatch_offers_open_per_dispatch ON dispatch_offers (dispatch_id) WHERE (state = 'pending'::text);
CREATE INDEX dispatch_offers_trip_id_idx ON dispatch_offers (trip_id);

-- A photo or signature a driver took for a dispatch (proof of delivery, or of a failed one).
CREATE TABLE dispatch_media (
    id text NOT NULL,
    account_id text NOT NULL,
    dispatch_id text NOT NULL,
    driver_id text,
    kind text NOT NULL,
    storage text NOT NULL,
    key text NOT NULL,
    content_type text NOT NULL,
    bytes integer NOT NULL,
    width integer NOT NULL,
    height integer NOT NULL,
    created_at timestamp(3) with time zone NOT NULL,
    CONSTRAINT dispatch_media_pkey PRIMARY KEY (id)
);
CREATE INDEX dispatch_media_account_id_created_at_id_idx ON dispatch_media (account_id, created_at DESC, id DESC);
CREATE INDEX dispatch_media_created_at_id_idx ON dispatch_media (created_at DESC, id DESC);
CREATE INDEX dispatch_media_dispatch_id_created_at_idx ON dispatch_media (dispatch_id, created_at);

-- Each accepted position of a driver on a job, one row per dispatch it served, partitioned by day
-- (UTC) so that retention drops whole days (driver_trail_prepare, driver_trail_drop_before;
-- lib/fleet/server/drivers/trail-partitions.ts). schema.prisma cannot express it: migrate.ts tells
-- Prisma's diff to leave it alone.
CREATE TABLE driver_trail (
    dispatch_id text NOT NULL,
    recorded_at timestamp(3) with time zone NOT NULL,
    driver_id text NOT NULL,
    lat double precision NOT NULL,
    lng double precision NOT NULL,
    state text NOT NULL
)
PARTITION BY RANGE (recorded_at);
CREATE INDEX driver_trail_dispatch_id_recorded_at_idx ON driver_trail (dispatch_id, recorded_at);
CREATE TABLE driver_trail_default PARTITION OF driver_trail DEFAULT;

CREATE TABLE webhook_endpoints (
    id text NOT NULL,
    account_id text NOT NULL,
    url text NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    disabled_at timestamp(3) with time zone,
    disabled_reason text,
    created_at timestamp(3) with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    updated_at timestamp(3) with time zone NOT NULL,
    failing_since timestamp(3) with time zone,
    last_failure_at timestamp(3) with time zone,
    last_success_at timestamp(3) with time zone,
    CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (id)
);
CREATE INDEX webhook_endpoints_account_id_is_active_idx ON webhook_endpoints (account_id, is_active);
CREATE UNIQUE INDEX webhook_endpoints_account_id_url_key ON webhook_endpoints (account_id, url);

-- The outbox: one delivery per event and endpoint. Each is updated two or three times (leased,
-- attempted): room on each page keeps those HOT updates (no index writes). An id starts with its
-- event's sequence, so the deliveries of one transaction sort in event order.
CREATE TABLE webhook_deliveries (
    id text NOT NULL,
    account_id text NOT NULL,
    endpoint_id text NOT NULL,
    event_id text NOT NULL,
    event_type text NOT NULL,
    dispatch_id text,
    sequence integer,
    body text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    held boolean DEFAULT false NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    series_start integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp(3) with time zone NOT NULL,
    lease_expires_at timestamp(3) with time zone,
    leased_by text,
    last_status_code integer,
    last_error text,
    created_at timestamp(3) with time zone NOT NULL,
    completed_at timestamp(3) with time zone,
    CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id)
)
WITH (fillfactor='70');
CREATE INDEX webhook_deliveries_account_id_created_at_id_idx ON webhook_deliveries (account_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_account_id_dispatch_id_created_at_id_idx ON webhook_deliveries (account_id, dispatch_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_completed_at_idx ON webhook_deliveries (completed_at);
CREATE INDEX webhook_deliveries_endpoint_id_dispatch_id_status_sequence_idx ON webhook_deliveries (endpoint_id, dispatch_id, status, sequence);
CREATE INDEX webhook_deliveries_status_held_next_attempt_at_idx ON webhook_deliveries (status, held, next_attempt_at);

CREATE TABLE webhook_attempts (
    id bigserial NOT NULL,
    delivery_id text NOT NULL,
    number integer NOT NULL,
    started_at timestamp(3) with time zone NOT NULL,
    status_code integer,
    latency_ms integer NOT NULL,
    response_snippet text NOT NULL,
    error text,
    worker_id text NOT NULL,
    CONSTRAINT webhook_attempts_pkey PRIMARY KEY (id)
);
CREATE INDEX webhook_attempts_delivery_id_number_idx ON webhook_attempts (delivery_id, number);

-- Foreign keys, once every table exists.
ALTER TABLE account_rate_buckets ADD CONSTRAINT account_rate_buckets_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE address_book ADD CONSTRAINT address_book_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE branches ADD CONSTRAINT branches_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatch_events ADD CONSTRAINT dispatch_events_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatch_events ADD CONSTRAINT dispatch_events_dispatch_id_fkey FOREIGN KEY (dispatch_id) REFERENCES dispatches(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatch_media ADD CONSTRAINT dispatch_media_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatch_media ADD CONSTRAINT dispatch_media_dispatch_id_fkey FOREIGN KEY (dispatch_id) REFERENCES dispatches(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatch_media ADD CONSTRAINT dispatch_media_driver_id_fkey FOREIGN KEY (driver_id) REFERENCES drivers(id) ON UPDATE CASCADE ON DELETE SET NULL;
ALTER TABLE dispatch_offers ADD CONSTRAINT dispatch_offers_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatch_offers ADD CONSTRAINT dispatch_offers_dispatch_id_fkey FOREIGN KEY (dispatch_id) REFERENCES dispatches(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatch_offers ADD CONSTRAINT dispatch_offers_driver_id_fkey FOREIGN KEY (driver_id) REFERENCES drivers(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatch_offers ADD CONSTRAINT dispatch_offers_trip_id_fkey FOREIGN KEY (trip_id) REFERENCES trips(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatches ADD CONSTRAINT dispatches_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE dispatches ADD CONSTRAINT dispatches_assigned_driver_id_fkey FOREIGN KEY (assigned_driver_id) REFERENCES drivers(id) ON UPDATE CASCADE ON DELETE SET NULL;
ALTER TABLE dispatches ADD CONSTRAINT dispatches_trip_id_fkey FOREIGN KEY (trip_id) REFERENCES trips(id) ON UPDATE CASCADE ON DELETE SET NULL;
ALTER TABLE driver_idempotency_keys ADD CONSTRAINT driver_idempotency_keys_driver_id_fkey FOREIGN KEY (driver_id) REFERENCES drivers(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE drivers ADD CONSTRAINT drivers_fleet_id_fkey FOREIGN KEY (fleet_id) REFERENCES fleets(id) ON UPDATE CASCADE ON DELETE SET NULL;
ALTER TABLE drivers ADD CONSTRAINT drivers_sandbox_account_id_fkey FOREIGN KEY (sandbox_account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE sessions ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE sign_in_links ADD CONSTRAINT sign_in_links_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE trips ADD CONSTRAINT trips_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE trips ADD CONSTRAINT trips_driver_id_fkey FOREIGN KEY (driver_id) REFERENCES drivers(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE users ADD CONSTRAINT users_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE users ADD CONSTRAINT users_driver_id_fkey FOREIGN KEY (driver_id) REFERENCES drivers(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON UPDATE CASCADE ON DELETE CASCADE;
