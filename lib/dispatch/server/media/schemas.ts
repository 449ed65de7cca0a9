import { z } from 'zod';

// Proof-of-delivery media: what a driver uploads, and how it is shown.

export const MEDIA_KINDS = ['photo', 'signature', 'failure_photo'] as const;
export const MediaKindSchema = z.enum(MEDIA_KINDS).meta({ description: 'What the image proves: a delivery photo, the customer’s signature, or the photo of a failed delivery' });
export type MediaKind = z.infer<typeof MediaKindSchema>;

/** The query of an upload: `?kind=photo|signature|failure_photo`. */
export const MediaUploadQuerySchema = z.object({ kind: MediaKindSchema });

/** The image formats accepted, by the name the decoder (sharp) reports, and their MIME types. */
export const IMAGE_CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export type ImageFormat = keyof typeof IMAGE_CONTENT_TYPES;

/** Where the bytes are: under DATA_DIR/media, or in the S3-compatible bucket. */
export type MediaStorageKind = 'fs' | 's3';

/** An uploaded image as the driver app and the record see it. */
export const MediaViewSchema = z
  .object({
    id: z.string().meta({ example: 'med_4f9Xk2bQ7mN1pR8sT3vW5y' }),
    kind: MediaKindSchema,
    url: z.url().meta({ description: 'The stable address for the owning account’s API key: GET answers 302 to an expiring signed link' }),
  })
  .meta({ id: 'Media' });
export type MediaView = z.infer<typeof MediaViewSchema>;

/** A media id as newId('med') makes them: anything else names no medium (and never reaches a query). */
export const MEDIA_ID_PATTERN = /^med_[0-9A-Za-z]{22}$/;
