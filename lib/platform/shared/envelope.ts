import { z } from 'zod';

// The API's two answer envelopes, as schemas for the document and the tests that check answers
// against it: one record is `{ data }` (what dataReply, lib/platform/server/http/reply.ts, sends),
// a page of a list is `{ data, next_cursor }`.

/** `{ data: schema }`: one record, or whatever an operation answers, in the API's envelope. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** `{ data: item[], next_cursor }`: one page of a list and the cursor of the next. */
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  });
}
