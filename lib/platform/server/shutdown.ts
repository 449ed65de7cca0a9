import { processWide } from '@/lib/platform/server/process-wide';

// Work to finish before the process exits (the webhook worker's in-flight attempts, closing the
// embedded database). Process-wide: the server script and the bundled app each load their own
// copy of lib/, and both must see the same list.

type Hook = () => Promise<void>;

const hooks = () => processWide<Hook[]>('shutdownHooks', () => []);

export function onShutdown(hook: Hook): void {
  hooks().push(hook);
}

/** Runs every hook once, in registration order; a failing hook does not stop the others. */
export async function runShutdownHooks(): Promise<void> {
  for (const hook of hooks().splice(0)) {
    try {
      await hook();
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'shutdown step failed', error: error instanceof Error ? error.message : String(error) }));
    }
  }
}
