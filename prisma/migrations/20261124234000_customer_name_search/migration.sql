-- Issue 19, search by the customer's name: the dashboard's and the console's search box finds a
-- dispatch by a prefix of the customer's first, last or full name (user_metadata.firstName and
-- lastName), in Latin or Arabic script. Two generated columns hold the search keys, so no INSERT
-- or UPDATE has to write them (and a changed name could never leave a stale key):
-- `customer_name_key` of "first last" (finds the first name and the full name) and
-- `customer_last_name_key`. lib/dispatches/customer-search-key.ts computes the same key for the
-- search text; customer-search-key.integration.test.ts holds the two together. COLLATE "C": a
-- plain b-tree then serves `LIKE 'prefix%'` as a range, whatever the database's locale, and
-- lower() changes only ASCII (the translate table does Latin-1), the same on every database.
-- Adding a stored generated column rewrites the table once (the backfill), under its lock.
ALTER TABLE "dispatches"
  ADD COLUMN "customer_name_key" TEXT COLLATE "C" GENERATED ALWAYS AS (
    btrim(regexp_replace(translate(lower(regexp_replace(coalesce("user_metadata" ->> 'firstName', '') || ' ' || coalesce("user_metadata" ->> 'lastName', ''), '[\u064B-\u065F\u0670\u0640]', '', 'g') COLLATE "C"), E'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞأإآٱىة\u00A0', E'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþاااايه '), '[ \t\n\r\f\v]+', ' ', 'g'), ' ')
  ) STORED,
  ADD COLUMN "customer_last_name_key" TEXT COLLATE "C" GENERATED ALWAYS AS (
    btrim(regexp_replace(translate(lower(regexp_replace(coalesce("user_metadata" ->> 'lastName', ''), '[\u064B-\u065F\u0670\u0640]', '', 'g') COLLATE "C"), E'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞأإآٱىة\u00A0', E'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþاااايه '), '[ \t\n\r\f\v]+', ' ', 'g'), ' ')
  ) STORED;

-- One account's search (the dashboard), and every account's (the console).
CREATE INDEX "dispatches_account_id_customer_name_key_idx" ON "dispatches"("account_id", "customer_name_key");
CREATE INDEX "dispatches_account_id_customer_last_name_key_idx" ON "dispatches"("account_id", "customer_last_name_key");
CREATE INDEX "dispatches_customer_name_key_idx" ON "dispatches"("customer_name_key");
CREATE INDEX "dispatches_customer_last_name_key_idx" ON "dispatches"("customer_last_name_key");
