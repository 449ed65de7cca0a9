'use client';

import { formatClock } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { parseTime } from './format';
import type { DriverPlace } from './types';

// The pickup a driver is sent to ahead of the food, shared by the offer, the trip and the job
// screen; on its own so the job screen's first load does not carry the trips' code.

export function placeText(point: DriverPlace): string {
  return point.address_line || `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}`;
}

/** Hours and minutes on this phone's clock and zone, Latin digits in Arabic too (`19:42`). */
export function readyClock(time: string, locale: Locale): string {
  return formatClock(new Date(parseTime(time)), locale);
}

/** "Go to <restaurant> — orders will be ready at 19:42": a driver sent ahead to wait for the food. */
export function WaitNotice({ restaurant, readyAt, count, t, locale }: { restaurant: string; readyAt: string; count: number; t: DriverText; locale: Locale }) {
  return (
    <p className="alert alert--info" role="status" data-testid="trip-waiting">
      {format(count > 1 ? t.waitAtPickup : t.waitAtPickupOne, { restaurant, time: readyClock(readyAt, locale) })}
    </p>
  );
}
