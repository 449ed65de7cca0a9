import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/errors';
import { publicRoute } from '@/lib/http/route';

const context = { params: Promise.resolve({}) };

describe('route wrapper', () => {
  it('turns an unexpected error into a 500 that leaks nothing but a request id, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = publicRoute({}, async () => {
      throw new Error('connection to 10.0.0.7:5432 refused (password=hunter2)');
    });
    const response = await handler(new Request('http://localhost/x', { headers: { 'x-request-id': 'req-123' } }), context);
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({ error: 'internal_error', error_desc: expect.stringContaining('req-123') });
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(response.headers.get('x-request-id')).toBe('req-123');
    expect(log.mock.calls[0]?.[0]).toContain('hunter2');
    log.mockRestore();
  });

  it('maps a typed error through the error table', async () => {
    const handler = publicRoute({}, async () => {
      throw new ApiError('invalid_transition', 'nope');
    });
    const response = await handler(new Request('http://localhost/x'), context);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'invalid_transition', error_desc: 'nope' });
  });

  it('answers 204 with no body and 201 with JSON', async () => {
    const empty = await publicRoute({}, async () => ({ status: 204 }))(new Request('http://localhost/x'), context);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    const created = await publicRoute({}, async () => ({ status: 201, body: { data: { id: 'a' } } }))(new Request('http://localhost/x'), context);
    expect(created.headers.get('content-type')).toContain('application/json');
    expect(await created.json()).toEqual({ data: { id: 'a' } });
  });

  it('generates a request id when none (or a malformed one) is given', async () => {
    const handler = publicRoute({}, async () => ({ status: 200, body: {} }));
    const response = await handler(new Request('http://localhost/x', { headers: { 'x-request-id': 'bad id with spaces' } }), context);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
