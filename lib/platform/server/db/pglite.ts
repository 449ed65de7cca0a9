import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// PGlite is one in-process Postgres: two instances on one directory silently lose committed
// rows. A pid lock file beside the data directory makes a second process fail loudly.

function lockPath(dataDir: string): string {
  return `${dataDir}.lock`;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process whose parent died too can linger as a zombie until it is reaped: it holds
  // no files any more, so its lock is stale (seen after kill -9 of `npm start`).
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^\d+ \(.*\) [ZX] /s.test(stat);
  } catch {
    return false; // no /proc (macOS): trust kill(pid, 0)
  }
}

function acquireLock(dataDir: string): void {
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (owner === process.pid) return;
      if (Number.isInteger(owner) && isProcessAlive(owner)) {
        throw new Error(
          `The embedded database at ${dataDir} is in use by process ${owner}. ` +
            'Stop that process, or set DATABASE_URL to share a PostgreSQL database between processes.',
        );
      }
      fs.rmSync(file, { force: true }); // stale lock of a process that died
    }
  }
  throw new Error(`Could not lock the embedded database at ${dataDir}`);
}

function releaseLock(dataDir: string): void {
  const file = lockPath(dataDir);
  try {
    if (Number.parseInt(fs.readFileSync(file, 'utf8'), 10) === process.pid) fs.rmSync(file);
  } catch {
    // already gone
  }
}

export interface OpenPGlite {
  pglite: PGlite;
  close(): Promise<void>;
}

/** Opens (creating if needed) the embedded database in `dataDir`, holding its lock until close. */
export function openPGlite(dataDir: string): OpenPGlite {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  acquireLock(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  let closed = false;
  return {
    pglite,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pglite.close();
      } finally {
        releaseLock(dataDir);
      }
    },
  };
}
