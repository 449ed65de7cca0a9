import { db } from '@/lib/platform/server/db/client';
import type { Address } from '@/lib/platform/shared/validation/address';
import type { Branch } from '@/lib/accounts/shared/branches/schemas';

/** The account's branches by name (an account has a handful, so no paging). */
export async function listBranches(options: { accountId: string }): Promise<Branch[]> {
  const rows = await db().branch.findMany({
    where: { accountId: options.accountId },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: { id: true, vendorBid: true, name: true, pickup: true },
  });
  return rows.map((row) => ({ id: row.id, vendor_bid: row.vendorBid, name: row.name, pickup: row.pickup as Address }));
}
