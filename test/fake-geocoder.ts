import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local geocoding service for tests: speaks enough of Nominatim's API (jsonv2) or Photon's
// (GeoJSON) to answer the dashboard's search and reverse lookups, and can fail or hang on demand.

export interface FakePlace {
  label: string;
  lat: number;
  lng: number;
}

export type FakeMode = 'ok' | 'error' | 'hang';

export interface FakeGeocoder {
  url: string;
  /** Every request received, newest last: `path` is the API's (the last segment), `fullPath` as sent. */
  requests: Array<{ path: string; fullPath: string; params: URLSearchParams; userAgent: string | undefined }>;
  setMode(mode: FakeMode): void;
  close(): Promise<void>;
}

function nominatimBody(path: string, params: URLSearchParams, places: FakePlace[]): unknown {
  if (path === '/search') {
    const q = (params.get('q') ?? '').toLowerCase();
    return places
      .filter((place) => place.label.toLowerCase().includes(q))
      .slice(0, Number(params.get('limit') ?? 10))
      .map((place, index) => ({ place_id: index + 1, lat: String(place.lat), lon: String(place.lng), display_name: place.label, category: 'highway' }));
  }
  if (path === '/reverse') {
    const place = places[0];
    return place ? { place_id: 1, lat: String(place.lat), lon: String(place.lng), display_name: `${place.label} (reverse)` } : { error: 'Unable to geocode' };
  }
  return null;
}

function photonBody(path: string, params: URLSearchParams, places: FakePlace[]): unknown {
  const feature = (place: FakePlace) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
    properties: { name: place.label, city: 'Riyadh', country: 'Saudi Arabia' },
  });
  if (path === '/api') {
    const q = (params.get('q') ?? '').toLowerCase();
    return { type: 'FeatureCollection', features: places.filter((place) => place.label.toLowerCase().includes(q)).map(feature) };
  }
  if (path === '/reverse') return { type: 'FeatureCollection', features: places.slice(0, 1).map(feature) };
  return null;
}

export async function startFakeGeocoder(api: 'nominatim' | 'photon', places: FakePlace[]): Promise<FakeGeocoder> {
  let mode: FakeMode = 'ok';
  const requests: FakeGeocoder['requests'] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    // A base URL with a path (`…/geo`) is served too: the API's paths are its last segment.
    const path = url.pathname.replace(/^.*(?=\/[a-z]+$)/, '');
    requests.push({ path, fullPath: url.pathname, params: url.searchParams, userAgent: request.headers['user-agent'] });
    if (mode === 'hang') {
      hanging.add(response);
      return;
    }
    const body = mode === 'error' ? null : api === 'nominatim' ? nominatimBody(path, url.searchParams, places) : photonBody(path, url.searchParams, places);
    if (body === null) {
      response.writeHead(mode === 'error' ? 503 : 404, { 'content-type': 'text/plain' }).end('unavailable');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
