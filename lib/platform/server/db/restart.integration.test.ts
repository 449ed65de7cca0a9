import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPGlite } from '@/lib/platform/server/db/pglite';
import { closeDb, db } from '@/lib/platform/server/db/client';
import { call } from '@/test/api';
import { dispatchBody, newAccount } from '@/test/fixtures';

describe('restart', () => {
  it('keeps every account, key, dispatch, history entry and event across a close and reopen', async () => {
    const account = await newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() })).body.data.id);
    }
    const before = await Promise.all(ids.map(async (id) => (await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body));
    const eventsBefore = await db().dispatchEvent.count({ where: { accountId: account.id } });

    await closeDb();

    const after = await Promise.all(ids.map(async (id) => (await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body));
    expect(after).toEqual(before);
    expect(await db().dispatchEvent.count({ where: { accountId: account.id } })).toBe(eventsBefore);
  });
});

describe('embedded database lock', () => {
  it('makes a second process fail loudly instead of opening the same data directory', async (context) => {
    const { dbKind } = await import('@/lib/platform/server/db/client');
    const { runMigrateScript } = await import('@/test/run-migrations');
    await db().$queryRaw`SELECT 1`;
    if (dbKind() !== 'pglite') return context.skip();
    await expect(runMigrateScript({ DATA_DIR: process.env.DATA_DIR!, DATABASE_URL: '' })).rejects.toMatchObject({
      stderr: expect.stringMatching(/in use by process \d+/),
    });
  });
});

describe('embedded database lock after a crash', () => {
  // After kill -9 of `npm start`, the killed server lingered as an unreaped zombie whose pid
  // still answered kill(pid, 0): its stale lock stopped the restart.
  it('takes over the lock of a process that died, even one left as a zombie', async (context) => {
    if (process.platform !== 'linux') return context.skip();
    // `sh` starts a short-lived child, then becomes `sleep`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const zombie = Number((await new Promise<Buffer>((resolve) => parent.stdout.once('data', resolve))).toString());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-lock-'));
    try {
      fs.writeFileSync(`${path.join(dir, 'pglite')}.lock`, String(zombie));
      const embedded = openPGlite(path.join(dir, 'pglite'));
      await embedded.pglite.query('SELECT 1');
      await embedded.close();
    } finally {
      parent.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
