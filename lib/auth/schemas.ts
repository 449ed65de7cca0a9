import { z } from 'zod';
import { requiredText } from '@/lib/validation/primitives';

// Imported by the sign-in form: nothing here may pull server code (password hashing) into the browser.

export const PASSWORD_MIN_LENGTH = 10;

export const USER_ROLES = ['staff', 'admin'] as const;
export const UserRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const EmailSchema = z
  .email('must be an email address')
  .max(320)
  .transform((email) => email.toLowerCase());

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'is required').max(1000),
});
export type SignInBody = z.input<typeof SignInBodySchema>;

export const NewUserSchema = z.object({
  email: EmailSchema,
  name: requiredText(200),
  password: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(1000),
  role: UserRoleSchema,
  accountId: z.string().nullable(),
});
export type NewUser = z.input<typeof NewUserSchema>;

/** `POST /api/ops/accounts/{id}/users`: a staff sign-in for that account. */
export const CreateStaffBodySchema = NewUserSchema.pick({ email: true, name: true, password: true }).meta({ id: 'CreateStaffRequest' });

/** Where a role lands after signing in: staff on their dashboard, admins in the console. */
export function homePathOf(role: UserRole): string {
  return role === 'admin' ? '/admin' : '/dispatches';
}

/**
 * Who is signed in, as every surface sees it. `accountId` is the staff member's account, null
 * for admins: a fact about the user, never a tenant filter (domain functions take a Scope,
 * lib/tenancy/scope.ts, which the HTTP wrappers build from it).
 */
export const SessionUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), role: UserRoleSchema, accountId: z.string().nullable() });
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const StaffUserResponseSchema = z.object({ data: SessionUserSchema }).meta({ id: 'StaffUser' });
