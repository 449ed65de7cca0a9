import { describe, expect, it } from 'vitest';
import { matchRank } from '@/lib/dispatch/server/internal/geocoding/address-book';
import { mergeResults } from '@/lib/dispatch/server/geocoding/account-geocoder';
import { nominatimPlace, viewboxAround } from '@/lib/dispatch/server/internal/geocoding/nominatim';
import { photonFeature, photonLabel } from '@/lib/dispatch/server/internal/geocoding/photon';
import { takeRequestSlot } from '@/lib/dispatch/server/internal/geocoding/service-request';

describe('service answers', () => {
  it('reads a Nominatim place, and skips one without a name or a valid position', () => {
    expect(nominatimPlace({ lat: '24.7', lon: '46.6', display_name: ' Olaya St ' })).toEqual({ label: 'Olaya St', lat: 24.7, lng: 46.6, source: 'service' });
    expect(nominatimPlace({ lat: '24.7', lon: '46.6' })).toBeNull();
    expect(nominatimPlace({ lat: '', lon: '46.6', display_name: 'x' })).toBeNull();
    expect(nominatimPlace({ lat: '95', lon: '46.6', display_name: 'x' })).toBeNull();
    expect(nominatimPlace({ error: 'Unable to geocode' })).toBeNull();
    expect(nominatimPlace(null)).toBeNull();
  });

  it('biases Nominatim to a box around the branch, clamped to the globe', () => {
    expect(viewboxAround({ lat: 24.5, lng: 46.5 })).toBe('46.25,24.75,46.75,24.25');
    expect(viewboxAround({ lat: 89.9, lng: 179.9 })).toBe('179.65,90,180,89.65');
  });

  it('labels a Photon feature as an address line reads, without repeats', () => {
    expect(photonLabel({ name: 'Kingdom Centre', street: 'King Fahd Rd', housenumber: '12', district: 'Olaya', city: 'Riyadh', country: 'Saudi Arabia' })).toBe(
      'Kingdom Centre, King Fahd Rd 12, Olaya, Riyadh, Saudi Arabia',
    );
    expect(photonLabel({ name: 'Riyadh', city: 'Riyadh', country: 'Saudi Arabia' })).toBe('Riyadh, Saudi Arabia');
    expect(photonFeature({ geometry: { coordinates: [46.6, 24.7] }, properties: { name: 'X' } })).toEqual({ label: 'X', lat: 24.7, lng: 46.6, source: 'service' });
    expect(photonFeature({ geometry: { coordinates: [] }, properties: { name: 'X' } })).toBeNull();
    expect(photonFeature({ geometry: { coordinates: [46.6, 24.7] }, properties: {} })).toBeNull();
  });
});

describe('the address search', () => {
  it('ranks a match at the start of a word above one inside a word', () => {
    expect(matchRank('king abdullah rd', 'abd')).toBe('word');
    expect(matchRank('king abdullah rd', 'dulla')).toBe('inside');
    expect(matchRank('king abdullah rd', 'fahd')).toBeNull();
  });

  it('puts the address book first and shows each address once', () => {
    const book = [{ label: 'Olaya St', lat: 1, lng: 2, source: 'address_book' as const }];
    const service = [
      { label: 'OLAYA  st', lat: 1.1, lng: 2.1, source: 'service' as const },
      { label: 'Olaya Mall', lat: 3, lng: 4, source: 'service' as const },
      { label: 'Olaya Park', lat: 5, lng: 6, source: 'service' as const },
    ];
    expect(mergeResults(book, service, 2).map((result) => [result.label, result.source])).toEqual([
      ['Olaya St', 'address_book'],
      ['Olaya Mall', 'service'],
    ]);
  });

  it('lets one request a service through per interval', () => {
    const config = { baseUrl: 'http://slot.test', minIntervalMs: 1_000 };
    expect(takeRequestSlot(config, 10_000)).toBe(true);
    expect(takeRequestSlot(config, 10_500)).toBe(false);
    expect(takeRequestSlot(config, 11_000)).toBe(true);
    expect(takeRequestSlot({ ...config, minIntervalMs: 0 }, 11_001)).toBe(true);
  });
});
