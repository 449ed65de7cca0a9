import type { DriverText } from '@/components/i18n/messages/driver';
import type { QueryErrorText } from '@/components/ui/query-error';
import type { Locale } from '@/components/i18n/locale';

/** States in which the driver is on the job (lib/transitions/statuses.ts ON_DUTY_STATES, which brings zod along). */
export const ACTIVE_STATES = ['assigned', 'accepted', 'ready_for_pickup', 'picked_up'];

/** What every driver page hands its client components, in the viewer's language. */
export interface DriverPageText {
  t: DriverText;
  common: QueryErrorText;
  statusLabels: Record<string, string>;
  locale: Locale;
}
