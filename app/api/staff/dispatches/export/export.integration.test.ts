import { beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/staff/dispatches/export/route';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { EXPORT_COLUMNS, EXPORT_PAGE_SIZE, exportDispatchesCsv } from '@/lib/dispatch/server/internal/export-dispatches-csv';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newStaffSession } from '@/test/fixtures';
import { accountScope } from '@/lib/platform/server/tenancy/scope';

const ADMIN = { refType: 'admin', refId: 'test' } as const;
const EXPORT = '/api/staff/dispatches/export';

/** RFC 4180 parsing (quoted cells may hold commas, quotes and line breaks), enough for the tests. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

/** The CSV's data rows as objects keyed by column. */
function recordsOf(text: string): Record<(typeof EXPORT_COLUMNS)[number], string>[] {
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...EXPORT_COLUMNS]);
  return rows.map((cells) => Object.fromEntries(EXPORT_COLUMNS.map((column, index) => [column, cells[index]!]))) as never;
}

async function exportCsv(query: string, cookie: string): Promise<Record<(typeof EXPORT_COLUMNS)[number], string>[]> {
  const response = await call('GET', `${EXPORT}${query}`, { cookie });
  expect(response.status).toBe(200);
  return recordsOf(response.body as string);
}

describe('GET /api/staff/dispatches/export', () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  let session: Awaited<ReturnType<typeof newStaffSession>>;
  let other: Awaited<ReturnType<typeof newAccount>>;
  let otherSession: Awaited<ReturnType<typeof newStaffSession>>;
  const created: Pick<DispatchRecord, 'id' | 'vendor_oid' | 'r_id' | 'created_at' | 'pricing'>[] = [];
  const TOTAL = EXPORT_PAGE_SIZE + 7;

  beforeAll(async () => {
    account = await newAccount();
    other = await newAccount();
    session = await newStaffSession(account.id);
    otherSession = await newStaffSession(other.id);
    for (let index = 0; index < TOTAL; index++) {
      const body = dispatchBody({ vendor_bid: index % 4 === 0 ? 'branch-north' : 'branch-south' });
      body.user_metadata.phone = `+9665${String(index).padStart(8, '0')}`;
      const record = await createDispatch({ accountId: account.id, input: body });
      created.push(record);
    }
    await createDispatch({ accountId: other.id, input: dispatchBody({ vendor_oid: 'theirs-1' }) });
  }, 120_000);

  it('streams every matching row, newest first, across more than one internal page', async () => {
    const rows = await exportCsv('', session.cookie);
    expect(rows).toHaveLength(TOTAL);
    expect(rows.map((row) => row.id)).toEqual([...created].reverse().map((record) => record.id));
    const newest = created.at(-1)!;
    expect(rows[0]).toEqual({
      id: newest.id,
      r_id: newest.r_id,
      vendor_oid: newest.vendor_oid,
      vendor_bid: (TOTAL - 1) % 4 === 0 ? 'branch-north' : 'branch-south',
      status: 'new',
      customer_name: 'Sara Al-Qahtani',
      customer_phone: `'+9665${String(TOTAL - 1).padStart(8, '0')}`,
      destination_address: 'King Abdullah Rd, Riyadh',
      created_at: newest.created_at,
      order_price: '87.5',
      currency: 'SAR',
      payment_type: 'VISA',
      delivery_price: String(newest.pricing!.delivery_price),
      vat_price: String(newest.pricing!.vat_price),
      total_price: String(newest.pricing!.total_price),
      price_currency: 'SAR',
      pickup_ready_at: '',
      ready_at: '',
      driver_name: '',
      delivered_at: '',
      cancellation_reason: '',
      cancellation_note: '',
      cash_collected: '',
    });
  });

  it('ignores limit and cursor: an export is never one page of the list', async () => {
    const page = await call('GET', '/api/staff/dispatches?limit=2', { cookie: session.cookie });
    const rows = await exportCsv(`?limit=2&cursor=${page.body.next_cursor}`, session.cookie);
    expect(rows).toHaveLength(TOTAL);
  });

  it('sends a UTF-8 BOM, the CSV content type and a dated attachment name', async () => {
    const request = new Request(`http://localhost${EXPORT}?vendor_bid=branch-north`, {
      headers: { cookie: session.cookie, 'sec-fetch-site': 'same-origin' },
    });
    const response = await GET(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="dispatches-${today}.csv"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3, 9))).toBe('id,r_i');
  });

  it('applies the list’s filters: branch, status, search (any phone format) and creation time', async () => {
    const north = await exportCsv('?vendor_bid=branch-north', session.cookie);
    expect(north).toHaveLength(Math.ceil(TOTAL / 4));
    expect(north.every((row) => row.vendor_bid === 'branch-north')).toBe(true);

    await changeStatus({ id: created[3]!.id, scope: accountScope(account.id), status: 'cancelled', actor: ADMIN });
    await changeStatus({ id: created[5]!.id, scope: accountScope(account.id), status: 'cancelled', actor: ADMIN });
    const cancelled = await exportCsv('?status=cancelled', session.cookie);
    expect(cancelled.map((row) => row.id)).toEqual([created[5]!.id, created[3]!.id]);
    expect(cancelled.every((row) => row.status === 'cancelled')).toBe(true);
    const cancelledNorth = await exportCsv('?status=cancelled&vendor_bid=branch-north', session.cookie);
    expect(cancelledNorth).toEqual([]);

    const byOid = await exportCsv(`?q=${created[10]!.vendor_oid}`, session.cookie);
    expect(byOid.map((row) => row.id)).toEqual([created[10]!.id]);
    const byRid = await exportCsv(`?q=${created[11]!.r_id.toLowerCase()}`, session.cookie);
    expect(byRid.map((row) => row.id)).toEqual([created[11]!.id]);
    const byPhone = await exportCsv(`?q=${encodeURIComponent('05 00000012')}`, session.cookie);
    expect(byPhone.map((row) => row.id)).toEqual([created[12]!.id]);

    const from = new Date(`${created[200]!.created_at.replace(' ', 'T')}Z`).toISOString();
    const since = await exportCsv(`?created_from=${from}`, session.cookie);
    expect(since.map((row) => row.id)).toEqual(created.slice(200).reverse().map((record) => record.id));
    const until = await exportCsv(`?created_to=${from}&vendor_bid=branch-south`, session.cookie);
    expect(until.map((row) => row.id)).toEqual(
      created
        .slice(0, 200)
        .filter((_, index) => index % 4 !== 0)
        .reverse()
        .map((record) => record.id),
    );
  });

  it('exports only the caller’s account', async () => {
    const theirs = await exportCsv('', otherSession.cookie);
    expect(theirs.map((row) => row.vendor_oid)).toEqual(['theirs-1']);
    expect(await exportCsv('?q=theirs-1', session.cookie)).toEqual([]);
    expect(await exportCsv(`?q=${created[0]!.vendor_oid}`, otherSession.cookie)).toEqual([]);
  });

  it('keeps awkward text intact and defuses formulas', async () => {
    const kitchen = await newAccount();
    const staff = await newStaffSession(kitchen.id);
    const body = dispatchBody({ vendor_oid: '=1+1', vendor_bid: '@branch' });
    body.user_metadata = { ...body.user_metadata, firstName: 'سارة', lastName: '"Al" Qahtani' };
    body.destination = { ...body.destination, address_line: 'Tower 2, floor 3\nRing "twice"' };
    await createDispatch({ accountId: kitchen.id, input: body });
    const [row] = await exportCsv('', staff.cookie);
    expect(row).toMatchObject({
      vendor_oid: "'=1+1",
      vendor_bid: "'@branch",
      customer_name: 'سارة "Al" Qahtani',
      destination_address: 'Tower 2, floor 3\nRing "twice"',
    });
  });

  it('writes only the header row when nothing matches', async () => {
    const response = await call('GET', `${EXPORT}?q=no-such-order`, { cookie: session.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toBe(`${EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it.each([
    ['status=flying', /status/],
    ['created_from=yesterday', /created_from/],
    [`q=${'x'.repeat(201)}`, /q/],
  ])('refuses %s with 400', async (query, field) => {
    const response = await call('GET', `${EXPORT}?${query}`, { cookie: session.cookie });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(field);
  });

  it('answers 401 when not signed in', async () => {
    const response = await call('GET', EXPORT);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

describe('exportDispatchesCsv', () => {
  it('sends the header, then one chunk per page of the list query', async () => {
    const account = await newAccount();
    for (let index = 0; index < 7; index++) await createDispatch({ accountId: account.id, input: dispatchBody() });
    const stream = await exportDispatchesCsv({ scope: accountScope(account.id), filters: {}, pageSize: 3 });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (let result = await reader.read(); !result.done; result = await reader.read()) chunks.push(decoder.decode(result.value));
    // Header, then pages of 3, 3 and 1 rows.
    expect(chunks.map((chunk) => chunk.split('\r\n').length - 1)).toEqual([1, 3, 3, 1]);
  });
});
