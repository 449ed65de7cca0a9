import type { z } from 'zod';
import { invalidRequest } from '@/lib/platform/server/errors/domain-error';

/** Parses untrusted input with a zod schema; a failure is a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRequest(result.error);
  return result.data;
}

/** Parses a request's query string (the first value of each name) with a zod schema; a failure is a 400. */
export function parseQuery<S extends z.ZodType>(schema: S, request: Request): z.output<S> {
  return parseInput(schema, Object.fromEntries(new URL(request.url).searchParams));
}
