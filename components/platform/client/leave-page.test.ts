import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

function pageShow(persisted: boolean): Event {
  const event = new Event('pageshow');
  Object.defineProperty(event, 'persisted', { value: persisted });
  return event;
}

describe('leavePage', () => {
  it('leaves once: a later departure (a 401 racing the sign-out) is dropped, until the page is back from the back-forward cache', async () => {
    const page = new EventTarget();
    const assign = vi.fn();
    vi.stubGlobal('window', Object.assign(page, { location: { assign } }));
    const { leavePage } = await import('./leave-page');

    leavePage('/login');
    leavePage('/login?next=%2Fdispatches');
    expect(assign.mock.calls).toEqual([['/login']]);

    page.dispatchEvent(pageShow(true));
    leavePage('/login?next=%2Fsettings');
    leavePage('/login');
    expect(assign.mock.calls).toEqual([['/login'], ['/login?next=%2Fsettings']]);
  });
});
