import { describe, it, expect } from 'vitest';
import { ERROR_STATUS } from '@/lib/http/errors';
import { LIFECYCLE_STATUSES, MARKER_STATUSES, TRANSITIONS } from '@/lib/dispatches/statuses';
import { buildOpenApiDocument } from '@/lib/openapi/build-openapi-document';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Every route the app serves under /ext and /api, with the statuses its handler can answer. */
const ROUTES: [method: string, path: string, statuses: string[]][] = [
  ['post', '/ext/dispatch', ['201', '400', '401', '409', '413', '422', '500']],
  ['get', '/ext/dispatch/{id}', ['200', '401', '404', '500']],
  ['patch', '/ext/dispatch/{id}/destination', ['204', '400', '401', '404', '409', '413', '500']],
  ['get', '/ext/dispatches', ['200', '400', '401', '500']],
  ['get', '/ext/dispatches/d/{driver_id}', ['200', '400', '401', '500']],
  ['post', '/ext/estimate', ['200', '400', '401', '413', '500']],
  ['post', '/ext/webhook', ['204', '400', '401', '409', '413', '422', '500']],
  ['get', '/ext/webhook', ['200', '401', '404', '500']],
  ['post', '/ext/webhook/enable', ['200', '400', '401', '404', '409', '422', '500']],
  ['post', '/ext/webhook/test', ['202', '400', '401', '409', '422', '500']],
  ['post', '/ext/webhook/secret/rotate', ['200', '400', '401', '409', '422', '500']],
  ['get', '/ext/webhook/deliveries', ['200', '400', '401', '500']],
  ['get', '/ext/webhook/deliveries/{id}', ['200', '401', '404', '500']],
  ['post', '/ext/webhook/deliveries/{id}/redeliver', ['202', '400', '401', '404', '409', '422', '500']],
  ['get', '/ext/statuses', ['200']],
  ['get', '/ext/openapi.json', ['200']],
  ['get', '/api/health', ['200']],
  ['post', '/api/ops/accounts', ['201', '400', '401', '403', '500']],
  ['post', '/api/ops/drivers', ['201', '400', '401', '403', '500']],
  ['post', '/api/ops/dispatches/{id}/assign', ['200', '400', '401', '403', '404', '409', '500']],
  ['post', '/api/ops/dispatches/{id}/status', ['200', '400', '401', '403', '404', '409', '500']],
  ['post', '/api/ops/accounts/{id}/users', ['201', '400', '401', '403', '404', '500']],
  ['post', '/api/ops/accounts/{id}/webhook/enable', ['200', '401', '403', '404', '500']],
  ['get', '/api/ops/webhook-deliveries/{id}', ['200', '401', '403', '404', '500']],
  ['get', '/api/ops/accounts/{id}/modes', ['200', '401', '403', '404', '500']],
  ['patch', '/api/ops/accounts/{id}/modes', ['200', '400', '401', '403', '404', '500']],
  ['post', '/api/ops/admins', ['201', '400', '401', '403', '500']],
  ['post', '/api/ops/drivers/{id}/location', ['200', '400', '401', '403', '404', '500']],
];

interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: ({ $ref: string } | { name: string; in: string })[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }>; 'x-error-codes'?: string[] }>;
}

function operations(): [method: string, path: string, operation: Operation][] {
  const document = buildOpenApiDocument();
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = (item as Record<string, unknown>)[method] as Operation | undefined;
      return operation ? [[method, path, operation] as [string, string, Operation]] : [];
    }),
  );
}

function operation(method: string, path: string): Operation {
  const found = operations().find(([m, p]) => m === method && p === path);
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
  return found[2];
}

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document of spec version 1.3.0', () => {
    const document = buildOpenApiDocument();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.3.0');
    expect(document.servers).toEqual([{ url: '/' }]);
  });

  it('is built once and then reused', () => {
    expect(buildOpenApiDocument()).toBe(buildOpenApiDocument());
  });

  it.each(ROUTES)('documents %s %s with its statuses', (method, path, statuses) => {
    const responses = Object.keys(operation(method, path).responses);
    expect(responses).toEqual(expect.arrayContaining(statuses));
  });

  it('documents no operation the app does not serve, apart from the liveness ping', () => {
    const documented = operations().map(([method, path]) => `${method} ${path}`);
    const served = [...ROUTES.map(([method, path]) => `${method} ${path}`), 'get /api/ping'];
    expect(documented.sort()).toEqual(served.sort());
  });

  it('registers the shared schemas as components', () => {
    const schemas = Object.keys(buildOpenApiDocument().components?.schemas ?? {});
    expect(schemas).toEqual(expect.arrayContaining(['Dispatch', 'Address', 'Error', 'Estimate', 'Lifecycle', 'Driver']));
  });

  it('documents only error codes that exist, under the status ERROR_STATUS gives them, with the Error schema', () => {
    const statuses: Record<string, number> = ERROR_STATUS;
    let checked = 0;
    for (const [method, path, { responses }] of operations()) {
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const codes = response['x-error-codes'] ?? [];
        expect(codes.length, `${method} ${path} ${status} lists its codes`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(statuses[code], `${method} ${path} ${status} ${code}`).toBe(Number(status));
          checked++;
        }
        expect(response.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/Error');
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('lists every error code with its status in info.description', () => {
    const description = buildOpenApiDocument().info.description ?? '';
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(description).toContain(`| \`${code}\` | ${status} |`);
    }
  });

  it('generates the transition table from TRANSITIONS', () => {
    const description = buildOpenApiDocument().info.description ?? '';
    for (const from of LIFECYCLE_STATUSES) {
      const to = TRANSITIONS[from].map((status) => `\`${status}\``).join(', ');
      expect(description).toContain(`| \`${from}\` | ${to || '— (final)'} |`);
    }
    for (const marker of MARKER_STATUSES) expect(description).toContain(`| \`${marker}\` |`);
  });

  it('protects the vendor API with the API key, the operator API with its own bearer token, and leaves public routes open', () => {
    const document = buildOpenApiDocument();
    expect(document.security).toEqual([{ ApiKey: [] }]);
    expect(document.components?.securitySchemes?.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(document.components?.securitySchemes?.OpsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [method, path, op] of operations()) {
      if (path.startsWith('/api/ops/')) {
        expect(op.security, `${method} ${path}`).toEqual([{ OpsToken: [] }]);
        expect(op.tags).toEqual(['Operator API']);
      }
    }
    for (const path of ['/ext/statuses', '/ext/openapi.json', '/api/health']) {
      expect(operation('get', path).security).toEqual([]);
    }
    expect(operation('get', '/ext/dispatch/{id}').security).toBeUndefined();
  });

  it('offers Idempotency-Key on the vendor POSTs that change something, and nowhere else', () => {
    const withKey = operations()
      .filter(([, , op]) => op.parameters?.some((parameter) => '$ref' in parameter && parameter.$ref.endsWith('/IdempotencyKey')))
      .map(([method, path]) => `${method} ${path}`);
    expect(withKey.sort()).toEqual([
      'post /ext/dispatch',
      'post /ext/webhook',
      'post /ext/webhook/deliveries/{id}/redeliver',
      'post /ext/webhook/enable',
      'post /ext/webhook/secret/rotate',
      'post /ext/webhook/test',
    ]);
  });

  it('registers the webhook schemas and tags the webhook routes Webhooks', () => {
    const schemas = Object.keys(buildOpenApiDocument().components?.schemas ?? {});
    expect(schemas).toEqual(
      expect.arrayContaining(['WebhookEndpoint', 'WebhookDelivery', 'WebhookDeliveryDetail', 'WebhookAttempt', 'WebhookDeliveryList', 'RotatedSecret']),
    );
    for (const [method, path, op] of operations()) {
      if (path.startsWith('/ext/webhook')) expect(op.tags, `${method} ${path}`).toEqual(['Webhooks']);
    }
  });

  it('describes the webhook events and the delivery rules with the configured numbers', () => {
    const description = buildOpenApiDocument().info.description ?? '';
    for (const type of ['dispatch.status_updated', 'dispatch.driver_assigned', 'dispatch.destination_updated', 'webhook.ping']) {
      expect(description).toContain(`\`${type}\``);
    }
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) expect(description).toContain(`\`${header}\``);
    // The defaults: 15 attempts 10 s apart, doubling, span 10 s · (2^14 − 1) ≈ 45.5 h.
    expect(description).toContain('first retry after 10 s');
    expect(description).toContain('After 15 attempts (`WEBHOOK_MAX_ATTEMPTS`, ≈ 45.5 h after the first)');
    expect(description).toContain('no successful delivery for 24 h');
    expect(description).toContain('within 10 s (`WEBHOOK_TIMEOUT_MS`)');
    expect(description).toMatch(/Deduplicate by `webhook-id`/);
  });

  it('serializes to JSON and back unchanged', () => {
    const document = buildOpenApiDocument();
    const json = JSON.stringify(document);
    expect(JSON.parse(json)).toEqual(document);
  });
});
