// State that must exist once per process. Next bundles lib/ into every route (and `next dev`
// loads it again after each edit), and the server script loads its own copy too: module state
// would be one per bundle. This keeps it on globalThis, under one key per use.

const holder = globalThis as typeof globalThis & { __dispatchProcessWide?: Map<string, unknown> };

function slots(): Map<string, unknown> {
  return (holder.__dispatchProcessWide ??= new Map());
}

/** The process's value under `key`, created by `create` on first use. */
export function processWide<T>(key: string, create: () => T): T {
  const all = slots();
  if (!all.has(key)) all.set(key, create());
  return all.get(key) as T;
}

/** The value under `key` if it was created, without creating it. */
export function peekProcessWide<T>(key: string): T | undefined {
  return slots().get(key) as T | undefined;
}

/** Forgets the value under `key`: the next `processWide` creates it again. */
export function forgetProcessWide(key: string): void {
  slots().delete(key);
}
