import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const NEXT_BIN = path.resolve('node_modules/next/dist/bin/next');
const SOURCES = ['app', 'components', 'lib', 'instrumentation.ts', 'prisma/schema.prisma', 'next.config.mjs', 'proxy.ts', 'package-lock.json', 'tsconfig.json'];
/** How often a build that is still running says so (Next's compiler is silent for minutes). */
const PROGRESS_EVERY_MS = 20_000;

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function elapsed(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * Runs `next build` when there is no build or a source file changed since the last one. It says
 * why and how long a build takes before it starts, and every 20 s while the compiler is silent,
 * so a first `npm start` is never minutes of silence.
 */
export async function ensureBuild(): Promise<void> {
  const buildId = path.resolve('.next/BUILD_ID');
  const hasBuild = fs.existsSync(buildId);
  const isStale = !hasBuild || SOURCES.some((source) => newestMtime(source) > fs.statSync(buildId).mtimeMs);
  if (!isStale) return;
  console.log(
    hasBuild
      ? 'Building the app again: sources changed since the last build (1–3 minutes).'
      : 'Building the app for its first start: a production build, about 2–5 minutes on a two-core machine (later starts skip it).',
  );
  const startedAt = Date.now();
  const progress = setInterval(() => console.log(`  … still building (${elapsed(Date.now() - startedAt)})`), PROGRESS_EVERY_MS);
  try {
    const status = await new Promise<number | null>((resolve, reject) => {
      const build = spawn(process.execPath, [NEXT_BIN, 'build'], { stdio: 'inherit' });
      build.once('error', reject);
      build.once('exit', resolve);
    });
    if (status !== 0) process.exit(status ?? 1);
  } finally {
    clearInterval(progress);
  }
  console.log(`Built in ${elapsed(Date.now() - startedAt)}.`);
}
