import { db } from '@/lib/platform/server/db/client';
import { Prisma } from '@/prisma/generated/client';
import { scopeSql } from '@/lib/platform/server/tenancy/scope-filters';
import { assertScope, type Scope } from '@/lib/platform/server/tenancy/scope';

// Who an actor of a dispatch's history is, in words: the `ref_type`/`ref_id` (or `actor_type`/
// `actor_id`) of a status entry or an event names a user (staff: `vendor`; console: `admin`), a
// driver, an account acting through its API key (`vendor` with the account's or its own vendor id)
// or a system step (`system`: "sandbox", "auto-assign"). The dashboard's dispatch page and the
// console's audit trail both show names through this one read.

/** One actor as the history records it. */
export interface ActorRef {
  type: string;
  id: string;
}

/** A resolved actor: the person's name (and, for the console, a user's email). */
export interface ActorName {
  name: string;
  email: string | null;
}

/** The names of a set of actors, by `actorKey(type, id)`; an actor without a name is absent. */
export type ActorNames = ReadonlyMap<string, ActorName>;

export function actorKey(type: string, id: string): string {
  return `${type}:${id}`;
}

const uniqueIds = (actors: readonly ActorRef[], types: readonly string[]) => [...new Set(actors.filter((actor) => types.includes(actor.type)).map((actor) => actor.id))];

/**
 * The names of `actors`, in one query whatever their number. Within an account's scope only that
 * account's own users are named (an admin or another account's user stays unnamed: their name is
 * not the restaurant's to see); drivers are named, as the account sees the driver of its dispatch.
 * The platform scope (the console) names every user, with their email.
 * `actors` come from records read within the same scope: a driver's name is given for any id.
 */
export async function resolveActorNames(options: { scope: Scope; actors: readonly ActorRef[] }): Promise<ActorNames> {
  const scope = assertScope(options.scope);
  const isPlatform = scope.kind === 'platform';
  const vendorIds = uniqueIds(options.actors, ['vendor']);
  const adminIds = isPlatform ? uniqueIds(options.actors, ['admin']) : [];
  const driverIds = uniqueIds(options.actors, ['driver']);
  const parts: Prisma.Sql[] = [];
  if (vendorIds.length > 0) {
    parts.push(Prisma.sql`SELECT 'vendor' AS type, u.id, u.name, u.email FROM users u
                          WHERE u.id = ANY(${vendorIds}::text[]) AND u.account_id IS NOT NULL AND ${scopeSql(scope, 'u.account_id')}`);
  }
  if (adminIds.length > 0) {
    parts.push(Prisma.sql`SELECT 'admin' AS type, u.id, u.name, u.email FROM users u WHERE u.id = ANY(${adminIds}::text[])`);
  }
  if (driverIds.length > 0) {
    parts.push(Prisma.sql`SELECT 'driver' AS type, dr.id, dr.name, NULL::text AS email FROM drivers dr WHERE dr.id = ANY(${driverIds}::text[])`);
  }
  if (parts.length === 0) return new Map();
  const rows = await db().$queryRaw<{ type: string; id: string; name: string; email: string | null }[]>(Prisma.join(parts, ' UNION ALL '));
  return new Map(rows.map((row) => [actorKey(row.type, row.id), { name: row.name, email: isPlatform ? row.email : null }]));
}
