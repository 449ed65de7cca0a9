import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { staffOfNewAccount } from '@/test/fixtures';
import { OPS_TOKEN } from '@/test/ops-token';

// Calls the real route handlers the way Next's router would: same Request, same params promise.
// The route is found on disk as Next finds it (static segment, else [param], else [...param]),
// so a new route file needs no registration here.

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const APP_DIR = path.resolve(import.meta.dirname, '../app');

const found = new Map<string, ReturnType<typeof findRoute>>();

/** findRoute once per path: the directory walk is not repeated for every call of a test file. */
function routeOf(pathname: string): ReturnType<typeof findRoute> {
  if (!found.has(pathname)) found.set(pathname, findRoute(pathname));
  return found.get(pathname)!;
}

function findRoute(pathname: string): { file: string; params: Record<string, string | string[]> } | null {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const walk = (dir: string, index: number, params: Record<string, string | string[]>): ReturnType<typeof findRoute> => {
    if (index === segments.length) {
      const file = path.join(dir, 'route.ts');
      return fs.existsSync(file) ? { file, params } : null;
    }
    const segment = segments[index]!;
    const entries = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const exact = entries.find((entry) => entry.name === segment);
    if (exact) {
      const found = walk(path.join(dir, exact.name), index + 1, params);
      if (found) return found;
    }
    // Route groups, `(staff)`, are folders that add no segment.
    for (const group of entries.filter((entry) => /^\(.+\)$/.test(entry.name))) {
      const found = walk(path.join(dir, group.name), index, params);
      if (found) return found;
    }
    for (const entry of entries) {
      const single = /^\[(\w+)\]$/.exec(entry.name);
      if (single) {
        const found = walk(path.join(dir, entry.name), index + 1, { ...params, [single[1]!]: segment });
        if (found) return found;
      }
    }
    for (const entry of entries) {
      const rest = /^\[\.\.\.(\w+)\]$/.exec(entry.name);
      if (rest) {
        const file = path.join(dir, entry.name, 'route.ts');
        if (fs.existsSync(file)) return { file, params: { ...params, [rest[1]!]: segments.slice(index) } };
      }
    }
    return null;
  };
  return walk(APP_DIR, 0, {});
}

// Tests read response bodies loosely, like a client would; the schemas are checked elsewhere.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Sent as x-api-key. */
  apiKey?: string;
  /** Sends the operator token. */
  ops?: boolean;
  /** A Cookie header (a dashboard session); also marks the request same-origin. */
  cookie?: string;
}

/** Fetch Metadata of a request from another site: the dashboard's CSRF check refuses it. */
export const CROSS_SITE = { 'sec-fetch-site': 'cross-site' };

export async function call(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse> {
  const { pathname } = new URL(url, 'http://localhost');
  const route = routeOf(pathname);
  if (!route) throw new Error(`No route for ${pathname}`);
  const routeModule = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
  const handler = routeModule[method] as Handler | undefined;
  if (!handler) throw new Error(`${method} ${pathname} has no handler`);
  const headers = new Headers(options.headers);
  if (options.apiKey) headers.set('x-api-key', options.apiKey);
  if (options.ops) headers.set('authorization', `Bearer ${OPS_TOKEN}`);
  if (options.cookie) headers.set('cookie', options.cookie);
  // A browser on the dashboard's own pages says so (Fetch Metadata); the CSRF check relies on it.
  if (options.cookie && !headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin');
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined && !options.raw && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const request = new Request(new URL(url, 'http://localhost'), { method, headers, body: payload });
  const response = await handler(request, { params: Promise.resolve(route.params) });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  return { status: response.status, body: text ? (isJson ? JSON.parse(text) : text) : undefined, headers: response.headers };
}

/**
 * Sends one request twice under the same Idempotency-Key and expects the second answer to be the
 * first one replayed: same status and body, marked `idempotent-replayed: true`.
 */
export async function callTwiceIdempotent(method: string, url: string, options: CallOptions & { key: string }): Promise<[first: ApiResponse, retry: ApiResponse]> {
  const { key, ...sent } = options;
  sent.headers = { ...sent.headers, 'idempotency-key': key };
  const first = await call(method, url, sent);
  const retry = await call(method, url, sent);
  expect(retry.status).toBe(first.status);
  expect(retry.body).toEqual(first.body);
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  return [first, retry];
}

/**
 * The create's answer, on every audience that mounts it (lib/dispatch/server/operations/commands.ts):
 * 201 with `{ data: { id } }` and nothing more. Returns the new dispatch's id.
 */
export function createdDispatchId(response: ApiResponse): string {
  expect(response.status).toBe(201);
  expect(response.body).toEqual({ data: { id: expect.stringMatching(/^dsp_/) } });
  return response.body.data.id;
}

/**
 * Posts `body` to a dashboard endpoint as a new account's staff and expects it refused with 400
 * invalid_request naming `field`. Returns the account, for the caller to check nothing was written.
 */
export async function postRefusedAsStaff(url: string, body: unknown, field: string) {
  const { account, cookie } = await staffOfNewAccount();
  const response = await call('POST', url, { cookie, body });
  expect(response.status).toBe(400);
  expect(response.body.error).toBe('invalid_request');
  expect(response.body.error_desc).toMatch(new RegExp(`^${field}: `));
  return account;
}

/**
 * Sends a request that must be refused with `status` (and the `error` code, when given) and must
 * leave what `written` reads exactly as it was. Returns the answer, for checks of its wording.
 */
export async function expectRefusedUnwritten(written: () => Promise<unknown>, send: () => Promise<ApiResponse>, status: number, error?: string) {
  const before = await written();
  const response = await send();
  expect(response.status).toBe(status);
  if (error !== undefined) expect(response.body.error).toBe(error);
  expect(await written()).toEqual(before);
  return response;
}
