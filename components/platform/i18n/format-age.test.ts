import { describe, expect, it } from 'vitest';
import { formatAge } from '@/components/platform/i18n/format-age';

describe('formatAge', () => {
  it('picks the largest fitting unit, never a negative age', () => {
    expect(formatAge(12_400, 'en')).toMatch(/^12 sec/);
    expect(formatAge(-5_000, 'en')).toMatch(/^0 sec/);
    expect(formatAge(5 * 60_000 + 59_000, 'en')).toMatch(/^5 min/);
    expect(formatAge(3 * 3_600_000, 'en')).toMatch(/^3 hr/);
    expect(formatAge(50 * 3_600_000, 'en')).toMatch(/^2 days/);
  });

  it('speaks Arabic with Latin digits', () => {
    const text = formatAge(7 * 60_000, 'ar');
    expect(text).toContain('7');
    expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});
