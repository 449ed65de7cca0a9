import { PricingSchema, type DispatchRecord, type Pricing } from '@/lib/dispatch/shared/schemas';

// Dispatch records for the unit tests of what reads them (the dispatch page's cards, the CSV
// export), every field as the API sends it: a new dispatch with nothing optional set. A test
// overrides the fields it is about.

export function dispatchRecord(overrides: Partial<DispatchRecord> = {}): DispatchRecord {
  return {
    id: 'dsp_test',
    created_at: '2026-03-01 10:00:00.000',
    modified_at: '2026-03-01 10:00:00.000',
    r_id: 'ABCD2345',
    assigned_driver_id: null,
    pickup: { lat: 29.37, lng: 47.97 },
    destination: { lat: 29.33, lng: 48.0 },
    user_metadata: { id: 'c1', phone: '+96550000000', email: 'c@example.com', username: 'c1' },
    vendor_logo_url: null,
    vendor_id: 'v1',
    vendor_name: { en: 'Gulf Grill' },
    vendor_oid: 'o-1',
    vendor_sid: null,
    vendor_bid: 'b-1',
    media_url: null,
    vendor_payload: null,
    status: [],
    tracking_url: null,
    cancellation: null,
    ready_at: null,
    pickup_ready_at: null,
    dropoff_deadline: null,
    pricing: null,
    dropoff_instructions: null,
    contactless: false,
    tip: null,
    expected_pickup_at: null,
    current_status: 'new',
    pin_checked_at: null,
    cash_collected: null,
    trip: null,
    ...overrides,
  };
}

/**
 * A record's pricing: the API reference's example (an 18.75 SAR delivery with 15 % VAT), parsed so
 * that it stays a valid pricing, without its quote id.
 */
export const SAR_PRICING: Pricing = { ...PricingSchema.parse(PricingSchema.meta()?.example), quote_id: null };
