import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeFactory, ROAD_ESTIMATE_TRAVEL } from '@/lib/engine/server/internal/live/places';
import { fetchTableTravel } from '@/lib/engine/server/internal/live/routing-table-travel';

// A local server speaking OSRM's /table API: `GET /table/v1/driving/{lng,lat;…}?sources=…&destinations=…`
// answers `{ code: 'Ok', durations: [[…]] }`, each duration 100 × (source's coordinate index) + (destination's coordinate index) + 7.
let mode: 'ok' | 'error' | 'slow' = 'ok';
const requests: string[] = [];
const server = http.createServer((request, response) => {
  requests.push(request.url ?? '');
  const url = new URL(request.url ?? '', 'http://localhost');
  if (mode === 'error') return void response.writeHead(500).end('{"code":"InvalidQuery"}');
  if (mode === 'slow') return void setTimeout(() => response.end('{}'), 1_000);
  const sources = url.searchParams.get('sources')!.split(';').map(Number);
  const destinations = url.searchParams.get('destinations')!.split(';').map(Number);
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ code: 'Ok', durations: sources.map((s) => destinations.map((d) => 100 * s + d + 7)) }));
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/table/v1/driving`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const place = placeFactory({ lat: 24.7, lng: 46.7 });
const courier = place('driver:1', { lat: 24.71, lng: 46.7 });
const pickup = place('pickup', { lat: 24.7, lng: 46.7 });
const dropoff = place('dsp_1', { lat: 24.72, lng: 46.72 });
const request = { sources: [courier, pickup, dropoff], destinations: [pickup, dropoff] };

describe('road travel times from an OSRM /table service', () => {
  it('asks one table for the round’s places and answers from it', async () => {
    mode = 'ok';
    requests.length = 0;
    const travel = await fetchTableTravel({ baseUrl, request, fallback: ROAD_ESTIMATE_TRAVEL, timeoutMs: 5_000 });
    expect(travel.source).toBe('table');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toBe('/table/v1/driving/46.700000,24.710000;46.700000,24.700000;46.720000,24.720000?sources=0;1;2&destinations=1;2&annotations=duration');
    expect(travel.seconds(courier, pickup)).toBe(8);
    expect(travel.seconds(courier, dropoff)).toBe(9);
    expect(travel.seconds(pickup, dropoff)).toBe(109);
    expect(travel.seconds(dropoff, pickup)).toBe(208);
    expect(travel.seconds(pickup, pickup)).toBe(0);
    // Not asked about (a courier is never a destination): the straight line.
    expect(travel.seconds(pickup, courier)).toBe(ROAD_ESTIMATE_TRAVEL.seconds(pickup, courier));
  });

  it.each(['error', 'slow'] as const)('falls back to straight lines when the service fails (%s)', async (failure) => {
    mode = failure;
    const travel = await fetchTableTravel({ baseUrl, request, fallback: ROAD_ESTIMATE_TRAVEL, timeoutMs: 200 });
    expect(travel.source).toBe('fallback');
    expect(travel.seconds(courier, dropoff)).toBe(ROAD_ESTIMATE_TRAVEL.seconds(courier, dropoff));
  });
});
