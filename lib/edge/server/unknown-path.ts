import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { publicRoute } from '@/lib/edge/server/route';

/** The handler of the catch-all routes under `/ext` and `/api`: a JSON 404 instead of Next's HTML page. */
export const unknownPath = publicRoute({}, async ({ request }) => {
  throw new DomainError('not_found', `No endpoint ${request.method} ${new URL(request.url).pathname}; see /docs`);
});
