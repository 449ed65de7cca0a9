// Which responses the production server (scripts/serve.ts) lets Next.js compress. Next.js
// gzips every response a client accepts gzip for, whatever its size: a route handler's body is
// streamed without a length, so the 1 KB threshold never applies, and a 140-byte error came out
// larger than it went in, after a zlib stream's worth of CPU (zlib was 8 % of the servers' busy
// time under the drivers' positions: docs/benchmarks.md). The API's writes answer small bodies
// (an id, an estimate, a position's outcome, an error object), so they go out as they are; its
// reads (records, lists, exports) and the pages and their assets are still compressed.

const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const API_PREFIXES = ['/ext/', '/api/'];

/** True when the response to this request is sent without compression. */
export function isSentUncompressed(method: string, target: string): boolean {
  return WRITE_METHODS.has(method) && API_PREFIXES.some((prefix) => target.startsWith(prefix));
}
