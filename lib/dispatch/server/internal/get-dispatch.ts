import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import { readRecordJson } from '@/lib/dispatch/server/read-records';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

/** One dispatch within the scope, as JSON text; 404 otherwise. */
export async function getDispatchJson(options: { id: string; scope: Scope }): Promise<string> {
  const json = await readRecordJson(options);
  if (json === null) throw dispatchNotFound(options.id);
  return json;
}
