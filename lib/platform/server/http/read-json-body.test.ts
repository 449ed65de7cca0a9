import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, illFormedStringPath, MAX_JSON_DEPTH, readJsonBody } from '@/lib/platform/server/http/read-json-body';

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

  // Regression: a lone UTF-16 surrogate in user_metadata.firstName answered 500 (PostgreSQL refused
  // the JSON in the customer-name index). Ill-formed text is refused where every body is read.
  it('refuses a string or key holding half a surrogate pair, naming where it is', async () => {
    for (const [body, path] of [
      ['{"user_metadata":{"firstName":"\\ud800"}}', 'user_metadata.firstName'],
      ['{"notes":["ok","a\\udfffb"]}', 'notes[1]'],
      ['{"\\udbff":1}', '\ufffd'],
      ['"\\ud83d"', '(the body)'],
    ] as const) {
      await expect(readJsonBody(post(body)), body).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(new RegExp(`^${path.replace(/[[\]()]/g, '\\$&')}: is not well-formed Unicode`)) });
    }
  });

  it('accepts surrogate pairs, escaped or not, and an escaped backslash before "ud800"', async () => {
    await expect(readJsonBody(post('{"name":"\\ud83d\\ude00 😀","note":"\\\\ud800"}'))).resolves.toEqual({ name: '😀 😀', note: '\\ud800' });
  });

  it('names the path of an ill-formed string anywhere in the value', () => {
    expect(illFormedStringPath({ a: [{ b: 'fine' }, { c: '\ud800' }] })).toBe('a[1].c');
    expect(illFormedStringPath({ a: ['😀'] })).toBeNull();
  });
});
