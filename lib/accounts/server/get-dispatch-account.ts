import { db } from '@/lib/platform/server/db/client';

/** The account a dispatch belongs to (the console names it), or null when there is no such dispatch. */
export async function getDispatchAccount(options: { dispatchId: string }): Promise<{ id: string; name: string } | null> {
  const row = await db().dispatch.findUnique({ where: { id: options.dispatchId }, select: { account: { select: { id: true, name: true } } } });
  return row?.account ?? null;
}
