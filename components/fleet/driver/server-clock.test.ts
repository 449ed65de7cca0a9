import { beforeEach, describe, expect, it } from 'vitest';
import { learnServerTime, resetServerClock, toServerTime } from './server-clock';

describe('the server clock', () => {
  beforeEach(() => resetServerClock());

  it('moves a phone running five minutes fast onto the server’s time', () => {
    const server = Date.parse('2026-11-25T10:00:00.000Z');
    const phone = server + 5 * 60_000;
    learnServerTime(new Date(server).toISOString(), phone);
    expect(toServerTime(phone + 10_000)).toBe(server + 10_000);
  });

  it('leaves the phone’s time as it is until it learns otherwise, and ignores an answer without a time', () => {
    learnServerTime(undefined, Date.now());
    expect(toServerTime(1_000)).toBe(1_000);
  });
});
