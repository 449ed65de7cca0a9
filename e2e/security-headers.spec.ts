import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAdmin } from './admin';
import { cspViolations } from './axe';
import { order } from './orders';
import { createStaffAccount, OPS_HEADERS } from './staff';

// A security probe found the pages without a real Content-Security-Policy (only frame-ancestors:
// an injected script would have run) and API replies carrying customers' names and phones, API
// keys and webhook secrets with no Cache-Control, so any cache could keep them. One request per
// route file against the production server; a route file this table does not know fails the
// walk, so a new route is never skipped silently.

/** Who sends the request: nobody, a vendor's API key, a staff or admin session, the ops token. */
type Caller = 'anonymous' | 'vendor' | 'staff' | 'admin' | 'ops' | 'driver';

/**
 * What the answer must carry: `page` the pages' CSP with this request's nonce on every script;
 * `private` (an API answer with personal data, keys or secrets, errors included) `no-store`;
 * `docs` the API reference's own static policy; `public` (health, the OpenAPI document, Swagger
 * UI's files: nobody's data) only what every answer carries.
 */
type Kind = 'page' | 'private' | 'docs' | 'public';

interface Probe {
  method: string;
  path: string;
  as: Caller;
  kind: Kind;
  data?: unknown;
}

/** Records made for the walk; routes about other records use made-up ids (a 404 is an answer too). */
interface Made {
  staff: { email: string; password: string };
  accountId: string;
  dispatchId: string;
  token: string;
  driverId: string;
}

const UNKNOWN = 'no_such_id';
const POINTS = { pickup: { lat: 24.6953, lng: 46.6851 }, destination: { lat: 24.7743, lng: 46.7386 } };

const page = (pathname: string, as: Caller): Probe => ({ method: 'GET', path: pathname, as, kind: 'page' });
const api = (method: string, pathname: string, as: Caller, data?: unknown): Probe => ({ method, path: pathname, as, kind: 'private', data });
const open = (pathname: string, kind: Kind = 'public'): Probe => ({ method: 'GET', path: pathname, as: 'anonymous', kind });

const ROUTES: Record<string, (made: Made) => Probe> = {
  // Pages.
  'app/page.tsx': () => page('/', 'anonymous'),
  'app/login/page.tsx': () => page('/login', 'anonymous'),
  'app/t/[token]/page.tsx': ({ token }) => page(`/t/${token}`, 'anonymous'),
  'app/(staff)/dispatches/page.tsx': () => page('/dispatches', 'staff'),
  'app/(staff)/dispatches/new/page.tsx': () => page('/dispatches/new', 'staff'),
  'app/(staff)/dispatches/[id]/page.tsx': ({ dispatchId }) => page(`/dispatches/${dispatchId}`, 'staff'),
  'app/(staff)/settings/page.tsx': () => page('/settings', 'staff'),
  'app/(staff)/settings/api-keys/page.tsx': () => page('/settings/api-keys', 'staff'),
  'app/(staff)/settings/branches/page.tsx': () => page('/settings/branches', 'staff'),
  'app/(staff)/settings/tariff/page.tsx': () => page('/settings/tariff', 'staff'),
  'app/(admin)/admin/page.tsx': () => page('/admin', 'admin'),
  'app/(admin)/admin/accounts/page.tsx': () => page('/admin/accounts', 'admin'),
  'app/(admin)/admin/accounts/[id]/page.tsx': ({ accountId }) => page(`/admin/accounts/${accountId}`, 'admin'),
  'app/(admin)/admin/dispatches/page.tsx': () => page('/admin/dispatches', 'admin'),
  'app/(admin)/admin/dispatches/[id]/page.tsx': ({ dispatchId }) => page(`/admin/dispatches/${dispatchId}`, 'admin'),
  'app/(admin)/admin/drivers/page.tsx': () => page('/admin/drivers', 'admin'),
  'app/(admin)/admin/drivers/[id]/page.tsx': ({ driverId }) => page(`/admin/drivers/${driverId}`, 'admin'),
  'app/(admin)/admin/fleets/page.tsx': () => page('/admin/fleets', 'admin'),
  'app/(admin)/admin/map/page.tsx': () => page('/admin/map', 'admin'),
  'app/(admin)/admin/qa/page.tsx': () => page('/admin/qa', 'admin'),
  'app/driver/login/page.tsx': () => page('/driver/login', 'anonymous'),
  'app/driver/link/[token]/page.tsx': () => page(`/driver/link/${UNKNOWN}`, 'anonymous'),
  'app/driver/(app)/page.tsx': () => page('/driver', 'driver'),
  'app/driver/(app)/jobs/[id]/page.tsx': () => page(`/driver/jobs/${UNKNOWN}`, 'driver'),

  // The API reference (a static page with its own policy) and its files.
  'app/docs/route.ts': () => open('/docs', 'docs'),
  'app/docs/init.js/route.ts': () => open('/docs/init.js'),
  'app/docs/assets/[file]/route.ts': () => open('/docs/assets/swagger-ui.css'),

  // The vendor API.
  'app/ext/[...path]/route.ts': () => api('GET', '/ext/no-such-endpoint', 'vendor'),
  'app/ext/openapi.json/route.ts': () => open('/ext/openapi.json'),
  'app/ext/statuses/route.ts': () => open('/ext/statuses'),
  'app/ext/dispatch/route.ts': () => api('POST', '/ext/dispatch', 'vendor', order(`HEADERS-${Date.now()}`)),
  'app/ext/dispatch/[id]/route.ts': ({ dispatchId }) => api('GET', `/ext/dispatch/${dispatchId}`, 'vendor'),
  'app/ext/dispatch/[id]/cancel/route.ts': () => api('POST', `/ext/dispatch/${UNKNOWN}/cancel`, 'vendor', { reason: 'duplicate_order' }),
  'app/ext/dispatch/[id]/ready/route.ts': () => api('POST', `/ext/dispatch/${UNKNOWN}/ready`, 'vendor'),
  'app/ext/dispatch/[id]/destination/route.ts': () => api('PATCH', `/ext/dispatch/${UNKNOWN}/destination`, 'vendor', POINTS.destination),
  'app/ext/dispatches/route.ts': () => api('GET', '/ext/dispatches', 'vendor'),
  'app/ext/dispatches/d/[driver_id]/route.ts': ({ driverId }) => api('GET', `/ext/dispatches/d/${driverId}`, 'vendor'),
  'app/ext/estimate/route.ts': () => api('POST', '/ext/estimate', 'vendor', POINTS),
  'app/ext/webhook/route.ts': () => api('GET', '/ext/webhook', 'vendor'),
  'app/ext/webhook/enable/route.ts': () => api('POST', '/ext/webhook/enable', 'vendor'),
  'app/ext/webhook/test/route.ts': () => api('POST', '/ext/webhook/test', 'vendor'),
  'app/ext/webhook/secret/rotate/route.ts': () => api('POST', '/ext/webhook/secret/rotate', 'vendor'),
  'app/ext/webhook/deliveries/route.ts': () => api('GET', '/ext/webhook/deliveries', 'vendor'),
  'app/ext/webhook/deliveries/[id]/route.ts': () => api('GET', `/ext/webhook/deliveries/${UNKNOWN}`, 'vendor'),
  'app/ext/webhook/deliveries/[id]/redeliver/route.ts': () => api('POST', `/ext/webhook/deliveries/${UNKNOWN}/redeliver`, 'vendor'),
  'app/ext/media/[id]/route.ts': () => api('GET', `/ext/media/${UNKNOWN}`, 'vendor'),
  // A signed link to a driver's photo: the link is the credential, and the image is cached by
  // its reader for the link's 10 minutes (`private`), so it is not a no-store answer.
  'app/media/[id]/route.ts': () => open(`/media/${UNKNOWN}?expires=0&signature=none`),

  // The driver app's API.
  'app/api/driver/me/route.ts': () => api('GET', '/api/driver/me', 'driver'),
  'app/api/driver/duty/route.ts': () => api('PUT', '/api/driver/duty', 'driver', { on_duty: false }),
  'app/api/driver/offers/current/route.ts': () => api('GET', '/api/driver/offers/current', 'driver'),
  'app/api/driver/offers/[id]/accept/route.ts': () => api('POST', `/api/driver/offers/${UNKNOWN}/accept`, 'driver'),
  'app/api/driver/offers/[id]/decline/route.ts': () => api('POST', `/api/driver/offers/${UNKNOWN}/decline`, 'driver'),
  'app/api/driver/jobs/route.ts': () => api('GET', '/api/driver/jobs', 'driver'),
  'app/api/driver/jobs/[id]/route.ts': () => api('GET', `/api/driver/jobs/${UNKNOWN}`, 'driver'),
  'app/api/driver/jobs/[id]/status/route.ts': () => api('POST', `/api/driver/jobs/${UNKNOWN}/status`, 'driver', { status: 'picked_up' }),
  'app/api/driver/jobs/[id]/deliver/route.ts': () => api('POST', `/api/driver/jobs/${UNKNOWN}/deliver`, 'driver', {}),
  'app/api/driver/jobs/[id]/fail/route.ts': () => api('POST', `/api/driver/jobs/${UNKNOWN}/fail`, 'driver', { reason: 'refused' }),
  'app/api/driver/jobs/[id]/media/route.ts': () => api('POST', `/api/driver/jobs/${UNKNOWN}/media?kind=photo`, 'driver', {}),
  'app/api/driver/media/[id]/route.ts': () => api('GET', `/api/driver/media/${UNKNOWN}`, 'driver'),
  'app/api/driver/positions/route.ts': () => api('POST', '/api/driver/positions', 'driver', { positions: [{ ...POINTS.pickup, at: new Date().toISOString() }] }),

  // Public endpoints of the service, the sign-in and the customer's tracking JSON.
  'app/api/[...path]/route.ts': () => api('GET', '/api/no-such-endpoint', 'anonymous'),
  'app/api/health/route.ts': () => open('/api/health'),
  'app/api/ping/route.ts': () => open('/api/ping'),
  'app/api/session/route.ts': ({ staff }) => api('POST', '/api/session', 'anonymous', staff),
  'app/api/session/link/route.ts': () => api('POST', '/api/session/link', 'anonymous', { token: UNKNOWN }),
  'app/api/track/[token]/route.ts': ({ token }) => api('GET', `/api/track/${token}`, 'anonymous'),

  // The dashboard's API.
  'app/api/staff/api-keys/route.ts': () => api('GET', '/api/staff/api-keys', 'staff'),
  'app/api/staff/api-keys/[id]/route.ts': () => api('DELETE', `/api/staff/api-keys/${UNKNOWN}`, 'staff'),
  'app/api/staff/branches/route.ts': () => api('GET', '/api/staff/branches', 'staff'),
  'app/api/staff/branches/[id]/route.ts': () => api('PATCH', `/api/staff/branches/${UNKNOWN}`, 'staff', {}),
  'app/api/staff/dispatches/route.ts': () => api('GET', '/api/staff/dispatches', 'staff'),
  'app/api/staff/dispatches/export/route.ts': () => api('GET', '/api/staff/dispatches/export', 'staff'),
  'app/api/staff/dispatches/[id]/route.ts': ({ dispatchId }) => api('GET', `/api/staff/dispatches/${dispatchId}`, 'staff'),
  'app/api/staff/dispatches/[id]/deliveries/route.ts': ({ dispatchId }) => api('GET', `/api/staff/dispatches/${dispatchId}/deliveries`, 'staff'),
  'app/api/staff/dispatches/[id]/cancel/route.ts': () => api('POST', `/api/staff/dispatches/${UNKNOWN}/cancel`, 'staff', { reason: 'duplicate_order' }),
  'app/api/staff/dispatches/[id]/ready/route.ts': () => api('POST', `/api/staff/dispatches/${UNKNOWN}/ready`, 'staff'),
  'app/api/staff/dispatches/[id]/dropoff/route.ts': () => api('PATCH', `/api/staff/dispatches/${UNKNOWN}/dropoff`, 'staff', { tip: 100 }),
  'app/api/staff/dispatches/[id]/destination/route.ts': () => api('PATCH', `/api/staff/dispatches/${UNKNOWN}/destination`, 'staff', POINTS.destination),
  'app/api/staff/dispatches/[id]/eta/route.ts': ({ dispatchId }) => api('GET', `/api/staff/dispatches/${dispatchId}/eta`, 'staff'),
  'app/api/staff/drivers/[id]/route.ts': ({ driverId }) => api('GET', `/api/staff/drivers/${driverId}`, 'staff'),
  'app/api/staff/geocode/search/route.ts': () => api('GET', '/api/staff/geocode/search?q=Olaya', 'staff'),
  'app/api/staff/geocode/reverse/route.ts': () => api('GET', '/api/staff/geocode/reverse?lat=24.7&lng=46.7', 'staff'),
  'app/api/staff/dispatches/[id]/destination-changes/route.ts': ({ dispatchId }) => api('GET', `/api/staff/dispatches/${dispatchId}/destination-changes`, 'staff'),
  'app/api/admin/dispatches/[id]/destination-changes/route.ts': ({ dispatchId }) => api('GET', `/api/admin/dispatches/${dispatchId}/destination-changes`, 'admin'),
  'app/api/staff/dispatches/[id]/trail/route.ts': ({ dispatchId }) => api('GET', `/api/staff/dispatches/${dispatchId}/trail`, 'staff'),
  'app/api/admin/dispatches/[id]/trail/route.ts': ({ dispatchId }) => api('GET', `/api/admin/dispatches/${dispatchId}/trail`, 'admin'),
  'app/api/staff/dispatches/[id]/proof/route.ts': ({ dispatchId }) => api('GET', `/api/staff/dispatches/${dispatchId}/proof`, 'staff'),
  'app/api/staff/media/[id]/route.ts': () => api('GET', `/api/staff/media/${UNKNOWN}`, 'staff'),
  'app/api/staff/estimate/route.ts': () => api('POST', '/api/staff/estimate', 'staff', POINTS),
  'app/api/staff/events/route.ts': () => api('GET', '/api/staff/events', 'staff'),
  'app/api/staff/webhook/route.ts': () => api('GET', '/api/staff/webhook', 'staff'),
  'app/api/staff/webhook/enable/route.ts': () => api('POST', '/api/staff/webhook/enable', 'staff'),
  'app/api/staff/webhook/test/route.ts': () => api('POST', '/api/staff/webhook/test', 'staff'),
  'app/api/staff/webhook/secret/route.ts': () => api('GET', '/api/staff/webhook/secret', 'staff'),
  'app/api/staff/webhook/secret/rotate/route.ts': () => api('POST', '/api/staff/webhook/secret/rotate', 'staff'),
  'app/api/staff/webhook/deliveries/route.ts': () => api('GET', '/api/staff/webhook/deliveries', 'staff'),
  'app/api/staff/webhook/deliveries/[id]/route.ts': () => api('GET', `/api/staff/webhook/deliveries/${UNKNOWN}`, 'staff'),
  'app/api/staff/webhook/deliveries/[id]/redeliver/route.ts': () => api('POST', `/api/staff/webhook/deliveries/${UNKNOWN}/redeliver`, 'staff'),

  // The admin console's API.
  'app/api/admin/accounts/route.ts': () => api('GET', '/api/admin/accounts', 'admin'),
  'app/api/admin/accounts/[id]/route.ts': ({ accountId }) => api('GET', `/api/admin/accounts/${accountId}`, 'admin'),
  'app/api/admin/accounts/[id]/api-keys/route.ts': ({ accountId }) => api('GET', `/api/admin/accounts/${accountId}/api-keys`, 'admin'),
  'app/api/admin/accounts/[id]/api-keys/[keyId]/route.ts': ({ accountId }) => api('DELETE', `/api/admin/accounts/${accountId}/api-keys/${UNKNOWN}`, 'admin'),
  'app/api/admin/accounts/[id]/rate-limit/route.ts': () => api('PUT', `/api/admin/accounts/${UNKNOWN}/rate-limit`, 'admin', { per_second: null, burst: null }),
  'app/api/admin/accounts/[id]/modes/route.ts': () => api('PATCH', `/api/admin/accounts/${UNKNOWN}/modes`, 'admin', {}),
  'app/api/admin/accounts/[id]/tariff/route.ts': () => api('PUT', `/api/admin/accounts/${UNKNOWN}/tariff`, 'admin', {}),
  'app/api/admin/accounts/[id]/users/route.ts': ({ accountId }) => api('GET', `/api/admin/accounts/${accountId}/users`, 'admin'),
  'app/api/admin/accounts/[id]/webhook/route.ts': ({ accountId }) => api('GET', `/api/admin/accounts/${accountId}/webhook`, 'admin'),
  'app/api/admin/accounts/[id]/webhook/enable/route.ts': () => api('POST', `/api/admin/accounts/${UNKNOWN}/webhook/enable`, 'admin'),
  'app/api/admin/accounts/[id]/webhook/disable/route.ts': () => api('POST', `/api/admin/accounts/${UNKNOWN}/webhook/disable`, 'admin', {}),
  'app/api/admin/dispatches/route.ts': () => api('GET', '/api/admin/dispatches', 'admin'),
  'app/api/admin/dispatches/bulk/route.ts': () => api('POST', '/api/admin/dispatches/bulk', 'admin', {}),
  'app/api/admin/dispatches/events/route.ts': () => api('GET', '/api/admin/dispatches/events', 'admin'),
  'app/api/admin/dispatches/export/route.ts': () => api('GET', '/api/admin/dispatches/export', 'admin'),
  'app/api/admin/dispatches/[id]/route.ts': ({ dispatchId }) => api('GET', `/api/admin/dispatches/${dispatchId}`, 'admin'),
  'app/api/admin/dispatches/[id]/cancel/route.ts': () => api('POST', `/api/admin/dispatches/${UNKNOWN}/cancel`, 'admin', { reason: 'duplicate_order' }),
  'app/api/admin/dispatches/[id]/assign/route.ts': () => api('POST', `/api/admin/dispatches/${UNKNOWN}/assign`, 'admin', {}),
  'app/api/admin/dispatches/[id]/audit/route.ts': ({ dispatchId }) => api('GET', `/api/admin/dispatches/${dispatchId}/audit`, 'admin'),
  'app/api/admin/dispatches/[id]/deliveries/route.ts': ({ dispatchId }) => api('GET', `/api/admin/dispatches/${dispatchId}/deliveries`, 'admin'),
  'app/api/admin/dispatches/[id]/driver/route.ts': ({ dispatchId }) => api('GET', `/api/admin/dispatches/${dispatchId}/driver`, 'admin'),
  'app/api/admin/dispatches/[id]/eta/route.ts': ({ dispatchId }) => api('GET', `/api/admin/dispatches/${dispatchId}/eta`, 'admin'),
  'app/api/admin/dispatches/[id]/status/route.ts': () => api('POST', `/api/admin/dispatches/${UNKNOWN}/status`, 'admin', {}),
  'app/api/admin/drivers/route.ts': () => api('GET', '/api/admin/drivers', 'admin'),
  'app/api/admin/drivers/[id]/route.ts': ({ driverId }) => api('GET', `/api/admin/drivers/${driverId}`, 'admin'),
  'app/api/admin/drivers/[id]/dispatches/route.ts': ({ driverId }) => api('GET', `/api/admin/drivers/${driverId}/dispatches`, 'admin'),
  'app/api/admin/fleets/route.ts': () => api('GET', '/api/admin/fleets', 'admin'),
  'app/api/admin/fleets/[id]/route.ts': () => api('PATCH', `/api/admin/fleets/${UNKNOWN}`, 'admin', {}),
  'app/api/admin/live-map/route.ts': () => api('GET', '/api/admin/live-map', 'admin'),
  'app/api/admin/sign-in-alert/route.ts': () => api('GET', '/api/admin/sign-in-alert', 'admin'),
  'app/api/admin/accounts/[id]/proof-of-delivery/route.ts': ({ accountId }) => api('GET', `/api/admin/accounts/${accountId}/proof-of-delivery`, 'admin'),
  'app/api/admin/dispatches/[id]/driver-candidates/route.ts': ({ dispatchId }) => api('GET', `/api/admin/dispatches/${dispatchId}/driver-candidates`, 'admin'),
  'app/api/admin/dispatches/[id]/proof/route.ts': ({ dispatchId }) => api('GET', `/api/admin/dispatches/${dispatchId}/proof`, 'admin'),
  'app/api/admin/drivers/[id]/sign-in/route.ts': ({ driverId }) => api('GET', `/api/admin/drivers/${driverId}/sign-in`, 'admin'),
  'app/api/admin/drivers/[id]/sign-in-link/route.ts': () => api('POST', `/api/admin/drivers/${UNKNOWN}/sign-in-link`, 'admin'),
  'app/api/admin/media/[id]/route.ts': () => api('GET', `/api/admin/media/${UNKNOWN}`, 'admin'),

  // The operator API: account keys and secrets, drivers' phones.
  'app/api/ops/accounts/route.ts': () => api('POST', '/api/ops/accounts', 'ops', { name: 'Headers Probe Kitchen' }),
  'app/api/ops/accounts/[id]/modes/route.ts': ({ accountId }) => api('GET', `/api/ops/accounts/${accountId}/modes`, 'ops'),
  'app/api/ops/accounts/[id]/rate-limit/route.ts': () => api('PUT', `/api/ops/accounts/${UNKNOWN}/rate-limit`, 'ops', { per_second: null, burst: null }),
  'app/api/ops/accounts/[id]/tariff/route.ts': () => api('PUT', `/api/ops/accounts/${UNKNOWN}/tariff`, 'ops', {}),
  'app/api/ops/accounts/[id]/users/route.ts': () => api('POST', `/api/ops/accounts/${UNKNOWN}/users`, 'ops', {}),
  'app/api/ops/accounts/[id]/webhook/enable/route.ts': () => api('POST', `/api/ops/accounts/${UNKNOWN}/webhook/enable`, 'ops'),
  'app/api/ops/admins/route.ts': () => api('POST', '/api/ops/admins', 'ops', {}),
  'app/api/ops/dispatches/[id]/assign/route.ts': () => api('POST', `/api/ops/dispatches/${UNKNOWN}/assign`, 'ops', {}),
  'app/api/ops/dispatches/[id]/status/route.ts': () => api('POST', `/api/ops/dispatches/${UNKNOWN}/status`, 'ops', {}),
  'app/api/ops/drivers/route.ts': () => api('POST', '/api/ops/drivers', 'ops', { name: 'Headers Probe Driver', phone: '+966500000099' }),
  'app/api/ops/drivers/[id]/route.ts': () => api('PATCH', `/api/ops/drivers/${UNKNOWN}`, 'ops', {}),
  'app/api/ops/drivers/[id]/location/route.ts': () => api('POST', `/api/ops/drivers/${UNKNOWN}/location`, 'ops', POINTS.pickup),
  'app/api/ops/fleets/route.ts': () => api('GET', '/api/ops/fleets', 'ops'),
  'app/api/ops/fleets/[id]/route.ts': () => api('PATCH', `/api/ops/fleets/${UNKNOWN}`, 'ops', {}),
  'app/api/ops/webhook-deliveries/[id]/route.ts': () => api('GET', `/api/ops/webhook-deliveries/${UNKNOWN}`, 'ops'),
  'app/api/ops/accounts/[id]/proof-of-delivery/route.ts': ({ accountId }) => api('GET', `/api/ops/accounts/${accountId}/proof-of-delivery`, 'ops'),
  'app/api/ops/drivers/[id]/sign-in/route.ts': () => api('POST', `/api/ops/drivers/${UNKNOWN}/sign-in`, 'ops', {}),
};

/** Every route and page file under app/, as Next finds them. */
function routeFiles(dir = 'app'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(file);
    return entry.name === 'route.ts' || entry.name === 'page.tsx' ? [file] : [];
  });
}

/** A new dispatch of the vendor's account: its id and its tracking page's path (`/t/{token}`). */
async function createDispatch(request: APIRequestContext, apiKey: string, vendorOid: string): Promise<{ id: string; trackingPath: string }> {
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': apiKey }, data: order(vendorOid) });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).data as { id: string };
  const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': apiKey } })).json()).data as { tracking_url: string };
  return { id, trackingPath: new URL(record.tracking_url).pathname };
}

/** A session cookie (`name=value`) for a staff member or an admin, from the sign-in endpoint. */
async function sessionCookie(request: APIRequestContext, user: { email: string; password: string } | { phone: string; pin: string }): Promise<string> {
  const response = await request.post('/api/session', { headers: { 'sec-fetch-site': 'same-origin' }, data: user });
  expect(response.status()).toBe(200);
  const cookie = response.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie');
  return cookie!.value.split(';')[0]!;
}

/** The directives of a CSP header value, by name. */
function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** What is wrong with a page's answer: its CSP, and the nonce on every script of its HTML. */
function pageProblems(probe: Probe, response: Response, html: string, nonces: Set<string>): string[] {
  const problems: string[] = [];
  const policy = response.headers.get('content-security-policy') ?? '';
  const csp = directivesOf(policy);
  const script = csp.get('script-src') ?? [];
  const nonce = script.map((source) => /^'nonce-([A-Za-z0-9+/=_-]+)'$/.exec(source)?.[1]).find(Boolean);
  const expected: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['connect-src', ["'self'"]],
    // The e2e server runs with MAP_TILE_URL empty: no tile origin. Drivers' uploads in the admin console only.
    ['img-src', ["'self'", 'data:', 'blob:', ...(probe.as === 'admin' ? ['https:'] : [])]],
  ];
  for (const [name, sources] of expected) {
    if (JSON.stringify(csp.get(name)) !== JSON.stringify(sources)) problems.push(`${name} is ${JSON.stringify(csp.get(name) ?? null)}, not ${sources.join(' ')} (CSP: ${policy || 'none'})`);
  }
  if (!nonce) problems.push(`script-src has no nonce (CSP: ${policy || 'none'})`);
  else if (nonces.has(nonce)) problems.push('the nonce was already used by another answer');
  else nonces.add(nonce);
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:', 'data:']) {
    if (script.includes(unsafe)) problems.push(`script-src allows ${unsafe}`);
  }
  if (response.status === 200) {
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    const without = scripts.filter((tag) => !nonce || !tag.includes(`nonce="${nonce}"`));
    if (scripts.length === 0) problems.push('no <script> in the HTML');
    if (without.length > 0) problems.push(`${without.length} of ${scripts.length} <script> tags lack the nonce: ${without[0]}`);
  }
  if (!/\bno-store\b/.test(response.headers.get('cache-control') ?? '')) problems.push(`Cache-Control is ${response.headers.get('cache-control')}`);
  return problems;
}

test('every route answers with its security headers: CSP with a nonce on pages, no-store on personal data, no X-Powered-By', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const files = routeFiles().sort();
  // A route file the table does not know must be added to it (and one it lists must exist).
  expect(files, 'route files without a probe in ROUTES, or probes of files that are gone').toEqual(Object.keys(ROUTES).sort());

  const staff = await createStaffAccount(request, 'Headers Kitchen');
  const dispatch = await createDispatch(request, staff.apiKey, `HEADERS-${Date.now()}`);
  const driver = await request.post('/api/ops/drivers', { headers: OPS_HEADERS, data: { name: 'Headers Driver', phone: '+966500000098' } });
  expect(driver.status()).toBe(201);
  const made: Made = {
    staff: { email: staff.email, password: staff.password },
    accountId: staff.accountId,
    dispatchId: dispatch.id,
    token: dispatch.trackingPath.split('/').pop()!,
    driverId: ((await driver.json()).data as { id: string }).id,
  };
  const admin = await createAdmin(request);
  const driverPhone = `+9665${String(Date.now()).slice(-8)}`;
  const signIn = await request.post(`/api/ops/drivers/${made.driverId}/sign-in`, { headers: OPS_HEADERS, data: { phone: driverPhone, pin: '482915' } });
  expect(signIn.status()).toBe(201);
  // Every caller sends the Fetch Metadata of our own pages, so writes reach their handler (the
  // CSRF check would refuse them first, and that refusal is only one kind of answer).
  const callers: Record<Caller, Record<string, string>> = {
    anonymous: { 'sec-fetch-site': 'same-origin' },
    vendor: { 'x-api-key': staff.apiKey, 'sec-fetch-site': 'same-origin' },
    staff: { cookie: await sessionCookie(request, staff), 'sec-fetch-site': 'same-origin' },
    admin: { cookie: await sessionCookie(request, admin), 'sec-fetch-site': 'same-origin' },
    driver: { cookie: await sessionCookie(request, { phone: driverPhone, pin: '482915' }), 'sec-fetch-site': 'same-origin' },
    ops: { ...OPS_HEADERS, 'sec-fetch-site': 'same-origin' },
  };

  const problems: string[] = [];
  const nonces = new Set<string>();
  for (const file of files) {
    const probe = ROUTES[file]!(made);
    // fetch, not the request fixture: it hands over the headers of an event stream, which never ends.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 15_000);
    const response = await fetch(new URL(probe.path, baseURL), {
      method: probe.method,
      headers: { ...callers[probe.as], ...(probe.data === undefined ? {} : { 'content-type': 'application/json' }) },
      body: probe.data === undefined ? undefined : JSON.stringify(probe.data),
      redirect: 'manual',
      signal: abort.signal,
    });
    const isStream = /event-stream|csv/.test(response.headers.get('content-type') ?? '');
    const body = isStream ? '' : await response.text();
    if (isStream) await response.body?.cancel();
    clearTimeout(timer);
    const found: string[] = [];
    if (response.headers.has('x-powered-by')) found.push(`X-Powered-By: ${response.headers.get('x-powered-by')}`);
    if (response.headers.get('x-content-type-options') !== 'nosniff') found.push('no X-Content-Type-Options: nosniff');
    if (response.status >= 500) found.push(`answered ${response.status}: ${body.slice(0, 200)}`);
    if (probe.kind === 'page') found.push(...pageProblems(probe, response, body, nonces));
    if (probe.kind === 'private' && !/\bno-store\b/.test(response.headers.get('cache-control') ?? '')) {
      found.push(`Cache-Control is ${response.headers.get('cache-control')}`);
    }
    if (probe.kind === 'docs') {
      const csp = directivesOf(response.headers.get('content-security-policy') ?? '');
      if (JSON.stringify(csp.get('script-src')) !== JSON.stringify(["'self'"])) found.push(`script-src is ${JSON.stringify(csp.get('script-src') ?? null)}, not 'self'`);
      if (JSON.stringify(csp.get('default-src')) !== JSON.stringify(["'none'"])) found.push(`default-src is ${JSON.stringify(csp.get('default-src') ?? null)}, not 'none'`);
      if (JSON.stringify(csp.get('frame-ancestors')) !== JSON.stringify(["'none'"])) found.push('frame-ancestors is not none');
    }
    problems.push(...found.map((problem) => `${file} (${probe.method} ${probe.path} → ${response.status}): ${problem}`));
  }
  expect(problems).toEqual([]);
});

test('the public pages, the API reference and the 404 page run under their CSP without a violation', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'CSP Kitchen');
  const { trackingPath } = await createDispatch(request, staff.apiKey, `CSP-${Date.now()}`);

  // Next's client sets `window.next` once its scripts run: they carried the nonce.
  const expectNextRan = () => expect.poll(() => page.evaluate(() => 'next' in window)).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible();
  await expectNextRan();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeEnabled();
  await expectNextRan();
  // Swagger UI renders the document: its scripts ran under /docs's own policy.
  await page.goto('/docs');
  await expect(page.locator('.swagger-ui .info')).toBeVisible();
  // The tracking page and its map (Leaflet, loaded by a script the nonce's trust extends to).
  await page.goto(trackingPath);
  await expect(page.getByText('E2E Kitchen').first()).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('page-not-found')).toBeVisible();
  await expectNextRan();
  expect(await cspViolations(page)).toEqual([]);
});
