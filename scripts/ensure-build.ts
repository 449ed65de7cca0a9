import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const NEXT_BIN = path.resolve('node_modules/next/dist/bin/next');
const SOURCES = ['app', 'components', 'lib', 'instrumentation.ts', 'prisma/schema.prisma', 'next.config.mjs', 'proxy.ts', 'package-lock.json', 'tsconfig.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Runs `next build` when there is no build or a source file changed since the last one. */
export function ensureBuild(): void {
  const buildId = path.resolve('.next/BUILD_ID');
  const isStale = !fs.existsSync(buildId) || SOURCES.some((source) => newestMtime(source) > fs.statSync(buildId).mtimeMs);
  if (!isStale) return;
  console.log('Building (sources changed since the last build)…');
  const build = spawnSync(process.execPath, [NEXT_BIN, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
