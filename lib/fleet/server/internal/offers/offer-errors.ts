import { DomainError } from '@/lib/platform/server/errors/domain-error';

/** Another driver's offer, or none with this id: not found, so its existence is not revealed. */
export function offerNotFound(id: string): DomainError {
  return new DomainError('not_found', `No offer with id "${id}"`);
}

/** The offer is no longer open: answered, timed out, or its dispatch went elsewhere or ended. */
export function offerClosed(id: string, why: string): DomainError {
  return new DomainError('offer_closed', `The offer "${id}" is closed: ${why}`);
}
