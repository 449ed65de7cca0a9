import { searchAddresses } from '@/lib/geocoding/account-geocoder';
import { AddressSearchQuerySchema } from '@/lib/geocoding/schemas';
import { parseQuery } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/geocode/search?q=…&near=lat,lng — the address search of the dispatch form: the
// account's own addresses first, then the geocoding service's (when one is configured and answers)
export const GET = staffRoute({ callsOut: true }, async ({ caller, request }) => {
  const { q, near, limit, lang } = parseQuery(AddressSearchQuerySchema, request);
  const answer = await searchAddresses({ accountId: caller.accountId, query: q, near, limit, language: lang });
  return { status: 200, body: answer };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
