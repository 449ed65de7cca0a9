import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The modules and the one direction their arrows run (docs/architecture.md, "Modules").
//
// lib/<module>/ holds one module, lowest first in ORDER: a module's code may import its own and
// the modules below it, never one above. Inside a module:
// - shared/: what the browser loads (schemas, the transition table, formatting). It reaches no
//   server code, and every file a client component loads from lib/ is in some shared/.
// - server/: what other modules, the pages and the routes may call.
// - server/internal/: the module's own workings; no other module, page or script imports them.
// - server/sql/: its database functions and triggers, beside the TypeScript that calls them.
// components/<module>/ holds the screens of each context (platform: the design system and shell).
// Tests may reach anywhere (an integration test sets its scene with whatever module it needs);
// type-only imports are erased and do not count. A route file mounts operations and nothing else.

const ROOT = path.resolve(import.meta.dirname, '..');

/** Lowest first: a module may import only itself and those before it. */
const ORDER = ['platform', 'pricing', 'accounts', 'dispatch', 'webhooks', 'fleet', 'engine', 'edge'] as const;
type Module = (typeof ORDER)[number];

/** What only a server has: a database, the environment, Node's own modules, native code. */
const SERVER_ONLY = [/^node:/, /^next\/headers$/, /^@\/prisma\//, /^(pg|sharp|@electric-sql\/pglite|@aws-sdk\/.*)$/];

function filesUnder(dir: string, pattern = /\.(ts|tsx)$/): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (pattern.test(entry.name)) found.push(child);
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
  const bare = [...text.matchAll(/^import\s+'([^']+)';/gm)].map((match) => match[1]!);
  const dynamic = [...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((match) => match[1]!);
  return [...specifiers, ...bare, ...dynamic];
}

/** The file a specifier names (`@/…` or relative), or null for a package. */
function fileOf(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (fs.existsSync(path.join(ROOT, candidate))) return candidate;
  return null;
}

interface Place {
  module: Module;
  half: 'shared' | 'server' | 'internal';
}

/** lib/<module>/shared/…, lib/<module>/server/…, lib/<module>/server/internal/…; undefined elsewhere. */
function placeOf(file: string): Place | undefined {
  const match = /^lib\/([\w-]+)\/(shared|server)\/(internal\/)?/.exec(file);
  if (!match || !(ORDER as readonly string[]).includes(match[1]!)) return undefined;
  return { module: match[1] as Module, half: match[3] ? 'internal' : (match[2] as 'shared' | 'server') };
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const LIB = filesUnder('lib').filter((file) => file !== 'lib/module-boundaries.test.ts');
const PRODUCTION = [
  ...LIB,
  ...filesUnder('app'),
  ...filesUnder('components'),
  ...filesUnder('scripts'),
  ...filesUnder('bench'),
  'instrumentation.ts',
  'proxy.ts',
  'prisma/seed.ts',
].filter((file) => !isTest(file));

describe('the modules of lib/', () => {
  it('hold every file of lib/ in a module’s shared, server or server/internal folder', () => {
    expect(LIB.length).toBeGreaterThan(300);
    expect(LIB.filter((file) => !placeOf(file))).toEqual([]);
    expect(fs.readdirSync(path.join(ROOT, 'lib')).filter((name) => name !== 'module-boundaries.test.ts' && !(ORDER as readonly string[]).includes(name))).toEqual([]);
  });

  it('import only their own module and the ones below it', () => {
    const upward: string[] = [];
    for (const file of LIB.filter((file) => !isTest(file))) {
      const from = placeOf(file)!.module;
      for (const specifier of runtimeImports(file)) {
        const to = placeOf(fileOf(file, specifier) ?? '')?.module;
        if (to && ORDER.indexOf(to) > ORDER.indexOf(from)) upward.push(`${file} (${from}) imports ${specifier} (${to})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('keep their internals to themselves', () => {
    const reaching: string[] = [];
    for (const file of PRODUCTION) {
      const from = placeOf(file)?.module;
      for (const specifier of runtimeImports(file)) {
        const target = placeOf(fileOf(file, specifier) ?? '');
        if (target?.half === 'internal' && target.module !== from) reaching.push(`${file} imports ${specifier}`);
      }
    }
    expect(reaching).toEqual([]);
  });

  it('put each database function beside its module’s code, named once across modules', () => {
    const sql = filesUnder('lib', /\.sql$/);
    expect(sql.length).toBeGreaterThan(20);
    expect(sql.filter((file) => !/^lib\/[\w-]+\/server\/sql\/\d\d_\w+\.sql$/.test(file))).toEqual([]);
    const names = sql.map((file) => path.posix.basename(file));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});

describe('browser code', () => {
  /** Every file a client component loads, followed through its imports. */
  const clientRoots = [...filesUnder('components'), ...filesUnder('app')].filter((file) => !isTest(file) && /^['"]use client['"]/m.test(read(file)));
  const loaded = new Map<string, string>();
  const queue = clientRoots.map((file) => [file, file] as const);
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [file, chain] = next;
    for (const specifier of runtimeImports(file)) {
      const target = fileOf(file, specifier);
      if (target && !loaded.has(target)) {
        loaded.set(target, `${chain} → ${target}`);
        queue.push([target, `${chain} → ${target}`]);
      }
    }
  }

  it('finds the client components', () => {
    expect(clientRoots.length).toBeGreaterThan(50);
  });

  it('loads from lib/ only shared code', () => {
    expect([...loaded].filter(([file]) => file.startsWith('lib/') && placeOf(file)?.half !== 'shared').map(([, chain]) => chain)).toEqual([]);
  });

  it('keeps shared code free of the database, the environment and Node', () => {
    const shared = LIB.filter((file) => !isTest(file) && placeOf(file)?.half === 'shared');
    expect(shared.length).toBeGreaterThan(20);
    const reaching = shared.flatMap((file) =>
      runtimeImports(file)
        .filter((specifier) => SERVER_ONLY.some((pattern) => pattern.test(specifier)) || (fileOf(file, specifier)?.startsWith('lib/') && placeOf(fileOf(file, specifier)!)?.half !== 'shared'))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(reaching).toEqual([]);
  });
});

describe('components/', () => {
  it('group the screens by module', () => {
    const outside = fs.readdirSync(path.join(ROOT, 'components')).filter((name) => !(ORDER as readonly string[]).includes(name));
    expect(outside).toEqual([]);
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
        .filter((specifier) => specifier !== '@/lib/edge/server/mount' && !/\/operations(\/[\w-]+)?$/.test(specifier))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(other).toEqual([]);
  });
});
