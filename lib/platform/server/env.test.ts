import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { getEnv, resetEnvForTests } from '@/lib/platform/server/env';

const saved = { ...process.env };

function withEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

describe('getEnv', () => {
  it('has working defaults', () => {
    withEnv({ PORT: undefined, DATA_DIR: undefined, DATABASE_URL: undefined, OPS_TOKEN: undefined, SEED_DEMO: undefined, WEB_CONCURRENCY: undefined });
    const env = getEnv();
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './.data', SEED_DEMO: true, WEB_CONCURRENCY: 1, WEBHOOK_ALLOW_PRIVATE_URLS: false });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.OPS_TOKEN).toBeUndefined();
  });

  it('keeps drivers’ trails 90 days by default, and takes 1 to 3650 days', () => {
    withEnv({ POSITION_RETENTION_DAYS: undefined });
    expect(getEnv().POSITION_RETENTION_DAYS).toBe(90);
    withEnv({ POSITION_RETENTION_DAYS: '7' });
    expect(getEnv().POSITION_RETENTION_DAYS).toBe(7);
    for (const bad of ['0', '3651', '1.5', 'forever']) {
      withEnv({ POSITION_RETENTION_DAYS: bad });
      expect(() => getEnv()).toThrowError(/POSITION_RETENTION_DAYS/);
    }
  });

  it('names every bad variable at once', () => {
    withEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', OPS_TOKEN: 'short', WEBHOOK_ALLOW_PRIVATE_URLS: 'maybe' });
    expect(() => getEnv()).toThrowError(/PORT[\s\S]*DATABASE_URL[\s\S]*OPS_TOKEN[\s\S]*WEBHOOK_ALLOW_PRIVATE_URLS/);
  });

  it('refuses several server processes on the embedded database', () => {
    withEnv({ DATABASE_URL: '', WEB_CONCURRENCY: '2' });
    expect(() => getEnv()).toThrowError(/WEB_CONCURRENCY: more than one server process needs DATABASE_URL/);
    withEnv({ DATABASE_URL: 'postgres://localhost/x', WEB_CONCURRENCY: '2' });
    expect(getEnv().WEB_CONCURRENCY).toBe(2);
  });

  it('runs one server process per core on PostgreSQL by default, at most four', () => {
    withEnv({ DATABASE_URL: 'postgres://localhost/x', WEB_CONCURRENCY: undefined });
    expect(getEnv().WEB_CONCURRENCY).toBe(Math.min(os.availableParallelism(), 4));
    withEnv({ DATABASE_URL: 'postgres://localhost/x', WEB_CONCURRENCY: '1' });
    expect(getEnv().WEB_CONCURRENCY).toBe(1);
  });

  it('trusts no proxy by default, and takes a count of them', () => {
    withEnv({ TRUSTED_PROXY_COUNT: undefined });
    expect(getEnv().TRUSTED_PROXY_COUNT).toBe(0);
    withEnv({ TRUSTED_PROXY_COUNT: '2' });
    expect(getEnv().TRUSTED_PROXY_COUNT).toBe(2);
    withEnv({ TRUSTED_PROXY_COUNT: '-1' });
    expect(() => getEnv()).toThrowError(/TRUSTED_PROXY_COUNT/);
    withEnv({ TRUSTED_PROXY_COUNT: 'all' });
    expect(() => getEnv()).toThrowError(/TRUSTED_PROXY_COUNT/);
  });

  it('reads flags as booleans', () => {
    withEnv({ SEED_DEMO: 'false', WEBHOOK_ALLOW_PRIVATE_URLS: '1' });
    expect(getEnv()).toMatchObject({ SEED_DEMO: false, WEBHOOK_ALLOW_PRIVATE_URLS: true });
  });

  it('has no geocoding service by default, and takes a Nominatim or Photon one', () => {
    withEnv({ GEOCODER_URL: undefined, GEOCODER_API: undefined, GEOCODER_USER_AGENT: undefined, PUBLIC_URL: 'https://dispatch.example.com/' });
    expect(getEnv()).toMatchObject({ GEOCODER_API: 'nominatim', GEOCODER_TIMEOUT_MS: 2_000, GEOCODER_MIN_INTERVAL_MS: 0 });
    expect(getEnv().GEOCODER_URL).toBeUndefined();
    expect(getEnv().GEOCODER_USER_AGENT).toBe('Dispatch/1.0 (+https://dispatch.example.com)');
    withEnv({ GEOCODER_URL: 'https://photon.komoot.io', GEOCODER_API: 'photon', GEOCODER_USER_AGENT: 'Kitchen/2' });
    expect(getEnv()).toMatchObject({ GEOCODER_URL: 'https://photon.komoot.io', GEOCODER_API: 'photon', GEOCODER_USER_AGENT: 'Kitchen/2' });
    withEnv({ GEOCODER_URL: '' });
    expect(getEnv().GEOCODER_URL).toBeUndefined();
    withEnv({ GEOCODER_URL: 'ftp://geo.example.com', GEOCODER_API: 'google', GEOCODER_TIMEOUT_MS: '10' });
    expect(() => getEnv()).toThrowError(/GEOCODER_URL[\s\S]*GEOCODER_API[\s\S]*GEOCODER_TIMEOUT_MS/);
  });
});

describe('QUOTE_SIGNING_KEYS', () => {
  it('reads kid:secret pairs in order (the first signs); unset or empty means the stored key', () => {
    withEnv({ QUOTE_SIGNING_KEYS: ` k2:${'b'.repeat(32)} , k1:${'a'.repeat(31)}:x` });
    expect(getEnv().QUOTE_SIGNING_KEYS).toEqual([
      { kid: 'k2', secret: 'b'.repeat(32) },
      { kid: 'k1', secret: `${'a'.repeat(31)}:x` },
    ]);
    for (const value of [undefined, '', ' ']) {
      withEnv({ QUOTE_SIGNING_KEYS: value });
      expect(getEnv().QUOTE_SIGNING_KEYS).toBeUndefined();
    }
  });

  it('refuses short secrets, bad or repeated key ids, without echoing a secret', () => {
    for (const value of [`k1:${'a'.repeat(31)}`, `:${'a'.repeat(32)}`, `k 1:${'a'.repeat(32)}`, 'k1', `k1:${'a'.repeat(32)},k1:${'b'.repeat(32)}`]) {
      withEnv({ QUOTE_SIGNING_KEYS: value });
      expect(() => getEnv()).toThrow(/QUOTE_SIGNING_KEYS/);
      try {
        getEnv();
      } catch (error) {
        expect((error as Error).message).not.toContain('aaaaaaaa');
      }
    }
  });
});
