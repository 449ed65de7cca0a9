/** The spec's timestamp shape, `YYYY-MM-DD HH:MM:SS.mmm`, always UTC. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 23);
}
