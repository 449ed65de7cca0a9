// Who a dispatch page serves: restaurant staff (their account's dispatches, through /api/staff)
// or platform admins (every account's, through /api/admin). There is one dispatch list and one
// dispatch detail; the audience decides where they read, where they link and what the admin
// sees in addition (columns, filters, bulk actions, the detail's console panels).
// Server pages name the audience (a string crosses to the browser); client code reads its paths here.

export type Audience = 'staff' | 'admin';

export interface AudiencePaths {
  /** The dispatch list's page. */
  listPath: string;
  /** The API's dispatch collection: the list; `/export`, `/{id}` and below it. */
  apiPath: string;
  /** The server-sent events of the dispatches this audience sees. */
  eventsPath: string;
}

export const AUDIENCE_PATHS: Readonly<Record<Audience, AudiencePaths>> = {
  staff: { listPath: '/dispatches', apiPath: '/api/staff/dispatches', eventsPath: '/api/staff/events' },
  admin: { listPath: '/admin/dispatches', apiPath: '/api/admin/dispatches', eventsPath: '/api/admin/dispatches/events' },
};

/** A dispatch's page for this audience. */
export function dispatchHref(audience: Audience, id: string): string {
  return `${AUDIENCE_PATHS[audience].listPath}/${id}`;
}
