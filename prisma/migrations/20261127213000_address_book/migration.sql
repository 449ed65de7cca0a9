-- The address search's own addresses (lib/geocoding/address-book.ts): every destination an
-- account has delivered to, once per search key, so that typing "king fah" finds the address
-- staff used last week without any geocoding service.
--
-- Why a table rather than an index on dispatches: the dispatches table holds every order
-- (repeat customers many times over), and the search wants each address once, the newest pin
-- and how often it was used. The table is that answer precomputed: one row per distinct address
-- of one account, kept by a trigger in the transaction that delivers the dispatch
-- (prisma/sql/80_address_book_remember.sql), so no writer can forget it and the create, the
-- API's hottest statement, is untouched. Why not pg_trgm: PGlite ships it as a contrib
-- extension that must be loaded when the database is opened, and on PostgreSQL it needs
-- CREATE EXTENSION, which managed services do not always allow; the search below needs neither.
--
-- The search key is the customer-name key (migration 20261124234000_customer_name_search,
-- lib/dispatches/customer-search-key.ts): Latin-1 case and Arabic spelling variants folded, the
-- same on every database. A search reads one account's rows through the primary key
-- (account_id, search_key) and matches `strpos(search_key, key) > 0` on them: a few thousand
-- short strings for a busy kitchen, well under a millisecond, and no LIKE pattern to escape.
CREATE TABLE "address_book" (
    "account_id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "search_key" TEXT COLLATE "C" NOT NULL GENERATED ALWAYS AS (
      btrim(regexp_replace(translate(lower(regexp_replace("label", '[\u064B-\u065F\u0670\u0640]', '', 'g') COLLATE "C"), E'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞأإآٱىة\u00A0', E'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþاااايه '), '[ \t\n\r\f\v]+', ' ', 'g'), ' ')
    ) STORED,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,
    "deliveries" INTEGER NOT NULL DEFAULT 1,
    "last_delivered_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "address_book_pkey" PRIMARY KEY ("account_id","search_key")
);

-- AddForeignKey
ALTER TABLE "address_book" ADD CONSTRAINT "address_book_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The destinations delivered to before this migration, newest first: the first row of a key
-- wins and the older ones are skipped (ON CONFLICT DO NOTHING), counted once each.
INSERT INTO "address_book" ("account_id", "label", "lat", "lng", "last_delivered_at")
SELECT d."account_id", btrim(d."destination" ->> 'address_line'), (d."destination" ->> 'lat')::float8,
       (d."destination" ->> 'lng')::float8, d."modified_at"
FROM "dispatches" d
WHERE d."state" IN ('delivered', 'qa_qc') AND btrim(coalesce(d."destination" ->> 'address_line', '')) <> ''
ORDER BY d."modified_at" DESC
ON CONFLICT DO NOTHING;
