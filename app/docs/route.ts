import swaggerUiPackage from 'swagger-ui-dist/package.json';

// The asset URLs carry the swagger-ui-dist version, so their year-long `immutable` caching cannot
// serve a stale bundle after an upgrade; this page itself is revalidated on every load.
const VERSION = encodeURIComponent(swaggerUiPackage.version);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Dispatch API</title>
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css?v=${VERSION}">
    <link rel="icon" type="image/png" sizes="32x32" href="/docs/assets/favicon-32x32.png?v=${VERSION}">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <noscript>The interactive reference needs JavaScript. The OpenAPI document is at <a href="/ext/openapi.json">/ext/openapi.json</a>.</noscript>
    <script src="/docs/assets/swagger-ui-bundle.js?v=${VERSION}"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

// No inline script anywhere, so scripts are same-origin only. Swagger UI sets inline styles and
// its CSS uses data: images, hence those two allowances.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// GET /docs — the API reference: Swagger UI over /ext/openapi.json, served from our own origin
export function GET(): Response {
  return new Response(PAGE, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  });
}
