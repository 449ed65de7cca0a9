import { autoAssignDispatch } from '@/lib/dispatches/auto-assign-dispatch';

/**
 * After an offer closed early (declined, or its driver could no longer take it): offers the
 * dispatch to the next nearest driver now. Its own transaction, after the one that closed the
 * offer; if it fails, the scheduler does it at the dispatch's `assign_at`, which is still set.
 */
export async function offerToNextDriver(dispatchId: string): Promise<void> {
  try {
    await autoAssignDispatch({ id: dispatchId });
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', message: 'offer to the next driver failed', dispatchId, error: String(error) }));
  }
}
