// Test helper, run as a child process by app/ext/rate-limit.integration.test.ts: one "server
// process" of the vendor API on the test's PostgreSQL (DATABASE_URL).
//   node --import tsx test/ext-request-burst.ts <api key> <count>
// Opens its database connections, prints `ready`, and on a line on stdin sends `count` estimate
// requests through the real route handler at once; prints their statuses as one JSON line, then exits.
import readline from 'node:readline';
import { POST } from '@/app/ext/estimate/route';
import { closeDb, db } from '@/lib/platform/server/db/client';

const [apiKey = '', countArgument = '1'] = process.argv.slice(2);
const count = Number(countArgument);
const BODY = JSON.stringify({ pickup: { lat: 24.69, lng: 46.68 }, destination: { lat: 24.77, lng: 46.73 }, pickup_wait_time: 5 });

// Warm up first, so that the burst is the requests themselves: `count` pooled connections.
await Promise.all(Array.from({ length: count }, () => db().$executeRaw`SELECT pg_sleep(0.05)`));
console.log('ready');

const lines = readline.createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
lines.close();

const statuses = await Promise.all(
  Array.from({ length: count }, async () => {
    const request = new Request('http://localhost/ext/estimate', { method: 'POST', headers: { 'x-api-key': apiKey }, body: BODY });
    const response = await POST(request, { params: Promise.resolve({}) });
    return response.status;
  }),
);
console.log(JSON.stringify(statuses));
await closeDb();
process.exit(0);
