import { describe, expect, it } from 'vitest';
import { csvRow } from '@/lib/platform/server/csv/csv-row';
import { EXPORT_COLUMNS, exportCellsOf } from '@/lib/dispatch/server/internal/export-dispatches-csv';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { dispatchRecord, SAR_PRICING } from '@/test/dispatch-records';

// The export's price and schedule columns (issue 19): the delivery's cost from record.pricing,
// empty for dispatches created before prices were kept, and the planned and actual ready times.

const record = dispatchRecord({
  id: 'dsp_csv',
  modified_at: '2026-03-01 10:05:00.000',
  pickup: { lat: 24.69, lng: 46.68 },
  destination: { lat: 24.77, lng: 46.73, address_line: 'Street 1, Riyadh' },
  user_metadata: { id: 'c1', phone: '+966500000001', email: 'c@example.com', firstName: 'Sara' },
  vendor_name: { 'en-us': 'Grill' },
  vendor_payload: { order_price: 87.5, currency: 'SAR', payment_type: 'CASH' },
  status: [{ status: 'new', status_captured_time: '2026-03-01 10:00:00.000', ref_id: 'acc_1', ref_type: 'vendor' }],
  ready_at: '2026-03-01 10:04:00.000',
  pickup_ready_at: '2026-03-01 11:30:00.000',
  pricing: SAR_PRICING,
});

const cells = (value: DispatchRecord, driver: { name: string } | null = null) => Object.fromEntries(EXPORT_COLUMNS.map((column, index) => [column, exportCellsOf(value, driver)[index]]));

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
    expect(csvRow(exportCellsOf(record))).toMatch(/,CASH,18\.75,2\.81,21\.56,SAR,2026-03-01 11:30:00\.000,2026-03-01 10:04:00\.000,,,,,\r\n$/);
  });

  it('ends with the driver, the delivery time, why it was cancelled, and the cash collected', () => {
    const delivered = {
      ...record,
      status: [...record.status, { status: 'delivered' as const, status_captured_time: '2026-03-01 12:10:00.000', ref_id: 'drv_1', ref_type: 'driver' as const }],
      cash_collected: 80,
    };
    expect(cells(delivered, { name: 'Omar' })).toMatchObject({ driver_name: 'Omar', delivered_at: '2026-03-01 12:10:00.000', cash_collected: 80 });
    const failed = {
      ...record,
      cancellation: { reason: 'delivery_failed' as const, reason_text: null, by: { ref_type: 'driver' as const, ref_id: 'drv_1' }, at: '2026-03-01 12:00:00.000', failure: { reason: 'customer_unreachable' as const, note: 'No answer at the gate' } },
    };
    expect(cells(failed)).toMatchObject({ cancellation_reason: 'delivery_failed: customer_unreachable', cancellation_note: 'No answer at the gate' });
    const cancelled = { ...record, cancellation: { reason: 'duplicate_order' as const, reason_text: 'Entered twice', by: { ref_type: 'vendor' as const, ref_id: 'acc_1' }, at: '2026-03-01 12:00:00.000', failure: null } };
    expect(cells(cancelled)).toMatchObject({ cancellation_reason: 'duplicate_order', cancellation_note: 'Entered twice' });
  });

  it('leaves the price cells empty for a dispatch without pricing, and the times empty when not set', () => {
    const row = csvRow(exportCellsOf({ ...record, pricing: null, ready_at: null, pickup_ready_at: null }));
    expect(row).toMatch(/,CASH,,,,,,,,,,,\r\n$/);
  });
});
