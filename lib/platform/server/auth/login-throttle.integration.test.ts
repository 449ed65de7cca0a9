import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/platform/server/auth/create-user';
import { MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP } from '@/lib/platform/server/auth/login-throttle';
import { signIn } from '@/lib/platform/server/auth/sign-in';
import { db, dbKind } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { newAccount, STAFF_PASSWORD, uniqueSuffix } from '@/test/fixtures';
import { killBurstProcesses, startBurstProcess } from '@/test/burst-process';

// Guards against a check-then-record sign-in throttle: concurrent wrong passwords for one email
// (or from one address) all passed the count before any failure was recorded, so a burst got
// more guesses than the limit (8 answers of 401 before the first 429 with a limit of 5).

afterAll(killBurstProcesses);

async function staffEmail(): Promise<string> {
  const account = await newAccount();
  const email = `burst-${uniqueSuffix()}@example.com`;
  await createUser({ input: { email, name: 'Staff', password: STAFF_PASSWORD, role: 'staff', accountId: account.id } });
  return email;
}

/** The error code of each sign-in (or `signed_in`), all started at once. */
async function burst(attempts: { email: string; password: string; ip: string }[]): Promise<string[]> {
  return Promise.all(
    attempts.map(async ({ email, password, ip }) => {
      try {
        await signIn({ input: { email, password }, ip });
        return 'signed_in';
      } catch (error) {
        return error instanceof DomainError ? error.code : String(error);
      }
    }),
  );
}

function tally(codes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}


describe('sign-in throttle under concurrency', () => {
  it(`answers exactly ${MAX_FAILURES_PER_EMAIL} of 40 concurrent wrong passwords for one email with invalid_credentials, the rest too_many_attempts`, async () => {
    const email = await staffEmail();
    const codes = await burst(Array.from({ length: 40 }, (_, i) => ({ email, password: `wrong-${i}`, ip: `198.51.100.${i}` })));
    expect(tally(codes)).toEqual({ invalid_credentials: MAX_FAILURES_PER_EMAIL, too_many_attempts: 40 - MAX_FAILURES_PER_EMAIL });
    // Then the right password is refused too: the failures were recorded.
    expect(await burst([{ email, password: STAFF_PASSWORD, ip: '198.51.100.200' }])).toEqual(['too_many_attempts']);
    expect(await db().loginFailure.count({ where: { bucket: email } })).toBe(MAX_FAILURES_PER_EMAIL);
  });

  it(`lets one address make exactly ${MAX_FAILURES_PER_IP} concurrent failed sign-ins across many emails`, async () => {
    const ip = '203.0.113.77';
    const tag = uniqueSuffix();
    const total = MAX_FAILURES_PER_IP + 15;
    const codes = await burst(Array.from({ length: total }, (_, i) => ({ email: `nobody-${i}-${tag}@example.com`, password: 'wrong', ip })));
    expect(tally(codes)).toEqual({ invalid_credentials: MAX_FAILURES_PER_IP, too_many_attempts: total - MAX_FAILURES_PER_IP });
  });

  it('holds across four server processes on one PostgreSQL: 40 concurrent wrong passwords, exactly the limit answered 401', async (context) => {
    if (dbKind() !== 'postgres') return context.skip();
    const email = await staffEmail();
    const processes = Array.from({ length: 4 }, (_, i) => startBurstProcess('test/sign-in-burst.ts', [email, `192.0.2.${i + 1}`, '10'], 10));
    await Promise.all(processes.map((process) => process.ready));
    const results = processes.map((process) => process.next());
    for (const { child } of processes) child.stdin!.write('go\n');
    const codes = (await Promise.all(results)).flatMap((line) => JSON.parse(line) as string[]);
    expect(codes).toHaveLength(40);
    expect(tally(codes)).toEqual({ invalid_credentials: MAX_FAILURES_PER_EMAIL, too_many_attempts: 40 - MAX_FAILURES_PER_EMAIL });
    expect(await db().loginFailure.count({ where: { bucket: email } })).toBe(MAX_FAILURES_PER_EMAIL);
  }, 60_000);
});
