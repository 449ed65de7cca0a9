import { describe, expect, it } from 'vitest';
import { LIST_URLS, nextPage, previousPage } from '@/components/dispatch/list/list-params';

const from = (audience: keyof typeof LIST_URLS, query: string) => {
  const search = new URLSearchParams(query);
  return LIST_URLS[audience].read((name) => search.get(name));
};

describe('the staff list in the URL', () => {
  it('reads filters and the page, dropping blanks, a stack without a cursor and the console’s filters', () => {
    expect(from('staff', 'q=%20abc%20&status=&vendor_bid=b1&prev=x.y&account_id=acc_1')).toEqual({ filters: { q: 'abc', vendor_bid: 'b1' }, cursor: undefined, prev: [] });
    expect(from('staff', 'cursor=c3&prev=c1.c2')).toEqual({ filters: {}, cursor: 'c3', prev: ['c1', 'c2'] });
  });

  it('writes the same URL back', () => {
    for (const href of ['/dispatches', '/dispatches?q=abc&status=new', '/dispatches?vendor_bid=b1&cursor=c3&prev=c1.c2']) {
      expect(LIST_URLS.staff.href(from('staff', href.split('?')[1] ?? ''))).toBe(href);
    }
  });

  it('pages forward and back through the cursor stack', () => {
    const first = from('staff', 'status=new');
    const second = nextPage(first, 'c2');
    const third = nextPage(second, 'c3');
    expect(third).toEqual({ filters: { status: 'new' }, cursor: 'c3', prev: ['c2'] });
    expect(previousPage(third)).toEqual(second);
    expect(previousPage(second)).toEqual({ filters: { status: 'new' }, cursor: undefined, prev: [] });
  });
});

describe('the console list in the URL', () => {
  it('reads every filter and the page, and writes them back in one order', () => {
    const params = from('admin', 'status=new&account_id=acc_1&q=%20abc%20&fleet_id=f1&driver_id=drv_1&vendor_bid=b1&cursor=c2&prev=c1&ignored=x');
    expect(params).toEqual({
      filters: { q: 'abc', account_id: 'acc_1', status: 'new', driver_id: 'drv_1', fleet_id: 'f1', vendor_bid: 'b1' },
      cursor: 'c2',
      prev: ['c1'],
    });
    expect(LIST_URLS.admin.href(params)).toBe('/admin/dispatches?q=abc&account_id=acc_1&status=new&driver_id=drv_1&fleet_id=f1&vendor_bid=b1&cursor=c2&prev=c1');
    expect(LIST_URLS.admin.href({ filters: {}, prev: [] })).toBe('/admin/dispatches');
  });
});

describe('apiQuery', () => {
  it('turns the days into local-midnight bounds, the last day included', () => {
    const query = LIST_URLS.staff.apiQuery({ created_from: '2026-03-01', created_to: '2026-03-31' }, { limit: 25 });
    expect(query.get('created_from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.get('created_to')).toBe(new Date(2026, 3, 1).toISOString());
    expect(query.get('limit')).toBe('25');
  });

  it('passes the console’s filters to its API only', () => {
    expect(LIST_URLS.admin.apiQuery({ account_id: 'acc_1' }).get('account_id')).toBe('acc_1');
    expect(LIST_URLS.staff.apiQuery({ account_id: 'acc_1' }).get('account_id')).toBeNull();
  });

  it('passes text that is not a day through for the API to report', () => {
    expect(LIST_URLS.staff.apiQuery({ created_from: 'yesterday' }).get('created_from')).toBe('yesterday');
  });
});
