import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, MAX_JSON_DEPTH, readJsonBody } from '@/lib/http/read-json-body';

const post = (body: string) => new Request('http://localhost/ext/dispatch', { method: 'POST', body });
const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects alike, up to and past the limit', () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    const objects = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(exceedsJsonDepth(objects)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ note: '['.repeat(1000), quoted: `"\\"${'{'.repeat(1000)}` });
    expect(exceedsJsonDepth(text)).toBe(false);
  });

  it('measures depth, not the number of siblings', () => {
    expect(exceedsJsonDepth(JSON.stringify(Array.from({ length: 10_000 }, () => [[1]])))).toBe(false);
  });
});

describe('readJsonBody', () => {
  // Regression: 100,000 nested arrays with an Idempotency-Key overflowed the stack while the
  // request was hashed (JSON.stringify), a 500. The depth is refused before anything walks it.
  it('refuses 100,000 nested arrays with 400 invalid_json', async () => {
    await expect(readJsonBody(post(nested(100_000)))).rejects.toMatchObject({ code: 'invalid_json', message: expect.stringContaining(`${MAX_JSON_DEPTH} levels`) });
  });

  it('reads a body at the limit', async () => {
    await expect(readJsonBody(post(nested(MAX_JSON_DEPTH)))).resolves.toBeInstanceOf(Array);
  });
});
