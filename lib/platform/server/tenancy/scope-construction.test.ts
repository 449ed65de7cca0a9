import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A scope says whose data a call may reach, so only code that knows who the caller is may build
// one (lib/platform/server/tenancy/scope.ts has the rule). A route file that built `platformScope()`, or an
// account scope from a path parameter, would reach other tenants' rows while looking right;
// this test fails on the first such line, and on a nullable account id coming back.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCE_DIRS = ['app', 'lib', 'components', 'scripts', 'bench', 'prisma', 'test', 'e2e'];
const SKIPPED = [/^lib\/generated\//, /node_modules/, /^\.next\//];

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (SKIPPED.some((pattern) => pattern.test(relative))) continue;
      if (entry.isDirectory()) walk(relative);
      else if (/\.(ts|tsx|mts)$/.test(entry.name)) files.push(relative);
    }
  };
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(ROOT, dir))) walk(dir);
  return files;
}

type Builder = 'accountScope' | 'platformScope' | 'driverScope';

/** Who may build which scope, and why. Anything not matched here builds none. */
const BUILDERS: { files: RegExp; may: Builder[]; why: string; mustCall?: string }[] = [
  { files: /^lib\/platform\/server\/tenancy\/scope\.ts$/, may: ['accountScope', 'platformScope', 'driverScope'], why: 'the definitions' },
  { files: /^lib\/edge\/server\/route\.ts$/, may: ['accountScope', 'platformScope', 'driverScope'], why: 'the HTTP wrappers, from the authenticated caller' },
  {
    files: /^lib\/fleet\/server\/internal\/offers\/(accept|decline)-offer\.ts$/,
    may: ['accountScope'],
    why: "the offer's own dispatch, after matching the offer to the signed-in driver",
  },
  {
    files: /^app\/\(staff\)\/.*page\.tsx$/,
    may: ['accountScope'],
    why: 'staff pages, from the session requireStaff() checked',
    mustCall: 'requireStaff()',
  },
  {
    files: /^app\/\(admin\)\/.*page\.tsx$/,
    may: ['platformScope'],
    why: 'console pages, after requireAdmin()',
    mustCall: 'requireAdmin()',
  },
  { files: /^lib\/fleet\/server\/sandbox\/(simulator|assign-sandbox-driver)\.ts$/, may: ['accountScope'], why: "the simulator, a worker stepping the dispatch's own account" },
  { files: /^lib\/engine\/server\/internal\/live\/apply-decisions\.ts$/, may: ['platformScope'], why: 'the dispatch engine, a system step over the accounts its round planned' },
  { files: /^(prisma\/seed\.ts|bench\/|scripts\/)/, may: ['accountScope', 'platformScope'], why: 'trusted command-line entry points' },
  { files: /(\.test\.ts$|^test\/)/, may: ['accountScope', 'platformScope', 'driverScope'], why: 'tests' },
];

const BUILD_CALL = /\b(accountScope|platformScope|driverScope)\(/g;

describe('who builds a Scope', () => {
  const files = sourceFiles();

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('lib/edge/server/route.ts');
  });

  it('builds scopes only in the HTTP wrappers and trusted entry points', () => {
    const offences: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      const builders = new Set([...text.matchAll(BUILD_CALL)].map((match) => match[1] as Builder));
      if (builders.size === 0) continue;
      const rule = BUILDERS.find((candidate) => candidate.files.test(file));
      for (const builder of builders) {
        if (!rule?.may.includes(builder)) offences.push(`${file}: ${builder}() (${rule ? `only ${rule.may.join(', ')}: ${rule.why}` : 'not a place that knows the caller'})`);
      }
      if (rule?.mustCall && !text.includes(rule.mustCall)) offences.push(`${file}: builds a scope without ${rule.mustCall}`);
    }
    expect(offences).toEqual([]);
  });

  it('never casts to a scope (a cast skips the brand; assertScope would refuse it at run time)', () => {
    const casts = files.filter(
      (file) => !file.startsWith('lib/platform/server/tenancy/') && /\bas\s+(Scope|AccountScope|PlatformScope|DriverScope)\b|<(Scope|AccountScope|PlatformScope|DriverScope)>\s*\{/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(casts).toEqual([]);
  });

  it('has no nullable or optional account id meaning "every account" in lib or app', () => {
    const nullable = /\baccountId\??\s*:\s*string\s*\|\s*(null|undefined)\b|\baccountId\?\s*:\s*string\b/;
    const found = files
      .filter((file) => /^(lib|app)\//.test(file) && !/\.test\.ts$/.test(file))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (nullable.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
