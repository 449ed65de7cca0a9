import { db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import { hashApiKey, readApiKey } from '@/lib/auth/api-key';
import type { Tariff } from '@/lib/estimates/tariff';

export interface Caller {
  accountId: string;
  tariff: Tariff;
}

const UNAUTHORIZED = 'Missing or incorrect api_key: send it in the x-api-key header (or api_key, or Authorization: Bearer)';

/** Resolves the calling account from its API key; 401 for a missing, unknown or revoked key. */
export async function authenticateApiKey(headers: Headers): Promise<Caller> {
  const key = readApiKey(headers);
  if (!key || key.length > 200) throw new ApiError('unauthorized', UNAUTHORIZED);
  const row = await db().apiKey.findUnique({
    where: { hash: hashApiKey(key) },
    select: {
      revokedAt: true,
      account: {
        select: { id: true, currency: true, baseFareMinor: true, perKmMinor: true, minFareMinor: true, vatRateBps: true },
      },
    },
  });
  if (!row || row.revokedAt) throw new ApiError('unauthorized', UNAUTHORIZED);
  const { id, ...tariff } = row.account;
  return { accountId: id, tariff };
}
