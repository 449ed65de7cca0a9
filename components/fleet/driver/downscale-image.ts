// A phone camera's photo is 3–12 MB; the proof needs a readable door, not a poster. The photo is
// redrawn in the browser at most MAX_SIDE_PX on its long side and sent as a JPEG, typically
// 150–400 KB: quick on a weak connection and far under the server's 5 MB limit.

export const MAX_SIDE_PX = 1600;
const JPEG_QUALITY = 0.8;

/** The size a `width`×`height` image is drawn at: scaled down to fit MAX_SIDE_PX, never up. */
export function fittedSize(width: number, height: number, maxSide = MAX_SIDE_PX): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The photo as a downscaled JPEG; rejects what the browser cannot decode as an image. */
export async function downscaleImage(file: Blob): Promise<Blob> {
  // `from-image` applies the EXIF rotation, so a portrait photo stays upright.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fittedSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))), 'image/jpeg', JPEG_QUALITY),
    );
  } finally {
    bitmap.close();
  }
}
