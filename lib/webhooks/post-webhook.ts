import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '@/lib/webhooks/target-address';

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

/**
 * POSTs a JSON body to a webhook URL: the target address is checked on every call (not only at
 * registration), redirects are not followed, and the whole exchange is bounded by `timeoutMs`.
 * An aborted `signal` (the caller's client went away) cancels the request.
 */
export function postWebhook(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  signal?: AbortSignal;
}): Promise<PostResult> {
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
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body) },
      lookup: guardedLookup(options.allowPrivate),
      timeout: options.timeoutMs,
      agent: false,
    });
    const cancel = () => request.destroy(new Error('cancelled: the caller went away'));
    options.signal?.addEventListener('abort', cancel, { once: true });
    request.on('close', () => options.signal?.removeEventListener('abort', cancel));
    const deadline = setTimeout(() => request.destroy(new Error(`no response within ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('response', (response) => {
      const statusCode = response.statusCode ?? null;
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < SNIPPET_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => {
        clearTimeout(deadline);
        resolve(
          done({
            ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
            statusCode,
            responseSnippet: Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8'),
            error: null,
          }),
        );
      });
      response.on('error', (error) => {
        clearTimeout(deadline);
        resolve(done({ ok: false, statusCode, responseSnippet: '', error: error.message }));
      });
    });
    request.on('timeout', () => request.destroy(new Error(`no response within ${options.timeoutMs} ms`)));
    request.on('error', (error) => {
      clearTimeout(deadline);
      resolve(done({ ok: false, statusCode: null, responseSnippet: '', error: error.message }, error instanceof BlockedAddressError));
    });
    request.end(options.body);
  });
}
