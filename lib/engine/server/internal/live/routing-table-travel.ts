import type { Place, TravelTime } from '@/lib/engine/server/internal/types';
import type { LivePlace } from '@/lib/engine/server/internal/live/places';

// Road travel times from an OSRM-compatible table service (`GET {base}/{lng,lat;…}?sources=…&
// destinations=…&annotations=duration`): one request per round for the round's places, then the
// engine's many questions are answered from memory, synchronously. Anything the table cannot
// answer (the request failed or was late, a null cell, a place it was not asked about) falls back
// to the straight-line travel given.

export interface TableRequest {
  /** Where trips start: couriers, pickups, drop-offs. */
  sources: readonly LivePlace[];
  /** Where trips end: pickups and drop-offs. */
  destinations: readonly LivePlace[];
}

export interface TableTravel extends TravelTime {
  /** How the table was got: `table` (answered), `fallback` (error or timeout: straight lines only). */
  readonly source: 'table' | 'fallback';
  readonly error?: string;
}

const OsrmTable = {
  parse(body: unknown): (number | null)[][] | null {
    if (!body || typeof body !== 'object') return null;
    const { code, durations } = body as { code?: unknown; durations?: unknown };
    if (code !== 'Ok' || !Array.isArray(durations)) return null;
    return durations.every((row) => Array.isArray(row) && row.every((cell) => cell === null || typeof cell === 'number'))
      ? (durations as (number | null)[][])
      : null;
  },
};

/**
 * Fetches one duration table for the round and answers from it; on an error, a malformed answer
 * or after `timeoutMs`, every answer is `fallback`'s.
 */
export async function fetchTableTravel(options: {
  baseUrl: string;
  request: TableRequest;
  fallback: TravelTime;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Promise<TableTravel> {
  const { request, fallback } = options;
  const places = uniquePlaces([...request.sources, ...request.destinations]);
  const index = new Map(places.map((place, i) => [place.id, i]));
  const sources = uniqueIds(request.sources).map((id) => index.get(id)!);
  const destinations = uniqueIds(request.destinations).map((id) => index.get(id)!);
  const fallbackOnly = (error: string): TableTravel => ({ source: 'fallback', error, seconds: (from, to) => fallback.seconds(from, to) });
  if (places.length === 0 || sources.length === 0 || destinations.length === 0) return fallbackOnly('nothing to ask');

  const coordinates = places.map((place) => `${place.lng.toFixed(6)},${place.lat.toFixed(6)}`).join(';');
  const url = `${options.baseUrl.replace(/\/+$/, '')}/${coordinates}?sources=${sources.join(';')}&destinations=${destinations.join(';')}&annotations=duration`;
  let table: (number | null)[][] | null;
  try {
    const response = await (options.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(options.timeoutMs) });
    if (!response.ok) return fallbackOnly(`routing table answered ${response.status}`);
    table = OsrmTable.parse(await response.json());
  } catch (error) {
    return fallbackOnly(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
  if (!table || table.length !== sources.length) return fallbackOnly('routing table answer malformed');

  const row = new Map(sources.map((placeIndex, i) => [places[placeIndex]!.id, table[i]!]));
  const column = new Map(destinations.map((placeIndex, j) => [places[placeIndex]!.id, j]));
  return {
    source: 'table',
    seconds(from: Place, to: Place): number {
      if (from.id === to.id) return 0;
      const cell = row.get(from.id)?.[column.get(to.id) ?? -1];
      return typeof cell === 'number' && Number.isFinite(cell) ? Math.round(cell) : fallback.seconds(from, to);
    },
  };
}

function uniquePlaces(places: readonly LivePlace[]): LivePlace[] {
  const seen = new Map<string, LivePlace>();
  for (const place of places) if (!seen.has(place.id)) seen.set(place.id, place);
  return [...seen.values()];
}

function uniqueIds(places: readonly LivePlace[]): string[] {
  return [...new Set(places.map((place) => place.id))];
}
