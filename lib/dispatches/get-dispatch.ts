import { ApiError } from '@/lib/http/errors';
import { readRecordJson } from '@/lib/dispatches/read-records';
import type { DispatchRecord } from '@/lib/dispatches/schemas';

/** One dispatch of the account (accountId null only on operator surfaces), as JSON text; 404 otherwise. */
export async function getDispatchJson(options: { id: string; accountId: string | null }): Promise<string> {
  const json = await readRecordJson(options);
  if (json === null) throw new ApiError('not_found', `No dispatch with id "${options.id}"`);
  return json;
}

/** One dispatch of the account, parsed; 404 otherwise. */
export async function getDispatch(options: { id: string; accountId: string | null }): Promise<DispatchRecord> {
  return JSON.parse(await getDispatchJson(options)) as DispatchRecord;
}
