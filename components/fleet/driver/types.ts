// The driver API's shapes (docs/driver-app.md, app/api/driver/**). The routes own
// their zod schemas; the app only reads what they send, so these are plain types: no zod in the
// driver app's bundle.

export interface DriverPlace {
  lat: number;
  lng: number;
  address_line?: string | null;
}

export interface Money {
  amount_minor: number;
  currency: string;
}

export interface Offer {
  id: string;
  dispatch_id: string;
  r_id: string;
  expires_at: string;
  /** What the offer had left when the answer was made (see onPhoneClock). */
  expires_in_ms: number;
  created_at: string;
  restaurant: string;
  pickup: DriverPlace;
  destination: DriverPlace;
  pickup_distance_km: number | null;
  trip_km: number;
  tip: Money | null;
  /** The trip the offer is: one pickup, its drop-offs in order; accepting takes them all. */
  trip?: OfferTrip;
}

export interface OfferTrip {
  id: string;
  /** `commit`: go to the restaurant now and wait there for the food. */
  kind: 'final' | 'commit';
  /** ISO 8601: when the food is expected to be ready. */
  ready_at: string;
  arrive_at: string;
  /** These orders join the trip the driver is on (same restaurant). */
  extends_trip: boolean;
  dispatches: { dispatch_id: string; r_id: string; destination: DriverPlace; trip_km: number }[];
}

/** The trip (bundle) a job travels in; times are the API's `YYYY-MM-DD HH:MM:SS.mmm` (UTC). */
export interface JobTrip {
  id: string;
  /** This job's drop-off among the trip's, 0 first. */
  position: number;
  size: number;
  kind: 'final' | 'commit';
  ready_at: string;
  expected_pickup_at: string | null;
  /** Sent ahead to the pickup, and the food is not ready yet. */
  waiting: boolean;
}

export interface DriverMe {
  driver: { id: string; name: string; phone: string | null; on_duty: boolean; duty_changed_at?: string | null; last_position_at: string | null };
  offer: Offer | null;
  offer_timeout_s: number;
  /** The server's clock when it answered (server-clock.ts). */
  server_time?: string;
}

export interface JobSummary {
  id: string;
  r_id: string;
  state: string;
  restaurant: string;
  pickup: DriverPlace;
  /** Null once the job is finished: nothing of the customer's stays on the phone. */
  destination: DriverPlace | null;
  updated_at: string;
  /** Null for a job assigned by hand (and on copies kept from before trips). */
  trip?: JobTrip | null;
}

export const PROOF_KINDS = ['none', 'photo', 'signature', 'pin'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];
export type MediaKind = 'photo' | 'signature' | 'failure_photo';

export const FAILURE_REASONS = ['customer_unreachable', 'wrong_address', 'refused'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export interface Job extends JobSummary {
  next_statuses: string[];
  order: { items: { name: string; count: number }[]; total: number | string | null; currency: string | null; payment_type: string | null } | null;
  customer: { first_name: string | null; phone: string | null } | null;
  dropoff_instructions: string | null;
  contactless: boolean | null;
  tip: Money | null;
  proof_required: ProofKind;
  media: { id: string; kind: MediaKind; url: string }[];
  status: { status: string; timestamp?: string; created_at?: string }[];
}
