import sharp, { type Metadata } from 'sharp';
import { DomainError } from '@/lib/errors/domain-error';
import { IMAGE_CONTENT_TYPES, type ImageFormat, type MediaKind } from '@/lib/media/schemas';

// An upload is an image only if it decodes as one: the format is the decoder's (sharp/libvips),
// never the file name's or the Content-Type's alone, and the whole image is decoded, so a
// truncated or corrupt file is refused rather than stored.
//
// What is stored is re-encoded, never the uploaded bytes: re-encoding drops every metadata block
// (EXIF with the phone's GPS position, its make and serial, XMP, ICC comments), so a customer's
// door photo shows the door and nothing about the driver's phone or where it was before; it also
// means no crafted bytes (polyglots, trailing payloads) ever reach a reader. The EXIF orientation
// is applied first, so photos stay upright. Photos become JPEG at quality 82 (what phones' own
// "high efficiency" settings look like, about a tenth of a camera original); signatures are
// strokes on a plain background, so they stay lossless PNG, transparency kept.

/** Larger images are refused before being decoded (a "decompression bomb" is a small file). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const PHOTO_QUALITY = 82;

/** Thrown when the upload is not one of the accepted image types: 415 `unsupported_media_type`. */
export class UnsupportedImageType extends DomainError {
  constructor(description: string) {
    super('unsupported_media_type', description);
    this.name = 'UnsupportedImageType';
  }
}

export interface InspectedImage {
  /** The uploaded image's decoded format. */
  format: ImageFormat;
  /** The stored image: re-encoded, upright, without metadata. */
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

const ACCEPTED = Object.values(IMAGE_CONTENT_TYPES).join(', ');

function isImageFormat(format: string | undefined): format is ImageFormat {
  return format !== undefined && Object.hasOwn(IMAGE_CONTENT_TYPES, format);
}

/**
 * The format the body's first bytes announce, if one we accept. Only such bodies reach the
 * decoder: libvips has loaders for many more formats (SVG, TIFF, PDF, …), and none of those
 * parsers needs to see an upload.
 */
function signatureFormatOf(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** The MIME type of a Content-Type header (parameters and case dropped); null when absent. */
function mimeTypeOf(declaredType: string | null): string | null {
  const mime = declaredType?.split(';')[0]?.trim().toLowerCase();
  return mime ? mime : null;
}

const NOT_AN_IMAGE = 'The body is not a complete JPEG, PNG or WebP image (it could not be decoded, or it is truncated)';

/**
 * Checks an upload and returns the image to store. Refuses, before anything is stored:
 * a body over `maxBytes` (413 payload_too_large), a declared type that is not image/jpeg,
 * image/png or image/webp, a body that is not one of those formats (a text file named .jpg) or
 * not the declared one (UnsupportedImageType, 415), and one that announces an accepted format
 * but does not decode completely (truncated, corrupt) or has more than MAX_IMAGE_PIXELS pixels
 * (400 invalid_request).
 */
export async function inspectImage(options: { bytes: Buffer; declaredType: string | null; kind: MediaKind; maxBytes: number }): Promise<InspectedImage> {
  const { bytes, maxBytes } = options;
  if (bytes.length > maxBytes) throw new DomainError('payload_too_large', `Images are limited to ${maxBytes} bytes; this one has ${bytes.length}`);
  if (bytes.length === 0) throw new DomainError('invalid_request', 'The body is empty; send the image bytes');
  const declared = mimeTypeOf(options.declaredType);
  if (!declared || !Object.values<string>(IMAGE_CONTENT_TYPES).includes(declared)) {
    throw new UnsupportedImageType(`Content-Type: ${declared ? `"${declared}" is` : 'missing,'} not an accepted image type; send one of ${ACCEPTED}`);
  }

  if (!signatureFormatOf(bytes)) throw new UnsupportedImageType(`The body is not a JPEG, PNG or WebP image; send one of ${ACCEPTED}`);

  // The header first: format and size without decoding the pixels.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError('invalid_request', NOT_AN_IMAGE);
  }
  if (!isImageFormat(metadata.format)) {
    throw new UnsupportedImageType(`The body is ${metadata.format ? `a ${metadata.format.toUpperCase()} image` : 'not an accepted image'}; send one of ${ACCEPTED}`);
  }
  if (IMAGE_CONTENT_TYPES[metadata.format] !== declared) {
    throw new UnsupportedImageType(`Content-Type: "${declared}" was declared, but the body is a ${metadata.format.toUpperCase()} image (${IMAGE_CONTENT_TYPES[metadata.format]})`);
  }
  const { width, height } = metadata;
  if (!width || !height || width * height > MAX_IMAGE_PIXELS) {
    throw new DomainError('invalid_request', `The image is ${width}×${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted`);
  }

  // Decoding every pixel is what finds a truncated or corrupt file: `failOn: 'error'` stops at
  // a decoder error (truncation included) instead of storing a grey half.
  const isSignature = options.kind === 'signature';
  try {
    const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient();
    const { data, info } = await (isSignature
      ? pipeline.png({ compressionLevel: 9 })
      : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: PHOTO_QUALITY, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return {
      format: metadata.format,
      bytes: data,
      contentType: isSignature ? IMAGE_CONTENT_TYPES.png : IMAGE_CONTENT_TYPES.jpeg,
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new DomainError('invalid_request', NOT_AN_IMAGE);
  }
}
