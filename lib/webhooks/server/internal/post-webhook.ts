import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '@/lib/webhooks/server/internal/target-address';

export interface PostResult {
  ok: boolean;
  /** HTTP status, or null when no response arrived. */
  statusCode: number | null;
  latencyMs: number;
  /** The first bytes of the response body. */
  responseSnippet: string;
  /** Why no acceptable response arrived (connection error, timeout, refused address). */
  error: string | null;
  /** The URL was refused as a private or loopback address (the SSRF guard), not tried. */
  isAddressRefused: boolean;
}

const SNIPPET_BYTES = 1024;

export class BlockedAddressError extends Error {}

/** A DNS lookup that refuses private addresses, so the address we connect to is the one checked. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const usable = allowPrivate ? list : list.filter((entry) => !isPrivateAddress(entry.address));
      if (usable.length === 0) {
        return callback(new BlockedAddressError(`${hostname} resolves only to private or loopback addresses`), '', 0);
      }
      if (options.all) return callback(null, usable as never, 0);
      const first = usable[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** How long a kept-alive connection may stay idle: under the 5 s of common servers (Node's own), so it is we who close it. */
const IDLE_SOCKET_MS = 4_000;

/**
 * Kept-alive connections for one delivery worker: a receiver's connection serves attempt after
 * attempt instead of a TCP (and TLS) handshake each. The guarded lookup is the agents' own
 * option, which Node applies over the request's: every connection they open is made to an
 * address the SSRF check passed, and a pooled connection is reused only for the same host and
 * port (the agent's key), so what is connected to is always an address checked for that host.
 * DNS is asked again when a connection is opened, not for each request on it. The setting for
 * private addresses is the agents' (`postWebhook` refuses agents made with another one).
 */
export interface WebhookAgents {
  allowPrivate: boolean;
  http: http.Agent;
  https: https.Agent;
  /** Closes the pooled connections (the worker stops). */
  destroy(): void;
}

export function webhookAgents(options: { allowPrivate: boolean }): WebhookAgents {
  const agentOptions = { keepAlive: true, timeout: IDLE_SOCKET_MS, lookup: guardedLookup(options.allowPrivate) };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  return {
    allowPrivate: options.allowPrivate,
    ...agents,
    destroy: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** The errors of a pooled connection the receiver closed just as it was reused: nothing was answered. */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

/**
 * POSTs a JSON body to a webhook URL: the target address is checked on every call (not only at
 * registration), redirects are not followed, and the whole exchange is bounded by `timeoutMs`.
 * An aborted `signal` (the caller's client went away) cancels the request. With `agents` the
 * connection is kept alive for the next call (see webhookAgents); without, it is closed after it.
 */
export function postWebhook(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  signal?: AbortSignal;
  agents?: WebhookAgents;
}): Promise<PostResult> {
  if (options.agents && options.agents.allowPrivate !== options.allowPrivate) {
    throw new Error('postWebhook: the agents were made for another setting of allowPrivate');
  }
  const started = performance.now();
  const done = (partial: Omit<PostResult, 'latencyMs' | 'isAddressRefused'>, isAddressRefused = false): PostResult => ({
    ...partial,
    isAddressRefused,
    latencyMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      return resolve(done({ ok: false, statusCode: null, responseSnippet: '', error: 'invalid URL' }));
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.allowPrivate && isPrivateAddress(host)) {
      return resolve(
        done({ ok: false, statusCode: null, responseSnippet: '', error: `${host} is a private or loopback address` }, true),
      );
    }
    if (options.signal?.aborted) {
      return resolve(done({ ok: false, statusCode: null, responseSnippet: '', error: 'cancelled: the caller went away' }));
    }
    const isHttps = url.protocol === 'https:';
    const transport = isHttps ? https : http;
    let isSettled = false;
    const settle = (result: PostResult) => {
      isSettled = true;
      clearTimeout(deadline);
      options.signal?.removeEventListener('abort', cancel);
      resolve(result);
    };
    let current: http.ClientRequest | null = null;
    const deadline = setTimeout(() => current?.destroy(new Error(`no response within ${options.timeoutMs} ms`)), options.timeoutMs);
    const cancel = () => current?.destroy(new Error('cancelled: the caller went away'));
    options.signal?.addEventListener('abort', cancel, { once: true });
    // `pooled`: a kept-alive connection may be taken; the one retry of a stale one opens its own.
    const send = (pooled: boolean) => {
      const request = transport.request(url, {
        method: 'POST',
        headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body) },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        agent: pooled && options.agents ? (isHttps ? options.agents.https : options.agents.http) : false,
      });
      current = request;
      let hasResponse = false;
      request.on('response', (response) => {
        hasResponse = true;
        const statusCode = response.statusCode ?? null;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < SNIPPET_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          settle(
            done({
              ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
              statusCode,
              responseSnippet: Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8'),
              error: null,
            }),
          );
        });
        response.on('error', (error) => settle(done({ ok: false, statusCode, responseSnippet: '', error: error.message })));
      });
      request.on('timeout', () => request.destroy(new Error(`no response within ${options.timeoutMs} ms`)));
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (isSettled) return;
        // The receiver closed a kept-alive connection as we reused it: it answered nothing, so the
        // attempt is made again at once on a new connection rather than counted as a failure.
        if (pooled && request.reusedSocket && !hasResponse && STALE_CONNECTION_CODES.has(error.code ?? '') && !options.signal?.aborted) {
          return send(false);
        }
        settle(done({ ok: false, statusCode: null, responseSnippet: '', error: error.message }, error instanceof BlockedAddressError));
      });
      request.end(options.body);
    };
    send(true);
  });
}
