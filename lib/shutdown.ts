// Work to finish before the process exits (the webhook worker's in-flight attempts, closing the
// embedded database). Kept on globalThis: the server script and the bundled app each load their
// own copy of lib/, and both must see the same list.

type Hook = () => Promise<void>;

const holder = globalThis as typeof globalThis & { __dispatchShutdownHooks?: Hook[] };

export function onShutdown(hook: Hook): void {
  (holder.__dispatchShutdownHooks ??= []).push(hook);
}

/** Runs every hook once, in registration order; a failing hook does not stop the others. */
export async function runShutdownHooks(): Promise<void> {
  const hooks = holder.__dispatchShutdownHooks ?? [];
  holder.__dispatchShutdownHooks = [];
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'shutdown step failed', error: error instanceof Error ? error.message : String(error) }));
    }
  }
}
