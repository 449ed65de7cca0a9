import { ApiError } from '@/lib/http/errors';
import { publicRoute } from '@/lib/http/route';

// Any other /ext path — a JSON 404 instead of the HTML page
const notFound = publicRoute({}, async ({ request }) => {
  throw new ApiError('not_found', `No endpoint ${request.method} ${new URL(request.url).pathname}; see /docs`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
