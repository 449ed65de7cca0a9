import { resetEnvForTests } from '@/lib/platform/server/env';

/**
 * Sets environment variables until the returned function restores them. The parsed settings are
 * read again after each change; `reread` drops whatever else was built from them (a queue sized
 * from a limit, say), so that it is made again from the new values and again after the restore.
 */
export function withEnv(values: Record<string, string>, reread: () => void = () => {}): () => void {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = () => {
    resetEnvForTests();
    reread();
  };
  Object.assign(process.env, values);
  apply();
  return () => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    apply();
  };
}
