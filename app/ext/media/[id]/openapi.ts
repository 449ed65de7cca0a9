import { z } from 'zod';
import { REQUEST_ID_HEADER, TAGS } from '@/lib/http/openapi/components';
import type { OperationContract, RouteContract } from '@/lib/http/openapi/route-contract';

/** The answer of GET /ext/media/{id}: a redirect to the bytes, not a 2xx. */
const RESPONSES: OperationContract['responses'] = {
  '302': {
    description: [
      'Found: `Location` is an expiring link to the image (10 minutes), which needs no API key: follow it to get the bytes (`image/jpeg` for photos, `image/png` for signatures).',
      'Ask this URL again for a fresh link rather than storing one.',
    ].join(' '),
    headers: { 'x-request-id': REQUEST_ID_HEADER },
  },
};

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/media/{id}',
  operations: {
    get: {
      audience: 'vendor',
      tag: TAGS.dispatches,
      operationId: 'getDispatchMedia',
      summary: 'Get a delivery photo or signature',
      description: [
        'The proof of delivery a driver took: the URLs in a dispatch record’s `media_url` (keys `photo`, `signature`, `failure_photo`) point here.',
        'Answers 302 to a signed link that works for 10 minutes. The image is re-encoded on upload, without its metadata (no location or camera data).',
      ].join('\n\n'),
      requestParams: { path: z.object({ id: z.string().meta({ description: 'The media id, from `media_url`', example: 'med_4f9Xk2bQ7mN1pR8sT3vW5y' }) }) },
      responses: RESPONSES,
      errors: ['not_found'],
      errorNotes: { not_found: 'No media with this id in your account (another account’s media is not found either)' },
    },
  },
};
