'use client';

import { DISPATCH_SURFACES } from '@/components/dispatch/detail/surface';
import type { QueryErrorText } from '@/components/platform/ui/query-error';
import type { Locale } from '@/components/platform/i18n/locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { cancelDispatchMessages } from '@/components/platform/i18n/messages/cancel-dispatch';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { cancelRefusal, useCancelDispatch } from './use-cancel-dispatch';

/**
 * The staff list's row action: Cancel, with the reason dialog, on a dispatch that can still be
 * cancelled. Other rows show none; the list's hint under the table says why.
 */
export function CancelRowAction({ record, locale, common }: { record: DispatchRecord; locale: Locale; common: QueryErrorText }) {
  const t = messagesFor(cancelDispatchMessages, locale);
  const { ask, dialog } = useCancelDispatch({ dispatch: record, cancelPath: `${DISPATCH_SURFACES.staff.dispatchPath(record.id)}/cancel`, t, common });
  if (cancelRefusal(record) !== null || currentStatus(record.status) === 'cancelled') return null;
  return (
    <>
      <button type="button" className="btn btn--small btn--danger" aria-label={format(t.cancelRowLabel, { rId: record.r_id })} onClick={ask} data-testid="row-cancel">
        {t.cancelRowAction}
      </button>
      {dialog}
    </>
  );
}
