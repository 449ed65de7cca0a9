import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { IMAGE_CONTENT_TYPES, type ImageFormat, type MediaKind } from '@/lib/dispatch/server/media/schemas';

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
//
// What it costs is bounded (an outside probe stalled the service with a 155 KB PNG of 40
// megapixels: 7 s of CPU to decode and re-encode it whole). A proof needs a readable door or
// signature, not a poster: photos are stored at most PHOTO_MAX_SIDE_PX on their long side,
// signatures SIGNATURE_MAX_SIDE_PX. A JPEG is decoded already shrunk ("shrink-on-load": libjpeg
// scales by 1/2, 1/4 or 1/8 in its inverse DCT), so even a 50 megapixel phone original costs a
// fraction of its pixels; PNG and WebP have no such decoding (libwebp's scaling still decodes
// every macroblock) and cost every pixel, so their limit is lower. The encoder is libjpeg-turbo
// with the quantisation table mozjpeg uses, not mozjpeg's trellis search: 5–10 % larger files,
// 3–20 times less CPU (a 2048 px noisy photo took 1 s with trellis quantisation, 50 ms without).

/**
 * Pixels an upload may have, by format, read from its header before anything is decoded (a
 * "decompression bomb" is a small file). JPEG: 50 MP, the largest phones shoot by default or in
 * their "50 MP" modes (8160 × 6120), decoded shrunk (0.15 s of one core for 50 MP). PNG and
 * WebP: 16 MP, more than a 12 MP photo (4032 × 3024) or any phone screenshot; every pixel is
 * decoded (0.2–0.3 s for 16 MP). Layouts that cost more count more (COSTLY_LAYOUT_FACTOR).
 */
export const MAX_IMAGE_PIXELS: Record<ImageFormat, number> = { jpeg: 50_000_000, png: 16_000_000, webp: 16_000_000 };

/**
 * What an image's pixels count for, times, when its header announces a layout that decodes
 * slower, each factor apart: interlaced PNG and progressive JPEG cannot be decoded row by row
 * (libvips decodes the whole image into memory first: 7 times the CPU of a plain 16 MP PNG, 2–5
 * times for a JPEG), and 16 bits a sample take 4 times as long (an interlaced 16-bit RGBA PNG of
 * 16 MP took 4.6 s of a busy core, a plain 8-bit one 0.2 s). Phones and canvases write neither.
 */
export const COSTLY_LAYOUT_FACTOR = 4;

/** How much more than plain the layout `metadata` announces costs, and what it is called. */
function layoutOf(metadata: Metadata): { factor: number; name: string } {
  const costly = [metadata.isProgressive && (metadata.format === 'png' ? 'interlaced' : 'progressive'), metadata.depth === 'ushort' && '16-bit'].filter(
    (name): name is string => typeof name === 'string',
  );
  return { factor: COSTLY_LAYOUT_FACTOR ** costly.length, name: costly.join(' ') };
}

/** The long side of a stored photo, at most (the app already sends 1,600 px). */
export const PHOTO_MAX_SIDE_PX = 2048;
/** The long side of a stored signature, at most (a phone's pad is about 1,000 px wide). */
export const SIGNATURE_MAX_SIDE_PX = 1024;
export const PHOTO_QUALITY = 82;

/**
 * What is stored is never larger than what was sent: when the standard encoding is larger (the
 * phone already compressed harder than we do), these are tried in turn until one is not. Quality
 * first, down to 46 (below it blocks blur a house number), then the size at that quality, down
 * to a quarter. Signatures: a 256-colour palette (strokes have a few shades), then the size.
 */
const PHOTO_STEPS = [
  { scale: 1, quality: PHOTO_QUALITY },
  { scale: 1, quality: 70 },
  { scale: 1, quality: 58 },
  { scale: 1, quality: 46 },
  { scale: 0.7, quality: 46 },
  { scale: 0.5, quality: 46 },
  { scale: 0.35, quality: 46 },
  { scale: 0.25, quality: 46 },
] as const;
const SIGNATURE_STEPS = [
  { scale: 1, palette: false },
  { scale: 1, palette: true },
  { scale: 0.7, palette: true },
  { scale: 0.5, palette: true },
  { scale: 0.35, palette: true },
] as const;

/**
 * libimagequant at its quickest, without dithering: strokes need neither, and its default search
 * took 12 s of a busy core for a 1 MP "signature" of noise (0.8 s like this).
 */
const PALETTE_SEARCH = { effort: 1, dither: 0 } as const;

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
  /** The stored image: re-encoded, upright, without metadata, no larger than the upload. */
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** Runs the decoding and encoding (the image queue, lib/dispatch/server/internal/media/image-queue.ts); by default at once. */
export type ImageWorkScheduler = <T>(work: () => Promise<T>) => Promise<T>;

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

/** Decoded pixels, upright, fitted into the stored size, 8-bit sRGB (photos flattened on white). */
interface Pixels {
  data: Buffer;
  info: OutputInfo;
}

async function decode(bytes: Buffer, format: ImageFormat, isSignature: boolean): Promise<Pixels> {
  const maxSide = isSignature ? SIGNATURE_MAX_SIDE_PX : PHOTO_MAX_SIDE_PX;
  // `failOn: 'error'` stops at a decoder error (truncation included) instead of keeping a grey
  // half; a resize from a JPEG or WebP makes sharp decode it shrunk.
  let pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS[format] })
    .autoOrient()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  if (!isSignature) pipeline = pipeline.flatten({ background: '#ffffff' });
  return pipeline.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
}

/** `pixels` encoded as stored, at `scale` of their size. */
function encode(pixels: Pixels, scale: number, format: (image: Sharp) => Sharp): Promise<{ data: Buffer; info: OutputInfo }> {
  const { width, height, channels } = pixels.info;
  let image = sharp(pixels.data, { raw: { width, height, channels } });
  if (scale < 1) image = image.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
  return format(image).toBuffer({ resolveWithObject: true });
}

/**
 * Checks an upload and returns the image to store. Refuses, before anything is stored:
 * a body over `maxBytes` (413 payload_too_large), a declared type that is not image/jpeg,
 * image/png or image/webp, a body that is not one of those formats (a text file named .jpg) or
 * not the declared one (UnsupportedImageType, 415), and one that announces an accepted format
 * but does not decode completely (truncated, corrupt), has more pixels than MAX_IMAGE_PIXELS
 * allows its format, or cannot be stored in as few bytes as were sent (400 invalid_request).
 * The cheap checks run at once; the decoding and encoding in `schedule`.
 */
export async function inspectImage(options: {
  bytes: Buffer;
  declaredType: string | null;
  kind: MediaKind;
  maxBytes: number;
  schedule?: ImageWorkScheduler;
}): Promise<InspectedImage> {
  const { bytes, maxBytes } = options;
  if (bytes.length > maxBytes) throw new DomainError('payload_too_large', `Images are limited to ${maxBytes} bytes; this one has ${bytes.length}`);
  if (bytes.length === 0) throw new DomainError('invalid_request', 'The body is empty; send the image bytes');
  const declared = mimeTypeOf(options.declaredType);
  if (!declared || !Object.values<string>(IMAGE_CONTENT_TYPES).includes(declared)) {
    throw new UnsupportedImageType(`Content-Type: ${declared ? `"${declared}" is` : 'missing,'} not an accepted image type; send one of ${ACCEPTED}`);
  }
  if (!signatureFormatOf(bytes)) throw new UnsupportedImageType(`The body is not a JPEG, PNG or WebP image; send one of ${ACCEPTED}`);
  const schedule: ImageWorkScheduler = options.schedule ?? ((work) => work());
  return schedule(() => reencode(bytes, declared, options.kind === 'signature'));
}

async function reencode(bytes: Buffer, declared: string, isSignature: boolean): Promise<InspectedImage> {
  // The header first: format and size without decoding the pixels.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError('invalid_request', NOT_AN_IMAGE);
  }
  const { format, width, height } = metadata;
  if (!isImageFormat(format)) {
    throw new UnsupportedImageType(`The body is ${format ? `a ${format.toUpperCase()} image` : 'not an accepted image'}; send one of ${ACCEPTED}`);
  }
  if (IMAGE_CONTENT_TYPES[format] !== declared) {
    throw new UnsupportedImageType(`Content-Type: "${declared}" was declared, but the body is a ${format.toUpperCase()} image (${IMAGE_CONTENT_TYPES[format]})`);
  }
  const maxPixels = MAX_IMAGE_PIXELS[format];
  const layout = layoutOf(metadata);
  if (!width || !height || width * height * layout.factor > maxPixels) {
    const limit = `a ${format.toUpperCase()} may have at most ${maxPixels / 1_000_000} megapixels`;
    throw new DomainError(
      'invalid_request',
      `The image is ${width}×${height} pixels; ${layout.factor === 1 ? limit : `${limit} (${maxPixels / layout.factor / 1_000_000} if ${layout.name})`}`,
    );
  }

  let pixels: Pixels;
  try {
    pixels = await decode(bytes, format, isSignature);
  } catch {
    throw new DomainError('invalid_request', NOT_AN_IMAGE);
  }
  const steps = isSignature
    ? SIGNATURE_STEPS.map(({ scale, palette }) => () => encode(pixels, scale, (image) => image.png({ compressionLevel: 9, palette, ...PALETTE_SEARCH })))
    : PHOTO_STEPS.map(({ scale, quality }) => () => encode(pixels, scale, (image) => image.jpeg({ quality, quantisationTable: 3 })));
  for (const step of steps) {
    const { data, info } = await step();
    if (data.length <= bytes.length) {
      return { format, bytes: data, contentType: isSignature ? IMAGE_CONTENT_TYPES.png : IMAGE_CONTENT_TYPES.jpeg, width: info.width, height: info.height };
    }
  }
  throw new DomainError('invalid_request', `The image cannot be stored in the ${bytes.length} bytes sent, even at a quarter of its size; send the image as the camera or the pad made it`);
}
