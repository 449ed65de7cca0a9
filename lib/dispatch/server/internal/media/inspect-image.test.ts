import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { inspectImage, MAX_IMAGE_PIXELS, PHOTO_MAX_SIDE_PX, SIGNATURE_MAX_SIDE_PX, UnsupportedImageType } from '@/lib/dispatch/server/internal/media/inspect-image';
import {
  gifImage,
  greyPixelJpeg,
  jpegClaiming,
  jpegImage,
  jpegWithGps,
  lowQualityJpeg,
  paletteSignature,
  pngClaiming,
  pngImage,
  solidJpeg,
  solidPng,
  truncatedJpeg,
  webpImage,
} from '@/test/media-fixtures';

const MAX_BYTES = 5_000_000;
const inspect = (bytes: Buffer, declaredType: string | null, kind: 'photo' | 'signature' | 'failure_photo' = 'photo', maxBytes = MAX_BYTES) =>
  inspectImage({ bytes, declaredType, kind, maxBytes });

/** The error `promise` rejects with, which must be a DomainError with `code`. */
async function refusal(promise: Promise<unknown>, code: string): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}

describe('inspectImage', () => {
  it.each([
    ['jpeg', 'image/jpeg', jpegImage],
    ['png', 'image/png', pngImage],
    ['webp', 'image/webp', webpImage],
  ] as const)('accepts a %s declared as %s and stores a JPEG of the same size', async (format, type, make) => {
    const image = await inspect(await make(), type);
    expect(image).toMatchObject({ format, width: 320, height: 240, contentType: 'image/jpeg' });
    const stored = await sharp(image.bytes).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  it('reads the declared type without its parameters or case', async () => {
    await expect(inspect(await pngImage(), 'Image/PNG; charset=binary')).resolves.toMatchObject({ format: 'png' });
  });

  it('keeps a signature lossless: PNG with its transparency', async () => {
    const strokes = await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="200" height="80"><path d="M10 40 C60 0 120 80 190 40" stroke="black" fill="none" stroke-width="4"/></svg>') }])
      .png()
      .toBuffer();
    const image = await inspect(strokes, 'image/png', 'signature');
    expect(image.contentType).toBe('image/png');
    const stored = await sharp(image.bytes).metadata();
    expect(stored).toMatchObject({ format: 'png', hasAlpha: true, width: 200, height: 80 });
  });

  it('drops the EXIF block, GPS position included, from what is stored', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const image = await inspect(original, 'image/jpeg');
    const stored = await sharp(image.bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(image.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('applies the EXIF orientation before dropping it: a phone photo stays upright', async () => {
    const sideways = await sharp(await jpegImage(320, 240)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = await inspect(sideways, 'image/jpeg');
    expect(image).toMatchObject({ width: 240, height: 320 });
    expect((await sharp(image.bytes).metadata()).orientation).toBeUndefined();
  });

  it('refuses a truncated JPEG (400)', async () => {
    const error = await refusal(inspect(await truncatedJpeg(), 'image/jpeg'), 'invalid_request');
    expect(error).not.toBeInstanceOf(UnsupportedImageType);
    expect(error.message).toMatch(/could not be decoded, or it is truncated/);
  });

  it('refuses a text file named .jpg as not an image of ours (415)', async () => {
    const error = await refusal(inspect(Buffer.from('a text file, named door.jpg\n'), 'image/jpeg'), 'unsupported_media_type');
    expect(error).toBeInstanceOf(UnsupportedImageType);
  });

  it('refuses a PNG declared as a JPEG (415) and names both', async () => {
    const error = await refusal(inspect(await pngImage(), 'image/jpeg'), 'unsupported_media_type');
    expect(error).toBeInstanceOf(UnsupportedImageType);
    expect(error.message).toBe('Content-Type: "image/jpeg" was declared, but the body is a PNG image (image/png)');
  });

  it.each([
    ['another image type', 'image/gif'],
    ['a missing type', null],
    ['a non-image type', 'application/octet-stream'],
  ])('refuses %s (415)', async (_, type) => {
    await expect(inspect(await jpegImage(), type)).rejects.toBeInstanceOf(UnsupportedImageType);
  });

  it('refuses a GIF declared as an accepted type (415)', async () => {
    await expect(inspect(await gifImage(), 'image/png')).rejects.toBeInstanceOf(UnsupportedImageType);
  });

  it('refuses a body over the limit (413) before looking at it', async () => {
    const bytes = await jpegImage();
    await refusal(inspect(bytes, 'image/jpeg', 'photo', bytes.length - 1), 'payload_too_large');
    await expect(inspect(bytes, 'image/jpeg', 'photo', bytes.length)).resolves.toMatchObject({ format: 'jpeg' });
  });

  it('refuses an empty body (400)', async () => {
    await refusal(inspect(Buffer.alloc(0), 'image/jpeg'), 'invalid_request');
  });

  it(`refuses a PNG of more than ${MAX_IMAGE_PIXELS.png / 1_000_000} megapixels (400) without decoding it`, async () => {
    const bomb = pngClaiming(8_000, 6_000);
    expect(bomb.length).toBeLessThan(100);
    const error = await refusal(inspect(bomb, 'image/png'), 'invalid_request');
    expect(error.message).toBe('The image is 8000×6000 pixels; a PNG may have at most 16 megapixels');
  });
});

/** Making a 16–50 megapixel fixture takes seconds on a busy 2-core machine; decoding it less. */
const HEAVY_TEST_MS = 30_000;

/** The refusal of an image from its header alone: `invalid_request`, well within a decode's time. */
async function refusalFromHeader(bytes: Buffer, contentType: string): Promise<DomainError> {
  const started = performance.now();
  const error = await refusal(inspect(bytes, contentType), 'invalid_request');
  expect(performance.now() - started).toBeLessThan(500);
  return error;
}

// An outside probe stalled the service with the image below: 40 megapixels in 130–155 KB, which
// used to be decoded and re-encoded whole (2.4 s of CPU idle, 7 s under load).
describe('inspectImage bounds its cost and what it stores', () => {
  it('refuses the probe’s 6,324² one-colour PNG from its header, at once', async () => {
    const probe = await solidPng(6_324);
    expect(probe.length).toBeLessThan(160_000);
    const error = await refusalFromHeader(probe, 'image/png');
    expect(error.message).toBe('The image is 6324×6324 pixels; a PNG may have at most 16 megapixels');
  }, HEAVY_TEST_MS);

  it('stores a PNG at the limit downscaled to the photo size', async () => {
    const image = await inspect(await solidPng(4_000), 'image/png');
    expect(image).toMatchObject({ width: PHOTO_MAX_SIDE_PX, height: PHOTO_MAX_SIDE_PX, contentType: 'image/jpeg' });
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'jpeg', width: PHOTO_MAX_SIDE_PX, height: PHOTO_MAX_SIDE_PX });
  }, HEAVY_TEST_MS);

  it('stores a 50 MP phone JPEG at 2,048 px on its long side', async () => {
    const image = await inspect(await solidJpeg(8_160, 6_120), 'image/jpeg');
    expect(image).toMatchObject({ width: 2_048, height: 1_536 });
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 2_048, height: 1_536 });
  }, HEAVY_TEST_MS);

  it('counts the pixels of layouts that decode slower four times: a progressive JPEG may have 12.5 MP', async () => {
    await expect(inspect(await solidJpeg(4_080, 3_060, true), 'image/jpeg')).resolves.toMatchObject({ width: 2_048, height: 1_536 });
    const error = await refusal(inspect(await solidJpeg(4_400, 3_300, true), 'image/jpeg'), 'invalid_request');
    expect(error.message).toBe('The image is 4400×3300 pixels; a JPEG may have at most 50 megapixels (12.5 if progressive)');
  }, HEAVY_TEST_MS);

  it('refuses an interlaced 16-bit PNG of 16 MP from its header: it counts sixteen times', async () => {
    const costly = await sharp({ create: { width: 4_000, height: 4_000, channels: 4, background: { r: 128, g: 128, b: 128, alpha: 0.5 } } })
      .toColourspace('rgb16')
      .png({ progressive: true })
      .toBuffer();
    const error = await refusalFromHeader(costly, 'image/png');
    expect(error.message).toBe('The image is 4000×4000 pixels; a PNG may have at most 16 megapixels (1 if interlaced 16-bit)');
  }, HEAVY_TEST_MS);

  it('refuses a JPEG over 50 megapixels from its header', async () => {
    const error = await refusal(inspect(await jpegClaiming(10_000, 6_000), 'image/jpeg'), 'invalid_request');
    expect(error.message).toBe('The image is 10000×6000 pixels; a JPEG may have at most 50 megapixels');
  });

  it('keeps the orientation through the downscaling: a sideways 4,000 × 3,000 photo is stored 1,536 × 2,048', async () => {
    const sideways = await sharp(await solidJpeg(4_000, 3_000)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    await expect(inspect(sideways, 'image/jpeg')).resolves.toMatchObject({ width: 1_536, height: 2_048 });
  }, HEAVY_TEST_MS);

  it(`downscales a signature to ${SIGNATURE_MAX_SIDE_PX} px on its long side, still PNG`, async () => {
    const image = await inspect(await solidPng(2_000, 800), 'image/png', 'signature');
    expect(image).toMatchObject({ contentType: 'image/png', width: SIGNATURE_MAX_SIDE_PX, height: 410 });
  });

  it('never stores more bytes than were sent: a photo compressed harder than ours', async () => {
    const sent = await lowQualityJpeg();
    const image = await inspect(sent, 'image/jpeg');
    expect(image.bytes.length).toBeLessThanOrEqual(sent.length);
    expect(image.contentType).toBe('image/jpeg');
    expect((await sharp(image.bytes).metadata()).format).toBe('jpeg');
    expect(image.width).toBeGreaterThanOrEqual(400);
  });

  it('never stores more bytes than were sent: a palette PNG signature', async () => {
    const sent = await paletteSignature();
    const image = await inspect(sent, 'image/png', 'signature');
    expect(image.bytes.length).toBeLessThanOrEqual(sent.length);
    expect(image).toMatchObject({ contentType: 'image/png', width: 900, height: 300 });
  });

  it.each([
    ['a phone-sized JPEG', () => jpegImage(1_600, 1_200), 'image/jpeg', 'photo'],
    ['a PNG photo', () => pngImage(1_024, 768), 'image/png', 'photo'],
    ['a WebP photo', () => webpImage(1_024, 768), 'image/webp', 'photo'],
    ['a signature', () => pngImage(900, 300), 'image/png', 'signature'],
  ] as const)('stores %s in no more bytes than were sent', async (_, make, type, kind) => {
    const sent = await make();
    expect((await inspect(sent, type, kind)).bytes.length).toBeLessThanOrEqual(sent.length);
  });

  it('refuses an image no encoding of ours is as small as (400), storing nothing larger', async () => {
    const error = await refusal(inspect(await greyPixelJpeg(), 'image/jpeg'), 'invalid_request');
    expect(error.message).toMatch(/cannot be stored in the 141 bytes sent/);
  });

  it('decodes in the given scheduler, and refuses what needs no decoding without it', async () => {
    const scheduled: string[] = [];
    const schedule = <T>(work: () => Promise<T>) => {
      scheduled.push('work');
      return work();
    };
    await inspectImage({ bytes: await jpegImage(), declaredType: 'image/jpeg', kind: 'photo', maxBytes: MAX_BYTES, schedule });
    expect(scheduled).toEqual(['work']);
    await expect(inspectImage({ bytes: Buffer.from('text'), declaredType: 'image/jpeg', kind: 'photo', maxBytes: MAX_BYTES, schedule })).rejects.toBeInstanceOf(UnsupportedImageType);
    await expect(inspectImage({ bytes: await jpegImage(), declaredType: 'image/jpeg', kind: 'photo', maxBytes: 10, schedule })).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(scheduled).toEqual(['work']);
  });
});
