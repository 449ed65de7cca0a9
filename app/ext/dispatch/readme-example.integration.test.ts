import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '@/test/api';
import { newAccount } from '@/test/fixtures';

// The README's create example is what a vendor developer copies first: it must create a
// dispatch as written, and each field it calls required must be refused when left out.

async function readmeCreateBody(): Promise<Record<string, unknown>> {
  const readme = await readFile(path.join(process.cwd(), 'README.md'), 'utf8');
  const match = /ext\/dispatch -H [^\n]*-d @- <<'JSON'\n([\s\S]*?)\nJSON\n/.exec(readme);
  if (!match) throw new Error('the README has no create example (curl … /ext/dispatch … <<\'JSON\')');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

describe("the README's create example", () => {
  it('creates a dispatch as written (201), a cash order whose record says so', async () => {
    const account = await newAccount();
    const body = await readmeCreateBody();
    const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body });
    expect(response.status).toBe(201);
    const record = (await call('GET', `/ext/dispatch/${response.body.data.id}`, { apiKey: account.api_key })).body.data;
    expect(record).toMatchObject({ vendor_oid: body.vendor_oid, current_status: 'new', vendor_payload: { payment_type: 'CASH' } });
  });

  it.each(['pickup', 'destination', 'user_metadata', 'vendor_id', 'vendor_name', 'vendor_oid', 'vendor_bid'])(
    'answers 400 "%s: is required" when that field is left out',
    async (field) => {
      const account = await newAccount();
      const body = await readmeCreateBody();
      delete body[field];
      const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body });
      expect(response.status).toBe(400);
      expect(response.body.error_desc).toBe(`${field}: is required`);
    },
  );
});
