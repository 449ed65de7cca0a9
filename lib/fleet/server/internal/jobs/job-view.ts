import type { Prisma } from '@/prisma/generated/client';
import { PROOF_OF_DELIVERY_KINDS, type ProofOfDelivery } from '@/lib/accounts/shared/proof-of-delivery-schemas';
import type { Actor } from '@/lib/dispatch/server/apply-change';
import type { Address, StatusEntry } from '@/lib/dispatch/shared/schemas';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import type { DriverJobLocale, Job, JobSummary } from '@/lib/fleet/server/internal/jobs/schemas';
import type { MediaKind } from '@/lib/dispatch/server/media/schemas';
import { assertScope, type DriverScope } from '@/lib/platform/server/tenancy/scope';
import { driverNextStatuses, isLifecycleStatus, ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';

// What a driver sees of a dispatch assigned to them: read through an explicit select, shaped
// here. The customer (first name and phone only), the door (destination) and the drop-off
// instructions (gate codes) are shown while the dispatch is on duty for the driver; once it is
// delivered or cancelled the job keeps nothing of the customer's: the finished jobs of the day
// list the restaurant, the order and the times only.

export const JOB_SUMMARY_SELECT = {
  id: true,
  rId: true,
  state: true,
  vendorName: true,
  pickup: true,
  destination: true,
  modifiedAt: true,
  readyAt: true,
  tripSeq: true,
  expectedPickupAt: true,
  trip: { select: { id: true, kind: true, readyAt: true, orderIds: true } },
} satisfies Prisma.DispatchSelect;

export const JOB_SELECT = {
  ...JOB_SUMMARY_SELECT,
  userMetadata: true,
  vendorPayload: true,
  dropoffInstructions: true,
  contactless: true,
  tipMinor: true,
  pricing: true,
  statusHistory: true,
  account: { select: { proofOfDelivery: true } },
  media: { select: { id: true, kind: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.DispatchSelect;

type SummaryRow = Prisma.DispatchGetPayload<{ select: typeof JOB_SUMMARY_SELECT }>;
type JobRow = Prisma.DispatchGetPayload<{ select: typeof JOB_SELECT }>;

interface OrderLine {
  item_name?: Record<string, string>;
  count?: number;
}
interface VendorPayload {
  order_price?: number;
  currency?: string;
  payment_type?: string;
  order_details?: OrderLine[];
}

/** The driver a driver scope is, checked to be one (a cast must not widen a query). */
export function driverIdOf(scope: DriverScope): string {
  const checked = assertScope(scope);
  if (checked.kind !== 'driver') throw new TypeError(`A driver scope is required, got ${checked.kind}`);
  return checked.driverId;
}

/** The driver as the actor of what they record. */
export function driverActor(scope: DriverScope): Actor {
  return { refType: 'driver', refId: driverIdOf(scope) };
}

/** The driver's own address of their media (helper route GET /api/driver/media/{id}). */
export function driverMediaPath(mediaId: string): string {
  return `/api/driver/media/${encodeURIComponent(mediaId)}`;
}

/** Whether the dispatch is on duty for its driver (assigned … picked_up): only then is the customer's data shown. */
function isOnDutyState(state: string): boolean {
  return isLifecycleStatus(state) && ON_DUTY_STATES.includes(state);
}

export function toJobSummary(row: SummaryRow, locale: DriverJobLocale): JobSummary {
  return {
    id: row.id,
    r_id: row.rId,
    state: row.state,
    restaurant: pickText(row.vendorName as Record<string, string> | null, locale),
    pickup: place(row.pickup),
    destination: isOnDutyState(row.state) ? place(row.destination) : null,
    updated_at: formatTimestamp(row.modifiedAt),
    trip: tripOf(row),
  };
}

/** States in which a driver sent ahead still waits at the pickup for the food (not ready, not picked up). */
const WAITING_STATES: readonly string[] = ['assigned', 'accepted'];

/**
 * The trip (bundle) the job travels in, from the dispatch engine: its place among the trip's
 * drop-offs and, for a driver sent ahead to wait (`commit`), until when the food is expected.
 */
function tripOf(row: SummaryRow): JobSummary['trip'] {
  if (!row.trip) return null;
  const kind = row.trip.kind === 'commit' ? 'commit' : 'final';
  return {
    id: row.trip.id,
    position: row.tripSeq ?? 0,
    size: row.trip.orderIds.length,
    kind,
    ready_at: formatTimestamp(row.trip.readyAt),
    expected_pickup_at: row.expectedPickupAt ? formatTimestamp(row.expectedPickupAt) : null,
    waiting: kind === 'commit' && row.readyAt === null && WAITING_STATES.includes(row.state),
  };
}

export function toJob(row: JobRow, locale: DriverJobLocale): Job {
  const isOnDuty = isOnDutyState(row.state);
  const customer = row.userMetadata as { firstName?: string; phone?: string } | null;
  const pricing = row.pricing as { currency?: string } | null;
  const payload = row.vendorPayload as VendorPayload | null;
  const currency = pricing?.currency ?? payload?.currency ?? null;
  return {
    ...toJobSummary(row, locale),
    next_statuses: isLifecycleStatus(row.state) ? driverNextStatuses(row.state) : [],
    order: orderOf(payload, locale),
    customer: isOnDuty && customer?.phone ? { first_name: customer.firstName ?? null, phone: customer.phone } : null,
    dropoff_instructions: isOnDuty ? row.dropoffInstructions : null,
    contactless: row.contactless,
    tip: row.tipMinor !== null && currency ? { amount_minor: row.tipMinor, currency } : null,
    proof_required: proofOf(row.account.proofOfDelivery),
    media: row.media.map((media) => ({ id: media.id, kind: media.kind as MediaKind, url: driverMediaPath(media.id) })),
    status: row.statusHistory as unknown as StatusEntry[],
  };
}

/** The account's requirement; a value this version does not know asks for nothing more than none would. */
export function proofOf(value: string): ProofOfDelivery {
  return (PROOF_OF_DELIVERY_KINDS as readonly string[]).includes(value) ? (value as ProofOfDelivery) : 'none';
}

function orderOf(payload: VendorPayload | null, locale: DriverJobLocale): Job['order'] {
  if (!payload || (payload.order_details === undefined && payload.order_price === undefined)) return null;
  return {
    items: (payload.order_details ?? []).map((line) => ({ name: pickText(line.item_name ?? null, locale), count: line.count ?? 1 })),
    total: payload.order_price ?? null,
    currency: payload.currency ?? null,
    payment_type: payload.payment_type ?? null,
  };
}

function place(address: Prisma.JsonValue): JobSummary['pickup'] {
  const { lat, lng, address_line } = address as unknown as Address;
  return { lat, lng, address_line: address_line ?? null };
}

/** A locale object's text (`en-us`, `ar-sa` keys) in the language: exact language, else English, else the first. */
function pickText(text: Record<string, string> | null, locale: DriverJobLocale): string {
  if (!text) return '';
  const entries = Object.entries(text);
  const inLanguage = (language: string) => entries.find(([key]) => key.toLowerCase().split('-')[0] === language)?.[1];
  return inLanguage(locale) ?? inLanguage('en') ?? entries[0]?.[1] ?? '';
}
