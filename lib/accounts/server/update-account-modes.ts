import { db } from '@/lib/platform/server/db/client';
import type { AccountModes, UpdateAccountModesBody } from '@/lib/accounts/shared/schemas';
import { DomainError } from '@/lib/platform/server/errors/domain-error';

const MODES_SELECT = { autoAssign: true, sandbox: true, sandboxSpeedKmh: true } as const;

function modesView(row: { autoAssign: boolean; sandbox: boolean; sandboxSpeedKmh: number }): AccountModes {
  return { auto_assign: row.autoAssign, sandbox: row.sandbox, sandbox_speed_kmh: row.sandboxSpeedKmh };
}

/** An account's modes (auto-assign, sandbox and its speed); 404 for an unknown account. */
export async function getAccountModes(options: { accountId: string }): Promise<AccountModes> {
  const row = await db().account.findUnique({ where: { id: options.accountId }, select: MODES_SELECT });
  if (!row) throw new DomainError('not_found', `No account with id "${options.accountId}"`);
  return modesView(row);
}

/** Changes any of an account's modes; returns them all. Input is parsed by the caller's schema. */
export async function updateAccountModes(options: { accountId: string; input: UpdateAccountModesBody }): Promise<AccountModes> {
  const { input } = options;
  const rows = await db().account.updateManyAndReturn({
    where: { id: options.accountId },
    data: { autoAssign: input.auto_assign, sandbox: input.sandbox, sandboxSpeedKmh: input.sandbox_speed_kmh },
    select: MODES_SELECT,
  });
  const row = rows[0];
  if (!row) throw new DomainError('not_found', `No account with id "${options.accountId}"`);
  return modesView(row);
}
