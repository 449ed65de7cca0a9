import { describe, expect, it } from 'vitest';
import { driverReturnPath } from './return-path';

describe('driverReturnPath', () => {
  it('goes back to a page of the driver app', () => {
    expect(driverReturnPath('/driver/jobs/dsp_1')).toBe('/driver/jobs/dsp_1');
  });

  it('goes home for the sign-in pages, other sites and other apps', () => {
    for (const next of [null, '/driver/login', '/driver/link/abc', 'https://attacker.example/driver', '//attacker.example', '/dispatches']) {
      expect(driverReturnPath(next)).toBe('/driver');
    }
  });
});
