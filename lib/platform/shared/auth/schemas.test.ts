import { describe, expect, it } from 'vitest';
import { NewUserSchema } from '@/lib/platform/shared/auth/schemas';

const user = { email: 'sam@example.com', name: 'Sam', password: 'long enough password', role: 'staff', accountId: null };

describe('NewUserSchema', () => {
  it('accepts a user', () => {
    expect(NewUserSchema.safeParse(user).success).toBe(true);
  });

  it.each([
    ['a NUL character in the name (PostgreSQL text cannot hold one)', { name: 'Sa\u0000m' }, /NUL/],
    ['a blank name', { name: '   ' }, /empty/],
    ['a short password', { password: 'short' }, /at least 10/],
  ])('refuses %s', (_case, change, message) => {
    const result = NewUserSchema.safeParse({ ...user, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join('; ')).toMatch(message);
  });
});
