import type { z } from 'zod';
import { invalidRequest } from '@/lib/http/errors';

/** Parses untrusted input with a zod schema; a failure is a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRequest(result.error);
  return result.data;
}

/** URLSearchParams as a plain object (first value of each name) for zod. */
export function queryObject(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
