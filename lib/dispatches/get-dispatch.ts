import { dispatchNotFound } from '@/lib/dispatches/apply-change';
import { readRecordJson } from '@/lib/dispatches/read-records';

/** One dispatch of the account (accountId null only on operator surfaces), as JSON text; 404 otherwise. */
export async function getDispatchJson(options: { id: string; accountId: string | null }): Promise<string> {
  const json = await readRecordJson(options);
  if (json === null) throw dispatchNotFound(options.id);
  return json;
}
