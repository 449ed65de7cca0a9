import type { Prisma } from '@/prisma/generated/client';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import type { WebhookAttemptView, WebhookDeliveryDetailView, WebhookDeliveryView, WebhookEndpointView } from '@/lib/webhooks/shared/schemas';

// Rows to the API's shapes (lib/webhooks/shared/schemas.ts), shared by the vendor API, the dashboard
// and the admin console.

export const DELIVERY_SELECT = {
  id: true,
  eventId: true,
  eventType: true,
  dispatchId: true,
  sequence: true,
  status: true,
  held: true,
  attempts: true,
  nextAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  createdAt: true,
  completedAt: true,
  endpoint: { select: { url: true } },
} satisfies Prisma.WebhookDeliverySelect;

type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof DELIVERY_SELECT }>;

const stamp = (date: Date | null) => (date ? formatTimestamp(date) : null);

export function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType as WebhookDeliveryView['event_type'],
    dispatch_id: row.dispatchId,
    sequence: row.sequence,
    url: row.endpoint.url,
    status: row.status as WebhookDeliveryView['status'],
    held: row.held,
    attempt_count: row.attempts,
    next_attempt_at: row.status === 'pending' && !row.held ? formatTimestamp(row.nextAttemptAt) : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    created_at: formatTimestamp(row.createdAt),
    completed_at: stamp(row.completedAt),
  };
}

export const ATTEMPT_SELECT = {
  number: true,
  startedAt: true,
  statusCode: true,
  latencyMs: true,
  responseSnippet: true,
  error: true,
} satisfies Prisma.WebhookAttemptSelect;

export const DELIVERY_DETAIL_SELECT = {
  ...DELIVERY_SELECT,
  body: true,
  attemptsMade: { orderBy: { number: 'asc' }, select: ATTEMPT_SELECT },
} satisfies Prisma.WebhookDeliverySelect;

export function deliveryDetailView(row: Prisma.WebhookDeliveryGetPayload<{ select: typeof DELIVERY_DETAIL_SELECT }>): WebhookDeliveryDetailView {
  return {
    ...deliveryView(row),
    body: row.body,
    attempts: row.attemptsMade.map(attemptView),
  };
}

export function attemptView(attempt: Prisma.WebhookAttemptGetPayload<{ select: typeof ATTEMPT_SELECT }>): WebhookAttemptView {
  return {
    number: attempt.number,
    started_at: formatTimestamp(attempt.startedAt),
    status_code: attempt.statusCode,
    latency_ms: attempt.latencyMs,
    response_snippet: attempt.responseSnippet,
    error: attempt.error,
  };
}

export const ENDPOINT_SELECT = {
  id: true,
  url: true,
  disabledAt: true,
  disabledReason: true,
  failingSince: true,
  lastSuccessAt: true,
  lastFailureAt: true,
  createdAt: true,
  _count: { select: { deliveries: { where: { status: 'pending' } } } },
} satisfies Prisma.WebhookEndpointSelect;

export function endpointView(row: Prisma.WebhookEndpointGetPayload<{ select: typeof ENDPOINT_SELECT }>): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    status: row.disabledAt ? 'disabled' : 'active',
    disabled_at: stamp(row.disabledAt),
    disabled_reason: row.disabledReason,
    failing_since: stamp(row.failingSince),
    last_success_at: stamp(row.lastSuccessAt),
    last_failure_at: stamp(row.lastFailureAt),
    pending_deliveries: row._count.deliveries,
    created_at: formatTimestamp(row.createdAt),
  };
}
