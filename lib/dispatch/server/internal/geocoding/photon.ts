import { coordinateOf, getServiceJson, type ServiceConfig } from '@/lib/dispatch/server/internal/geocoding/service-request';
import type { GeocodeResult, Geocoder } from '@/lib/dispatch/server/geocoding/types';

// A Photon-compatible service (komoot's public photon.komoot.io, or a self-hosted Photon):
// GET /api?q=…&lat=…&lon=…&limit=… and GET /reverse?lat=…&lon=…, both answering GeoJSON.

/** Photon names the parts of an address; the label joins them as an address line reads, without repeats. */
export function photonLabel(properties: Record<string, unknown>): string {
  const text = (key: string) => (typeof properties[key] === 'string' ? (properties[key] as string).trim() : '');
  const street = [text('street'), text('housenumber')].filter(Boolean).join(' ');
  const parts = [text('name'), street, text('district'), text('city') || text('county'), text('country')].filter(Boolean);
  return parts.filter((part, index) => parts.indexOf(part) === index).join(', ');
}

/** One feature of an answer as a result; null when it lacks a name or a valid point. */
export function photonFeature(feature: unknown): GeocodeResult | null {
  if (typeof feature !== 'object' || feature === null) return null;
  const { geometry, properties } = feature as { geometry?: { coordinates?: unknown }; properties?: unknown };
  const coordinates = Array.isArray(geometry?.coordinates) ? geometry.coordinates : [];
  const lng = coordinateOf(coordinates[0], 180);
  const lat = coordinateOf(coordinates[1], 90);
  const label = typeof properties === 'object' && properties !== null ? photonLabel(properties as Record<string, unknown>) : '';
  if (label === '' || lat === null || lng === null) return null;
  return { label, lat, lng, source: 'service' };
}

function featuresOf(answer: unknown): GeocodeResult[] {
  const features = typeof answer === 'object' && answer !== null ? (answer as { features?: unknown }).features : undefined;
  return Array.isArray(features) ? features.map(photonFeature).filter((result) => result !== null) : [];
}

export function photonGeocoder(config: ServiceConfig): Geocoder {
  return {
    // Photon's `lang` takes only the languages its index was built with (an unknown one is a 400),
    // so none is sent: places come in their local names.
    async search(query, { near, limit }) {
      const answer = await getServiceJson(config, '/api', {
        q: query,
        limit: String(limit),
        ...(near ? { lat: String(near.lat), lon: String(near.lng) } : {}),
      });
      return featuresOf(answer).slice(0, limit);
    },
    async reverse(point) {
      return featuresOf(await getServiceJson(config, '/reverse', { lat: String(point.lat), lon: String(point.lng) }))[0] ?? null;
    },
  };
}
