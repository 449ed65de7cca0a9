import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTED_OPERATIONS } from '@/app/ext/openapi.json/operations';
import { db } from '@/lib/platform/server/db/client';
import { DOCUMENTED_AUDIENCES } from '@/lib/platform/server/http/operation';
import { storeMedia } from '@/lib/dispatch/server/media/store-media';
import { driverScope } from '@/lib/platform/server/tenancy/scope';
import { call, type ApiResponse, type CallOptions } from '@/test/api';
import { deliverAll, setUpDeliveryHarness } from '@/test/delivery-harness';
import { dispatchBody, newAccount, uniqueSuffix } from '@/test/fixtures';
import { jpegImage } from '@/test/media-fixtures';
import { temporaryMediaDir } from '@/test/media-setup';
import { startWebhookReceiver, type WebhookReceiver } from '@/test/webhook-receiver';

// Real answers against the served document: every documented operation is called on a real
// database, and each answer's status must be one the document lists for it, its JSON body must
// validate against the schema documented for that status (JSON Schema 2020-12, as OpenAPI 3.1
// writes it), and the headers the document lists for it (request id, location, rate limit) must
// be there. The last test fails when a documented operation was never called here, so a new
// operation joins this walk.

type Documented = {
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>;
};

let document: { paths: Record<string, Record<string, Documented>>; components: Record<string, unknown> };
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
const exercised = new Set<string>();

/** The document's path template a concrete path matches (`/ext/dispatch/{id}` for `/ext/dispatch/dsp_…`). */
function templateOf(method: string, pathname: string): string {
  const matching = Object.keys(document.paths).filter((template) => {
    if (!document.paths[template]![method]) return false;
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return pattern.test(pathname);
  });
  // A literal segment wins over a parameter (`/ext/dispatches/d/{driver_id}` against `/ext/dispatches`).
  matching.sort((a, b) => (b.match(/\{/g)?.length ?? 0) - (a.match(/\{/g)?.length ?? 0)).reverse();
  if (matching.length === 0) throw new Error(`${method.toUpperCase()} ${pathname} is not in the document`);
  return matching[0]!;
}

function validatorFor(template: string, method: string, status: string): ValidateFunction | undefined {
  const key = `${method} ${template} ${status}`;
  if (!validators.has(key)) {
    const schema = document.paths[template]![method]!.responses[status]?.content?.['application/json']?.schema;
    if (!schema) return undefined;
    // The document's `$ref`s point at `#/components/…`: the schema is compiled with them at its root.
    validators.set(key, ajv.compile({ ...(schema as object), components: document.components }));
  }
  return validators.get(key);
}

/** Calls a documented operation and holds its answer to the document. */
async function documented(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse> {
  const response = await call(method.toUpperCase(), url, options);
  const lower = method.toLowerCase();
  const template = templateOf(lower, new URL(url, 'http://localhost').pathname);
  exercised.add(`${lower} ${template}`);
  const status = String(response.status);
  const entry = document.paths[template]![lower]!.responses[status];
  expect(entry, `${method} ${template} answered ${status}, which the document does not list`).toBeDefined();
  const validate = validatorFor(template, lower, status);
  if (validate) {
    const isValid = validate(response.body);
    expect(isValid, `${method} ${template} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(response.body).slice(0, 500)}`).toBe(true);
  }
  for (const header of Object.keys(entry!.headers ?? {})) {
    // Headers that come only with some answers: a replay, a refusal to wait for, a limit of 0.
    if (['idempotent-replayed', 'retry-after'].includes(header)) continue;
    expect(response.headers.get(header), `${method} ${template} ${status} carries ${header}`).not.toBeNull();
  }
  return response;
}

/**
 * An account with a rate limit of its own: the tests run without the server's default limit, and
 * an account without one gets no rate-limit headers (docs/api.md), which the document lists.
 */
async function limitedAccount() {
  const account = await newAccount();
  expect((await call('PUT', `/api/ops/accounts/${account.id}/rate-limit`, { ops: true, body: { per_second: 1000, burst: 1000 } })).status).toBe(200);
  return account;
}

const media = await temporaryMediaDir();
setUpDeliveryHarness();
let receiver: WebhookReceiver;

beforeAll(async () => {
  const { GET } = await import('@/app/ext/openapi.json/route');
  document = (await (await GET(new Request('http://localhost/ext/openapi.json'), { params: Promise.resolve({}) })).json()) as typeof document;
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  await media.cleanUp();
});

describe('real answers match the OpenAPI document', () => {
  it('the service’s own operations', async () => {
    await documented('get', '/ext/statuses');
    await documented('get', '/ext/openapi.json');
    await documented('get', '/api/health');
    await documented('get', '/api/ping');
  });

  it('the vendor API, with its errors', async () => {
    const account = await limitedAccount();
    const apiKey = account.api_key;
    const as = (options: CallOptions = {}): CallOptions => ({ apiKey, ...options });

    await documented('post', '/ext/dispatch', { body: dispatchBody() });
    expect((await documented('post', '/ext/dispatch', as({ body: { pickup: 'nowhere' } }))).status).toBe(400);
    const created = await documented('post', '/ext/dispatch', as({ body: dispatchBody(), headers: { 'idempotency-key': `key-${uniqueSuffix()}` } }));
    const id = created.body.data.id as string;
    await documented('get', `/ext/dispatch/${id}`, as());
    expect((await documented('get', '/ext/dispatch/dsp_missing', as())).status).toBe(404);
    await documented('patch', `/ext/dispatch/${id}`, as({ body: { dropoff_instructions: 'Ring twice', tip: 5 } }));
    await documented('patch', `/ext/dispatch/${id}/destination`, as({ body: { lat: 24.78, lng: 46.74, address_line: 'Tahlia St' } }));
    await documented('post', `/ext/dispatch/${id}/ready`, as());
    await documented('get', '/ext/dispatches?limit=5', as());
    expect((await documented('get', '/ext/dispatches?limit=0', as())).status).toBe(400);
    await documented('get', '/ext/dispatches/d/drv_nobody', as());
    await documented('post', '/ext/estimate', as({ body: { pickup: { lat: 24.71, lng: 46.67 }, destination: { lat: 24.77, lng: 46.73 } } }));

    expect((await documented('get', '/ext/webhook', as())).status).toBe(404);
    await documented('post', '/ext/webhook', as({ body: { webhook: `${receiver.url}/hooks` } }));
    await documented('get', '/ext/webhook', as());
    await documented('post', '/ext/webhook/enable', as());
    const test = await documented('post', '/ext/webhook/test', as());
    await documented('post', '/ext/webhook/secret/rotate', as());
    await documented('post', `/ext/dispatch/${id}/cancel`, as({ body: { reason: 'customer_request' } }));
    await deliverAll();
    const deliveries = await documented('get', '/ext/webhook/deliveries?limit=10', as());
    expect(deliveries.body.data.length).toBeGreaterThan(0);
    await documented('get', `/ext/webhook/deliveries/${test.body.data.id}`, as());
    await documented('post', `/ext/webhook/deliveries/${test.body.data.id}/redeliver`, as());
    expect((await documented('get', `/ext/webhook/deliveries/whd_missing`, as())).status).toBe(404);
  });

  it('a delivery photo’s link', async () => {
    const account = await limitedAccount();
    const ops = { ops: true };
    const driver = (await documented('post', '/api/ops/drivers', { ...ops, body: { name: 'Photo Driver', phone: '+966500000077' } })).body.data;
    const dispatch = (await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() })).body.data;
    await documented('post', `/api/ops/dispatches/${dispatch.id}/assign`, { ...ops, body: { driver_id: driver.id } });
    const photo = await storeMedia({ scope: driverScope(driver.id), dispatchId: dispatch.id, kind: 'photo', bytes: await jpegImage(), declaredType: 'image/jpeg' });
    await documented('get', `/ext/media/${photo.id}`, { apiKey: account.api_key });
  });

  it('the operator API, with its errors', async () => {
    const ops = { ops: true };
    expect((await documented('post', '/api/ops/accounts', { body: { name: 'Unauthorised' } })).status).toBe(401);
    const account = (await documented('post', '/api/ops/accounts', { ...ops, body: { name: `Ops Kitchen ${uniqueSuffix()}` } })).body.data;
    const accountId = account.id as string;
    await documented('post', `/api/ops/accounts/${accountId}/users`, { ...ops, body: { email: `staff-${uniqueSuffix()}@example.com`, name: 'Staff', password: 'correct horse battery staple' } });
    await documented('post', '/api/ops/admins', { ...ops, body: { email: `admin-${uniqueSuffix()}@example.com`, name: 'Admin', password: 'correct horse battery staple' } });
    await documented('get', `/api/ops/accounts/${accountId}/modes`, ops);
    await documented('patch', `/api/ops/accounts/${accountId}/modes`, { ...ops, body: { auto_assign: false } });
    expect((await documented('get', '/api/ops/accounts/acc_missing/modes', ops)).status).toBe(404);
    await documented('put', `/api/ops/accounts/${accountId}/rate-limit`, { ...ops, body: { per_second: 50, burst: 100 } });
    const tariff = { currency: 'SAR', base_fare_minor: 1000, per_km_minor: 150, min_fare_minor: 1500, vat_rate_bps: 1500 };
    await documented('put', `/api/ops/accounts/${accountId}/tariff`, { ...ops, body: tariff });
    await documented('get', `/api/ops/accounts/${accountId}/proof-of-delivery`, ops);
    await documented('put', `/api/ops/accounts/${accountId}/proof-of-delivery`, { ...ops, body: { proof_of_delivery: 'photo' } });

    const fleet = (await documented('post', '/api/ops/fleets', { ...ops, body: { name: `Fleet ${uniqueSuffix()}` } })).body.data;
    await documented('get', '/api/ops/fleets?limit=5', ops);
    await documented('patch', `/api/ops/fleets/${fleet.id}`, { ...ops, body: { name: 'Renamed fleet' } });
    const driver = (await documented('post', '/api/ops/drivers', { ...ops, body: { name: 'Ops Driver', phone: '+966500000078', fleet_id: fleet.id } })).body.data;
    await documented('patch', `/api/ops/drivers/${driver.id}`, { ...ops, body: { on_duty: true } });
    await documented('post', `/api/ops/drivers/${driver.id}/sign-in`, { ...ops, body: { phone: `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, pin: '482915' } });

    expect((await call('POST', '/ext/webhook', { apiKey: account.api_key, body: { webhook: `${receiver.url}/hooks` } })).status).toBe(204);
    const dispatch = (await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() })).body.data;
    await documented('post', `/api/ops/dispatches/${dispatch.id}/assign`, { ...ops, body: { driver_id: driver.id } });
    await documented('post', `/api/ops/drivers/${driver.id}/location`, { ...ops, body: { lat: 24.7136, lng: 46.6753 } });
    expect((await documented('post', `/api/ops/dispatches/${dispatch.id}/status`, { ...ops, body: { status: 'delivered' } })).status).toBe(409);
    await documented('post', `/api/ops/dispatches/${dispatch.id}/status`, { ...ops, body: { status: 'cancelled', reason: 'other', reason_text: 'Test' } });

    await documented('post', `/api/ops/accounts/${accountId}/webhook/enable`, ops);
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { accountId }, select: { id: true } });
    await documented('get', `/api/ops/webhook-deliveries/${delivery.id}`, ops);
  });

  it('calls every documented operation', () => {
    const documentedOperations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    const declared = DOCUMENTED_OPERATIONS.flatMap((operation) => DOCUMENTED_AUDIENCES.filter((audience) => operation.contract(audience)));
    expect(documentedOperations.length).toBe(declared.length);
    expect(documentedOperations.filter((operation) => !exercised.has(operation)).sort()).toEqual([]);
  });
});
