import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/errors/domain-error';
import { inspectImage, MAX_IMAGE_PIXELS, UnsupportedImageType } from '@/lib/media/inspect-image';
import { gifImage, jpegImage, jpegWithGps, pngClaiming, pngImage, truncatedJpeg, webpImage } from '@/test/media-fixtures';

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

  it(`refuses more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (400) without decoding them`, async () => {
    const bomb = pngClaiming(8_000, 6_000);
    expect(bomb.length).toBeLessThan(100);
    const error = await refusal(inspect(bomb, 'image/png'), 'invalid_request');
    expect(error.message).toBe('The image is 8000×6000 pixels; at most 40 megapixels are accepted');
  });
});
