import { describe, expect, it } from 'vitest';
import { safeNextPath } from '@/lib/platform/shared/auth/safe-next';

// Regression: `/login?next=/%09/attacker.example/x` sent a freshly signed-in user to another
// host; the old check refused `//` and `/\` but not a tab, CR or LF after the first slash.
const ORIGIN = 'https://dispatch.example';

const LEAVING_THE_SITE: [string, string][] = [
  ['tab after the slash', '/\t/attacker.example/x'],
  ['CR after the slash', '/\r/attacker.example/x'],
  ['LF after the slash', '/\n/attacker.example/x'],
  ['CRLF after the slash', '/\r\n/attacker.example/x'],
  ['tab inside the double slash', '/\t\t/attacker.example'],
  ['NUL after the slash', '/\u0000/attacker.example'],
  ['DEL after the slash', '/\u007f/attacker.example'],
  ['leading tab', '\t//attacker.example'],
  ['backslash after the slash', '/\\attacker.example'],
  ['two backslashes', '\\\\attacker.example'],
  ['slash and backslash mixed', '/\\/attacker.example'],
  ['encoded slashes', '/%2F%2Fattacker.example'],
  ['encoded slash after a slash', '/%2fattacker.example'],
  ['encoded backslash', '/%5Cattacker.example'],
  ['encoded slashes without a leading slash', '%2F%2Fattacker.example'],
  ['encoded tab', '/%09/attacker.example'],
  ['user info', '//user@attacker.example'],
  ['user info with our host', '//dispatch.example@attacker.example'],
  ['@ after the slash', '/@attacker.example'],
  ['scheme-relative', '//attacker.example/dispatches'],
  ['three slashes', '///attacker.example'],
  ['dot segment to a double slash', '/.//attacker.example'],
  ['parent segment to a double slash', '/dispatches/..//attacker.example'],
  ['absolute https', 'https://attacker.example/dispatches'],
  ['absolute http', 'http://attacker.example'],
  ['scheme without slashes', 'https:attacker.example'],
  ['our own origin, absolute', 'https://dispatch.example/dispatches'],
  ['javascript:', 'javascript:alert(document.domain)'],
  ['javascript: mixed case', 'JaVaScRiPt:alert(1)'],
  ['javascript: after a tab', '\tjavascript:alert(1)'],
  ['javascript: as a path', '/javascript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['fullwidth solidus', '／／attacker.example'],
  ['not one of our pages', '/api/session'],
  ['the sign-in page itself', '/login'],
];

describe('safeNextPath', () => {
  it.each(LEAVING_THE_SITE)('%s goes home instead', (_label, next) => {
    expect(safeNextPath({ next, role: 'staff', origin: ORIGIN })).toBe('/dispatches');
    expect(safeNextPath({ next, role: 'admin', origin: ORIGIN })).toBe('/admin');
  });

  it.each([
    ['/dispatches', '/dispatches'],
    ['/dispatches/dsp_1?status=new#timeline', '/dispatches/dsp_1?status=new#timeline'],
    ['/settings/api-keys', '/settings/api-keys'],
    ['/dispatches/./new', '/dispatches/new'],
  ])('keeps a staff page: %s', (next, expected) => {
    expect(safeNextPath({ next, role: 'staff', origin: ORIGIN })).toBe(expected);
  });

  it('keeps an admin page and sends each role home from the other role’s pages', () => {
    expect(safeNextPath({ next: '/admin/dispatches?status=new', role: 'admin', origin: ORIGIN })).toBe('/admin/dispatches?status=new');
    expect(safeNextPath({ next: '/admin', role: 'staff', origin: ORIGIN })).toBe('/dispatches');
    expect(safeNextPath({ next: '/dispatches', role: 'admin', origin: ORIGIN })).toBe('/admin');
    expect(safeNextPath({ next: '/administrator', role: 'admin', origin: ORIGIN })).toBe('/admin');
  });

  it('goes home without a next, and with one too long to be ours', () => {
    expect(safeNextPath({ next: null, role: 'staff', origin: ORIGIN })).toBe('/dispatches');
    expect(safeNextPath({ next: '', role: 'staff', origin: ORIGIN })).toBe('/dispatches');
    expect(safeNextPath({ next: `/dispatches?q=${'a'.repeat(3000)}`, role: 'staff', origin: ORIGIN })).toBe('/dispatches');
  });

  it('never returns anything a browser would take off the site', () => {
    for (const [, next] of LEAVING_THE_SITE) {
      const target = new URL(safeNextPath({ next, role: 'staff', origin: ORIGIN }), ORIGIN);
      expect(target.origin).toBe(ORIGIN);
    }
  });
});
