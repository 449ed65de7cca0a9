import net from 'node:net';

// Counts the SQL statements that processes send to PostgreSQL, without pg_stat_statements (it
// needs a server restart to load) or statement logging (its file is the server's, wherever its
// packaging puts it): a TCP relay in front of the server that reads the client's half of the wire
// protocol. Every statement executed is one `Query` message (simple protocol: `Q`) or one
// `Execute` message (extended protocol, which pg and Prisma's adapter use: `E`), so BEGIN and
// COMMIT count as statements too — each is a round trip and a server-side command all the same.
// The relay costs the bench process a little CPU per message; `--count-statements 0` leaves it out.

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export interface StatementCounter {
  /** `databaseUrl` with its host and port replaced by the relay's. */
  urlFor(databaseUrl: string): string;
  /** Statements relayed so far, all connections together. */
  readonly statements: number;
  close(): Promise<void>;
}

export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    upstream.pipe(client);
    // The client's messages: a start-up message (length, code; no type byte), then typed ones
    // (type byte, length). A message may span chunks, so only its header is looked at, and the
    // bytes of its remainder skipped.
    let isStartup = true;
    let pending = Buffer.alloc(0);
    let skip = 0;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      while (data.length > 0) {
        if (skip > 0) {
          const skipped = Math.min(skip, data.length);
          skip -= skipped;
          data = data.subarray(skipped);
          continue;
        }
        const headerLength = isStartup ? 8 : 5;
        if (data.length < headerLength) {
          pending = Buffer.from(data);
          break;
        }
        if (isStartup) {
          const code = data.readInt32BE(4);
          // SSL or GSS encryption asked first: the start-up message follows (unencrypted only).
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) isStartup = false;
          skip = data.readInt32BE(0);
        } else {
          const type = String.fromCharCode(data[0]!);
          if (type === 'Q' || type === 'E') statements++;
          skip = 1 + data.readInt32BE(1);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    urlFor(url: string) {
      const relayed = new URL(url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      return relayed.toString();
    },
    get statements() {
      return statements;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
