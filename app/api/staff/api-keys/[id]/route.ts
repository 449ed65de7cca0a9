import { revokeApiKey } from '@/lib/accounts/revoke-api-key';
import { staffRoute, otherMethods } from '@/lib/http/route';

// DELETE /api/staff/api-keys/{id} — revoke an API key: requests with it answer 401 from now on
export const DELETE = staffRoute<{ id: string }>({}, async ({ caller, params }) => {
  await revokeApiKey({ accountId: caller.accountId, id: params.id });
  return { status: 204 };
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
