import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The transition table is imported by the browser (the driver app, the dispatch pages), so it must
// stay free of zod (~60 KB of first-load script; the driver app's budget is 150 KB) and of server
// code (the database client, lib/platform/server/env.ts). Next would bundle either without a word, so this test
// reads the import lines: of table.ts and of everything it imports, and of the components.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** The browser-safe modules of the lifecycle; each may import only the others. */
const BROWSER_SAFE = ['lib/dispatch/shared/transitions/table.ts', 'lib/dispatch/shared/transitions/current-status.ts'];

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;

interface ImportLine {
  specifier: string;
  isTypeOnly: boolean;
}

function importsOf(file: string): ImportLine[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => ({ specifier: (match[3] ?? match[4] ?? match[5])!, isTypeOnly: match[2] !== undefined }));
}

/** The repository file an `@/…` or relative specifier names, or null for a package. */
function fileOf(specifier: string, from: string): string | null {
  const bare = specifier.startsWith('@/') ? specifier.slice(2) : specifier.startsWith('.') ? path.posix.join(path.posix.dirname(from), specifier) : null;
  if (bare === null) return null;
  return ['.ts', '.tsx', '/index.ts'].map((ending) => bare + ending).find((candidate) => fs.existsSync(path.join(ROOT, candidate))) ?? bare;
}

/** Every import of `start` and of the repository files it reaches, with the file that has it. */
function reachedImports(start: string): { file: string; specifier: string; target: string | null }[] {
  const seen = new Set<string>();
  const found: { file: string; specifier: string; target: string | null }[] = [];
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { specifier } of importsOf(file)) {
      const target = fileOf(specifier, file);
      found.push({ file, specifier, target });
      if (target && fs.existsSync(path.join(ROOT, target))) walk(target);
    }
  };
  walk(start);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((name) => /\.(ts|tsx)$/.test(name) && !/\.test\.ts$/.test(name)).map((name) => path.posix.join(dir, name));
}

describe('the browser-safe transition table', () => {
  it('reads import lines (statuses.ts is seen importing zod and the table)', () => {
    const specifiers = reachedImports('lib/dispatch/shared/transitions/statuses.ts').map((line) => line.specifier);
    expect(specifiers).toContain('zod');
    expect(specifiers).toContain('@/lib/dispatch/shared/transitions/table');
  });

  it('imports no package (zod included) and no server module, directly or through what it imports', () => {
    const offences = BROWSER_SAFE.flatMap(reachedImports)
      .filter(({ target }) => target === null || !BROWSER_SAFE.includes(target))
      .map(({ file, specifier }) => `${file}: imports '${specifier}'`);
    expect([...new Set(offences)]).toEqual([]);
  });

  it('is what the components import the lifecycle from (statuses.ts brings zod), the driver app included', () => {
    const files = sourceFiles('components');
    expect(files).toContain('components/fleet/driver/job-detail.tsx');
    const offences = files.flatMap((file) =>
      importsOf(file)
        .filter((line) => line.specifier === '@/lib/dispatch/shared/transitions/statuses' && !line.isTypeOnly)
        .map(() => `${file}: imports statuses.ts; import lib/dispatch/shared/transitions/table.ts instead`),
    );
    expect(offences).toEqual([]);
  });

});
