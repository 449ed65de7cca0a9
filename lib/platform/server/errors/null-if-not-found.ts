import { DomainError } from '@/lib/platform/server/errors/domain-error';

/** What `read` finds, or null where the domain says there is no such thing (a page then shows its 404). */
export async function nullIfNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return null;
    throw error;
  }
}
