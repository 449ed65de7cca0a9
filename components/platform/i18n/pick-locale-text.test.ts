import { describe, expect, it } from 'vitest';
import { pickLocaleText } from '@/components/platform/i18n/pick-locale-text';
import { localeFromAcceptLanguage } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';

describe('pickLocaleText', () => {
  const name = { 'en-us': 'Chicken shawarma', 'ar-sa': 'شاورما دجاج' };

  it('shows the user’s language when the object has it', () => {
    expect(pickLocaleText(name, 'ar')).toBe('شاورما دجاج');
    expect(pickLocaleText(name, 'en')).toBe('Chicken shawarma');
  });

  it('falls back to English, then to the first entry', () => {
    expect(pickLocaleText({ 'en-gb': 'Tea' }, 'ar')).toBe('Tea');
    expect(pickLocaleText({ 'fr-fr': 'Thé' }, 'ar')).toBe('Thé');
    expect(pickLocaleText(null, 'en')).toBe('');
  });
});

describe('localeFromAcceptLanguage', () => {
  it('takes the first supported language', () => {
    expect(localeFromAcceptLanguage('ar-SA,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(localeFromAcceptLanguage('fr-FR,en;q=0.5')).toBe('en');
    expect(localeFromAcceptLanguage(null)).toBe('en');
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(format('{n} of {total}', { n: 3, total: 10 })).toBe('3 of 10');
    expect(format('{missing}', {})).toBe('{missing}');
  });
});
