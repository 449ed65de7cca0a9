import { describe, expect, it } from 'vitest';
import { toOperation } from '@/lib/platform/server/http/openapi/route-contract';
import { registerWebhookUrl } from '@/lib/webhooks/server/operations/endpoint';

// Registration checks are bounded (lib/webhooks/server/internal/check-slots.ts): the operation must document the
// refusals, 429 for the account's limit and 503 for the process's, both with their meaning here.

type Documented = { description: string; 'x-error-codes': string[] };

describe('POST /ext/webhook in the document', () => {
  const responses = toOperation(registerWebhookUrl.contract('vendor')!).responses as Record<string, Documented>;

  it('documents 429 too_many_requests and 503 service_unavailable for the bounded checks', () => {
    expect(responses['429']?.['x-error-codes']).toEqual(['too_many_requests', 'rate_limited']);
    expect(responses['429']?.description).toMatch(/registrations of your account are already being checked/);
    expect(responses['503']?.['x-error-codes']).toEqual(['service_unavailable']);
    expect(responses['503']?.description).toMatch(/checking as many registrations as it runs at once/);
  });
});
