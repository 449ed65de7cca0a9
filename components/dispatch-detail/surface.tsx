'use client';

import { createContext, useContext, type ReactNode } from 'react';

/**
 * Where the dispatch page's parts read and write: the staff dashboard (one account) or the
 * admin console (every account). The parts are the same; only the API paths and links differ.
 */
export interface DispatchSurface {
  /** The API path of one dispatch (record; /deliveries and /destination below it). */
  dispatchPath: (id: string) => string;
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

export const STAFF_SURFACE: DispatchSurface = {
  dispatchPath: (id) => `/api/staff/dispatches/${encodeURIComponent(id)}`,
  driverPath: (_id, driverId) => `/api/staff/drivers/${encodeURIComponent(driverId)}`,
  eventsPath: '/api/staff/events',
  listHref: '/dispatches',
  canChangeDestination: true,
  showsDeliveryEndpoint: false,
};

export const ADMIN_SURFACE: DispatchSurface = {
  dispatchPath: (id) => `/api/admin/dispatches/${encodeURIComponent(id)}`,
  driverPath: (id) => `/api/admin/dispatches/${encodeURIComponent(id)}/driver`,
  eventsPath: '/api/admin/dispatches/events',
  listHref: '/admin/dispatches',
  canChangeDestination: false,
  showsDeliveryEndpoint: true,
};

const SURFACES = { staff: STAFF_SURFACE, admin: ADMIN_SURFACE } as const;

const SurfaceContext = createContext<DispatchSurface>(STAFF_SURFACE);

/** Server pages name the surface (functions cannot cross to the browser); the parts read it. */
export function DispatchSurfaceProvider({ surface, children }: { surface: keyof typeof SURFACES; children: ReactNode }) {
  return <SurfaceContext.Provider value={SURFACES[surface]}>{children}</SurfaceContext.Provider>;
}

export function useDispatchSurface(): DispatchSurface {
  return useContext(SurfaceContext);
}
