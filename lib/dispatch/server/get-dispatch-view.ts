import { z } from 'zod';
import { dataEnvelope } from '@/lib/platform/shared/envelope';
import { getDispatchJson } from '@/lib/dispatch/server/internal/get-dispatch';
import { actorKey, resolveActorNames, type ActorRef } from '@/lib/dispatch/server/internal/resolve-actor-names';
import { CancellationSchema, DispatchRecordSchema, StatusEntrySchema, type DispatchRecord } from '@/lib/dispatch/shared/schemas';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

// The dispatch as the dashboard and the console show it: the record of GET /ext/dispatch/{id},
// with each history entry's actor and whoever cancelled it named (`ref_name`), so the page says
// "by Sara Ali" instead of "by Restaurant usr_…". Not part of the public contract: the vendor
// API's record is unchanged.

/** The actor's name when they are a user of the caller's account (the console: any user) or a driver; else null. */
const RefNameSchema = z.string().nullable();

export const NamedStatusEntrySchema = StatusEntrySchema.extend({ ref_name: RefNameSchema });

export type NamedStatusEntry = z.infer<typeof NamedStatusEntrySchema>;

export const NamedCancellationSchema = CancellationSchema.extend({ by: CancellationSchema.shape.by.extend({ ref_name: RefNameSchema }) });

export type NamedCancellation = z.infer<typeof NamedCancellationSchema>;

export const DispatchViewSchema = DispatchRecordSchema.extend({ status: z.array(NamedStatusEntrySchema), cancellation: NamedCancellationSchema.nullable() });

export const DispatchViewResponseSchema = dataEnvelope(DispatchViewSchema);

export type DispatchView = Omit<DispatchRecord, 'status' | 'cancellation'> & { status: NamedStatusEntry[]; cancellation: NamedCancellation | null };

/** Adds the actors' names to a record read within `scope`: one query for the whole history. */
export async function nameDispatchActors(options: { record: DispatchRecord; scope: Scope }): Promise<DispatchView> {
  const { record, scope } = options;
  const actors: ActorRef[] = record.status.map((entry) => ({ type: entry.ref_type, id: entry.ref_id }));
  const { cancellation } = record;
  if (cancellation) actors.push({ type: cancellation.by.ref_type, id: cancellation.by.ref_id });
  const names = await resolveActorNames({ scope, actors });
  const nameOf = (type: string, id: string) => names.get(actorKey(type, id))?.name ?? null;
  return {
    ...record,
    status: record.status.map((entry) => ({ ...entry, ref_name: nameOf(entry.ref_type, entry.ref_id) })),
    cancellation: cancellation ? { ...cancellation, by: { ...cancellation.by, ref_name: nameOf(cancellation.by.ref_type, cancellation.by.ref_id) } } : null,
  };
}

/** One dispatch within the scope with its actors named, as JSON text; 404 otherwise. */
export async function getDispatchViewJson(options: { id: string; scope: Scope }): Promise<string> {
  const record = JSON.parse(await getDispatchJson(options)) as DispatchRecord;
  return JSON.stringify(await nameDispatchActors({ record, scope: options.scope }));
}
