// Served as a file rather than inlined in /docs, so the page's CSP can forbid inline scripts.
// `validatorUrl: null` keeps Swagger UI from calling the public validator: no third-party requests.
const SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/ext/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  persistAuthorization: true,
  tryItOutEnabled: true,
  displayRequestDuration: true,
  validatorUrl: null,
});
`;

// GET /docs/init.js — starts Swagger UI on the /docs page
export function GET(): Response {
  return new Response(SCRIPT, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    },
  });
}
