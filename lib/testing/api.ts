import * as dispatchRoute from '@/app/ext/dispatch/route';
import * as dispatchByIdRoute from '@/app/ext/dispatch/[id]/route';
import * as destinationRoute from '@/app/ext/dispatch/[id]/destination/route';
import * as dispatchesRoute from '@/app/ext/dispatches/route';
import * as driverDispatchesRoute from '@/app/ext/dispatches/d/[driver_id]/route';
import * as estimateRoute from '@/app/ext/estimate/route';
import * as webhookRoute from '@/app/ext/webhook/route';
import * as webhookEnableRoute from '@/app/ext/webhook/enable/route';
import * as webhookTestRoute from '@/app/ext/webhook/test/route';
import * as webhookSecretRotateRoute from '@/app/ext/webhook/secret/rotate/route';
import * as webhookDeliveriesRoute from '@/app/ext/webhook/deliveries/route';
import * as webhookDeliveryRoute from '@/app/ext/webhook/deliveries/[id]/route';
import * as webhookRedeliverRoute from '@/app/ext/webhook/deliveries/[id]/redeliver/route';
import * as statusesRoute from '@/app/ext/statuses/route';
import * as healthRoute from '@/app/api/health/route';
import * as opsAccountsRoute from '@/app/api/ops/accounts/route';
import * as opsDriversRoute from '@/app/api/ops/drivers/route';
import * as opsAssignRoute from '@/app/api/ops/dispatches/[id]/assign/route';
import * as opsStatusRoute from '@/app/api/ops/dispatches/[id]/status/route';
import * as opsWebhookEnableRoute from '@/app/api/ops/accounts/[id]/webhook/enable/route';
import * as opsWebhookDeliveryRoute from '@/app/api/ops/webhook-deliveries/[id]/route';
import { OPS_TOKEN } from '@/lib/testing/ops-token';

// Calls the real route handlers the way Next's router would: same Request, same params promise.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROUTES: [RegExp, string[], Record<string, unknown>][] = [
  [/^\/ext\/dispatch$/, [], dispatchRoute],
  [/^\/ext\/dispatch\/([^/]+)$/, ['id'], dispatchByIdRoute],
  [/^\/ext\/dispatch\/([^/]+)\/destination$/, ['id'], destinationRoute],
  [/^\/ext\/dispatches$/, [], dispatchesRoute],
  [/^\/ext\/dispatches\/d\/([^/]+)$/, ['driver_id'], driverDispatchesRoute],
  [/^\/ext\/estimate$/, [], estimateRoute],
  [/^\/ext\/webhook$/, [], webhookRoute],
  [/^\/ext\/webhook\/enable$/, [], webhookEnableRoute],
  [/^\/ext\/webhook\/test$/, [], webhookTestRoute],
  [/^\/ext\/webhook\/secret\/rotate$/, [], webhookSecretRotateRoute],
  [/^\/ext\/webhook\/deliveries$/, [], webhookDeliveriesRoute],
  [/^\/ext\/webhook\/deliveries\/([^/]+)$/, ['id'], webhookDeliveryRoute],
  [/^\/ext\/webhook\/deliveries\/([^/]+)\/redeliver$/, ['id'], webhookRedeliverRoute],
  [/^\/ext\/statuses$/, [], statusesRoute],
  [/^\/api\/health$/, [], healthRoute],
  [/^\/api\/ops\/accounts$/, [], opsAccountsRoute],
  [/^\/api\/ops\/drivers$/, [], opsDriversRoute],
  [/^\/api\/ops\/dispatches\/([^/]+)\/assign$/, ['id'], opsAssignRoute],
  [/^\/api\/ops\/dispatches\/([^/]+)\/status$/, ['id'], opsStatusRoute],
  [/^\/api\/ops\/accounts\/([^/]+)\/webhook\/enable$/, ['id'], opsWebhookEnableRoute],
  [/^\/api\/ops\/webhook-deliveries\/([^/]+)$/, ['id'], opsWebhookDeliveryRoute],
];

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
}

export async function call(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse> {
  const { pathname } = new URL(url, 'http://localhost');
  for (const [pattern, names, module] of ROUTES) {
    const match = pathname.match(pattern);
    if (!match) continue;
    const handler = module[method] as Handler | undefined;
    if (!handler) throw new Error(`${method} ${pathname} has no handler`);
    const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    const headers = new Headers(options.headers);
    if (options.apiKey) headers.set('x-api-key', options.apiKey);
    if (options.ops) headers.set('authorization', `Bearer ${OPS_TOKEN}`);
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined && !options.raw && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const request = new Request(new URL(url, 'http://localhost'), { method, headers, body: payload });
    const response = await handler(request, { params: Promise.resolve(params) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }
  throw new Error(`No route for ${pathname}`);
}
