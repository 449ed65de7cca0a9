import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { OPS_HEADERS } from './staff';

export interface AdminUser {
  email: string;
  password: string;
}

/** A fresh platform admin, made through the ops API. */
export async function createAdmin(request: APIRequestContext): Promise<AdminUser> {
  const email = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const password = 'correct horse battery staple';
  const response = await request.post('/api/ops/admins', { headers: OPS_HEADERS, data: { email, name: 'E2E Admin', password } });
  expect(response.status()).toBe(201);
  return { email, password };
}

/** Signs in through the sign-in page and waits for the console. */
export async function signInAdmin(page: Page, admin: AdminUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email|البريد/i).fill(admin.email);
  await page.getByLabel(/password|كلمة المرور/i).fill(admin.password);
  await page.getByRole('button', { name: /sign in|تسجيل الدخول/i }).click();
  await page.waitForURL('**/admin/**');
}
