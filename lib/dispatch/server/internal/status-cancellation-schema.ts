import { z } from 'zod';
import { CANCEL_REASON_TEXT_MAX } from '@/lib/dispatch/shared/cancel-reasons';
import { CancelReasonSchema, ChangeStatusBodySchema } from '@/lib/dispatch/shared/schemas';
import { text } from '@/lib/platform/shared/validation/primitives';

// Why, sent with a recorded `cancelled` status: the ops status route and the console's bulk
// action take the cancel endpoints' `reason` and `reason_text`, optional there (an operator's
// status change may carry none; the record then shows `reason: null`).

export const STATUS_CANCELLATION_FIELDS = {
  reason: CancelReasonSchema.optional().meta({ description: 'With `status: cancelled` only: why (as `POST /ext/dispatch/{id}/cancel` takes it); shown in the record’s `cancellation`' }),
  reason_text: text(CANCEL_REASON_TEXT_MAX)
    .trim()
    .optional()
    .meta({ description: `With \`reason\` only: free text for people (at most ${CANCEL_REASON_TEXT_MAX} characters); required when \`reason\` is \`other\`` }),
};

/** The rules the fields' types cannot say: only with `cancelled`, text only with a reason, `other` explained. */
export function checkStatusCancellation(body: { status: string; reason?: string; reason_text?: string }, ctx: z.RefinementCtx): void {
  if (body.reason !== undefined && body.status !== 'cancelled') {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is only accepted with status "cancelled"' });
  }
  if (body.reason_text && body.reason === undefined) {
    ctx.addIssue({ code: 'custom', path: ['reason_text'], message: 'needs a reason' });
  }
  if (body.reason === 'other' && !body.reason_text) {
    ctx.addIssue({ code: 'custom', path: ['reason_text'], message: 'is required when reason is "other"' });
  }
}

/** POST /api/ops/dispatches/{id}/status: ChangeStatusBodySchema with the cancellation's reason. */
export const OpsChangeStatusBodySchema = ChangeStatusBodySchema.extend(STATUS_CANCELLATION_FIELDS)
  .superRefine(checkStatusCancellation)
  .meta({
    id: 'OpsChangeStatusRequest',
    description: 'The history entry is recorded as ref_type/ref_id (default admin/ops). With `cancelled`, an optional `reason` (and `reason_text`) records why.',
    example: { status: 'cancelled', reason: 'address_problem', reason_text: 'Driver found no such building' },
  });
