import { describe, expect, it } from 'vitest';
import { newId, newReadableCode, newSecret, newSortableId } from '@/lib/platform/server/ids/new-id';

describe('new ids', () => {
  it('have their prefix, length and alphabet', () => {
    expect(newId('dsp')).toMatch(/^dsp_[0-9A-Za-z]{22}$/);
    expect(newReadableCode()).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(newSecret(24)).toMatch(/^[0-9A-Za-z]{24}$/);
    expect(newSortableId('dsp')).toMatch(/^dsp_[0-9a-z]{22}$/);
  });

  // Draws far more than one batch of random bytes: a refill that repeated or skipped bytes would
  // show as duplicates or as a skewed alphabet.
  it('never repeat, and use every character about equally, across many batches of random bytes', () => {
    const ids = Array.from({ length: 20_000 }, () => newSecret(12));
    expect(new Set(ids).size).toBe(ids.length);
    const counts = new Map<string, number>();
    for (const id of ids) for (const char of id) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (20_000 * 12) / 62;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.1);
  });

  it('sort in creation order within a process (sortable ids)', () => {
    const ids = Array.from({ length: 1_000 }, () => newSortableId('evt'));
    expect([...ids].sort()).toEqual(ids);
  });
});
