import type { Prisma } from '@/prisma/generated/client';
import type { ApiKeyView } from '@/lib/accounts/shared/schemas';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';

// API key rows to the dashboard's shape, shared by the list and the create operation.

export const API_KEY_SELECT = { id: true, name: true, prefix: true, createdAt: true, revokedAt: true } satisfies Prisma.ApiKeySelect;

export function apiKeyView(row: Prisma.ApiKeyGetPayload<{ select: typeof API_KEY_SELECT }>): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: formatTimestamp(row.createdAt),
    revoked_at: row.revokedAt ? formatTimestamp(row.revokedAt) : null,
  };
}
