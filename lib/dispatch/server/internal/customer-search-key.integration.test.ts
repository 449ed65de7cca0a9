import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { customerNamePrefixPattern, customerSearchKey } from '@/lib/dispatch/server/internal/customer-search-key';
import { call } from '@/test/api';
import { dispatchBody, staffOfNewAccount } from '@/test/fixtures';

// The dashboard's search could not find a dispatch by the customer's name (only by order id,
// reference or phone). The database generates the name keys; this file holds them to
// customerSearchKey, and searches the list the way the dashboard does.

type Customer = { firstName?: string; lastName?: string };

function customer(names: Customer) {
  return { id: 'cust-1', email: 'c@example.com', phone: '+966500000077', ...names };
}

const NAMES: Customer[] = [
  { firstName: 'Sara', lastName: 'Al-Qahtani' },
  { firstName: '  ÉMILE\t', lastName: 'Dupont  Ñúñez' },
  { firstName: 'مُحَمَّد', lastName: 'الأحمد' },
  { firstName: 'فاطمة', lastName: 'إبراهيم' },
  { firstName: 'عــلي', lastName: 'موسى' },
  { firstName: 'No\u00A0Break' },
  { lastName: 'Only Last' },
  {},
  { firstName: '100%_real\\' },
];

describe('the customer-name search key', () => {
  it('is the same in the database (generated column) and in customerSearchKey, on every kind of name', async () => {
    const { account } = await staffOfNewAccount();
    for (const names of NAMES) {
      const { id } = await createDispatch({ accountId: account.id, input: dispatchBody({ user_metadata: customer(names) }) });
      const [row] = await db().$queryRaw<{ full: string; last: string }[]>`
        SELECT customer_name_key AS full, customer_last_name_key AS last FROM dispatches WHERE id = ${id}`;
      const expected = { full: customerSearchKey(`${names.firstName ?? ''} ${names.lastName ?? ''}`), last: customerSearchKey(names.lastName ?? '') };
      expect(row, JSON.stringify(names)).toEqual(expected);
    }
    expect(customerSearchKey('  مُحَمَّد  الأحمد ')).toBe('محمد الاحمد');
    expect(customerSearchKey('ÉMILE Dupont')).toBe('émile dupont');
    expect(customerSearchKey('فاطمة')).toBe('فاطمه');
  });

  it('escapes LIKE wildcards and skips text too short to be a name', () => {
    expect(customerNamePrefixPattern('100%_real\\')).toBe('100\\%\\_real\\\\%');
    expect(customerNamePrefixPattern('S')).toBeNull();
    expect(customerNamePrefixPattern('ـَ')).toBeNull();
    expect(customerNamePrefixPattern('Sa')).toBe('sa%');
  });
});

describe('GET /api/staff/dispatches?q= by customer name', () => {
  it('finds a dispatch by a prefix of the first, last or full name, in any case, in Latin or Arabic script', async () => {
    const staff = await staffOfNewAccount();
    const other = await staffOfNewAccount();
    const made = async (accountId: string, names: Customer) =>
      (await createDispatch({ accountId, input: dispatchBody({ user_metadata: customer(names) }) })).id;
    const sara = await made(staff.account.id, { firstName: 'Sara', lastName: 'Al-Qahtani' });
    const saad = await made(staff.account.id, { firstName: 'Saad', lastName: 'Rahman' });
    const mohammed = await made(staff.account.id, { firstName: 'مُحَمَّد', lastName: 'الأحمد' });
    const fatima = await made(staff.account.id, { firstName: 'فاطمة', lastName: 'إبراهيم' });
    const wildcard = await made(staff.account.id, { firstName: '100%', lastName: 'Real' });
    await made(other.account.id, { firstName: 'Sara', lastName: 'Someone Else' });

    const search = async (q: string, cookie = staff.cookie) => {
      const response = await call('GET', `/api/staff/dispatches?q=${encodeURIComponent(q)}`, { cookie });
      expect(response.status).toBe(200);
      return (response.body.data as { record: { id: string } }[]).map((row) => row.record.id).sort();
    };
    expect(await search('sara')).toEqual([sara]);
    expect(await search('SA')).toEqual([saad, sara].sort());
    expect(await search('al-q')).toEqual([sara]);
    expect(await search('  Sara   AL-Qah ')).toEqual([sara]);
    expect(await search('rahm')).toEqual([saad]);
    expect(await search('qahtani')).toEqual([]); // a prefix, not a substring
    expect(await search('محمد')).toEqual([mohammed]);
    expect(await search('مُحَمَّد الأح')).toEqual([mohammed]);
    expect(await search('احمد')).toEqual([]);
    expect(await search('الاحمد')).toEqual([mohammed]);
    expect(await search('فاطمه')).toEqual([fatima]);
    expect(await search('ابراهيم')).toEqual([fatima]);
    expect(await search('10')).toEqual([wildcard]);
    expect(await search('1_0')).toEqual([]);
    expect(await search('100%')).toEqual([wildcard]);
    expect(await search('S')).toEqual([]);
    // Another account's customer of the same name stays theirs.
    expect(await search('Sara Some')).toEqual([]);
    expect((await search('sara', other.cookie)).length).toBe(1);
  });
});
