import { describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '@/lib/platform/server/http/error-table';
import { describeApi } from '@/lib/edge/server/internal/openapi/describe-api';
import { LIFECYCLE_STATUSES, MARKER_STATUSES, TRANSITIONS } from '@/lib/dispatch/shared/transitions/statuses';

describe('describeApi', () => {
  it('lists every error code with its status', () => {
    const description = describeApi();
    for (const [code, { status }] of Object.entries(ERROR_TABLE)) {
      expect(description).toContain(`| \`${code}\` | ${status} |`);
    }
  });

  it('generates the transition table from TRANSITIONS', () => {
    const description = describeApi();
    for (const from of LIFECYCLE_STATUSES) {
      const to = TRANSITIONS[from].map((status) => `\`${status}\``).join(', ');
      expect(description).toContain(`| \`${from}\` | ${to || '— (final)'} |`);
    }
    for (const marker of MARKER_STATUSES) expect(description).toContain(`| \`${marker}\` |`);
  });

  it('describes the webhook events and the delivery rules with the configured numbers', () => {
    const description = describeApi();
    for (const type of ['dispatch.status_updated', 'dispatch.driver_assigned', 'dispatch.destination_updated', 'webhook.ping']) {
      expect(description).toContain(`\`${type}\``);
    }
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) expect(description).toContain(`\`${header}\``);
    // The defaults: 15 attempts 10 s apart, doubling, span 10 s · (2^14 − 1) ≈ 45.5 h.
    expect(description).toContain('first retry after 10 s');
    expect(description).toContain('After 15 attempts (`WEBHOOK_MAX_ATTEMPTS`, ≈ 45.5 h after the first)');
    expect(description).toContain('no successful delivery for 24 h');
    expect(description).toContain('within 10 s (`WEBHOOK_TIMEOUT_MS`)');
    expect(description).toMatch(/Deduplicate by `webhook-id`/);
  });

  it('states the body limit and the paging bounds from the code', () => {
    const description = describeApi();
    expect(description).toContain('At most 1 MiB (1048576 bytes)');
    expect(description).toContain('- `limit`: 1–200 items per page, default 50.');
  });
});
