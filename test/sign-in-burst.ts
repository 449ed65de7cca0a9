// Test helper, run as a child process by login-throttle.integration.test.ts:
//   node --import tsx test/sign-in-burst.ts <email> <address> <count>
// Opens its database connections, prints `ready`, and on a line on stdin signs in `count` times at
// once with a wrong password; prints the error code of each answer as one JSON line, then exits.
import readline from 'node:readline';
import { dummyPasswordHash } from '@/lib/platform/server/auth/password';
import { signIn } from '@/lib/platform/server/auth/sign-in';
import { closeDb, db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';

const [email = '', ip = '', countArgument = '1'] = process.argv.slice(2);
const count = Number(countArgument);

// Warm up first, so that the burst is the sign-ins themselves: `count` pooled connections and the
// Argon2 hash unknown emails are checked against.
await Promise.all(Array.from({ length: count }, () => db().$executeRaw`SELECT pg_sleep(0.05)`));
await dummyPasswordHash();
console.log('ready');

const lines = readline.createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
lines.close();

const codes = await Promise.all(
  Array.from({ length: count }, async (_, i) => {
    try {
      await signIn({ input: { email, password: `wrong-${i}` }, ip });
      return 'signed_in';
    } catch (error) {
      return error instanceof DomainError ? error.code : String(error);
    }
  }),
);
console.log(JSON.stringify(codes));
await closeDb();
process.exit(0);
