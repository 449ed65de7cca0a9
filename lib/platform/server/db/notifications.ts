import pg from 'pg';
import { getEnv } from '@/lib/platform/server/env';
import { embeddedDatabase, onClose } from '@/lib/platform/server/db/client';

export interface Subscription {
  /** True while notifications are being received; false during a reconnect. */
  readonly isLive: boolean;
}

const RECONNECT_MS = 1_000;

/**
 * LISTENs on a PostgreSQL channel, on the embedded database or on a dedicated connection to
 * PostgreSQL. `onDown` runs whenever notifications may have been missed (connection lost);
 * the connection is re-established until the database client closes.
 */
export function subscribe(channel: string, onMessage: (payload: string) => void, onDown: () => void): Subscription {
  const state = { isLive: false, isClosed: false };
  const embedded = embeddedDatabase();

  if (embedded) {
    const unlisten = embedded.pglite.listen(channel, onMessage);
    void unlisten.then(
      () => {
        state.isLive = !state.isClosed;
      },
      () => onDown(),
    );
    onClose(async () => {
      state.isClosed = true;
      state.isLive = false;
      await (await unlisten.catch(() => null))?.();
    });
    return state;
  }

  let client: pg.Client | null = null;
  const connect = async () => {
    if (state.isClosed) return;
    const next = new pg.Client({ connectionString: getEnv().DATABASE_URL });
    const down = () => {
      if (client !== next) return;
      client = null;
      state.isLive = false;
      onDown();
      next.end().catch(() => {});
      if (!state.isClosed) setTimeout(connect, RECONNECT_MS).unref();
    };
    next.on('error', down);
    next.on('end', down);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client === next) state.isLive = !state.isClosed;
    } catch {
      down();
    }
  };
  void connect();
  onClose(async () => {
    state.isClosed = true;
    state.isLive = false;
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  });
  return state;
}
