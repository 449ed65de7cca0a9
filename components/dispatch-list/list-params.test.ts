import { describe, expect, it } from 'vitest';
import { apiQuery, listHref, nextPage, previousPage, readListParams } from '@/components/dispatch-list/list-params';

const from = (query: string) => {
  const search = new URLSearchParams(query);
  return readListParams((name) => search.get(name));
};

describe('list params in the URL', () => {
  it('reads filters and the page, dropping blanks and a stack without a cursor', () => {
    expect(from('q=%20abc%20&status=&vendor_bid=b1&prev=x.y')).toEqual({ filters: { q: 'abc', vendor_bid: 'b1' }, cursor: undefined, prev: [] });
    expect(from('cursor=c3&prev=c1.c2')).toEqual({ filters: {}, cursor: 'c3', prev: ['c1', 'c2'] });
  });

  it('writes the same URL back', () => {
    for (const href of ['/dispatches', '/dispatches?q=abc&status=new', '/dispatches?vendor_bid=b1&cursor=c3&prev=c1.c2']) {
      expect(listHref(from(href.split('?')[1] ?? ''))).toBe(href);
    }
  });

  it('pages forward and back through the cursor stack', () => {
    const first = from('status=new');
    const second = nextPage(first, 'c2');
    const third = nextPage(second, 'c3');
    expect(third).toEqual({ filters: { status: 'new' }, cursor: 'c3', prev: ['c2'] });
    expect(previousPage(third)).toEqual(second);
    expect(previousPage(second)).toEqual({ filters: { status: 'new' }, cursor: undefined, prev: [] });
  });
});

describe('apiQuery', () => {
  it('turns the days into local-midnight bounds, the last day included', () => {
    const query = apiQuery({ created_from: '2026-03-01', created_to: '2026-03-31' }, { limit: 25 });
    expect(query.get('created_from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.get('created_to')).toBe(new Date(2026, 3, 1).toISOString());
    expect(query.get('limit')).toBe('25');
  });

  it('passes text that is not a day through for the API to report', () => {
    expect(apiQuery({ created_from: 'yesterday' }).get('created_from')).toBe('yesterday');
  });
});
