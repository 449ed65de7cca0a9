import { z } from 'zod';
import { REQUEST_ID_HEADER, TAGS } from '@/lib/platform/server/http/openapi/components';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { getMediaLink } from '@/lib/dispatch/server/internal/media/get-media-link';
import { imageResponse } from '@/lib/dispatch/server/internal/media/image-response';
import { readMedia } from '@/lib/dispatch/server/internal/media/read-media';
import { readSignedMedia } from '@/lib/dispatch/server/internal/media/read-signed-media';

// A driver's photos and signatures: a link for the vendor API, the bytes for the product's pages.

export const getMediaLinkOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { vendor: '/ext/media/{id}' },
  requestParams: { path: z.object({ id: z.string().meta({ description: 'The media id, from `media_url`', example: 'med_4f9Xk2bQ7mN1pR8sT3vW5y' }) }) },
  // A redirect to the bytes, not a 2xx.
  responses: {
    '302': {
      description: [
        'Found: `Location` is an expiring link to the image (10 minutes), which needs no API key: follow it to get the bytes (`image/jpeg` for photos, `image/png` for signatures).',
        'Ask this URL again for a fresh link rather than storing one.',
      ].join(' '),
      headers: { 'x-request-id': REQUEST_ID_HEADER },
    },
  },
  errors: ['not_found'],
  errorNotes: { not_found: 'No media with this id in your account (another account’s media is not found either)' },
  docs: {
    vendor: {
      tag: TAGS.dispatches,
      operationId: 'getDispatchMedia',
      summary: 'Get a delivery photo or signature',
      description: [
        'The proof of delivery a driver took: the URLs in a dispatch record’s `media_url` (keys `photo`, `signature`, `failure_photo`) point here.',
        'Answers 302 to a signed link that works for 10 minutes. The image is re-encoded on upload, without its metadata (no location or camera data).',
      ].join('\n\n'),
    },
  },
  run: async ({ params, scope }) => ({ status: 302, headers: { location: await getMediaLink({ scope, id: params.id }) } }),
});

/** The image itself, within the caller's scope: the dispatch page's proof, the console's QA queue, the driver's own. */
export const readMediaOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { staff: '/api/staff/media/{id}', admin: '/api/admin/media/{id}', driver: '/api/driver/media/{id}' },
  run: async ({ params, scope }) => ({ status: 200, response: imageResponse(await readMedia({ scope, id: params.id })) }),
});

/**
 * The image behind an expiring signed link (`GET /ext/media/{id}` hands them out). The link is
 * the credential: no sign-in, and the browser may keep the image for the link's lifetime
 * (`private, max-age=600`); errors are the API's, `no-store`.
 */
export const readSignedMediaOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { public: '/media/{id}' },
  options: { isCacheable: true },
  run: async ({ request, params }) => {
    const query = new URL(request.url).searchParams;
    const media = await readSignedMedia({ id: params.id, expires: query.get('expires'), signature: query.get('signature') });
    return { status: 200, response: imageResponse(media) };
  },
});
