import { dispatchNotFound } from '@/lib/dispatches/apply-change';
import { readRecordJson } from '@/lib/dispatches/read-records';
import type { Scope } from '@/lib/tenancy/scope';

/** One dispatch within the scope, as JSON text; 404 otherwise. */
export async function getDispatchJson(options: { id: string; scope: Scope }): Promise<string> {
  const json = await readRecordJson(options);
  if (json === null) throw dispatchNotFound(options.id);
  return json;
}
