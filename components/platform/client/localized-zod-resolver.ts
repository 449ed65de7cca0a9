import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { isLocale, type Locale } from '@/components/platform/i18n/locale';
import { localizeValidationMessage } from '@/components/platform/i18n/validation-messages';

function translate(node: unknown, locale: Locale): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'ref') continue; // the field's DOM element
    if (key === 'message' && typeof value === 'string') (node as { message: string }).message = localizeValidationMessage(value, locale);
    else translate(value, locale);
  }
}

/**
 * `zodResolver` over the shared API schema, with its messages in the page's language (the
 * `<html lang>` the server rendered), so Arabic-speaking staff read Arabic under each field.
 */
export const localizedZodResolver = ((...args: Parameters<typeof zodResolver>) => {
  const resolve = (zodResolver as (...a: unknown[]) => Resolver<FieldValues>)(...args);
  const localized: Resolver<FieldValues> = async (values, context, options) => {
    const result = await resolve(values, context, options);
    const language = document.documentElement.lang;
    if (isLocale(language) && language !== 'en') translate(result.errors, language);
    return result;
  };
  return localized;
}) as typeof zodResolver;
