import { revokeApiKey } from '@/lib/accounts/revoke-api-key';
import { adminRoute, otherMethods } from '@/lib/http/route';

// DELETE /api/admin/accounts/{id}/api-keys/{keyId} — revoke one of the account's keys
export const DELETE = adminRoute<{ id: string; keyId: string }>({}, async ({ params }) => {
  await revokeApiKey({ accountId: params.id, id: params.keyId });
  return { status: 204 };
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
