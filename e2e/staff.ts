import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../playwright.config';

export interface StaffAccount {
  accountId: string;
  apiKey: string;
  email: string;
  password: string;
}

const OPS = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

/** A fresh vendor account with a staff sign-in, made through the ops API. */
export async function createStaffAccount(request: APIRequestContext, name: string): Promise<StaffAccount> {
  const account = await request.post('/api/ops/accounts', { headers: OPS, data: { name } });
  expect(account.status()).toBe(201);
  const { id, api_key } = (await account.json()).data as { id: string; api_key: string };
  const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const password = 'correct horse battery staple';
  const user = await request.post(`/api/ops/accounts/${id}/users`, { headers: OPS, data: { email, name: `${name} Staff`, password } });
  expect(user.status()).toBe(201);
  return { accountId: id, apiKey: api_key, email, password };
}

/** A fresh vendor account whose webhook goes to `webhookUrl`; `vendor`: the headers of its API key. */
export async function createStaffWithWebhook(request: APIRequestContext, name: string, webhookUrl: string): Promise<{ staff: StaffAccount; vendor: { 'x-api-key': string } }> {
  const staff = await createStaffAccount(request, name);
  const vendor = { 'x-api-key': staff.apiKey };
  expect((await request.post('/ext/webhook', { headers: vendor, data: { webhook: webhookUrl } })).status()).toBe(204);
  return { staff, vendor };
}

/** Signs in through the sign-in page and waits for the dispatch list. */
export async function signIn(page: Page, staff: Pick<StaffAccount, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email|البريد/i).fill(staff.email);
  await page.getByLabel(/password|كلمة المرور/i).fill(staff.password);
  await page.getByRole('button', { name: /sign in|تسجيل الدخول/i }).click();
  await page.waitForURL('**/dispatches');
}

export { OPS as OPS_HEADERS };
