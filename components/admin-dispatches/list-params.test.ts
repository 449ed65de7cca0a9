import { describe, expect, it } from 'vitest';
import { adminApiQuery, adminListHref, nextAdminPage, previousAdminPage, readAdminListParams } from './list-params';

describe('the console list’s URL state', () => {
  it('reads every filter and the page, and writes them back in one order', () => {
    const url = new URLSearchParams('status=new&account_id=acc_1&q=%20abc%20&fleet_id=f1&driver_id=drv_1&vendor_bid=b1&cursor=c2&prev=c1&ignored=x');
    const params = readAdminListParams((name) => url.get(name));
    expect(params).toEqual({
      filters: { q: 'abc', account_id: 'acc_1', status: 'new', driver_id: 'drv_1', fleet_id: 'f1', vendor_bid: 'b1' },
      cursor: 'c2',
      prev: ['c1'],
    });
    expect(adminListHref(params)).toBe('/admin/dispatches?q=abc&account_id=acc_1&status=new&driver_id=drv_1&fleet_id=f1&vendor_bid=b1&cursor=c2&prev=c1');
    expect(adminListHref({ filters: {}, prev: [] })).toBe('/admin/dispatches');
  });

  it('pages forward and back through the stack of cursors', () => {
    const first = { filters: { status: 'new' }, prev: [] };
    const second = nextAdminPage(first, 'c1');
    const third = nextAdminPage(second, 'c2');
    expect(third).toEqual({ filters: { status: 'new' }, cursor: 'c2', prev: ['c1'] });
    expect(previousAdminPage(third)).toEqual(second);
    expect(previousAdminPage(second)).toEqual({ filters: { status: 'new' }, cursor: undefined, prev: [] });
  });

  it('sends days as the viewer’s local midnights, the last day included', () => {
    const query = adminApiQuery({ created_from: '2026-03-01', created_to: '2026-03-02', account_id: 'acc_1' }, { limit: 50 });
    expect(query.get('created_from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.get('created_to')).toBe(new Date(2026, 2, 3).toISOString());
    expect(query.get('account_id')).toBe('acc_1');
    expect(query.get('limit')).toBe('50');
  });
});
