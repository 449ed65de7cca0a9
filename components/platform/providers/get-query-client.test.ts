import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getQueryClient } from './get-query-client';

// A write's invalidation shows the write, even when the list's first load was under way: that
// load read the rows before the write, and TanStack Query alone would answer the invalidation
// with it (and keep it as fresh).

describe('the query client, invalidated after a write', () => {
  it('reads again after the write when the first load was still under way', async () => {
    const client = getQueryClient();
    const rows = ['Sandbox'];
    let releaseFirstLoad = () => {};
    const firstLoadHeld = new Promise<void>((resolve) => (releaseFirstLoad = resolve));
    let loads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['fleets'],
      queryFn: async () => {
        const read = [...rows];
        if (++loads === 1) await firstLoadHeld;
        return read;
      },
    });
    const settled = new Promise<string[]>((resolve) =>
      observer.subscribe((result) => {
        if (result.data !== undefined && result.fetchStatus === 'idle') resolve(result.data);
      }),
    );
    await Promise.resolve();
    expect(loads).toBe(1);

    rows.push('North Riyadh');
    const invalidated = client.invalidateQueries({ queryKey: ['fleets'] });
    releaseFirstLoad();
    await invalidated;
    expect(await settled).toEqual(['Sandbox', 'North Riyadh']);
    expect(loads).toBe(2);
  });

  it('leaves alone a first load under way that the invalidation does not name', async () => {
    const client = getQueryClient();
    let loads = 0;
    await client.fetchQuery({ queryKey: ['drivers'], queryFn: async () => ++loads });
    let releaseOther = () => {};
    const other = client.fetchQuery({ queryKey: ['fleets'], queryFn: () => new Promise<string>((resolve) => (releaseOther = () => resolve('kept'))) });
    await client.invalidateQueries({ queryKey: ['drivers'] });
    releaseOther();
    expect(await other).toBe('kept');
    expect(client.getQueryState(['drivers'])?.isInvalidated).toBe(true);
  });
});
