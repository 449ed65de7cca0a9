import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { listDriverPositions } from '@/lib/dispatch/server/live/list-driver-positions';
import { listOpenDispatches } from '@/lib/dispatch/server/live/list-open-dispatches';
import type { LiveMapView } from '@/lib/dispatch/shared/live/live-map-schemas';

/** What the console's live map draws: two bounded, indexed queries, run side by side. */
export async function readLiveMap(): Promise<LiveMapView> {
  const [drivers, dispatches] = await Promise.all([listDriverPositions(), listOpenDispatches()]);
  return { drivers, dispatches, now: formatTimestamp(new Date()) };
}
