// Numbers and lists as the document's prose states them, so a changed constant changes the text.

export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

export function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** A long span rounded for reading, e.g. `45.5 h`. */
export function formatApproxDuration(ms: number): string {
  if (ms >= 7_200_000) return `${Number((ms / 3_600_000).toFixed(1))} h`;
  if (ms >= 120_000) return `${Math.round(ms / 60_000)} min`;
  return formatDuration(Math.round(ms));
}

/** Values as inline code, comma-separated: `a`, `b`. */
export function codeList(values: readonly string[]): string {
  return values.map((value) => `\`${value}\``).join(', ');
}
