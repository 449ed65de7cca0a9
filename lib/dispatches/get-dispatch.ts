import { db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { DISPATCH_SELECT, serializeDispatch } from '@/lib/dispatches/serialize-dispatch';

/** One dispatch of the account (omit accountId only on operator surfaces); 404 otherwise. */
export async function getDispatch(options: { id: string; accountId: string | null }): Promise<DispatchRecord> {
  const row = await db().dispatch.findFirst({
    where: { id: options.id, ...(options.accountId !== null && { accountId: options.accountId }) },
    select: DISPATCH_SELECT,
  });
  if (!row) throw new ApiError('not_found', `No dispatch with id "${options.id}"`);
  return serializeDispatch(row);
}
