import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf } from '@/lib/platform/server/paging/cursor';

describe('cursor', () => {
  it('round-trips the position', () => {
    const position = { createdAt: new Date('2026-11-22T03:00:00.123Z'), id: 'dsp_0mwr9nezp00006haxp29if' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each(['', 'not-a-cursor', Buffer.from('123.bad id').toString('base64url'), Buffer.from("1.x' OR 1=1").toString('base64url')])(
    'refuses %j with a 400',
    (value) => {
      expect(() => decodeCursor(value)).toThrowError(expect.objectContaining({ code: 'invalid_request' }));
    },
  );
});

describe('pageOf', () => {
  const rows = [3, 2, 1].map((n) => ({ createdAt: new Date(Date.UTC(2026, 10, 22, n)), id: `row_${n}` }));

  it('drops the extra row and points the next page after the last row kept', () => {
    const page = pageOf(rows, 2, (row) => row.id);
    expect(page.data).toEqual(['row_3', 'row_2']);
    expect(decodeCursor(page.next_cursor!)).toEqual({ createdAt: rows[1]!.createdAt, id: 'row_2' });
  });

  it('has no next page when no extra row came', () => {
    expect(pageOf(rows, 3, (row) => row.id)).toEqual({ data: ['row_3', 'row_2', 'row_1'], next_cursor: null });
    expect(pageOf([], 3, (row) => row)).toEqual({ data: [], next_cursor: null });
  });
});
