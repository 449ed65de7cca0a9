import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '@/lib/http/cursor';

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
