import { z } from 'zod';
import {
  checkPlannedTimes,
  CreateDispatchBodySchema,
  MAX_SCHEDULE_AHEAD_MS,
  OrderDetailSchema,
  TIP_MAX_MINOR,
  TipSchema,
  VendorPayloadSchema,
  type CreateDispatchBody,
} from '@/lib/dispatch/shared/schemas';
import { toMajor, toMinor } from '@/lib/pricing/shared/tariff';
import { LocaleTextSchema, requiredText, text } from '@/lib/platform/shared/validation/primitives';

// The dashboard's New dispatch form, derived from the API's create schema so a
// field error in the browser is the one the API would answer. What differs is how people enter
// a few fields: the two locale-text fields as an English and an Arabic input, the schedule as
// "now / in N minutes / at a time" in the browser's clock, and the tip in major units.

/** English required, Arabic optional; blank entries are dropped, then the API's own rule applies. */
const EnglishArabicTextSchema = z
  .object({ 'en-us': requiredText(500), 'ar-sa': text(500).trim().optional() })
  .transform((value) => Object.fromEntries(Object.entries(value).filter(([, entry]) => entry)) as Record<string, string>)
  .pipe(LocaleTextSchema);

export const READY_MODES = ['now', 'in', 'at'] as const;
export type ReadyMode = (typeof READY_MODES)[number];

const MAX_READY_IN_MINUTES = MAX_SCHEDULE_AHEAD_MS / 60_000;

/** When the food is ready: now (no schedule), in a number of minutes, or at a local date-time (`<input type="datetime-local">`). */
const ReadyFormSchema = z.object({
  mode: z.enum(READY_MODES),
  minutes: z.int('must be an integer').min(1, 'must be at least 1').max(MAX_READY_IN_MINUTES, `must be at most ${MAX_READY_IN_MINUTES}`).optional(),
  at: z.string().optional(),
});

export type ReadyForm = z.input<typeof ReadyFormSchema>;

const NOT_A_DATE_TIME = 'Invalid input: enter a date and time';

/** A `datetime-local` value (`2026-03-22T14:30`, the browser's time zone) as an instant; null when it is none. */
function localDateTime(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The `pickup_ready_at` of a schedule choice at `now`, as the create takes it (ISO 8601 UTC);
 * undefined for "now" and for a choice not (yet) complete.
 */
export function pickupReadyAtOf(ready: ReadyForm | undefined, now: number): string | undefined {
  if (ready?.mode === 'in' && typeof ready.minutes === 'number' && Number.isInteger(ready.minutes) && ready.minutes > 0) {
    return new Date(now + ready.minutes * 60_000).toISOString();
  }
  if (ready?.mode === 'at') return localDateTime(ready.at)?.toISOString();
  return undefined;
}

/** A tip typed in major units of the account currency (12.50), sent as the API's minor units (1250). */
export function tipInMajorUnitsSchema(currency: string) {
  const max = toMajor(TIP_MAX_MINOR, currency);
  return z
    .number()
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max}`)
    .transform((major) => toMinor(major, currency))
    .pipe(TipSchema);
}

/** The form, for an account whose tariff is in `currency` (the tip's currency). */
export function createDispatchFormSchema({ currency }: { currency: string }) {
  // The create's fields without its refinement (zod refuses to pick from a refined object); the
  // refinement, checkPlannedTimes, runs below on the form's output.
  return z
    .object(CreateDispatchBodySchema.shape)
    .pick({
    pickup: true,
    destination: true,
    user_metadata: true,
    vendor_id: true,
    vendor_oid: true,
    vendor_bid: true,
    dropoff_instructions: true,
    contactless: true,
  })
    .extend({
      vendor_name: EnglishArabicTextSchema,
      vendor_payload: VendorPayloadSchema.extend({
        order_details: z.array(OrderDetailSchema.extend({ item_name: EnglishArabicTextSchema })).max(500),
      }),
      ready: ReadyFormSchema,
      /** `datetime-local`, the browser's time zone; blank: no deadline. */
      deadline: z.string().optional(),
      tip: tipInMajorUnitsSchema(currency).optional(),
    })
    .transform(({ ready, deadline, ...body }, ctx) => {
      const readyField = ready.mode === 'in' ? 'minutes' : 'at';
      if (ready.mode === 'in' && ready.minutes === undefined) {
        ctx.addIssue({ code: 'custom', path: ['ready', 'minutes'], message: 'is required' });
      }
      if (ready.mode === 'at' && !localDateTime(ready.at)) {
        ctx.addIssue({ code: 'custom', path: ['ready', 'at'], message: ready.at ? NOT_A_DATE_TIME : 'is required' });
      }
      const deadlineAt = localDateTime(deadline);
      if (deadline && !deadlineAt) ctx.addIssue({ code: 'custom', path: ['deadline'], message: NOT_A_DATE_TIME });
      const pickupReadyAt = pickupReadyAtOf(ready, Date.now());
      const output = {
        ...body,
        ...(pickupReadyAt && { pickup_ready_at: pickupReadyAt }),
        ...(deadlineAt && { dropoff_deadline: deadlineAt.toISOString() }),
      };
      // The API's own bounds, told at the inputs they came from.
      checkPlannedTimes(output, {
        ...ctx,
        addIssue: (issue) => {
          if (typeof issue === 'string' || !issue.path) return ctx.addIssue(issue);
          const [field] = issue.path;
          ctx.addIssue({ ...issue, path: field === 'pickup_ready_at' ? ['ready', readyField] : ['deadline'] } as typeof issue);
        },
      });
      return output;
    });
}

type CreateDispatchFormSchema = ReturnType<typeof createDispatchFormSchema>;
export type CreateDispatchFormInput = z.input<CreateDispatchFormSchema>;

// Fails to compile if the form's output ever stops being a valid create request.
type CreateBody<T extends CreateDispatchBody> = T;
export type CreateDispatchFormOutput = CreateBody<z.output<CreateDispatchFormSchema>>;

/**
 * The form field a path of the API's `error_desc` belongs to: the API names a locale object as a
 * whole (`vendor_name`, `…item_name`) where the form has an English input for it, and the planned
 * times where the form has the schedule's inputs.
 */
export function formFieldOf(apiPath: string, readyMode: ReadyMode = 'now'): string {
  if (/^(vendor_name|vendor_payload\.order_details\.\d+\.item_name)$/.test(apiPath)) return `${apiPath}.en-us`;
  if (apiPath === 'pickup_ready_at') return readyMode === 'in' ? 'ready.minutes' : 'ready.at';
  if (apiPath === 'dropoff_deadline') return 'deadline';
  return apiPath;
}
