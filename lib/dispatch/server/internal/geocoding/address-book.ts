import { listBranches } from '@/lib/accounts/server/branches/list-branches';
import { db } from '@/lib/platform/server/db/client';
import { customerSearchKey } from '@/lib/dispatch/server/internal/customer-search-key';
import { greatCircleKm } from '@/lib/pricing/shared/estimates/route-estimator';
import { Prisma } from '@/prisma/generated/client';
import type { GeocodeResult, Geocoder, GeoPoint } from '@/lib/dispatch/server/geocoding/types';

// The account's own addresses, searchable with no service at all: its branches (their saved
// pickups) and the destinations it delivered to (table `address_book`, kept by the trigger of
// lib/dispatch/server/sql/80_address_book_remember.sql; the migration 20261127213000_address_book says why
// a table and not pg_trgm). The search text and the stored addresses share one key,
// customerSearchKey: "KING fahd", "king  fahd" and "King Fahd" find the same row, and so do
// أحمد and احمد.
//
// The address book is one account's own things (lib/platform/server/tenancy/scope.ts): its functions take the
// account id, required, and every query filters on it first; only staff routes call them, with
// their caller's account.

/** A pin this close to a known address is that address (a branch's door, last week's customer). */
export const REVERSE_RADIUS_M = 30;

/** ≈ REVERSE_RADIUS_M in degrees of latitude, for the box the query narrows to before measuring. */
const REVERSE_BOX_DEGREES = 0.001;

interface Entry {
  label: string;
  lat: number;
  lng: number;
}

/** Whether `key` (a search key) is found in the text, and whether at the start of one of its words: those rank first. */
export function matchRank(textKey: string, key: string): 'word' | 'inside' | null {
  const at = textKey.indexOf(key);
  if (at < 0) return null;
  return textKey.startsWith(key) || textKey.includes(` ${key}`) ? 'word' : 'inside';
}

/** The account's branches as entries: the saved pickup's address line (or the branch's name), found by either. */
async function branchEntries(accountId: string): Promise<Array<Entry & { searchKey: string }>> {
  const branches = await listBranches({ accountId });
  return branches.map((branch) => {
    const line = branch.pickup.address_line?.trim();
    return {
      label: line || branch.name,
      lat: branch.pickup.lat,
      lng: branch.pickup.lng,
      searchKey: customerSearchKey(`${branch.name} ${line ?? ''}`),
    };
  });
}

/** Delivered destinations whose key holds `key`: word starts first, then the most used, the most recent. */
async function deliveredMatching(accountId: string, key: string, limit: number): Promise<Entry[]> {
  return db().$queryRaw<Entry[]>(Prisma.sql`
    SELECT label, lat, lng FROM address_book
    WHERE account_id = ${accountId} AND strpos(search_key, ${key}) > 0
    ORDER BY (strpos(search_key, ${key}) = 1 OR strpos(search_key, ${` ${key}`}) > 0) DESC, deliveries DESC, last_delivered_at DESC, search_key
    LIMIT ${limit}`);
}

async function deliveredNear(accountId: string, point: GeoPoint): Promise<Entry[]> {
  // The longitude box widens with latitude (a degree of longitude shrinks toward the poles).
  const lngBox = REVERSE_BOX_DEGREES / Math.max(0.01, Math.cos((point.lat * Math.PI) / 180));
  return db().$queryRaw<Entry[]>(Prisma.sql`
    SELECT label, lat, lng FROM address_book
    WHERE account_id = ${accountId}
      AND lat BETWEEN ${point.lat - REVERSE_BOX_DEGREES} AND ${point.lat + REVERSE_BOX_DEGREES}
      AND lng BETWEEN ${point.lng - lngBox} AND ${point.lng + lngBox}`);
}

const asResult = (entry: Entry): GeocodeResult => ({ label: entry.label, lat: entry.lat, lng: entry.lng, source: 'address_book' });

/** Results without a second one of the same address (by search key), in their order. */
export function withoutRepeats(results: GeocodeResult[]): GeocodeResult[] {
  const seen = new Set<string>();
  return results.filter((result) => {
    const key = customerSearchKey(result.label);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function addressBookGeocoder(accountId: string): Geocoder {
  return {
    // `near` is not used: the account's own addresses are its own neighbourhood already, and
    // how often each was delivered to says more about which one staff mean.
    async search(query, { limit }) {
      const key = customerSearchKey(query);
      if (key === '') return [];
      const [branches, delivered] = await Promise.all([branchEntries(accountId), deliveredMatching(accountId, key, limit)]);
      // Branches first (an account has a handful, matched here), word starts before the rest.
      const rank = (entry: { searchKey: string }) => (matchRank(entry.searchKey, key) === 'word' ? 0 : 1);
      const matchingBranches = branches.filter((branch) => matchRank(branch.searchKey, key) !== null).sort((a, b) => rank(a) - rank(b));
      return withoutRepeats([...matchingBranches, ...delivered].map(asResult)).slice(0, limit);
    },
    async reverse(point) {
      const [branches, delivered] = await Promise.all([branchEntries(accountId), deliveredNear(accountId, point)]);
      const nearest = [...branches, ...delivered]
        .map((entry) => ({ entry, metres: greatCircleKm(point, entry) * 1000 }))
        .filter(({ metres }) => metres <= REVERSE_RADIUS_M)
        .sort((a, b) => a.metres - b.metres)[0];
      return nearest ? asResult(nearest.entry) : null;
    },
  };
}
