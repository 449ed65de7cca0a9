import { NextResponse, type NextRequest } from 'next/server';
import { getEnv } from '@/lib/platform/server/env';
import { newNonce, pageSecurityHeaders } from '@/lib/platform/server/http/security-headers';

// Pages only (see `config` below): each page request gets a fresh nonce in a Content-Security-
// Policy. The policy goes on the request too, where Next.js reads the nonce and puts it on every
// script it renders (node_modules/next/dist/docs/01-app/02-guides/content-security-policy.md).
// Every page reads cookies, so every page is rendered per request and can carry it.
export function proxy(request: NextRequest) {
  const headers = pageSecurityHeaders({ nonce: newNonce(), pathname: request.nextUrl.pathname, env: getEnv() });
  const forwarded = new Headers(request.headers);
  forwarded.set('content-security-policy', headers['content-security-policy']!);
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      // Not the JSON API (/api/…, /ext/…: no per-request cost there; lib/edge/server/route.ts adds
      // their headers), not /docs (a static page with its own policy, app/docs/route.ts), not
      // Next's files or the icon. The router's prefetches are RSC data, never a document:
      // skipped too. (A browser's own prefetch of a document, `Purpose: prefetch`, is not
      // skipped: that document may be shown, so it needs the policy.)
      source: '/((?!(?:api|ext)/|docs(?:/|$)|_next/|icon\\.svg$|favicon\\.ico$).*)',
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
};
