import { csvRow, UTF8_BOM } from '@/lib/platform/server/csv/csv-row';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { customerName } from '@/lib/dispatch/shared/customer-name';
import { listDispatchesJson, type ListFilters } from '@/lib/dispatch/server/list-dispatches';
import { type DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { StaffDispatchListQuerySchema } from '@/lib/dispatch/server/list-query-schemas';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

/** The export takes the dashboard list's filters; it has no page of its own. */
export const DispatchExportQuerySchema = StaffDispatchListQuerySchema.omit({ limit: true, cursor: true });

/** Rows read per query: one page in memory at a time, whatever the export's length. */
export const EXPORT_PAGE_SIZE = 200;

export const EXPORT_COLUMNS = [
  'id',
  'r_id',
  'vendor_oid',
  'vendor_bid',
  'status',
  'customer_name',
  'customer_phone',
  'destination_address',
  'created_at',
  'order_price',
  'currency',
  'payment_type',
  // What the delivery costs the restaurant (record.pricing; empty for dispatches created before
  // prices were kept), in the tariff's currency: not the order's `currency` above.
  'delivery_price',
  'vat_price',
  'total_price',
  'price_currency',
  'pickup_ready_at',
  'ready_at',
  // Who carried it, when it arrived, and why it ended early.
  'driver_name',
  'delivered_at',
  'cancellation_reason',
  'cancellation_note',
  'cash_collected',
] as const;

/** The console's export (every account) starts each row with its account. */
export const ACCOUNT_COLUMNS = ['account_id', 'account_name'] as const;

interface RelatedRow {
  account: { id: string; name: string };
  driver: { id: string; name: string } | null;
  record: DispatchRecord;
}

interface Page {
  rows: string[];
  next_cursor: string | null;
}

/** One dispatch's cells, in EXPORT_COLUMNS' order. */
export function exportCellsOf(record: DispatchRecord, driver: { name: string } | null = null) {
  const delivered = record.status.findLast((entry) => entry.status === 'delivered');
  return [
    record.id,
    record.r_id,
    record.vendor_oid,
    record.vendor_bid,
    currentStatus(record.status),
    customerName(record.user_metadata),
    record.user_metadata.phone,
    record.destination.address_line,
    record.created_at,
    record.vendor_payload?.order_price,
    record.vendor_payload?.currency,
    record.vendor_payload?.payment_type,
    record.pricing?.delivery_price,
    record.pricing?.vat_price,
    record.pricing?.total_price,
    record.pricing?.currency,
    record.pickup_ready_at,
    record.ready_at,
    driver?.name,
    delivered?.status_captured_time,
    record.cancellation?.failure ? `delivery_failed: ${record.cancellation.failure.reason}` : record.cancellation?.reason,
    record.cancellation?.failure?.note ?? record.cancellation?.reason_text,
    record.cash_collected,
  ];
}

/**
 * Every dispatch within the scope (with the platform's, of every account, with the account's id
 * and name first) matching `filters`, newest first, as a UTF-8 CSV stream (with a
 * BOM for Excel). Pages through the list's own query and keyset cursor, reading the next page
 * only when the client has taken the previous one. The first page is read before the stream is
 * returned, so a failing query is still an ordinary error response rather than a cut-off file.
 */
export async function exportDispatchesCsv(options: {
  scope: Scope;
  filters: ListFilters;
  pageSize?: number;
  /** Start each row with its account (the console, also when it filters by one account). */
  withRelated?: boolean;
}): Promise<ReadableStream<Uint8Array>> {
  const { scope, filters, pageSize = EXPORT_PAGE_SIZE, withRelated = scope.kind === 'platform' } = options;
  const readPage = async (cursor?: string): Promise<Page> => {
    // Each row with its driver (and account), read by primary key for the page's rows only.
    const json = await listDispatchesJson({ scope, filters, limit: pageSize, cursor, withRelated: true });
    const page = JSON.parse(json) as { data: RelatedRow[]; next_cursor: string | null };
    return {
      rows: page.data.map((row) => csvRow([...(withRelated ? [row.account.id, row.account.name] : []), ...exportCellsOf(row.record, row.driver)])),
      next_cursor: page.next_cursor,
    };
  };
  const encoder = new TextEncoder();
  const first = await readPage();
  let pending: Page | null = first;
  let cursor = first.next_cursor;

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(UTF8_BOM + csvRow(withRelated ? [...ACCOUNT_COLUMNS, ...EXPORT_COLUMNS] : EXPORT_COLUMNS)));
      },
      async pull(controller) {
        let page: Page | null;
        try {
          page = pending ?? (cursor ? await readPage(cursor) : null);
        } catch (error) {
          // The status line is sent already; the client sees a cut-off download, the log says why.
          console.error(JSON.stringify({ level: 'error', message: 'CSV export failed mid-stream', error: String(error) }));
          throw error;
        }
        pending = null;
        if (!page) {
          controller.close();
          return;
        }
        cursor = page.next_cursor;
        if (page.rows.length) controller.enqueue(encoder.encode(page.rows.join('')));
        if (!cursor) controller.close();
      },
    },
    // Read ahead no further than the page being sent.
    { highWaterMark: 0 },
  );
}
