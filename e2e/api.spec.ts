import { expect, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../playwright.config';
import { order } from './orders';

// The same API, served by `next start` through Next's own router (the integration tests call
// the route handlers directly).


test('the server is healthy and the demo account was seeded', async ({ request }) => {
  expect(await (await request.get('/api/health')).json()).toEqual({ status: 'ok' });
  expect(await (await request.get('/api/ping')).json()).toEqual({ status: 'ok' });
});

test('a vendor creates, reads, lists, re-routes and estimates a dispatch over HTTP', async ({ request }) => {
  const account = await request.post('/api/ops/accounts', {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: { name: 'E2E Kitchen' },
  });
  expect(account.status()).toBe(201);
  const apiKey: string = (await account.json()).data.api_key;
  const headers = { 'x-api-key': apiKey };

  // No Content-Type at all (spec 1.3.0).
  const created = await request.fetch('/ext/dispatch', {
    method: 'POST',
    headers: { ...headers, 'content-type': '' },
    data: Buffer.from(JSON.stringify(order(`e2e-${Date.now()}`))),
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).data;
  expect(created.headers()['x-request-id']).toBeTruthy();

  const read = await request.get(`/ext/dispatch/${id}`, { headers });
  expect(read.status()).toBe(200);
  expect((await read.json()).data.status[0].status).toBe('new');

  const list = await request.get('/ext/dispatches?limit=1', { headers });
  expect((await list.json()).data[0].id).toBe(id);

  const patched = await request.patch(`/ext/dispatch/${id}/destination`, { headers, data: { lat: 24.8, lng: 46.7 } });
  expect(patched.status()).toBe(204);
  expect(await patched.text()).toBe('');

  const estimate = await request.post('/ext/estimate', {
    headers,
    data: { pickup: { lat: 24.69, lng: 46.68 }, destination: { lat: 24.77, lng: 46.73 } },
  });
  expect((await estimate.json()).data.delivery_price_text).toMatch(/^\d+\.\d{2} SAR$/);

  // The API's writes answer small bodies, sent as they are; its reads are still compressed
  // (lib/platform/server/http/compression.ts).
  const gzip = { ...headers, 'accept-encoding': 'gzip' };
  const smallAnswer = await request.post('/ext/estimate', { headers: gzip, data: { pickup: { lat: 24.69, lng: 46.68 }, destination: { lat: 24.77, lng: 46.73 } } });
  expect([smallAnswer.status(), smallAnswer.headers()['content-encoding']]).toEqual([200, undefined]);
  const listed = await request.get('/ext/dispatches?limit=1', { headers: gzip });
  expect([listed.status(), listed.headers()['content-encoding']]).toEqual([200, 'gzip']);

  const tooBig = await request.post('/ext/dispatch', { headers, data: { ...order('big'), vendor_sid: 'x'.repeat(1_100_000) } });
  expect(tooBig.status()).toBe(413);

  const unknown = await request.get('/ext/nothing-here', { headers });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ error: 'not_found' });
  // Under /api too: the JSON error object, not Next's HTML 404 page.
  const unknownApi = await request.get('/api/nothing-here');
  expect([unknownApi.status(), unknownApi.headers()['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
  expect(await unknownApi.json()).toEqual({ error: 'not_found', error_desc: 'No endpoint GET /api/nothing-here; see /docs' });

  expect((await request.get('/ext/dispatches')).status()).toBe(401);

  // A method the path does not take: our JSON 405 with Allow, not Next's empty one; HEAD follows GET.
  const wrongMethod = await request.put(`/ext/dispatch/${id}/destination`, { headers, data: { lat: 24.8, lng: 46.7 } });
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()['allow']).toBe('PATCH, OPTIONS');
  expect(await wrongMethod.json()).toMatchObject({ error: 'method_not_allowed' });
  const options = await request.fetch(`/ext/dispatch/${id}`, { method: 'OPTIONS' });
  expect([options.status(), options.headers()['allow']]).toEqual([204, 'GET, HEAD, PATCH, OPTIONS']);
  const head = await request.head(`/ext/dispatch/${id}`, { headers });
  expect([head.status(), await head.text()]).toEqual([200, '']);
  const webdav = await request.fetch(`/ext/dispatch/${id}`, { method: 'PROPFIND', headers });
  expect(webdav.status()).toBe(501);
  expect(await webdav.json()).toMatchObject({ error: 'method_not_implemented' });

  // Broken percent-encoding never reaches Next (which would answer a bare 500); NUL is refused too.
  for (const path of ['/ext/dispatch/%ZZ', '/ext/dispatch/%ED%A0%80', '/admin/dispatches/%C3']) {
    const malformed = await request.get(path, { headers });
    expect(malformed.status(), path).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'invalid_request' });
  }
  const nul = await request.get('/ext/dispatch/dsp%00x', { headers });
  expect(nul.status()).toBe(400);
  expect(await nul.json()).toEqual({ error: 'invalid_request', error_desc: 'id: must not contain NUL characters' });
});

test('the OpenAPI document and the docs page are served without any CDN', async ({ page, request }) => {
  const document = await (await request.get('/ext/openapi.json')).json();
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toContain('/ext/dispatch');

  const external: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith('http://127.0.0.1')) external.push(req.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/docs');
  await expect(page.getByText('/ext/dispatches/d/{driver_id}').first()).toBeVisible();
  expect(external).toEqual([]);
  // `SCREENSHOTS=1 npm run test:e2e` refreshes the README's pictures.
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'e2e/screenshots/api-docs.png' });
});
