import { randomInt } from 'node:crypto';
import { db, queryRows } from '@/lib/platform/server/db/client';
import { uniqueViolationFields } from '@/lib/platform/server/db/database-errors';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { getEnv } from '@/lib/platform/server/env';
import { newId, newReadableCode, newSecret, newSortableId } from '@/lib/platform/server/ids/new-id';
import type { Actor } from '@/lib/dispatch/server/apply-change';
import { phoneTail } from '@/lib/dispatch/server/internal/phone-tail';
import type { CreateDispatchBody, DispatchRecord, Pricing } from '@/lib/dispatch/shared/schemas';
import { COURIER_APPROACH_MIN } from '@/lib/pricing/server/estimates/estimate-delivery';
import { dispatchPricing, priceRoute } from '@/lib/pricing/server/dispatch-pricing';
import { TARIFF_SELECT, type Tariff } from '@/lib/pricing/shared/tariff';
import { isQuoteUsed, quotedPricing, quoteUsed } from '@/lib/pricing/server/quotes/quoted-pricing';
import { Prisma } from '@/prisma/generated/client';

const R_ID_ATTEMPTS = 5;

async function tariffPricing(input: CreateDispatchBody, tariff: Tariff): Promise<Pricing> {
  return dispatchPricing({ price: await priceRoute({ pickup: input.pickup, destination: input.destination, tariff }), currency: tariff.currency, quoteId: null });
}

/** 24 base62 characters ≈ 143 bits: a tracking link cannot be guessed. */
const TRACKING_TOKEN_LENGTH = 24;

/**
 * Creates a dispatch in state `new` with its first history entry and its
 * `dispatch.status_updated` event, in one SQL statement (one transaction), and returns its record
 * as the database rendered it (`dispatch_record`, lib/dispatch/server/sql).
 * A second dispatch with the same `vendor_oid` in the account is refused, also under races:
 * the unique index decides, not a prior read.
 */
export async function createDispatch(options: {
  accountId: string;
  input: CreateDispatchBody;
  /** The account's tariff, which prices the dispatch unless the input names a quote; read from the account when not given. */
  tariff?: Tariff;
  actor?: Actor;
}): Promise<DispatchRecord> {
  const { accountId, input } = options;
  const actor = options.actor ?? { refType: 'vendor', refId: input.vendor_id };
  const pricing = input.quote_id
    ? await quotedPricing({ accountId, quoteId: input.quote_id, pickup: input.pickup, destination: input.destination })
    : await tariffPricing(input, options.tariff ?? (await db().account.findUniqueOrThrow({ where: { id: accountId }, select: TARIFF_SELECT })));
  const pickupReadyAt = input.pickup_ready_at === undefined ? null : new Date(input.pickup_ready_at).toISOString();
  const dropoffDeadline = input.dropoff_deadline === undefined ? null : new Date(input.dropoff_deadline).toISOString();

  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const id = newSortableId('dsp');
    const rId = newReadableCode();
    const trackingToken = newSecret(TRACKING_TOKEN_LENGTH);
    const trackingUrl = `${getEnv().PUBLIC_URL}/t/${trackingToken}`;
    // The customer's delivery PIN (4 digits, on their tracking page while the account requires one).
    const deliveryPin = newDeliveryPin();
    try {
      const ts = now.toISOString();
      const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
      // One statement (atomic on its own, one round trip) instead of a nested create's
      // BEGIN + three INSERTs + COMMIT: this is the API's hottest write (see bench/). Prepared
      // once per connection: parsing and planning it each time cost PostgreSQL more than running
      // it (pgbench, 10 clients: 1,892 → 2,602 creates/s). Its plan cannot depend on the values.
      // What every write of a dispatch shares is the database's, inside this statement: the first
      // history entry (dispatch_status_entry, inlined into the plan), the event through the one
      // writer of events (dispatch_events_append; event_seq 1 counts it), and the record from the
      // trigger that rendered it. The UPDATE of a later change (dispatch_change_apply) is not
      // used: it would write a second row version.
      const [created] = await queryRows<{ record: DispatchRecord }>(Prisma.sql`
        WITH dispatch AS (
          INSERT INTO dispatches (id, r_id, account_id, state, pickup, destination, user_metadata, vendor_logo_url,
                                  vendor_id, vendor_name, vendor_oid, vendor_sid, vendor_bid, vendor_payload,
                                  customer_phone, phone_tail, event_seq, status_history, tracking_token, tracking_url,
                                  sim_next_at, created_at, modified_at, pickup_ready_at, dropoff_deadline, scheduled,
                                  pricing, quote_id, dropoff_instructions, contactless, tip_minor, delivery_pin)
          VALUES (${id}, ${rId}, ${accountId}, 'new', ${json(input.pickup)}::json, ${json(input.destination)}::json,
                  ${json(input.user_metadata)}::json, ${input.vendor_logo_url ?? null}, ${input.vendor_id},
                  ${json(input.vendor_name)}::json, ${input.vendor_oid}, ${input.vendor_sid ?? null}, ${input.vendor_bid},
                  ${json(input.vendor_payload)}::json, ${input.user_metadata.phone},
                  ${phoneTail(input.user_metadata.phone) ?? ''}, 1,
                  json_build_array(dispatch_status_entry('new', ${ts}::timestamptz, ${actor.refType}, ${actor.refId})),
                  ${trackingToken}, ${trackingUrl},
                  -- Dispatches of an account in sandbox mode go to the simulator at once, or when a
                  -- simulated driver would set off for a scheduled pickup.
                  (SELECT CASE WHEN sandbox THEN greatest(${ts}::timestamptz,
                     ${pickupReadyAt}::timestamptz - ${COURIER_APPROACH_MIN} * interval '1 minute') END
                   FROM accounts WHERE id = ${accountId}),
                  ${ts}::timestamptz, ${ts}::timestamptz, ${pickupReadyAt}::timestamptz, ${dropoffDeadline}::timestamptz,
                  ${pickupReadyAt}::timestamptz IS NOT NULL,
                  ${JSON.stringify(pricing)}::json, ${input.quote_id ?? null}, ${input.dropoff_instructions || null},
                  ${input.contactless ?? false}, ${input.tip ?? null}, ${deliveryPin})
          RETURNING *
        )
        -- The dispatch engine (lib/engine/server) hears of it from the event's notification and
        -- plans it in its next round: the create does not wait for a driver.
        SELECT d.record
        FROM dispatch d
        CROSS JOIN LATERAL dispatch_events_append(d, ARRAY[${newId('evt')}::text], ARRAY['dispatch.status_updated'],
                                                  ${actor.refType}, ${actor.refId}) AS events`, { prepared: true });
      if (!created) throw new Error(`dispatch ${id} was not created`);
      return created.record;
    } catch (error) {
      const fields = uniqueViolationFields(error);
      if (input.quote_id && fields?.some((field) => field.includes('quote_id'))) throw quoteUsed(input.quote_id);
      if (fields?.some((field) => field.includes('vendor_oid'))) {
        // A used quote was refused before anything was written when quotes were rows: it still comes first.
        if (input.quote_id && (await isQuoteUsed(input.quote_id))) throw quoteUsed(input.quote_id);
        throw new DomainError('duplicate_vendor_oid', `vendor_oid: a dispatch with vendor_oid "${input.vendor_oid}" already exists`);
      }
      // A 40-bit readable code collides rarely; draw another.
      if (fields?.some((field) => field.includes('r_id')) && attempt < R_ID_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** A 4-digit delivery PIN from the system's secure random source; checked server-side with a per-dispatch throttle (lib/fleet/server/internal/jobs/pin-attempts.ts). */
function newDeliveryPin(): string {
  return randomInt(10_000).toString().padStart(4, '0');
}
