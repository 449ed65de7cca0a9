/** @type {import('next').NextConfig} */
const nextConfig = {
  // A package-lock.json in a parent folder would otherwise make Next guess the wrong root.
  turbopack: { root: import.meta.dirname },
  // PGlite loads its wasm and data files by URL; bundling it breaks that under webpack.
  serverExternalPackages: ['@electric-sql/pglite'],
  poweredByHeader: false,
  // The dashboard acts on a signed-in session: it must never be framed by another site
  // (clickjacking), and leaks no URLs to the sites it links to. These are fixed at build; what
  // depends on the request or on run-time settings is added at run time: the pages' full
  // Content-Security-Policy with its nonce and HSTS by proxy.ts (replacing the policy below),
  // `Cache-Control: no-store` and HSTS on the API by lib/edge/server/route.ts.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
        ],
      },
      // Not /docs: a header set here replaces the one a route sets, and /docs sends its own
      // stricter policy and Referrer-Policy (app/docs/route.ts).
      {
        source: '/:path((?!docs(?:/|$)).*)',
        headers: [
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
      // The end customer's tracking page and its JSON: the URL is the credential, so it is
      // never sent as a Referer (map tiles, links) nor indexed. Listed last: it wins over the
      // Referrer-Policy above.
      ...['/t/:token', '/api/track/:token'].map((source) => ({
        source,
        headers: [
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'X-Robots-Tag', value: 'noindex, nofollow' },
        ],
      })),
    ];
  },
};

export default nextConfig;
