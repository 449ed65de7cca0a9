import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import type { Prisma } from '@/prisma/generated/client';
import { scopeWhere } from '@/lib/platform/server/tenancy/scope-filters';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

// What the console's QA queue and dispatch page show of a delivery's proof: the driver's photos,
// signature and failure photo (each served to admins by GET /api/admin/media/{id}), and why a
// failed delivery failed. Types only are imported by the browser.

export interface ProofMedia {
  id: string;
  /** photo | signature | failure_photo */
  kind: string;
  created_at: string;
}

export interface DispatchProof {
  media: ProofMedia[];
  /** Set when the driver reported the delivery as failed (customer_unreachable | wrong_address | refused). */
  failure: { reason: string; note: string | null } | null;
}

const PROOF_SELECT = {
  id: true,
  failureReason: true,
  failureNote: true,
  media: { select: { id: true, kind: true, createdAt: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.DispatchSelect;

function proofOf(row: Prisma.DispatchGetPayload<{ select: typeof PROOF_SELECT }>): DispatchProof {
  return {
    media: row.media.map((media) => ({ id: media.id, kind: media.kind, created_at: formatTimestamp(media.createdAt) })),
    failure: row.failureReason ? { reason: row.failureReason, note: row.failureNote } : null,
  };
}

/**
 * The proof of each of a page of dispatches, by dispatch id, in one statement (the media come
 * in the same query: relationJoins). Dispatches outside the scope are left out.
 */
export async function listDispatchProofs(options: { scope: Scope; dispatchIds: readonly string[] }): Promise<Record<string, DispatchProof>> {
  if (options.dispatchIds.length === 0) return {};
  const rows = await db().dispatch.findMany({
    where: { id: { in: [...options.dispatchIds] }, ...scopeWhere(options.scope) },
    select: PROOF_SELECT,
  });
  return Object.fromEntries(rows.map((row) => [row.id, proofOf(row)]));
}

/** One dispatch's proof; 404 outside the scope. */
export async function getDispatchProof(options: { scope: Scope; id: string }): Promise<DispatchProof> {
  const proof = (await listDispatchProofs({ scope: options.scope, dispatchIds: [options.id] }))[options.id];
  if (!proof) throw dispatchNotFound(options.id);
  return proof;
}
