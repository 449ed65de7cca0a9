/** The session cookie: HTTP-only, SameSite=Lax, Secure whenever the request came over HTTPS. */
export const SESSION_COOKIE = 'dispatch_session';

/**
 * HTTPS as the browser saw it (directly or through a proxy that says so). Plain-HTTP requests
 * (local development, the tests) get a cookie without `Secure`, which a browser would refuse
 * to store over HTTP; anything served to users sits behind TLS and gets `Secure`.
 */
export function isSecureRequest(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}

export function sessionCookie(options: { token: string; expiresAt: Date; isSecure: boolean }): string {
  const maxAge = Math.max(0, Math.floor((options.expiresAt.getTime() - Date.now()) / 1000));
  return [
    `${SESSION_COOKIE}=${options.token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    ...(options.isSecure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(options: { isSecure: boolean }): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(options.isSecure ? ['Secure'] : [])].join('; ');
}

/** One cookie's value from a Cookie header. */
export function readCookie(headers: Headers, name: string): string | undefined {
  for (const part of headers.get('cookie')?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
