import { hash, verify } from '@node-rs/argon2';

// Argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum recommendation).

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False (never a throw) for a wrong password or a malformed stored hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown makes both answers take the same time, so
// response times do not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password-0000');
  return dummyHash;
}
