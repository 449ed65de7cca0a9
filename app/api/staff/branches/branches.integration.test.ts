import { describe, expect, it } from 'vitest';
import { BranchSchema, type BranchInput } from '@/lib/accounts/shared/branches/schemas';
import { db } from '@/lib/platform/server/db/client';
import { CROSS_SITE, call } from '@/test/api';
import { staffOfNewAccount, uniqueSuffix } from '@/test/fixtures';

function branchInput(overrides: Partial<BranchInput> = {}): BranchInput {
  return {
    vendor_bid: `branch-${uniqueSuffix()}`,
    name: 'Olaya',
    pickup: { lat: 24.6937, lng: 46.6851, address_line: 'Olaya St, Riyadh' },
    ...overrides,
  };
}

async function createBranch(cookie: string, input: BranchInput = branchInput()) {
  const response = await call('POST', '/api/staff/branches', { cookie, body: input });
  expect(response.status).toBe(201);
  return response.body.data as { id: string } & BranchInput;
}

describe('branch CRUD', () => {
  it('adds, lists, edits and deletes a branch with its saved pickup', async () => {
    const { cookie } = await staffOfNewAccount();
    const created = await createBranch(cookie, branchInput({ name: 'Olaya', vendor_bid: 'olaya' }));
    expect(BranchSchema.parse(created)).toEqual(created);

    const edited = await call('PATCH', `/api/staff/branches/${created.id}`, {
      cookie,
      body: { name: 'Olaya North', vendor_bid: 'olaya-n', pickup: { lat: 24.7, lng: 46.69, address_line: 'Tahlia St' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      data: { id: created.id, vendor_bid: 'olaya-n', name: 'Olaya North', pickup: { lat: 24.7, lng: 46.69, address_line: 'Tahlia St' } },
    });
    const renamed = await call('PATCH', `/api/staff/branches/${created.id}`, { cookie, body: { name: '  Olaya  ' } });
    expect(renamed.body.data).toMatchObject({ name: 'Olaya', vendor_bid: 'olaya-n', pickup: { lat: 24.7 } });
    expect((await call('GET', '/api/staff/branches', { cookie })).body.data).toEqual([renamed.body.data]);

    const deleted = await call('DELETE', `/api/staff/branches/${created.id}`, { cookie });
    expect(deleted.status).toBe(204);
    expect((await call('GET', '/api/staff/branches', { cookie })).body.data).toEqual([]);
    expect((await call('DELETE', `/api/staff/branches/${created.id}`, { cookie })).status).toBe(404);
  });

  it('refuses a vendor_bid another branch of the account has with 400 duplicate_branch, on add and on edit', async () => {
    const { cookie } = await staffOfNewAccount();
    await createBranch(cookie, branchInput({ vendor_bid: 'taken' }));
    const second = await createBranch(cookie, branchInput({ vendor_bid: 'free' }));

    const added = await call('POST', '/api/staff/branches', { cookie, body: branchInput({ vendor_bid: 'taken' }) });
    expect(added.status).toBe(400);
    expect(added.body).toEqual({ error: 'duplicate_branch', error_desc: 'vendor_bid: a branch with vendor_bid "taken" already exists' });

    const edited = await call('PATCH', `/api/staff/branches/${second.id}`, { cookie, body: { vendor_bid: 'taken', name: 'Changed' } });
    expect(edited.status).toBe(400);
    expect(edited.body.error).toBe('duplicate_branch');
    expect(edited.body.error_desc).toMatch(/^vendor_bid: /);
    const stored = await db().branch.findUniqueOrThrow({ where: { id: second.id } });
    expect([stored.vendorBid, stored.name]).toEqual(['free', 'Olaya']);

    // The same vendor_bid in another account is no conflict.
    const other = await staffOfNewAccount();
    await createBranch(other.cookie, branchInput({ vendor_bid: 'taken' }));
  });

  it.each([
    [{}, /^body: must change at least one/],
    [{ name: '' }, /^name: /],
    [{ vendor_bid: '   ' }, /^vendor_bid: /],
    [{ pickup: { lat: 91, lng: 46.6 } }, /^pickup\.lat: must be <= 90/],
    [{ pickup: { lat: 24.7 } }, /^pickup\.lng: /],
    [{ pickup: { lat: 24.7, lng: 46.6, address_line: 'x'.repeat(1001) } }, /^pickup\.address_line: /],
  ])('refuses the edit %j with 400 invalid_request naming the field, changing nothing', async (body, message) => {
    const { cookie } = await staffOfNewAccount();
    const branch = await createBranch(cookie);
    const response = await call('PATCH', `/api/staff/branches/${branch.id}`, { cookie, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(message);
    const stored = await db().branch.findUniqueOrThrow({ where: { id: branch.id } });
    expect({ id: stored.id, vendor_bid: stored.vendorBid, name: stored.name, pickup: stored.pickup }).toEqual(branch);
  });

  it("answers 404 to an edit or delete of another account's branch (left as it was) and of an unknown id", async () => {
    const { cookie } = await staffOfNewAccount();
    const other = await staffOfNewAccount();
    const theirs = await createBranch(other.cookie);
    for (const id of [theirs.id, 'brn_unknown']) {
      const edited = await call('PATCH', `/api/staff/branches/${id}`, { cookie, body: { name: 'Mine now' } });
      expect(edited.status).toBe(404);
      expect(edited.body.error).toBe('not_found');
      const deleted = await call('DELETE', `/api/staff/branches/${id}`, { cookie });
      expect(deleted.status).toBe(404);
    }
    expect((await call('GET', '/api/staff/branches', { cookie: other.cookie })).body.data).toEqual([theirs]);
  });

  it('answers 401 without a session and 403 to cross-site writes, changing nothing', async () => {
    const { cookie } = await staffOfNewAccount();
    const branch = await createBranch(cookie);
    expect((await call('PATCH', `/api/staff/branches/${branch.id}`, { body: { name: 'X' } })).status).toBe(401);
    expect((await call('DELETE', `/api/staff/branches/${branch.id}`)).status).toBe(401);
    const patched = await call('PATCH', `/api/staff/branches/${branch.id}`, { cookie, body: { name: 'X' }, headers: CROSS_SITE });
    expect(patched.status).toBe(403);
    expect(patched.body.error).toBe('cross_site_request');
    const deleted = await call('DELETE', `/api/staff/branches/${branch.id}`, { cookie, headers: CROSS_SITE });
    expect(deleted.status).toBe(403);
    expect((await call('GET', '/api/staff/branches', { cookie })).body.data).toEqual([branch]);
  });
});
