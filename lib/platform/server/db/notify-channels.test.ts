import { describe, expect, it } from 'vitest';
import { AUTH_CHANGES_CHANNEL } from '@/lib/platform/server/auth/caller-cache';
import { readSqlFiles } from '@/lib/platform/server/db/sql-definitions';
import { DISPATCH_CHANGES_CHANNEL } from '@/lib/dispatch/server/live/dispatch-changes';
import { DISPATCH_ENGINE_CHANNEL } from '@/lib/engine/server/live/engine';
import { DELIVERY_CHANNEL } from '@/lib/webhooks/server/internal/wake-workers';

// A channel name is written twice, once where the database notifies it (lib/<module>/server/sql) and once
// where the server listens (a TypeScript constant): a typo on either side would leave the
// listener waiting for notifications that never come, with no error anywhere.
describe('notify channels', () => {
  it('notifies, in lib/<module>/server/sql, exactly the channels the server listens on, each in one file', async () => {
    const notified = (await readSqlFiles()).flatMap((file) =>
      [...new Set([...file.sql.matchAll(/pg_notify\(\s*'([^']+)'/g)].map((match) => match[1]))].map((channel) => ({ channel, file: file.name })),
    );
    expect(notified).toEqual(
      expect.arrayContaining([
        { channel: DELIVERY_CHANNEL, file: '30_webhook_wake_workers.sql' },
        { channel: DISPATCH_CHANGES_CHANNEL, file: '40_notify_dispatch_change.sql' },
        { channel: DISPATCH_ENGINE_CHANNEL, file: '45_wake_dispatch_engine.sql' },
        { channel: AUTH_CHANGES_CHANNEL, file: '50_notify_auth_change.sql' },
      ]),
    );
    expect(notified).toHaveLength(4);
  });

  it('names channels only as literals in lib/<module>/server/sql, so the check above sees every one', async () => {
    for (const file of await readSqlFiles()) {
      expect([...file.sql.matchAll(/pg_notify\(\s*[^'\s]/g)], file.name).toEqual([]);
    }
  });
});
