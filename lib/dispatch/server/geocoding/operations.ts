import { reverseGeocode, searchAddresses } from '@/lib/dispatch/server/geocoding/account-geocoder';
import { AddressSearchQuerySchema, ReverseGeocodeQuerySchema } from '@/lib/dispatch/shared/geocoding/schemas';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { parseQuery } from '@/lib/platform/server/validation/parse-input';

// The dispatch form's address search and dropped-pin lookup (lib/platform/server/http/operation.ts).

/**
 * The address search of the dispatch form (`?q=…&near=lat,lng`): the account's own addresses
 * first, then the geocoding service's (when one is configured and answers).
 */
export const searchAddressesOperation = defineOperation()({
  method: 'GET',
  mounts: { staff: '/api/staff/geocode/search' },
  options: { callsOut: true },
  run: async ({ caller, request }) => {
    const { q, near, limit, lang } = parseQuery(AddressSearchQuerySchema, request);
    return { status: 200, body: await searchAddresses({ accountId: caller.accountId, query: q, near, limit, language: lang }) };
  },
});

/** The address at a dropped pin (`?lat=…&lng=…`; `data: null` when none is known). */
export const reverseGeocodeOperation = defineOperation()({
  method: 'GET',
  mounts: { staff: '/api/staff/geocode/reverse' },
  options: { callsOut: true },
  run: async ({ caller, request }) => {
    const { lat, lng, lang } = parseQuery(ReverseGeocodeQuerySchema, request);
    return { status: 200, body: await reverseGeocode({ accountId: caller.accountId, point: { lat, lng }, language: lang }) };
  },
});
