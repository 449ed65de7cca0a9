import { listAccounts } from '@/lib/accounts/list-accounts';
import { ListAccountsQuerySchema } from '@/lib/accounts/schemas';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { adminRoute } from '@/lib/http/route';

// GET /api/admin/accounts — every vendor account, newest first (the console's account picker and list)
export const GET = adminRoute({}, async ({ request }) => {
  const query = parseInput(ListAccountsQuerySchema, queryObject(request.url));
  return { status: 200, body: await listAccounts({ query }) };
});
