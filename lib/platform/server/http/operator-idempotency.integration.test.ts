import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { purgeExpired } from '@/lib/edge/server/internal/housekeeping/purge-expired';
import { call, callTwiceIdempotent } from '@/test/api';
import { dispatchBody, newAccount, newAdminSession, uniqueSuffix } from '@/test/fixtures';

// An operation declared idempotent honours Idempotency-Key for every audience that may call it:
// the console's admins and the operator token have key spaces of their own (operator_idempotency_keys),
// as accounts and drivers do.

const CANCEL = { reason: 'customer_cancelled' };

describe('Idempotency-Key on the console and the operator API', () => {
  it('replays an admin’s cancel byte for byte, and keeps each admin’s keys apart', async () => {
    const account = await newAccount();
    const created = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() });
    const admin = await newAdminSession();
    const key = `console-${uniqueSuffix()}`;
    const [first] = await callTwiceIdempotent('POST', `/api/admin/dispatches/${created.body.data.id}/cancel`, { cookie: admin.cookie, body: CANCEL, key });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    // Another admin with the same key is another request: answered, not replayed.
    const other = await newAdminSession();
    const theirs = await call('POST', `/api/admin/dispatches/${created.body.data.id}/cancel`, { cookie: other.cookie, body: CANCEL, headers: { 'idempotency-key': key } });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await db().operatorIdempotencyKey.count({ where: { key } })).toBe(2);
  });

  it('replays the operator token’s enable, and refuses the same key with another request', async () => {
    const account = await newAccount();
    await db().webhookEndpoint.create({ data: { id: `whe_${uniqueSuffix()}`, accountId: account.id, url: 'https://hooks.example.com/in', disabledAt: new Date(), disabledReason: 'failing' } });
    const key = `ops-${uniqueSuffix()}`;
    const [first] = await callTwiceIdempotent('POST', `/api/ops/accounts/${account.id}/webhook/enable`, { ops: true, key });
    expect(first.status).toBe(200);
    const other = await newAccount();
    const reused = await call('POST', `/api/ops/accounts/${other.id}/webhook/enable`, { ops: true, headers: { 'idempotency-key': key } });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('idempotency_key_reused');
  });

  it('forgets operator keys after a day, with the others', async () => {
    const key = `old-${uniqueSuffix()}`;
    await db().operatorIdempotencyKey.create({ data: { operator: 'ops', key, requestHash: 'x', createdAt: new Date(Date.now() - 25 * 3_600_000) } });
    await purgeExpired({ deliveryRetentionMs: 30 * 86_400_000 });
    expect(await db().operatorIdempotencyKey.count({ where: { key } })).toBe(0);
  });
});
