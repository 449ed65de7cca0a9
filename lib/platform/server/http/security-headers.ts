import type { Env } from '@/lib/platform/server/env';

// The response headers decided at run time (next.config.mjs's headers() are fixed at build):
// the pages' Content-Security-Policy with its per-request nonce (proxy.ts), HSTS when the
// service is reached over HTTPS (pages and API), and `no-store` on API replies (lib/edge/server/route.ts).

/** Two years, subdomains included (hstspreload.org's recommendation); `preload` itself is left to the operator. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * Whether the page belongs to the admin console, which shows images from hosts we cannot list:
 * the QA queue's thumbnails of drivers' uploads (`media_url`, wherever their app put them). The
 * whole console allows any HTTPS image, not the QA page alone: admins move between console pages
 * by client-side navigation, which keeps the first page's policy. Elsewhere (the dashboard, the
 * tracking page, sign-in) an injected `<img>` cannot send anything to another host.
 */
function showsDriverMedia(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * Whether the page belongs to the driver app, which registers a service worker
 * (public/driver-sw.js). Without `worker-src` a worker falls back to `script-src`, where
 * `'strict-dynamic'` makes browsers ignore `'self'`: the registration would be refused.
 */
function isDriverApp(pathname: string): boolean {
  return pathname === '/driver' || pathname.startsWith('/driver/');
}

type SecurityEnv = Pick<Env, 'NODE_ENV' | 'MAP_TILE_URL' | 'PUBLIC_URL'>;

/** Whether customers and staff reach the service over HTTPS (then browsers are told to stay on it). */
export function isHttpsDeployment(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return env.PUBLIC_URL.toLowerCase().startsWith('https://');
}

/** `Strict-Transport-Security` when served over HTTPS, else nothing (browsers ignore it over plain HTTP anyway). */
export function transportSecurityHeaders(env: Pick<Env, 'PUBLIC_URL'>): Record<string, string> {
  return isHttpsDeployment(env) ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {};
}

const PLACEHOLDER = /\{[^{}]*\}/g;
const PROBE_LABEL = 'tileplaceholder';

/**
 * The CSP source of a Leaflet tile URL template: its origin, with a `{s}` (or any other
 * placeholder) in the host widened to a `*.` wildcard (`https://{s}.tile.example.com/{z}/{x}/{y}.png`
 * → `https://*.tile.example.com`). Null when there is nothing to allow: no tiles (empty), a
 * same-origin path (`'self'` covers it), or a template that is not an http(s) URL.
 */
export function tileSourceOf(tileUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(tileUrl.trim().replace(PLACEHOLDER, PROBE_LABEL));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const labels = url.hostname.split('.');
  const lastTemplated = labels.reduce((found, label, index) => (label.includes(PROBE_LABEL) ? index : found), -1);
  // A placeholder in the last label leaves no fixed domain to allow.
  if (lastTemplated === labels.length - 1) return null;
  const host = lastTemplated === -1 ? url.hostname : ['*', ...labels.slice(lastTemplated + 1)].join('.');
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

/**
 * The Content-Security-Policy of a page. Scripts run only by the request's nonce, which Next.js
 * reads from this same header (sent on the request by proxy.ts) and puts on every script it
 * renders; `'strict-dynamic'` extends that trust to the chunks those scripts load.
 *
 * Styles: `<style>` and stylesheet links need the nonce or our origin, but style *attributes* are
 * allowed (`style-src-attr 'unsafe-inline'`): React renders `style={…}` props into the HTML
 * and Leaflet positions its panes, tiles and pins with them. Attribute CSS cannot run script;
 * what it could do (restyle, or load an image) is bounded by `img-src`.
 *
 * In development `next dev` evaluates code (`'unsafe-eval'`) and injects `<style>` tags without
 * the nonce, so both are allowed there only.
 */
export function pageContentSecurityPolicy(options: { nonce: string; pathname: string; env: SecurityEnv }): string {
  const { nonce, pathname, env } = options;
  const isDevelopment = env.NODE_ENV === 'development';
  const tileSource = tileSourceOf(env.MAP_TILE_URL);
  const imageSources = ["'self'", 'data:', 'blob:', ...(tileSource ? [tileSource] : []), ...(showsDriverMedia(pathname) ? ['https:'] : [])];
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ''}`,
    ...(isDevelopment ? ["style-src 'self' 'unsafe-inline'"] : [`style-src 'self' 'nonce-${nonce}'`, "style-src-attr 'unsafe-inline'"]),
    `img-src ${imageSources.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    ...(isDriverApp(pathname) ? ["worker-src 'self'", "manifest-src 'self'"] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttpsDeployment(env) ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** A fresh nonce: 128 random bits, base64 (what CSP's `'nonce-…'` and Next's parser accept). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/** Every header proxy.ts adds to a page: its CSP, and HSTS over HTTPS. */
export function pageSecurityHeaders(options: { nonce: string; pathname: string; env: SecurityEnv }): Record<string, string> {
  return { 'content-security-policy': pageContentSecurityPolicy(options), ...transportSecurityHeaders(options.env) };
}

/**
 * `Cache-Control` of an API reply: it carries one caller's data (records, keys, secrets,
 * customers' names and phones), so no browser or shared cache may store it. A route's own
 * directives are kept (the CSV's `private`, the event streams' `no-transform`); `no-store` is
 * added when they lack it.
 */
export function withNoStore(cacheControl: string | null): string {
  if (!cacheControl) return 'no-store';
  const directives = cacheControl.split(',').map((directive) => directive.trim().toLowerCase());
  return directives.includes('no-store') ? cacheControl : `no-store, ${cacheControl}`;
}
