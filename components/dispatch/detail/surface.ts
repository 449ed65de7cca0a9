import { AUDIENCE_PATHS, type Audience } from '@/components/dispatch/list/audience';
import type { Locale } from '@/components/platform/i18n/locale';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';

/**
 * Where the dispatch page's parts read and write, by audience (components/dispatch/list/audience.ts):
 * the staff dashboard (one account) or the admin console (every account). The parts are the
 * same; the API paths, the links and what may be changed differ. The page (dispatch-detail.tsx)
 * hands its surface to the parts. No 'use client' here: server pages build query keys with it.
 */
export interface DispatchSurface {
  /** The API path of one dispatch (record; /deliveries, /eta, /proof and /destination below it). */
  dispatchPath: (id: string) => string;
  /** Where the signed-in reader gets a driver's photo or signature of the dispatch. */
  mediaPath: (mediaId: string) => string;
  /** The API path of the dispatch's driver. */
  driverPath: (id: string, driverId: string) => string;
  /** The server-sent events of the dispatches this surface sees. */
  eventsPath: string;
  /** The page listing the dispatches. */
  listHref: string;
  /** Whether the route card offers to move the destination (with a new estimate). */
  canChangeDestination: boolean;
  /** Whether each webhook delivery names its endpoint (the console: every endpoint the account has had). */
  showsDeliveryEndpoint: boolean;
}

const dispatchPath = (audience: Audience) => (id: string) => `${AUDIENCE_PATHS[audience].apiPath}/${encodeURIComponent(id)}`;

export const DISPATCH_SURFACES: Readonly<Record<Audience, DispatchSurface>> = {
  staff: {
    dispatchPath: dispatchPath('staff'),
    mediaPath: (mediaId) => `/api/staff/media/${encodeURIComponent(mediaId)}`,
    driverPath: (_id, driverId) => `/api/staff/drivers/${encodeURIComponent(driverId)}`,
    eventsPath: AUDIENCE_PATHS.staff.eventsPath,
    listHref: AUDIENCE_PATHS.staff.listPath,
    canChangeDestination: true,
    showsDeliveryEndpoint: false,
  },
  admin: {
    dispatchPath: dispatchPath('admin'),
    mediaPath: (mediaId) => `/api/admin/media/${encodeURIComponent(mediaId)}`,
    driverPath: (id) => `${dispatchPath('admin')(id)}/driver`,
    eventsPath: AUDIENCE_PATHS.admin.eventsPath,
    listHref: AUDIENCE_PATHS.admin.listPath,
    // The console shows the route; moving the destination is the restaurant's (and its estimate's).
    canChangeDestination: false,
    showsDeliveryEndpoint: true,
  },
};

/** What a card of the restaurant's controls (the pickup's timing, the drop-off's details) gets from the page. */
export interface ControlCardProps {
  dispatch: DispatchRecord;
  surface: DispatchSurface;
  /** Whether the card offers its action (staff; the console records statuses from its own actions). */
  showsAction: boolean;
  locale: Locale;
  common: CommonText;
}
