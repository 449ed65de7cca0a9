import { reverseGeocode } from '@/lib/geocoding/account-geocoder';
import { ReverseGeocodeQuerySchema } from '@/lib/geocoding/schemas';
import { parseQuery } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/geocode/reverse?lat=…&lng=… — the address at a dropped pin (`data: null` when none is known)
export const GET = staffRoute({ callsOut: true }, async ({ caller, request }) => {
  const { lat, lng, lang } = parseQuery(ReverseGeocodeQuerySchema, request);
  return { status: 200, body: await reverseGeocode({ accountId: caller.accountId, point: { lat, lng }, language: lang }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
