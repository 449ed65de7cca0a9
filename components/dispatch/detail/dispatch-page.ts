import { mapTiles, recordPage } from '@/components/platform/shell/server-page';
import type { Locale } from '@/components/platform/i18n/locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { dispatchDetailMessages } from '@/components/platform/i18n/messages/dispatch-detail';
import { getDispatchViewJson } from '@/lib/dispatch/server/get-dispatch-view';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

/**
 * The dispatch page's record for one audience (staff: their account's; admins: any), read once per
 * request as the API answers it, and its title. The page builds the scope from its caller.
 */
export function dispatchPage<Caller>(caller: () => Promise<Caller>, scopeOf: (caller: Caller) => Scope) {
  return recordPage({
    caller,
    read: async (id, who): Promise<DispatchRecord> => JSON.parse(await getDispatchViewJson({ id, scope: scopeOf(who) })) as DispatchRecord,
    title: (dispatch, locale) => {
      const t = messagesFor(dispatchDetailMessages, locale);
      return dispatch ? format(t.pageTitle, { rId: dispatch.r_id }) : t.notFoundPageTitle;
    },
  });
}

/** What every dispatch page hands the dispatch's view: which one, the words in the viewer's language, the map's tiles. */
export function dispatchDetailProps(id: string, locale: Locale) {
  return { id, locale, t: messagesFor(dispatchDetailMessages, locale), common: messagesFor(commonMessages, locale), map: mapTiles() };
}
