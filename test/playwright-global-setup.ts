import { openTestPostgres } from './test-postgres';

// e2e/webhook-crash.spec.ts also runs the server on PostgreSQL: the one at TEST_POSTGRES_URL, or a
// throwaway one from npm when none answers there. Workers start after this and inherit the URL.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await openTestPostgres();
  console.log(`End-to-end tests' PostgreSQL: ${server.description}`);
  process.env.TEST_POSTGRES_URL = server.url;
  return server.stop;
}
