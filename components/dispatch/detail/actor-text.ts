import type { CommonText } from '@/components/platform/i18n/messages/common';

// An actor of a dispatch's history in words, for the dashboard's timeline and the console's audit
// trail: a person by their name (resolved on the server: lib/dispatch/server/internal/resolve-actor-names.ts),
// otherwise what they are. A raw id is never the text (the console shows it beside, in small).

/** The system steps that record history, by their `ref_id`. */
const SYSTEM_ACTORS: Record<string, keyof CommonText> = {
  sandbox: 'actor_sandbox',
  'auto-assign': 'actor_auto_assign',
};

/**
 * `name`: the server's resolution — a string (named), null (resolved, no name: for a restaurant
 * that means its API key), undefined (not resolved, e.g. a record fresh from an action's answer).
 */
export function actorText(common: CommonText, actor: { type: string; id: string; name?: string | null }): string {
  switch (actor.type) {
    case 'vendor':
      return actor.name ?? (actor.name === null ? common.actor_api : common.ref_vendor);
    case 'driver':
      return actor.name ? `${common.ref_driver} ${actor.name}` : common.ref_driver;
    case 'admin':
      return actor.name ?? common.actor_support;
    case 'system': {
      const key = SYSTEM_ACTORS[actor.id];
      return key ? common[key] : common.ref_system;
    }
    default:
      return actor.name ?? actor.type;
  }
}
