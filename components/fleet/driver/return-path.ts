// Only the driver app's own pages are a place to come back to (lib/platform/shared/auth/safe-next.ts says the
// same for every role; it is not imported here because its schemas would bring zod along). Not
// in the sign-in form's module: that one is a client module, and the sign-in page calls this on
// the server, where a client module's exports are references that cannot be called.
const DRIVER_PAGE = /^\/driver(?:\/[A-Za-z0-9_-]+)*$/;

/** Where a driver goes after signing in: back to the app page they came from, else the app's home. */
export function driverReturnPath(next: string | null): string {
  return next && DRIVER_PAGE.test(next) && !next.startsWith('/driver/login') && !next.startsWith('/driver/link') ? next : '/driver';
}
