import { describe, expect, it } from 'vitest';
import { csvRow } from '@/lib/csv/csv-row';
import { EXPORT_COLUMNS, exportCellsOf } from '@/lib/dispatches/export-dispatches-csv';
import type { DispatchRecord } from '@/lib/dispatches/schemas';

// The export's price and schedule columns (issue 19): the delivery's cost from record.pricing,
// empty for dispatches created before prices were kept, and the planned and actual ready times.

const record: DispatchRecord = {
  id: 'dsp_csv',
  created_at: '2026-03-01 10:00:00.000',
  modified_at: '2026-03-01 10:05:00.000',
  r_id: 'ABCD2345',
  assigned_driver_id: null,
  pickup: { lat: 24.69, lng: 46.68 },
  destination: { lat: 24.77, lng: 46.73, address_line: 'Street 1, Riyadh' },
  user_metadata: { id: 'c1', phone: '+966500000001', email: 'c@example.com', firstName: 'Sara' },
  vendor_logo_url: null,
  vendor_id: 'v1',
  vendor_name: { 'en-us': 'Grill' },
  vendor_oid: 'o-1',
  vendor_sid: null,
  vendor_bid: 'b-1',
  media_url: null,
  vendor_payload: { order_price: 87.5, currency: 'SAR', payment_type: 'CASH' },
  status: [{ status: 'new', status_captured_time: '2026-03-01 10:00:00.000', ref_id: 'acc_1', ref_type: 'vendor' }],
  tracking_url: null,
  cancellation: null,
  ready_at: '2026-03-01 10:04:00.000',
  pickup_ready_at: '2026-03-01 11:30:00.000',
  dropoff_deadline: null,
  pricing: {
    delivery_price: 18.75,
    delivery_price_text: '18.75 SAR',
    vat_price: 2.81,
    vat_price_text: '2.81 SAR',
    total_price: 21.56,
    total_price_text: '21.56 SAR',
    currency: 'SAR',
    quote_id: null,
    previous: null,
  },
  dropoff_instructions: null,
  contactless: false,
  tip: null,
  expected_pickup_at: null,
  current_status: 'new',
  pin_checked_at: null,
  cash_collected: null,
  trip: null,
};

const cells = (value: DispatchRecord) => Object.fromEntries(EXPORT_COLUMNS.map((column, index) => [column, exportCellsOf(value)[index]]));

describe('the CSV export’s columns', () => {
  it('keeps the existing columns first, in their order, and gives every column a cell', () => {
    expect(EXPORT_COLUMNS.slice(0, 12)).toEqual([
      'id', 'r_id', 'vendor_oid', 'vendor_bid', 'status', 'customer_name', 'customer_phone', 'destination_address', 'created_at', 'order_price', 'currency', 'payment_type',
    ]);
    expect(exportCellsOf(record)).toHaveLength(EXPORT_COLUMNS.length);
  });

  it('adds the delivery price, VAT, total and their currency, and the planned and actual ready times', () => {
    expect(cells(record)).toMatchObject({
      order_price: 87.5,
      currency: 'SAR',
      delivery_price: 18.75,
      vat_price: 2.81,
      total_price: 21.56,
      price_currency: 'SAR',
      pickup_ready_at: '2026-03-01 11:30:00.000',
      ready_at: '2026-03-01 10:04:00.000',
    });
    expect(csvRow(exportCellsOf(record))).toMatch(/,CASH,18\.75,2\.81,21\.56,SAR,2026-03-01 11:30:00\.000,2026-03-01 10:04:00\.000\r\n$/);
  });

  it('leaves the price cells empty for a dispatch without pricing, and the times empty when not set', () => {
    const row = csvRow(exportCellsOf({ ...record, pricing: null, ready_at: null, pickup_ready_at: null }));
    expect(row).toMatch(/,CASH,,,,,,\r\n$/);
  });
});
