import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAdmin, signInAdmin } from './admin';
import { advanceAsNewDriver } from './drivers';
import { order } from './orders';
import { startReceiver } from './receiver';
import { createStaffAccount, createStaffWithWebhook, signIn, type StaffAccount } from './staff';

// Cancelling with a reason, against the production build: staff from the dispatch page (the
// timeline, the cancellation and the webhook delivery follow) and from the list; a picked-up
// dispatch explains why it cannot be; the console's "Cancelled" asks for a reason first, for one
// dispatch and in bulk.

async function createDispatch(request: APIRequestContext, staff: StaffAccount, name: string): Promise<string> {
  const created = await request.post('/ext/dispatch', { headers: { 'x-api-key': staff.apiKey }, data: order(`${name}-${Date.now()}`) });
  expect(created.status()).toBe(201);
  return ((await created.json()).data as { id: string }).id;
}

test('staff cancel a dispatch with a reason from its page: timeline, cancellation and webhook follow', async ({ page, request }) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const { staff } = await createStaffWithWebhook(request, 'Cancel Kitchen', receiver.url);
    const id = await createDispatch(request, staff, 'cancel-page');
    await advanceAsNewDriver(request, id, ['accepted'], 'Cancel Driver');
    const pickedUp = await createDispatch(request, staff, 'cancel-picked');
    await advanceAsNewDriver(request, pickedUp, ['accepted', 'picked_up'], 'Cancel Driver');

    await signIn(page, staff);
    // Past pickup: the button is there, disabled, and says why.
    await page.goto(`/dispatches/${pickedUp}`);
    await expect(page.getByTestId('cancel-dispatch')).toBeDisabled();
    await expect(page.getByTestId('cancel-refusal')).toContainText('the driver has picked it up (Picked up)');

    await page.goto(`/dispatches/${id}`);
    await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'accepted');
    const deliveries = page.getByTestId('deliveries').locator('[data-testid="delivery-row"][data-status="succeeded"]');
    await expect(deliveries).toHaveCount(4, { timeout: 30_000 }); // created, assigned, driver assigned, accepted

    await page.getByTestId('cancel-dispatch').click();
    const dialog = page.getByTestId('cancel-dialog');
    await expect(dialog).toBeVisible();
    // A reason is required, and "Other" needs its details.
    await dialog.getByTestId('confirm-cancel').click();
    await expect(dialog).toContainText('Choose a reason.');
    await dialog.getByLabel('Other').check();
    await dialog.getByTestId('confirm-cancel').click();
    await expect(dialog).toContainText('Say why the dispatch is cancelled.');
    await dialog.getByTestId('cancel-details').fill('Customer moved the party to tomorrow');
    await dialog.getByTestId('confirm-cancel').click();
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'cancelled');
    const newest = page.getByTestId('timeline-entry').last();
    await expect(newest).toHaveAttribute('data-status', 'cancelled');
    await expect(newest).toHaveAttribute('data-tone', 'ended');
    // Who cancelled, by name (the page's read names them; never the user's raw id).
    await expect(newest.getByTestId('timeline-actor')).toHaveText('by Cancel Kitchen Staff');
    await expect(page.getByTestId('cancellation-by')).toHaveText('Cancel Kitchen Staff');
    await expect(page.getByTestId('cancellation-reason')).toHaveText('Other');
    await expect(page.getByTestId('cancellation-text')).toHaveText('Customer moved the party to tomorrow');
    await expect(page.getByTestId('cancel-dispatch')).toHaveCount(0);

    // The webhook delivery of the cancel, on the page and at the receiver, with the cancellation.
    await expect(deliveries).toHaveCount(5, { timeout: 30_000 });
    const cancelled = receiver.received.map((body) => JSON.parse(body)).find((body) => body.payload?.cancellation);
    expect(cancelled).toMatchObject({ type: 'dispatch.status_updated', payload: { id, cancellation: { reason: 'other', reason_text: 'Customer moved the party to tomorrow' } } });

    // The list: the row action on a dispatch that can still be cancelled, none on the picked-up one.
    const fresh = await createDispatch(request, staff, 'cancel-row');
    await page.goto('/dispatches');
    const row = page.locator(`[data-testid="dispatch-row"][data-id="${fresh}"]`);
    await expect(page.locator(`[data-testid="dispatch-row"][data-id="${pickedUp}"]`).getByTestId('row-cancel')).toHaveCount(0);
    await expect(page.getByTestId('cancel-hint')).toBeVisible();
    await row.getByTestId('row-cancel').click();
    await page.getByTestId('cancel-dialog').getByLabel('Duplicate order').check();
    await page.getByTestId('cancel-dialog').getByTestId('confirm-cancel').click();
    await expect(row).toHaveAttribute('data-status', 'cancelled');
    await expect(row.getByTestId('row-cancel')).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test("the console's Cancelled asks for a reason and a confirmation before it cancels", async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'Console Cancel Kitchen');
  const id = await createDispatch(request, staff, 'admin-cancel');
  const admin = await createAdmin(request);
  await signInAdmin(page, admin);
  await page.goto(`/admin/dispatches/${id}`);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'new');

  await page.getByTestId('next-statuses').locator('[data-status="cancelled"]').click();
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog).toBeVisible();
  // Nothing happened yet; going back leaves the dispatch as it was.
  await dialog.getByRole('button', { name: 'Keep dispatch' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'new');

  await page.getByTestId('next-statuses').locator('[data-status="cancelled"]').click();
  await dialog.getByLabel('The kitchen cannot prepare it').check();
  await dialog.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('cancellation-reason')).toHaveText('The kitchen cannot prepare it');
  await expect(page.getByTestId('cancellation-by')).toHaveText('E2E Admin');
  const record = await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': staff.apiKey } });
  expect((await record.json()).data.cancellation).toMatchObject({ reason: 'kitchen_cannot_prepare', reason_text: null, by: { ref_type: 'admin' } });
});

test("the console's bulk cancel asks for a reason and a confirmation, and records it on every row", async ({ page, request }) => {
  // Bulk cancel used to record no reason; it now asks with the reason picker of one dispatch.
  const staff = await createStaffAccount(request, 'Bulk Cancel Kitchen');
  const ids = [await createDispatch(request, staff, 'bulk-cancel-1'), await createDispatch(request, staff, 'bulk-cancel-2')];
  const admin = await createAdmin(request);
  await signInAdmin(page, admin);
  await page.goto(`/admin/dispatches?account_id=${staff.accountId}`);
  const rows = page.getByTestId('dispatch-row');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await row.getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveAttribute('data-count', '2');

  await page.getByTestId('bulk-status-select').selectOption('cancelled');
  await page.getByTestId('bulk-status').click();
  const dialog = page.getByRole('dialog', { name: 'Cancel 2 dispatches?' });
  await expect(dialog).toBeVisible();
  // Going back changes nothing.
  await dialog.getByRole('button', { name: 'Keep them' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-testid="dispatch-row"] [data-testid="dispatch-status"][data-status="new"]')).toHaveCount(2);

  await page.getByTestId('bulk-status').click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-cancel').click();
  await expect(dialog.getByText('Choose a reason.')).toBeVisible();
  await dialog.getByLabel('Duplicate order').check();
  await dialog.getByTestId('cancel-details').fill('Sent twice by the till');
  await dialog.getByRole('button', { name: 'Cancel 2 dispatches' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('bulk-summary')).toHaveAttribute('data-applied', '2');
  await expect(page.getByTestId('bulk-summary')).toHaveAttribute('data-refused', '0');
  for (const id of ids) {
    const record = await request.get(`/ext/dispatch/${id}`, { headers: { 'x-api-key': staff.apiKey } });
    expect((await record.json()).data.cancellation).toMatchObject({ reason: 'duplicate_order', reason_text: 'Sent twice by the till', by: { ref_type: 'admin' } });
  }
  // Cancelled rows are never green: the danger badge.
  const badges = page.locator('[data-testid="dispatch-row"] [data-testid="dispatch-status"][data-status="cancelled"]');
  await expect(badges).toHaveCount(2);
  for (const badge of await badges.all()) {
    await expect(badge).toHaveClass(/badge--danger/);
    await expect(badge).not.toHaveClass(/badge--success/);
  }
});
