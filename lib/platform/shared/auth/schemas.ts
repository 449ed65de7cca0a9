import { z } from 'zod';
import { dataEnvelope } from '@/lib/platform/shared/envelope';
import { requiredText } from '@/lib/platform/shared/validation/primitives';

// Imported by the sign-in form: nothing here may pull server code (password hashing) into the browser.

export const PASSWORD_MIN_LENGTH = 10;

export const USER_ROLES = ['staff', 'admin', 'driver'] as const;
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

/** A driver's sign-in name: a phone number, kept as E.164 (`+9665…`): spaces, dashes and brackets dropped, `00` read as `+`. */
export const PhoneSchema = z
  .string()
  .max(40)
  .transform((phone) => phone.replace(/[\s().-]/g, '').replace(/^00/, '+'))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be a phone number in international form, e.g. +966500000001'));

export const PIN_MIN_LENGTH = 6;
/** A driver's PIN: digits only, typed on a phone keypad. */
export const PinSchema = z
  .string()
  .regex(/^\d+$/, 'must be digits only')
  .min(PIN_MIN_LENGTH, `must be at least ${PIN_MIN_LENGTH} digits`)
  .max(12, 'must be at most 12 digits');

/** `POST /api/session` for a driver: phone and PIN. */
export const DriverSignInBodySchema = z.object({
  phone: PhoneSchema,
  pin: z.string().min(1, 'is required').max(100),
});
export type DriverSignInBody = z.input<typeof DriverSignInBodySchema>;

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

/** Where a role lands after signing in: staff on their dashboard, admins in the console, drivers in their app. */
export function homePathOf(role: UserRole): string {
  return { admin: '/admin', staff: '/dispatches', driver: '/driver' }[role];
}

/**
 * Who is signed in, as every surface sees it. `accountId` is the staff member's account, null
 * for admins: a fact about the user, never a tenant filter (domain functions take a Scope,
 * lib/platform/server/tenancy/scope.ts, which the HTTP wrappers build from it).
 */
export const SessionUserSchema = z.object({
  id: z.string(),
  /** The sign-in name of staff and admins; null for drivers, who sign in with `phone`. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  role: UserRoleSchema,
  accountId: z.string().nullable(),
  /** The driver a driver's sign-in is; null for staff and admins. */
  driverId: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const StaffUserResponseSchema = dataEnvelope(SessionUserSchema).meta({ id: 'StaffUser' });
