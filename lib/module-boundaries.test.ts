import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The modules of lib/ and the one direction their arrows run (docs/architecture.md, "Modules").
// Each folder of lib/ belongs to one module; a module's code may import its own and the modules
// below it, never one above. `edge` is the composition at the top: the HTTP wrappers that turn a
// credential into a caller, the mount of operations, the OpenAPI document, the migration runner
// and the hourly housekeeping. Tests may reach up (an integration test sets its scene with
// whatever module it needs); type-only imports are erased and do not count. Browser code
// ('use client') never reaches server code, and a route file mounts operations and nothing else.

const ROOT = path.resolve(import.meta.dirname, '..');

/** Lowest first: a module may import only itself and those before it. */
const ORDER = ['platform', 'pricing', 'accounts', 'dispatch', 'webhooks', 'fleet', 'engine', 'edge'] as const;
type Module = (typeof ORDER)[number];

/** Which module each folder (or loose file) of lib/ belongs to. */
const FOLDERS: Record<string, Module> = {
  // Platform: no domain words; every module stands on it.
  auth: 'platform',
  background: 'platform',
  csv: 'platform',
  db: 'platform',
  errors: 'platform',
  format: 'platform',
  http: 'platform',
  idempotency: 'platform',
  ids: 'platform',
  paging: 'platform',
  'rate-limit': 'platform',
  signing: 'platform',
  tenancy: 'platform',
  validation: 'platform',
  'env.ts': 'platform',
  'interruptible-sleep.ts': 'platform',
  'process-wide.ts': 'platform',
  'shutdown.ts': 'platform',
  // This test: it reads every module.
  'module-boundaries.ts': 'edge',
  // Pricing: tariffs, prices, travel times, signed quotes.
  pricing: 'pricing',
  estimates: 'pricing',
  quotes: 'pricing',
  // Accounts: vendor accounts, their keys, users' accounts, branches.
  accounts: 'accounts',
  branches: 'accounts',
  // Dispatch: the record, its lifecycle and every change to it, what the customer and the pages see.
  dispatches: 'dispatch',
  transitions: 'dispatch',
  live: 'dispatch',
  tracking: 'dispatch',
  media: 'dispatch',
  geocoding: 'dispatch',
  // Webhooks: endpoints, deliveries, the worker.
  webhooks: 'webhooks',
  // Fleet: drivers, their offers, jobs, positions and the sandbox's simulated drivers.
  drivers: 'fleet',
  'driver-jobs': 'fleet',
  offers: 'fleet',
  fleets: 'fleet',
  sandbox: 'fleet',
  // The dispatch engine: rounds, bundles, assignment, the Grubhub replays.
  dispatching: 'engine',
  // Composition: runs across every module.
  housekeeping: 'edge',
};

/** Files that belong to another module than their folder's, and why. */
const FILES: Record<string, { module: Module; why: string }> = {
  'lib/http/route.ts': { module: 'edge', why: 'the wrappers: an API key becomes an account with its tariff and limits' },
  'lib/http/mount.ts': { module: 'edge', why: 'serves every module’s operations through the wrappers' },
  'lib/http/unknown-path.ts': { module: 'edge', why: 'the catch-alls’ answer, through a wrapper' },
  'lib/auth/authenticate-api-key.ts': { module: 'edge', why: 'the vendor API’s caller carries its account’s tariff (pricing)' },
  'lib/http/openapi/build-openapi-document.ts': { module: 'edge', why: 'the document describes every module' },
  'lib/http/openapi/describe-api.ts': { module: 'edge', why: 'the document’s introduction cites every module’s rules' },
  'lib/http/openapi/describe-webhooks.ts': { module: 'edge', why: 'the document’s webhook section' },
  'lib/db/migrate.ts': { module: 'edge', why: 'applies every module’s SQL and prepares the trail’s partitions' },
  'lib/live/read-live-map.ts': { module: 'fleet', why: 'drivers’ positions beside the open dispatches' },
};

/** What only a server has: a database, the environment, Node's own modules, native code. */
const SERVER_ONLY = [/^@\/lib\/db\//, /^@\/lib\/env$/, /^@\/prisma\//, /^node:/, /^next\/headers$/, /^(pg|sharp|@electric-sql\/pglite|@aws-sdk\/.*)$/];

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.(ts|tsx)$/.test(entry.name)) found.push(child);
    }
  };
  walk(dir);
  return found.sort();
}

const source = new Map<string, string>();
const read = (file: string) => source.get(file) ?? (source.set(file, fs.readFileSync(path.join(ROOT, file), 'utf8')), source.get(file)!);

/** The specifiers a file imports at run time (type-only imports are erased). */
function runtimeImports(file: string): string[] {
  const text = read(file);
  const specifiers = [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms)].map((match) => match[1]!);
  const dynamic = [...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((match) => match[1]!);
  return [...specifiers, ...dynamic];
}

/** `@/lib/x/y` as the file it names, or null for a package. */
function fileOf(specifier: string): string | null {
  if (!specifier.startsWith('@/')) return null;
  const base = specifier.slice(2);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (fs.existsSync(path.join(ROOT, candidate))) return candidate;
  return null;
}

function moduleOf(file: string): Module | undefined {
  if (FILES[file]) return FILES[file].module;
  // A loose file's test is its subject's (lib/env.test.ts is lib/env.ts's).
  const [, first] = file.replace(/\.test(\.tsx?)$/, '$1').split('/');
  return FOLDERS[first!];
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const LIB = filesUnder('lib');

describe('the modules of lib/', () => {
  it('place every file in a module', () => {
    expect(LIB.length).toBeGreaterThan(300);
    expect(LIB.filter((file) => !moduleOf(file))).toEqual([]);
    expect(Object.keys(FILES).filter((file) => !LIB.includes(file))).toEqual([]);
  });

  it('import only their own module and the ones below it', () => {
    const upward: string[] = [];
    for (const file of LIB.filter((file) => !isTest(file))) {
      const from = moduleOf(file)!;
      for (const specifier of runtimeImports(file)) {
        const target = fileOf(specifier);
        const to = target?.startsWith('lib/') ? moduleOf(target) : undefined;
        if (to && ORDER.indexOf(to) > ORDER.indexOf(from)) upward.push(`${file} (${from}) imports ${specifier} (${to})`);
      }
    }
    expect(upward).toEqual([]);
  });
});

describe('browser code', () => {
  const serverOnly = new Map<string, string | null>();

  /** The chain by which a file reaches server-only code at run time, or null. */
  function reachesServer(file: string, seen = new Set<string>()): string | null {
    if (serverOnly.has(file)) return serverOnly.get(file)!;
    if (seen.has(file)) return null;
    seen.add(file);
    let chain: string | null = null;
    for (const specifier of runtimeImports(file)) {
      if (SERVER_ONLY.some((pattern) => pattern.test(specifier))) {
        chain = `${file} → ${specifier}`;
        break;
      }
      const target = fileOf(specifier);
      const further = target ? reachesServer(target, seen) : null;
      if (further) {
        chain = `${file} → ${further}`;
        break;
      }
    }
    serverOnly.set(file, chain);
    return chain;
  }

  const clientFiles = [...filesUnder('components'), ...filesUnder('app')].filter((file) => !isTest(file) && /^['"]use client['"]/m.test(read(file)));

  it('finds the client components', () => {
    expect(clientFiles.length).toBeGreaterThan(50);
  });

  it('never reaches a database, the environment or Node from a client component', () => {
    expect(clientFiles.map((file) => reachesServer(file)).filter(Boolean)).toEqual([]);
  });
});

describe('route files', () => {
  /** Route files that serve no operation: the catch-alls and the API reference page's own files. */
  const NOT_OPERATIONS = ['app/api/[...path]/route.ts', 'app/ext/[...path]/route.ts', 'app/docs/route.ts', 'app/docs/assets/[file]/route.ts', 'app/docs/init.js/route.ts'];
  const routes = [...filesUnder('app')].filter((file) => file.endsWith('/route.ts') && !NOT_OPERATIONS.includes(file));

  it('mount operations and import nothing else', () => {
    expect(routes.length).toBeGreaterThan(100);
    const other = routes.flatMap((file) =>
      runtimeImports(file)
        .filter((specifier) => specifier !== '@/lib/http/mount' && !/\/operations(\/[\w-]+)?$/.test(specifier))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(other).toEqual([]);
  });
});
