import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { MediaStorageKind } from '@/lib/dispatch/server/media/schemas';
import { assertInScope } from '@/lib/platform/server/tenancy/scope-filters';
import { assertScope, type Scope } from '@/lib/platform/server/tenancy/scope';

const MEDIA_SELECT = { id: true, accountId: true, storage: true, key: true, contentType: true } as const;

/** What reading a medium needs: where its bytes are, and what they are. */
export interface MediaLocation {
  id: string;
  accountId: string;
  storage: MediaStorageKind;
  key: string;
  contentType: string;
}

export function mediaNotFound(id: string): DomainError {
  return new DomainError('not_found', `No media with id "${id}"`);
}

/**
 * A medium within `scope`: an account's own (API key, staff), any (the console), or a driver's:
 * the media of dispatches assigned to them. Anything else is not found (404).
 */
export async function findMedia(options: { scope: Scope; id: string }): Promise<MediaLocation> {
  const scope = assertScope(options.scope);
  const { id } = options;
  const row =
    scope.kind === 'driver'
      ? await db().dispatchMedia.findFirst({ where: { id, dispatch: { assignedDriverId: scope.driverId } }, select: MEDIA_SELECT })
      : await db().dispatchMedia.findUnique({ where: { id }, select: MEDIA_SELECT });
  if (scope.kind === 'driver') {
    if (!row) throw mediaNotFound(id);
  } else {
    assertInScope(scope, row, () => mediaNotFound(id));
  }
  return { ...row, storage: row.storage === 's3' ? 's3' : 'fs' };
}
