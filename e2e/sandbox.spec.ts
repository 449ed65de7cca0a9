import { expect, test } from '@playwright/test';
import { startWebhookReceiver } from '../test/webhook-receiver';
import { order } from './orders';
import { OPS_HEADERS, signIn } from './staff';

// The sandbox against the production build: an account put in sandbox mode through the ops API
// has its dispatch driven from new to delivered by the server's simulator, firing the real
// webhooks in order (each geofence status once) while the dispatch page follows it live.

const LIFECYCLE = ['new', 'assigned', 'accepted', 'near_pickup', 'ready_for_pickup', 'picked_up', 'near_destination', 'delivered'];

test('a sandbox dispatch moves by itself from new to delivered, firing its webhooks in order', async ({ page, request }) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  try {
    const account = await request.post('/api/ops/accounts', { headers: OPS_HEADERS, data: { name: 'Sandbox Kitchen' } });
    expect(account.status()).toBe(201);
    const { id: accountId, api_key: apiKey, webhook_secret: secret } = (await account.json()).data as Record<string, string>;
    const staff = { email: `sandbox-${Date.now()}@e2e.example`, password: 'correct horse battery staple' };
    const user = await request.post(`/api/ops/accounts/${accountId}/users`, { headers: OPS_HEADERS, data: { ...staff, name: 'Sandbox Staff' } });
    expect(user.status()).toBe(201);
    const modes = await request.patch(`/api/ops/accounts/${accountId}/modes`, {
      headers: OPS_HEADERS,
      data: { sandbox: true, sandbox_speed_kmh: 3_000 },
    });
    expect(modes.status()).toBe(200);
    expect((await modes.json()).data).toMatchObject({ sandbox: true, sandbox_speed_kmh: 3_000 });

    const vendor = { 'x-api-key': apiKey! };
    expect((await request.post('/ext/webhook', { headers: vendor, data: { webhook: receiver.url } })).status()).toBe(204);

    // A delivery of about 3 km from Olaya St: 1–2 km to the pickup, then 3 km at 3,000 km/h.
    const body = { ...order(`sandbox-${Date.now()}`), destination: { lat: 24.7200, lng: 46.6851, address_line: 'North of Olaya' } };
    const created = await request.post('/ext/dispatch', { headers: vendor, data: body });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()).data as { id: string };

    // The dispatch page follows the simulated driver's statuses without a reload.
    await signIn(page, staff);
    await page.goto(`/dispatches/${id}`);
    await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'delivered', { timeout: 60_000 });
    await expect(page.getByTestId('timeline').getByTestId('timeline-entry')).toHaveCount(LIFECYCLE.length);

    // Delivery is at least once: like any receiver, keep the first request of each event id.
    const events = () => {
      const all = receiver.verified(secret!).filter((event) => event.payload?.id === id);
      return all.filter((event, index) => all.findIndex((other) => other.id === event.id) === index);
    };
    await expect
      .poll(() => events().some((event) => event.type === 'dispatch.status_updated' && event.payload.status.at(-1).status === 'delivered'), {
        timeout: 30_000,
      })
      .toBe(true);
    const received = events();
    // In order: sequence numbers as they arrived, with no gap and no repeat.
    expect(received.map((event) => event.sequence)).toEqual(received.map((_, index) => index + 1));
    const statuses = received.filter((event) => event.type === 'dispatch.status_updated').map((event) => event.payload.status.at(-1).status);
    expect(statuses).toEqual(LIFECYCLE);
    expect(statuses.filter((status) => status === 'near_pickup')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'near_destination')).toHaveLength(1);
    const driverEvent = received.find((event) => event.type === 'dispatch.driver_assigned');
    expect(driverEvent?.payload.driver).toMatchObject({ fleet_id: 'sandbox' });

    const record = (await (await request.get(`/ext/dispatch/${id}`, { headers: vendor })).json()).data;
    expect(record.status.map((entry: { status: string }) => entry.status)).toEqual(LIFECYCLE);
  } finally {
    await receiver.close();
  }
});
