import { db } from '@/lib/platform/server/db/client';
import { duplicateAs } from '@/lib/platform/server/db/database-errors';
import { DomainError, invalidRequest } from '@/lib/platform/server/errors/domain-error';
import { newId } from '@/lib/platform/server/ids/new-id';
import { hashPassword } from '@/lib/platform/server/auth/password';
import { NewUserSchema, type NewUser, type SessionUser } from '@/lib/platform/shared/auth/schemas';

/** Creates a dashboard user: staff of one account, or a platform-wide admin. */
export async function createUser(options: { input: NewUser }): Promise<SessionUser> {
  const parsed = NewUserSchema.safeParse(options.input);
  if (!parsed.success) throw invalidRequest(parsed.error);
  const { email, name, password, role, accountId } = parsed.data;
  if (role === 'driver') throw new DomainError('invalid_request', 'role: driver sign-ins are made for a driver (lib/fleet)');
  if ((role === 'staff') !== (accountId !== null)) {
    throw new DomainError('invalid_request', 'accountId: staff belong to one account; admins to none');
  }
  if (accountId !== null && !(await db().account.findUnique({ where: { id: accountId }, select: { id: true } }))) {
    throw new DomainError('not_found', `No account with id "${accountId}"`);
  }
  try {
    const user = await db().user.create({
      data: { id: newId('usr'), email, name, role, accountId, passwordHash: await hashPassword(password) },
      select: { id: true, email: true, phone: true, name: true, role: true, accountId: true, driverId: true },
    });
    return { ...user, role };
  } catch (error) {
    throw duplicateAs(error, 'email', () => new DomainError('invalid_request', `email: a user with email "${email}" already exists`));
  }
}
