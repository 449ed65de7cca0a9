import { z } from 'zod';

/** A page of any list: its size and the cursor the previous page gave (lib/platform/server/paging/cursor.ts). */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int('must be an integer').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  cursor: z.string().max(200).optional().meta({ description: 'The `next_cursor` of the previous page' }),
});
