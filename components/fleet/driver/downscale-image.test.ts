import { describe, expect, it } from 'vitest';
import { fittedSize, MAX_SIDE_PX } from './downscale-image';

describe('fittedSize', () => {
  it('scales the long side down to MAX_SIDE_PX, keeping the aspect ratio', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: MAX_SIDE_PX, height: 1200 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1200, height: MAX_SIDE_PX });
  });

  it('never scales a small photo up', () => {
    expect(fittedSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fittedSize(1, 10_000)).toEqual({ width: 1, height: MAX_SIDE_PX });
  });
});
