import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Real images for the media tests, made by sharp (no binary fixtures to trust).

/** A noisy photo-like image: noise keeps the encoded data spread over the whole file. */
function noisy(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
}

export const jpegImage = (width = 320, height = 240) => noisy(width, height).jpeg({ quality: 90 }).toBuffer();
export const pngImage = (width = 320, height = 240) => noisy(width, height).png().toBuffer();
export const webpImage = (width = 320, height = 240) => noisy(width, height).webp({ quality: 80 }).toBuffer();
export const gifImage = () => noisy(32, 32).gif().toBuffer();

/** A JPEG carrying EXIF: a GPS position and the phone's make and model. */
export const jpegWithGps = () =>
  noisy(320, 240)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 4898/100', GPSLongitudeRef: 'E', GPSLongitude: '46/1 40/1 3102/100' },
    })
    .toBuffer();

/** The first 60 % of a JPEG: what a dropped connection leaves. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await jpegImage(640, 480);
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose header claims `width`×`height` pixels (a few bytes: a "decompression bomb"'s shape). */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method quirks, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The outside probe's worst case: a PNG of one grey, `side`² pixels (6,324²: 40 MP in about
 * 130 KB), which the decoder used to decode and re-encode whole.
 */
export const solidPng = (width = 6_324, height = width) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** A JPEG of one grey: as many pixels as a phone's 50 MP mode (8160 × 6120) in a few hundred KB. */
export const solidJpeg = (width = 8_160, height = 6_120, progressive = false) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .jpeg({ progressive })
    .toBuffer();

/** A photo the phone already compressed harder than the server does (quality 20). */
export const lowQualityJpeg = (width = 1_600, height = 1_200) => noisy(width, height).jpeg({ quality: 20 }).toBuffer();

/** A signature as a 4-colour palette PNG: fewer bytes than any RGBA re-encoding of it. */
export const paletteSignature = (width = 900, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: '#ffffff' } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><path d="M10 ${height / 2} C160 0 420 ${height} ${width - 10} ${height / 2}" stroke="black" fill="none" stroke-width="6"/></svg>`) }])
    .png({ palette: true, colours: 4 })
    .toBuffer();

/**
 * A one-pixel greyscale JPEG (141 bytes): smaller than any JPEG the server writes, which is always
 * in colour (two quantisation and four Huffman tables: 265 bytes for one pixel).
 */
export const greyPixelJpeg = () =>
  sharp(Buffer.from([128]), { raw: { width: 1, height: 1, channels: 1 } })
    .toColourspace('b-w')
    .jpeg()
    .toBuffer();

/** A small JPEG whose frame header (SOF) claims `width`×`height` pixels: a JPEG "bomb"'s shape. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await jpegImage(16, 16));
  for (let at = 2; at + 4 <= jpeg.length; at += 2 + jpeg.readUInt16BE(at + 2)) {
    if (jpeg[at] !== 0xff) break;
    if (jpeg[at + 1] === 0xc0 || jpeg[at + 1] === 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header found');
}
