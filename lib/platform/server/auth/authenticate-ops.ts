import { timingSafeEqual, createHash } from 'node:crypto';
import { getEnv } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Checks `Authorization: Bearer $OPS_TOKEN`; the ops API is off while OPS_TOKEN is unset. */
export function authenticateOps(headers: Headers): void {
  const token = getEnv().OPS_TOKEN;
  if (!token) throw new DomainError('ops_api_disabled', 'The operator API is disabled: set OPS_TOKEN to enable it');
  const match = headers.get('authorization')?.match(/^Bearer\s+(\S+)\s*$/i);
  // Compare digests so the comparison takes the same time whatever the length.
  if (!match?.[1] || !timingSafeEqual(digest(match[1]), digest(token))) {
    throw new DomainError('unauthorized', 'Missing or incorrect operator token: send Authorization: Bearer <OPS_TOKEN>');
  }
}
