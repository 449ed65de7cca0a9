// The background loops' log lines (the webhook worker, the dispatch engine, the sandbox simulator,
// housekeeping): one JSON object per line, as the server's other logs.

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function logEvent(level: 'warn' | 'error', message: string, fields: Record<string, unknown>): void {
  console[level](JSON.stringify({ level, message, ...fields }));
}
