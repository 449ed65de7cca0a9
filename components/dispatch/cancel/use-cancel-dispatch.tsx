'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dispatchDetailKeys } from '@/components/dispatch/detail/queries';
import { useToast } from '@/components/platform/ui/toast';
import type { QueryErrorText } from '@/components/platform/ui/query-error';
import { format } from '@/components/platform/i18n/messages';
import type { CancelDispatchText } from '@/components/platform/i18n/messages/cancel-dispatch';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { canCancelOrder, isLifecycleStatus, ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/table';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { CancelDispatchDialog } from './cancel-dispatch-dialog';

/**
 * Why a dispatch cannot be cancelled now, from the one transition table: null when it can (or is
 * cancelled already), else whether the driver has it or it is finished.
 */
export function cancelRefusal(dispatch: Pick<DispatchRecord, 'status'>): 'picked_up' | 'finished' | null {
  const status = currentStatus(dispatch.status);
  if (status === 'cancelled' || (isLifecycleStatus(status) && canCancelOrder(status))) return null;
  return ON_DUTY_STATES.includes(status) ? 'picked_up' : 'finished';
}

/**
 * The cancel action of one dispatch: `ask()` opens the reason dialog; once cancelled, the page's
 * record is replaced, every list refreshes, and a toast says so. Render `dialog` once.
 */
export function useCancelDispatch({
  dispatch,
  cancelPath,
  t,
  common,
}: {
  dispatch: Pick<DispatchRecord, 'id' | 'r_id'>;
  cancelPath: string;
  t: CancelDispatchText;
  common: QueryErrorText;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [isOpen, setOpen] = useState(false);
  // Each opening starts with an empty form.
  const [generation, setGeneration] = useState(0);
  const onCancelled = (record: DispatchRecord) => {
    setOpen(false);
    queryClient.setQueryData(dispatchDetailKeys.dispatch(record.id), record);
    void queryClient.invalidateQueries({ queryKey: ['dispatches'] });
    toast(format(t.cancelled, { rId: record.r_id }), 'success');
  };
  const dialog = (
    <CancelDispatchDialog
      key={generation}
      dispatch={dispatch}
      cancelPath={cancelPath}
      isOpen={isOpen}
      onClose={() => setOpen(false)}
      onCancelled={onCancelled}
      t={t}
      common={common}
    />
  );
  const ask = () => {
    setGeneration((value) => value + 1);
    setOpen(true);
  };
  return { ask, dialog };
}
