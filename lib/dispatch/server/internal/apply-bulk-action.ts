import { db, dbKind } from '@/lib/platform/server/db/client';
import type { Actor } from '@/lib/dispatch/server/apply-change';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import type { BulkAction } from '@/lib/dispatch/server/console-schemas';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { DomainError, type ErrorCode } from '@/lib/platform/server/errors/domain-error';
import { scopeWhere } from '@/lib/platform/server/tenancy/scope-filters';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

export type BulkRowResult =
  | { id: string; ok: true; record: DispatchRecord }
  | { id: string; ok: false; error: ErrorCode; error_desc: string; /** The refused dispatch's reference, null when it does not exist. */ r_id: string | null };

/**
 * Rows changed at once on PostgreSQL (each is its own short transaction holding one row lock;
 * the pool has room for the rest of the server). The embedded database runs one at a time anyway.
 */
const POSTGRES_CONCURRENCY = 4;

/**
 * Applies one action to each dispatch within the scope through the same domain functions as the
 * ops API (a cancel with its reason through cancelDispatch), each row in its own transaction: a row the transition table refuses (or an unknown
 * id, or one outside the scope) is reported and the others still apply. Answers one result per id, in the order given. A driver
 * that does not exist or is inactive refuses the whole request (400) before any row changes.
 */
export async function applyBulkAction(options: { ids: string[]; action: BulkAction; actor: Actor; scope: Scope }): Promise<BulkRowResult[]> {
  const { ids, action, actor, scope } = options;
  if (action.type === 'assign') {
    const driver = await db().driver.findUnique({ where: { id: action.driver_id }, select: { isActive: true } });
    if (!driver?.isActive) throw new DomainError('invalid_request', `action.driver_id: no active driver with id "${action.driver_id}"`);
  }
  const applyOne = async (id: string): Promise<BulkRowResult> => {
    try {
      const record =
        action.type === 'assign'
          ? await assignDriver({ id, scope, driverId: action.driver_id, actor })
          : action.status === 'cancelled'
            ? await cancelDispatch({ id, scope, actor, input: { reason: action.reason, reason_text: action.reason_text }, as: 'status' })
            : await changeStatus({ id, scope, status: action.status, actor });
      return { id, ok: true, record };
    } catch (error) {
      if (error instanceof DomainError) return { id, ok: false, error: error.code, error_desc: error.message, r_id: null };
      throw error;
    }
  };
  const results: BulkRowResult[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      results[index] = await applyOne(ids[index]!);
    }
  };
  const concurrency = dbKind() === 'pglite' ? 1 : POSTGRES_CONCURRENCY;
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  // Refused rows are named by their reference in the report: one read for all of them.
  const refusedIds = results.flatMap((result) => (result.ok ? [] : [result.id]));
  if (refusedIds.length) {
    const references = new Map(
      (await db().dispatch.findMany({ where: { id: { in: refusedIds }, ...scopeWhere(scope) }, select: { id: true, rId: true } })).map((row) => [row.id, row.rId]),
    );
    for (const result of results) if (!result.ok) result.r_id = references.get(result.id) ?? null;
  }
  return results;
}
